import type { GateRefusal } from './gate.js';
import { WORK_STATUS, type WorkStatus } from './workStatus.js';

/**
 * Who may move a work from which state to which (the table of workStates.ts), without zod: the
 * list pages read it to offer only the actions a row's state allows (rowRules.ts).
 */

export type WorkActor = 'reader' | 'admin' | 'system';

export type WorkCommand =
  | { action: 'submit' }
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'withdraw' }
  | { action: 'shortlist' }
  | { action: 'unshortlist' }
  | { action: 'complete_review' }
  | { action: 'award'; level: string }
  | { action: 'not_award' }
  | { action: 'disqualify'; reason: string };
export type WorkAction = WorkCommand['action'];

export interface WorkActionRule {
  label: string;
  from: readonly WorkStatus[];
  /** The state reached; `submit` depends on the moderation mode (see `submitTarget`). */
  to: WorkStatus | 'by_moderation';
  actors: readonly WorkActor[];
}

/** Every transition: from which states, to which, by whom. */
export const WORK_ACTIONS: Readonly<Record<WorkAction, WorkActionRule>> = {
  submit: { label: '提交', from: ['draft', 'rejected'], to: 'by_moderation', actors: ['reader', 'admin'] },
  approve: { label: '审核通过', from: ['submitted', 'rejected'], to: 'approved', actors: ['admin', 'system'] },
  reject: { label: '驳回', from: ['submitted', 'approved'], to: 'rejected', actors: ['admin', 'system'] },
  withdraw: { label: '撤回', from: ['draft', 'submitted', 'approved', 'rejected'], to: 'withdrawn', actors: ['reader'] },
  shortlist: { label: '入围', from: ['approved'], to: 'shortlisted', actors: ['admin'] },
  unshortlist: { label: '取消入围', from: ['shortlisted'], to: 'approved', actors: ['admin'] },
  complete_review: { label: '完成评审', from: ['shortlisted'], to: 'reviewed', actors: ['admin', 'system'] },
  award: { label: '评奖', from: ['reviewed', 'awarded', 'not_awarded'], to: 'awarded', actors: ['admin', 'system'] },
  not_award: { label: '设为未获奖', from: ['reviewed', 'awarded'], to: 'not_awarded', actors: ['admin', 'system'] },
  disqualify: { label: '取消资格', from: ['submitted', 'approved', 'rejected', 'shortlisted', 'reviewed', 'awarded', 'not_awarded'], to: 'disqualified', actors: ['admin'] },
};

/** The work's state does not allow the action: 作品已入围，不能撤回. */
export const workStateRefusal = (status: WorkStatus, action: WorkAction): GateRefusal => ({
  gate: 40021,
  status: 409,
  message: `作品${WORK_STATUS[status]}，不能${WORK_ACTIONS[action].label}`,
});
