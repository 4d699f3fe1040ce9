import { z } from 'zod';
import { formatSeconds } from '../cells.js';
import { plainText, requiredText } from '../resources/fields.js';
import type { GateRefusal } from './gate.js';
import { NO_PERMISSION } from './messages.js';
import type { ModerationMode } from './moderation.js';
import type { WorkConfig, WorkWindows } from './works.js';

/**
 * The states of a work (design §2b) and who may move it: the reader (author), an administrator,
 * or the system (automatic screening, moderation mode, the end of expert review, publishing
 * results). Experts never change a work's state: their reviews do, through the system.
 *
 *   draft ─submit→ submitted ─approve→ approved ─shortlist→ shortlisted ─complete_review→ reviewed ─award→ awarded
 *     │               │  └─reject→ rejected ─submit→ …          │  ↑unshortlist (no review yet)        └─not_award→ not_awarded
 *     └─ withdraw (reader, before the edit deadline) from draft, submitted, approved, rejected
 *   disqualify (administrator, with a reason) from any state after draft but withdrawn.
 *
 * Under post or no moderation a submit lands on approved directly. The work number is given at
 * the first approval (`assign_number`) and kept for good, whatever happens after.
 */

export { WORK_STATUS, WORK_STATUS_KEYS, type WorkStatus } from './workStatus.js';
import { WORK_STATUS, type WorkStatus } from './workStatus.js';

export { WORK_ACTIONS, workStateRefusal, type WorkAction, type WorkActionRule, type WorkActor, type WorkCommand } from './workActions.js';
import { WORK_ACTIONS, workStateRefusal, type WorkActor, type WorkCommand } from './workActions.js';

/** Where a submit lands: awaiting review under pre moderation, approved (and queued for a later look) otherwise. */
export const submitTarget = (mode: ModerationMode): WorkStatus => (mode === 'pre' ? 'submitted' : 'approved');

/** States in which the reader may still change or withdraw the work (until the edit deadline). */
export const READER_EDITABLE: readonly WorkStatus[] = ['draft', 'submitted', 'approved', 'rejected'];
/** States that passed the first review: shown on the public wall (with `is_show = 1`), and certified as participation. */
export const PASSED_STATUSES: readonly WorkStatus[] = ['approved', 'shortlisted', 'reviewed', 'awarded', 'not_awarded'];

export const isPublicWork = (w: { status: WorkStatus; is_show: number }): boolean => w.is_show === 1 && PASSED_STATUSES.includes(w.status);
/** Every work but a withdrawn one counts towards the per-reader limits (a disqualified one too). */
export const countsTowardLimit = (status: WorkStatus): boolean => status !== 'withdrawn';

/** Codes of refusals about works (gate codes where they fit, design §1.3). */
export const WORK_REFUSAL = {
  /** The actor may never do this (a reader approving, an expert changing a state). */
  forbidden: { gate: 40020, status: 403, message: NO_PERMISSION },
  submitNotStarted: { gate: 40001, status: 403, message: '作品征集未开始' },
  submitEnded: { gate: 40002, status: 403, message: '作品征集已结束' },
  reviewStarted: { gate: 40021, status: 409, message: '已有专家提交评审，不能取消入围' },
  unknownLevel: { gate: 40021, status: 409, message: '获奖等级不存在' },
} as const satisfies Record<string, GateRefusal>;

/** 作品修改已截止（2024-05-31 18:00）. */
export const editClosedRefusal = (until: number): GateRefusal => ({ gate: 40002, status: 403, message: `作品修改已截止（${formatSeconds(until)}）` });
/** 每人最多提交1件作品 / 每人最多提交1件“书画”作品. */
export const workLimitRefusal = (max: number, typeName?: string): GateRefusal => ({
  gate: 40007,
  status: 403,
  message: typeName ? `每人最多提交${max}件“${typeName}”作品` : `每人最多提交${max}件作品`,
});

/** Why a reader cannot submit now: the submission window (start inclusive, end exclusive). */
export function submitWindowRefusal(windows: WorkWindows, now: number): GateRefusal | null {
  if (windows.submit_start_at !== null && now < windows.submit_start_at) return WORK_REFUSAL.submitNotStarted;
  if (windows.submit_end_at !== null && now >= windows.submit_end_at) return WORK_REFUSAL.submitEnded;
  return null;
}

/** Why a reader cannot change (or withdraw) a work in this state now, or null. */
export function readerChangeRefusal(status: WorkStatus, action: 'edit' | 'withdraw', windows: WorkWindows, now: number): GateRefusal | null {
  if (!READER_EDITABLE.includes(status)) return { gate: 40021, status: 409, message: `作品${WORK_STATUS[status]}，不能${action === 'edit' ? '修改' : '撤回'}` };
  if (windows.edit_until !== null && now >= windows.edit_until) return editClosedRefusal(windows.edit_until);
  return null;
}

