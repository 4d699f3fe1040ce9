/**
 * The review queue's shared vocabulary (design §1.5), used by works, comments and later kinds:
 * moderation modes, the status of a reviewed item, automatic hiding by reports, batch size.
 */
import type { ScreenResult } from './sensitiveWords.js';

/** 先审后发 (pre), 先发后审 (post), 不审核 (none). */
export const MODERATION_MODES = { pre: '先审后发', post: '先发后审', none: '不审核' } as const;
export type ModerationMode = keyof typeof MODERATION_MODES;
export const MODERATION_MODE_KEYS = Object.keys(MODERATION_MODES) as [ModerationMode, ...ModerationMode[]];

/** Status of a moderated item (comment, check-in mark…): design §1.5. */
export const CHECK_ITEM_STATUS = { 0: '待审核', 1: '已通过', 2: '未通过', 3: '已隐藏' } as const;
export type CheckItemStatus = keyof typeof CHECK_ITEM_STATUS;
export const ITEM_PENDING = 0;
export const ITEM_APPROVED = 1;
export const ITEM_REJECTED = 2;
export const ITEM_HIDDEN = 3;

/**
 * The status a new item gets from the moderation mode and the sensitive-word screen
 * (design §1.5): risky → rejected at once; review → pending whatever the mode (held: not shown
 * until a person approves it); pass → pending under pre moderation, approved otherwise (post items
 * stay in the queue).
 */
export function initialItemStatus(mode: ModerationMode, screen: ScreenResult = 'pass'): CheckItemStatus {
  if (screen === 'risky') return ITEM_REJECTED;
  if (screen === 'review') return ITEM_PENDING;
  return mode === 'pre' ? ITEM_PENDING : ITEM_APPROVED;
}

/**
 * Who sees an item: everyone sees approved items; pending ones are public only under post and
 * none moderation and when the screen did not hold them (`screen` review); rejected and hidden
 * ones only their author (design §1.5: "author still sees it").
 */
export function itemVisible(status: CheckItemStatus, mode: ModerationMode, viewerIsAuthor: boolean, screen: ScreenResult = 'pass'): boolean {
  if (viewerIsAuthor) return true;
  if (status === ITEM_APPROVED) return true;
  return status === ITEM_PENDING && mode !== 'pre' && screen === 'pass';
}

/** Reports at which an item is hidden automatically (Decidim `max_reports_before_hiding`, design §1.5). */
export const REPORTS_BEFORE_HIDING = 3;

/**
 * The status after a report brought the count to `reportCount`: a visible item (pending or
 * approved) is hidden at REPORTS_BEFORE_HIDING, unless a moderator already kept it after reports
 * (`keptByModerator`) — then reports no longer hide it, only a moderator does.
 */
export function statusAfterReport(status: CheckItemStatus, reportCount: number, keptByModerator: boolean): CheckItemStatus {
  if (keptByModerator || (status !== ITEM_PENDING && status !== ITEM_APPROVED)) return status;
  return reportCount >= REPORTS_BEFORE_HIDING ? ITEM_HIDDEN : status;
}

/** Most ids one batch approve or reject takes (design §1.5). */
export const CHECK_BATCH_MAX = 200;
