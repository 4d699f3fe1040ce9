/** A work's states and their labels (design §2): plain data, light enough for any page (see workStates.ts for the rules). */
export const WORK_STATUS = {
  draft: '草稿',
  submitted: '待审核',
  approved: '已通过',
  rejected: '未通过',
  withdrawn: '已撤回',
  shortlisted: '已入围',
  reviewed: '已评审',
  awarded: '已获奖',
  not_awarded: '未获奖',
  disqualified: '已取消资格',
} as const;
export type WorkStatus = keyof typeof WORK_STATUS;
export const WORK_STATUS_KEYS = Object.keys(WORK_STATUS) as [WorkStatus, ...WorkStatus[]];
