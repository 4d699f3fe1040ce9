import { ITEM_APPROVED } from './moderation.js';
import { WORK_ACTIONS, workStateRefusal } from './workActions.js';
import type { WorkStatus } from './workStatus.js';

/**
 * Row rules: whether a row's state allows one of its declared actions. One table for both sides —
 * the server refuses the write with the rule's message (resources/service.ts, before the family's
 * own guard), the list page hides the control or disables it with the message as its tooltip
 * (ResourcePage). A declaration names its rules by action (`rowRules: {reject: 'workReject'}`,
 * the action's route name, `delete` for 删除 and 批量删除), by key rather than by function: the
 * list pages read the declarations as JSON data. Pure and zod-free, so a list page may load it.
 */

export interface RowRefusal {
  message: string;
  /** HTTP status of the server's refusal (409: the work's state conflicts, gate 40021; 422: a refused write). */
  status: number;
  /** The gate code (design §1.3) where the refusal has one. */
  gate?: number;
  /**
   * The row already is where the action leads (通过 on an approved work): the page leaves the
   * control out instead of showing it disabled.
   */
  hide?: boolean;
}

/** A row's fields as the list answers them (every column but hidden ones). */
export type RuleRow = Record<string, unknown>;
export type RowRule = (row: RuleRow) => RowRefusal | null;

export const UNPUBLISH_AFTER_JOINS = '已有读者参与，不能撤回为草稿';
export const QUESTION_IN_PAPERS = '题目已被抽入读者的试卷，不能删除';
export const SOURCE_HAS_VOTES = '已有投票的对象不能删除，可将其隐藏';
export const JOB_NOT_FAILED = '只有失败的任务可以重新执行';

/** Only approved top-level comments are pinned or featured. */
export function highlightProblem(c: { parent_id: number | null; status: number }): string | null {
  if (c.parent_id !== null) return '只能置顶或精选一级评论';
  if (c.status !== ITEM_APPROVED) return '只能置顶或精选已通过的评论';
  return null;
}

/**
 * An administrator's move of a work by the works' state table (workActions.ts). 通过 on an approved
 * work still waiting for a look (post moderation) is the look itself, and allowed.
 */
const workRule =
  (action: 'approve' | 'reject'): RowRule =>
  (row) => {
    const status = row.status as WorkStatus;
    if (action === 'approve' && status === 'approved' && Number(row.check_pending) === 1) return null;
    if (WORK_ACTIONS[action].from.includes(status)) return null;
    return { ...workStateRefusal(status, action), hide: WORK_ACTIONS[action].to === status };
  };

const refused = (message: string | null): RowRefusal | null => (message ? { message, status: 422 } : null);

export const ROW_RULES = {
  /** 通过 a work: from 待审核 or 未通过 (and the look at an approved one). */
  workApprove: workRule('approve'),
  /** 驳回 a work: from 待审核 or 已通过. */
  workReject: workRule('reject'),
  /** 撤回 an activity to a draft: not once a reader has joined. */
  activityUnpublish: (row) => refused(Number(row.join_num) > 0 ? UNPUBLISH_AFTER_JOINS : null),
  /** Delete a contest's question: not once drawn into a reader's paper. */
  questionUnused: (row) => refused(Number(row.used_count) > 0 ? QUESTION_IN_PAPERS : null),
  /** Delete a voting source: not once it has votes (they are evidence). */
  sourceWithoutVotes: (row) => refused(Number(row.vote_count) + Number(row.suspect_count) + Number(row.void_count) > 0 ? SOURCE_HAS_VOTES : null),
  /** 置顶 and 精选 a comment. */
  commentHighlight: (row) => refused(highlightProblem({ parent_id: (row.parent_id as number | null) ?? null, status: Number(row.status) })),
  /** 精选 a check-in mark: an approved one only. */
  markFeature: (row) => refused(Number(row.status) === 1 ? null : '只能精选已通过的打卡'),
  /** 重新执行 a background job: only a failed one (a queued or running one is still being tried). */
  jobRetry: (row) => refused(row.status === 'failed' ? null : JOB_NOT_FAILED),
  /** 作废 a batch of scan codes: once (a voided batch stays voided). */
  scanBatchActive: (row) => (row.status === 'void' ? { message: '该批次已作废', status: 422, hide: true } : null),
} as const satisfies Record<string, RowRule>;
export type RowRuleName = keyof typeof ROW_RULES;

/** A declaration's rules by action name (route names; `delete` for 删除 and 批量删除). */
export type RowRules = Readonly<Partial<Record<string, RowRuleName>>>;

/** Why the row's state refuses the action, or null when it allows it (or the action has no rule). */
export function rowRefusal(def: { rowRules?: RowRules }, action: string, row: RuleRow): RowRefusal | null {
  const name = def.rowRules?.[action];
  return name ? ROW_RULES[name](row) : null;
}

/** The first refusal among rows of a batch (all or nothing), or null. */
export function rowsRefusal(def: { rowRules?: RowRules }, action: string, rows: readonly RuleRow[]): RowRefusal | null {
  for (const row of rows) {
    const r = rowRefusal(def, action, row);
    if (r) return r;
  }
  return null;
}