/**
 * Whether a reader may start one more work of a creation type: at most `per_user_max_works`
 * counted works in all, and at most the type's `max_per_user` (0 = no own limit) of that type.
 */
export function newWorkRefusal(config: Pick<WorkConfig, 'per_user_max_works' | 'creation_types'>, mine: readonly { creation_type_id: number; status: WorkStatus }[], creationTypeId: number): GateRefusal | null {
  const counted = mine.filter((w) => countsTowardLimit(w.status));
  if (counted.length >= config.per_user_max_works) return workLimitRefusal(config.per_user_max_works);
  const type = config.creation_types.find((t) => t.id === creationTypeId);
  if (type && type.max_per_user > 0 && counted.filter((w) => w.creation_type_id === creationTypeId).length >= type.max_per_user) return workLimitRefusal(type.max_per_user, type.name);
  return null;
}

/** The number carries the group code, so a numbered work keeps its group (readers and administrators alike). */
export function groupChangeRefusal(work: { work_no: string | null; group_id: number | null }, groupId: number | null): GateRefusal | null {
  return work.work_no && groupId !== work.group_id ? { gate: 40021, status: 409, message: '作品已编号，不能更换组别' } : null;
}

/**
 * The state after a reader's edit: a draft stays a draft unless submitted; a rejected work becomes
 * a draft again, or is submitted anew; a submitted one stays submitted; an approved one goes back
 * to review under pre moderation and stays approved otherwise (the queue gets a new item). A work
 * keeps its number in every case.
 */
export function statusAfterReaderEdit(status: WorkStatus, mode: ModerationMode, submit: boolean): WorkStatus {
  switch (status) {
    case 'draft':
    case 'rejected':
      return submit ? submitTarget(mode) : 'draft';
    case 'approved':
      return mode === 'pre' ? 'submitted' : 'approved';
    default:
      return status;
  }
}

export interface WorkTransitionContext {
  now: number;
  windows: WorkWindows;
  moderation: ModerationMode;
  /** Submitted expert reviews of the work (unshortlisting needs none). */
  reviews_submitted?: number;
  /** The configuration's award levels (an award must name one). */
  award_levels?: readonly string[];
}

export type WorkTransition =
  | {
      ok: true;
      to: WorkStatus;
      /** First approval: give the work its number now. */
      assign_number: boolean;
      /** Leaving `awarded` (not_award, disqualify): clear `award_level`. */
      clear_award: boolean;
      /** Disqualify: revoke every certificate issued for the work. */
      revoke_certificates: boolean;
    }
  | { ok: false; refusal: GateRefusal };

/**
 * Apply a command to a work: who may, from which state, within which window. A reader submits
 * inside the submission window (a first submit) or before the edit deadline (a rejected work
 * submitted again) and withdraws before the edit deadline. Reasons and levels are checked for
 * presence by `workReasonBody` and `workAwardBody`.
 */
export function workTransition(work: { status: WorkStatus; work_no: string | null }, command: WorkCommand, actor: WorkActor, ctx: WorkTransitionContext): WorkTransition {
  const rule = WORK_ACTIONS[command.action];
  const refuse = (refusal: GateRefusal): WorkTransition => ({ ok: false, refusal });
  if (!rule.actors.includes(actor)) return refuse(WORK_REFUSAL.forbidden);
  if (!rule.from.includes(work.status)) return refuse(workStateRefusal(work.status, command.action));
  if (actor === 'reader') {
    if (command.action === 'submit' && work.status === 'draft') {
      const closed = submitWindowRefusal(ctx.windows, ctx.now);
      if (closed) return refuse(closed);
    }
    if (ctx.windows.edit_until !== null && ctx.now >= ctx.windows.edit_until) return refuse(editClosedRefusal(ctx.windows.edit_until));
  }
  if (command.action === 'unshortlist' && (ctx.reviews_submitted ?? 0) > 0) return refuse(WORK_REFUSAL.reviewStarted);
  if (command.action === 'award' && ctx.award_levels && !ctx.award_levels.includes(command.level)) return refuse(WORK_REFUSAL.unknownLevel);
  const to = rule.to === 'by_moderation' ? submitTarget(ctx.moderation) : rule.to;
  return {
    ok: true,
    to,
    assign_number: to === 'approved' && !work.work_no,
    clear_award: work.status === 'awarded' && to !== 'awarded',
    revoke_certificates: to === 'disqualified',
  };
}

/** The body of an administrator's reject or disqualify (`reason`, a quick reply's text allowed) and award (`level`). */
export const workReasonBody = z.object({ reason: requiredText('原因', 500) });
export const workAwardBody = (levels: readonly string[]) =>
  z.object({
    level: plainText('获奖等级', '请选择获奖等级')
      .trim()
      .refine((v) => levels.includes(v), '请选择有效的获奖等级'),
  });
