/** Activity types and the activity state label (spec §1, §3, §4). */

/** Activity type value → Chinese name. */
export const ACTIVITY_TYPES: Readonly<Record<number, string>> = {
  1: '原创作品（单类型）',
  2: '投票评论',
  3: '知识竞赛（单轮）',
  4: '问卷调查',
  5: '线下活动',
  6: '知识竞赛（进阶）',
  7: '第三方活动',
  8: '阅读打卡',
  9: '原创作品（多类型）',
  16: '扫码积分',
  19: '点播讲座',
};

export type ActivityState = 1 | 2 | 3;
export const ACTIVITY_STATE_LABEL: Readonly<Record<ActivityState, string>> = {
  1: '未开始',
  2: '进行中',
  3: '已结束',
};

export interface ActivityTimes {
  start_at?: number | string | null;
  end_at?: number | string | null;
  state?: number | string | null;
}

/**
 * A timestamp in whole seconds, or null when v is not a non-negative number
 * or numeric string. Values longer than 10 digits (milliseconds, 13 digits)
 * are cut to their first 10 digits — string truncation as the spec says, so
 * 1700000000999 → 1700000000. Fractions are dropped.
 */
export function normalizeTimestamp(v: unknown): number | null {
  let digits: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) return null;
    digits = Math.trunc(v).toFixed(0);
  } else if (typeof v === 'string' && /^\d+(\.\d*)?$/.test(v.trim())) {
    digits = v.trim().split('.')[0];
  } else {
    return null;
  }
  return Number(digits.length > 10 ? digits.slice(0, 10) : digits);
}

function explicitState(state: unknown): ActivityState | null {
  const n = typeof state === 'string' && state.trim() !== '' ? Number(state) : state;
  return n === 1 || n === 2 || n === 3 ? n : null;
}

/** 0 is how backends store "not set", so it counts as missing like null. */
function boundary(v: unknown): number | null {
  const t = normalizeTimestamp(v);
  return t === null || t === 0 ? null : t;
}

/**
 * State of an activity at nowSeconds (a millisecond value is also accepted).
 *
 * - An explicit state 1, 2 or 3 (number or numeric string) wins.
 * - now ≥ end → 3 finished; start ≤ now < end → 2 in progress; now < start → 1.
 * - Missing times (null, undefined, '', 0 or not a number): a missing start
 *   means "already started", a missing end means "never ends"; both missing
 *   → 2 in progress. See docs/decisions.md.
 * - Inconsistent data (start after end) resolves as finished once end passes.
 */
export function activityStateOf(activity: ActivityTimes, nowSeconds: number): ActivityState {
  const explicit = explicitState(activity.state);
  if (explicit !== null) return explicit;
  const now = normalizeTimestamp(nowSeconds) ?? 0;
  const start = boundary(activity.start_at);
  const end = boundary(activity.end_at);
  if (end !== null && now >= end) return 3;
  if (start !== null && now < start) return 1;
  return 2;
}

/** Chinese label of activityStateOf. */
export function activityStateLabel(activity: ActivityTimes, nowSeconds: number): string {
  return ACTIVITY_STATE_LABEL[activityStateOf(activity, nowSeconds)];
}

export type ActivityType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 16 | 19;

/**
 * Per type: the declaration's name and API path (spec §7) and the page that lists it (spec §2).
 * `early`: its reader writes may come before the activity starts (an offline booking's sign-up
 * window opens before the event), so "not started" is no standing refusal for it (`gatedAt`).
 * `seats`: its `person_limit` is the seats its own writes hold (an offline session's capacity),
 * not a cap on joins: its joins are counted without a limit (`joinsCapped`).
 */
export const ACTIVITY_KINDS: Readonly<Record<ActivityType, { name: string; path: string; page: string; early?: true; seats?: true }>> = {
  1: { name: 'original', path: '/v1/{org}/original', page: 'adminAct/adminOri' },
  9: { name: 'originalmix', path: '/v1/{org}/originalmix', page: 'adminAct/adminOriginalMix' },
  2: { name: 'evaluation', path: '/v1/{org}/evaluation', page: 'adminAct/adminEva' },
  3: { name: 'contest', path: '/v1/{org}/contest', page: 'adminAct/adminContest' },
  6: { name: 'contestpro', path: '/v1/{org}/contestpro', page: 'adminAct/adminContestPro' },
  4: { name: 'survey', path: '/v1/{org}/survey', page: 'adminAct/adminSurvey' },
  5: { name: 'offline', path: '/v1/{org}/offline', page: 'adminAct/adminOffline', early: true, seats: true },
  7: { name: 'third', path: '/v1/{org}/third', page: 'adminAct/adminThirdParty' },
  8: { name: 'mark', path: '/v1/{org}/mark', page: 'adminAct/adminReadClock' },
  16: { name: 'integral', path: '/v1/{org}/integral', page: 'adminAct/adminIntegral' },
  19: { name: 'lecture', path: '/v1/{org}/lecture', page: 'adminAct/adminLecture' },
};

/**
 * The activity as the participation gate judges it at `now`: a kind whose reader writes may come
 * before the start (`ACTIVITY_KINDS[type].early`) is taken as started; it still ends at its end.
 */
export function gatedAt<A extends { type: number; start_at: number }>(act: A, now: number): A {
  return ACTIVITY_KINDS[act.type as ActivityType]?.early ? { ...act, start_at: Math.min(act.start_at, now) } : act;
}

/** Whether an activity's `person_limit` caps its joins (not for a kind whose limit is its seats). */
export const joinsCapped = (type: number): boolean => !ACTIVITY_KINDS[type as ActivityType]?.seats;
