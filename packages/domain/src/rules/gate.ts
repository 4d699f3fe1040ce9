import { activityStateOf } from './activityState.js';
import { chinaClock } from './chinaTime.js';

/**
 * The participation gate (design §1.3): one ordered check for every reader write. The first rule
 * that refuses answers with its code and Chinese message; the server then sends the HTTP status
 * of the code's class and the code itself in `data.gate`. `person_limit` is not checked here: the
 * server enforces it with one conditional update (design §1.8), answering GATE.full.
 */

export interface GateRefusal {
  /** The gate's own code (design §1.3). */
  gate: number;
  /** HTTP status of the refusal's class. */
  status: 403 | 404 | 409;
  message: string;
}

export const GATE = {
  missing: { gate: 40400, status: 404, message: '活动不存在' },
  paused: { gate: 40003, status: 403, message: '活动已暂停' },
  notStarted: { gate: 40001, status: 403, message: '活动未开始' },
  ended: { gate: 40002, status: 403, message: '活动已结束' },
  dailyWindow: { gate: 40014, status: 403, message: '不在参与时段' },
  outOfScope: { gate: 40004, status: 403, message: '您不在本活动参与范围' },
  wrongCode: { gate: 40012, status: 403, message: '参与口令不正确' },
  realName: { gate: 40009, status: 403, message: '请先完善实名信息' },
  full: { gate: 40006, status: 409, message: '名额已满' },
} as const satisfies Record<string, GateRefusal>;

/** 您已被限制参与该功能，至{date} — or without an end when the entry is permanent. */
export const blacklistedRefusal = (until: string | null, reason: string): GateRefusal => ({
  gate: 40005,
  status: 403,
  message: `${reason ? `因${reason}，` : ''}您已被限制参与该功能${until ? `，至${until}` : ''}`,
});

export interface GateActivity {
  is_delete: number;
  is_tmp: number;
  is_pause: number;
  start_at: number;
  end_at: number;
  state: number | null;
  daily_from: string;
  daily_to: string;
  scope: ActivityScope;
  access_code: string;
  need_real: number;
}

/**
 * Who may take part in an activity (design §1.1): units of the organisation tree, identity
 * categories (1–14) and grades — an empty or missing list means no restriction — and, with
 * `whitelist_mode` `LIST`, only the readers named in the activity's list. Every criterion given
 * must hold.
 */
export interface ActivityScope {
  unit_ids?: number[];
  identities?: number[];
  grades?: number[];
  /** `LIST`: only the named readers (stored beside the activity); `ALL` or missing: no list. */
  whitelist_mode?: 'ALL' | 'LIST';
}

/** What the scope looks at of a reader. */
export interface ScopeReader {
  identity: number | null;
  grade: number | null;
  /**
   * The reader's unit and every unit above it, up to and including the organisation (a reader
   * without a unit belongs to the organisation itself: `[org id]`).
   */
  units: readonly number[];
  /** Named in this activity's reader list. */
  listed: boolean;
}

export interface GateReader extends ScopeReader {
  real_name: string;
  phone: string;
}

/** A blacklist entry in force for this reader (already narrowed to the activity's type and the action). */
export interface GateBan {
  until: string | null;
  reason: string;
}

/**
 * Is the reader inside the activity's scope? Every criterion given must match: the reader's unit
 * is one of `unit_ids` or below one of them; the identity and the grade are among those listed;
 * with a reader list, the reader is on it.
 */
export function inScope(scope: ActivityScope, reader: ScopeReader): boolean {
  if (scope.unit_ids?.length && !reader.units.some((u) => scope.unit_ids!.includes(u))) return false;
  if (scope.identities?.length && !(reader.identity !== null && scope.identities.includes(reader.identity))) return false;
  if (scope.grades?.length && !(reader.grade !== null && scope.grades.includes(reader.grade))) return false;
  if (scope.whitelist_mode === 'LIST' && !reader.listed) return false;
  return true;
}

/** Reads (seeing an activity) need only that it exists and is published. */
export function readRefusal(activity: GateActivity | undefined): GateRefusal | null {
  if (!activity || activity.is_delete || activity.is_tmp) return GATE.missing;
  return null;
}

/** The first rule that refuses a reader's write, or null when it may go on. */
export function gateRefusal(
  activity: GateActivity | undefined,
  reader: GateReader,
  ctx: { now: number; accessCode?: string; ban?: GateBan | null },
): GateRefusal | null {
  const missing = readRefusal(activity);
  if (missing || !activity) return missing ?? GATE.missing;
  if (activity.is_pause) return GATE.paused;
  const state = activityStateOf(activity, ctx.now);
  if (state === 1) return GATE.notStarted;
  if (state === 3) return GATE.ended;
  if (activity.daily_from && activity.daily_to) {
    const clock = chinaClock(ctx.now);
    if (clock < activity.daily_from || clock >= activity.daily_to) return { ...GATE.dailyWindow, message: `${GATE.dailyWindow.message}（每日${activity.daily_from}-${activity.daily_to}）` };
  }
  if (!inScope(activity.scope, reader)) return GATE.outOfScope;
  if (activity.access_code && ctx.accessCode !== activity.access_code) return GATE.wrongCode;
  if (ctx.ban) return blacklistedRefusal(ctx.ban.until, ctx.ban.reason);
  if (activity.need_real && !hasRealName(reader)) return GATE.realName;
  return null;
}

/** A reader's real-name information is complete (an activity with `need_real` admits only them): a real name and a phone. */
export function hasRealName(reader: { real_name: string; phone: string }): boolean {
  return reader.real_name.trim() !== '' && reader.phone.trim() !== '';
}
