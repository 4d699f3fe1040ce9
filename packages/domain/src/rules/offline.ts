import { z } from 'zod';
import { chinaClock, chinaDate, chinaDateTime, chinaSeconds, DAY_SECONDS } from './chinaTime.js';
import { choiceOf, flagSchema, wholeNumber } from './ruleSchemas.js';
import { plainText } from '../resources/fields.js';
export { distanceMetres } from './geo.js';

/**
 * Offline activities, series and training sessions (type 5, design activities §7, issue 23): the
 * settings with their defaults, the states of a reservation, the results of a check-in and the pure
 * decisions (deadlines, windows, offers, a weekly pattern of sessions). No I/O.
 */

/** Type 5 comes in two forms on the one table (`activities.variant`): one session, or a series of sessions. */
export const OFFLINE_VARIANT = { single: 0, series: 1 } as const;
export type OfflineVariant = (typeof OFFLINE_VARIANT)[keyof typeof OFFLINE_VARIANT];

export const OFFLINE_APPROVAL = { auto: '自动通过', manual: '人工审核' } as const;
export const OFFLINE_CHECKIN_MODES = { staff: '工作人员扫读者票码', self: '读者扫场次签到码', both: '两者皆可' } as const;
/** A series is booked per session, or as a whole (one seat in every session). */
export const OFFLINE_BOOKING_SCOPE = { session: '按场次预约', series: '整个系列预约' } as const;
export const SIGNUP_FIELD_TYPES = { text: '文本', choice: '单选', phone: '手机号', id_card: '身份证号' } as const;

/** Limits the forms and the server share. */
export const OFFLINE_LIMITS = {
  seatsPerReader: 5,
  signupFields: 10,
  choiceOptions: 20,
  offerHoursMin: 1,
  offerHoursMax: 72,
  /** An offer always ends this long before the session starts (design §7b). */
  offerEndsBeforeStart: 2 * 3600,
  batchSessions: 200,
  rotatingCodeSeconds: 30,
  geofenceMin: 50,
  geofenceMax: 5000,
} as const;

/** The defaults of design §7b. Minutes are relative to the session's start (or end for sign-out). */
export const OFFLINE_DEFAULTS = {
  seats_per_user: 1,
  approval: 'auto',
  waitlist: 1,
  offer_hours: 24,
  waitlist_auto: 1,
  /** Cancelling is allowed until this many minutes before the start. */
  cancel_before_min: 120,
  checkin_mode: 'both',
  checkin_open_before_min: 30,
  checkin_close_after_min: 30,
  sign_out: 0,
  sign_out_open_before_end_min: 15,
  sign_out_close_after_end_min: 60,
  rotating_code: 0,
  geofence: 0,
  geofence_m: 300,
  booking_scope: 'session',
  training: 0,
} as const;

export const signupFieldSchema = z.object({
  key: z.string({ error: '报名项标识不正确' }).regex(/^[a-z][a-z0-9_]{0,30}$/, '报名项标识为小写字母开头的字母、数字或_'),
  label: plainText('报名项名称', '请填写报名项名称').trim().min(1, '请填写报名项名称').max(30, '报名项名称不能超过30个字符'),
  type: choiceOf('报名项类型', ['text', 'choice', 'phone', 'id_card']),
  required: flagSchema('必填'),
  options: z.array(plainText('选项').trim().min(1, '选项不能为空').max(30, '选项不能超过30个字符')).max(OFFLINE_LIMITS.choiceOptions, `选项最多${OFFLINE_LIMITS.choiceOptions}个`).optional(),
});
export type SignupField = z.infer<typeof signupFieldSchema>;

/** Each setting's schema, named by its Chinese label (the declarations' `config.*` fields use them). */
export const offlineConfigSchemas = {
  venue_id: z.number({ error: '请选择活动地址' }).int('活动地址不正确').positive('请选择活动地址').max(2_147_483_647, '活动地址不存在').nullable(),
  seats_per_user: wholeNumber('每人可预约座位数', 1, OFFLINE_LIMITS.seatsPerReader),
  approval: choiceOf('报名审核方式', ['auto', 'manual']),
  waitlist: flagSchema('候补名单'),
  offer_hours: wholeNumber('候补保留时长（小时）', OFFLINE_LIMITS.offerHoursMin, OFFLINE_LIMITS.offerHoursMax),
  waitlist_auto: flagSchema('自动递补'),
  cancel_before_min: wholeNumber('取消截止（开始前分钟数）', 0, 7 * 24 * 60),
  signup_fields: z
    .array(signupFieldSchema, { error: '报名项不正确' })
    .max(OFFLINE_LIMITS.signupFields, `报名项最多${OFFLINE_LIMITS.signupFields}个`)
    .refine((fs) => new Set(fs.map((f) => f.key)).size === fs.length, '报名项标识不能重复')
    .refine((fs) => fs.every((f) => f.type !== 'choice' || (f.options?.length ?? 0) >= 2), '单选报名项至少需要2个选项'),
  checkin_mode: choiceOf('签到方式', ['staff', 'self', 'both']),
  checkin_open_before_min: wholeNumber('签到开放（开始前分钟数）', 0, 24 * 60),
  checkin_close_after_min: wholeNumber('签到截止（开始后分钟数）', 0, 24 * 60),
  sign_out: flagSchema('签退'),
  sign_out_open_before_end_min: wholeNumber('签退开放（结束前分钟数）', 0, 24 * 60),
  sign_out_close_after_end_min: wholeNumber('签退截止（结束后分钟数）', 0, 24 * 60),
  rotating_code: flagSchema('动态签到码'),
  geofence: flagSchema('签到位置限制'),
  geofence_m: wholeNumber('签到范围（米）', OFFLINE_LIMITS.geofenceMin, OFFLINE_LIMITS.geofenceMax),
  booking_scope: choiceOf('预约方式', ['session', 'series']),
  training: flagSchema('培训'),
} as const;

export type OfflineConfig = {
  venue_id: number | null;
  seats_per_user: number;
  approval: 'auto' | 'manual';
  waitlist: 0 | 1;
  offer_hours: number;
  waitlist_auto: 0 | 1;
  cancel_before_min: number;
  signup_fields: SignupField[];
  checkin_mode: 'staff' | 'self' | 'both';
  checkin_open_before_min: number;
  checkin_close_after_min: number;
  sign_out: 0 | 1;
  sign_out_open_before_end_min: number;
  sign_out_close_after_end_min: number;
  rotating_code: 0 | 1;
  geofence: 0 | 1;
  geofence_m: number;
  booking_scope: 'session' | 'series';
  training: 0 | 1;
};

/** An activity's stored `config` read with the defaults filled in. */
export function offlineConfigOf(config: unknown): OfflineConfig {
  const c = (config && typeof config === 'object' ? config : {}) as Partial<OfflineConfig>;
  return { venue_id: null, signup_fields: [], ...OFFLINE_DEFAULTS, ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined && v !== null)) } as OfflineConfig;
}

// ---- Reservations ----------------------------------------------------------------------------------

/**
 * A reservation's state (design §7b). Seats are held by pending, confirmed and offered ones;
 * `waitlisted` holds none. Checking in and out are times on a confirmed reservation, not states;
 * a confirmed reservation never checked in when its session ends becomes `no_show` (a job).
 */
export const RESERVATION_STATUS = {
  pending: '待审核',
  confirmed: '已预约',
  rejected: '未通过',
  waitlisted: '候补中',
  offered: '候补待确认',
  expired: '候补已过期',
  cancelled: '已取消',
  no_show: '未到场',
} as const;
export type ReservationStatus = keyof typeof RESERVATION_STATUS;
/** The states that hold seats of the session. */
export const SEAT_HOLDING: readonly ReservationStatus[] = ['pending', 'confirmed', 'offered'];
/** The states of a reader's one active reservation per session. */
export const ACTIVE_RESERVATION: readonly ReservationStatus[] = ['pending', 'confirmed', 'offered', 'waitlisted'];

/** Who checked a reader in: staff scanning the ticket, the reader scanning the session's code, an administrator by hand. */
export const CHECKIN_METHODS = { staff: '工作人员扫码', self: '读者扫码', admin: '后台签到' } as const;
export type CheckinMethod = keyof typeof CHECKIN_METHODS;
/** `type` of a check-in (spec trainSign: 1 sign in, 2 sign out). */
export const CHECKIN_TYPES = { 1: '签到', 2: '签退' } as const;

/**
 * The outcome of a check-in (modelled on pretix's redeem): ok, or the reason it was refused, each
 * with the Chinese text the staff screen and the trainSign page show in large type.
 */
export const CHECKIN_RESULTS = {
  ok: '签到成功',
  ok_out: '签退成功',
  invalid: '票码无效',
  not_reserved: '未预约本场次',
  canceled: '预约已取消',
  already_checked_in: '已签到，请勿重复签到',
  already_checked_out: '已签退，请勿重复签退',
  not_checked_in: '尚未签到，不能签退',
  not_open: '签到尚未开始',
  closed: '签到已结束',
  not_approved: '预约尚未通过审核',
  blocked: '已被限制参与本活动',
  wrong_session: '不是本场次的票',
  out_of_range: '不在签到范围内',
  code_expired: '签到码已过期，请重新扫码',
  sign_out_off: '本场次无需签退',
  mode_refused: '本场次不支持此签到方式',
} as const;
export type CheckinResult = keyof typeof CHECKIN_RESULTS;

// ---- Decisions ------------------------------------------------------------------------------------

export interface SessionTimes {
  start_at: number;
  end_at: number;
}

/** The last moment a reader may cancel (and after which a cancellation is late). */
export const cancelDeadline = (s: SessionTimes, c: Pick<OfflineConfig, 'cancel_before_min'>): number => s.start_at - c.cancel_before_min * 60;

/** When a waiting-list offer made at `now` expires: after `offer_hours`, never later than 2 h before the start. */
export const offerExpiry = (now: number, s: SessionTimes, c: Pick<OfflineConfig, 'offer_hours'>): number =>
  Math.min(now + c.offer_hours * 3600, s.start_at - OFFLINE_LIMITS.offerEndsBeforeStart);

/** Whether an offer can still be made at `now` (its expiry would be in the future). */
export const canOffer = (now: number, s: SessionTimes, c: Pick<OfflineConfig, 'offer_hours'>): boolean => offerExpiry(now, s, c) > now;

/** The window in which sign-in (type 1) or sign-out (type 2) is open, inclusive. */
export function checkinWindow(s: SessionTimes, c: OfflineConfig, type: 1 | 2): { from: number; to: number } {
  return type === 1
    ? { from: s.start_at - c.checkin_open_before_min * 60, to: s.start_at + c.checkin_close_after_min * 60 }
    : { from: s.end_at - c.sign_out_open_before_end_min * 60, to: s.end_at + c.sign_out_close_after_end_min * 60 };
}

/** Outside its window: `not_open` before, `closed` after; null inside. */
export function checkinTimeRefusal(now: number, s: SessionTimes, c: OfflineConfig, type: 1 | 2): 'not_open' | 'closed' | null {
  const w = checkinWindow(s, c, type);
  return now < w.from ? 'not_open' : now > w.to ? 'closed' : null;
}

/** `2026-05-01 14:00–16:00` (one day) or `2026-05-01 14:00 至 2026-05-02 12:00`, China time. */
export function sessionTimeText(s: SessionTimes): string {
  return chinaDate(s.start_at) === chinaDate(s.end_at) ? `${chinaDateTime(s.start_at)}–${chinaClock(s.end_at)}` : `${chinaDateTime(s.start_at)} 至 ${chinaDateTime(s.end_at)}`;
}

/** A series booked as a whole has as many seats as its smallest session. */
export const seriesCapacity = (capacities: readonly number[]): number => (capacities.length ? Math.min(...capacities) : 0);

// ---- A weekly pattern of sessions ---------------------------------------------------------------------

/** `HH:MM`. */
const clockText = (label: string) => z.string({ error: `请填写${label}` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label}必须是“时:分”，如 14:30`);
/** `YYYY-MM-DD` (China calendar). */
const dateText = (label: string) => z.string({ error: `请选择${label}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);

/**
 * A batch of sessions from a weekly pattern (issue 23): the weekdays (1 Monday … 7 Sunday), the time
 * of day, the date range in China days, dates to skip; sign-up opens `signup_open_days` before each
 * session (0: when the series is published) and closes `signup_close_min` before its start.
 */
export const weeklyPatternSchema = z
  .object({
    title: plainText('场次名称', '请填写场次名称').trim().min(1, '请填写场次名称').max(100, '场次名称不能超过100个字符'),
    speaker: plainText('主讲人').trim().max(50, '主讲人不能超过50个字符').optional(),
    weekdays: z.array(z.number().int().min(1, '星期不正确').max(7, '星期不正确'), { error: '请选择星期' }).min(1, '请选择星期'),
    from_date: dateText('开始日期'),
    to_date: dateText('结束日期'),
    start_time: clockText('开始时刻'),
    end_time: clockText('结束时刻'),
    skip_dates: z.array(dateText('跳过日期')).max(366).optional(),
    capacity: wholeNumber('座位数', 1, 100000),
    venue_id: z.number({ error: '请选择活动地址' }).int('活动地址不正确').positive('请选择活动地址').max(2_147_483_647, '活动地址不存在').nullable().optional(),
    address: plainText('活动地点').trim().max(255, '活动地点不能超过255个字符').optional(),
    signup_open_days: wholeNumber('报名开放（开始前天数）', 0, 365).optional(),
    signup_close_min: wholeNumber('报名截止（开始前分钟数）', 0, 7 * 24 * 60).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.to_date < v.from_date) ctx.addIssue({ code: 'custom', path: ['to_date'], message: '结束日期不能早于开始日期' });
    if (v.end_time <= v.start_time) ctx.addIssue({ code: 'custom', path: ['end_time'], message: '结束时刻必须晚于开始时刻' });
  });
export type WeeklyPattern = z.infer<typeof weeklyPatternSchema>;

export interface PlannedSession {
  title: string;
  speaker: string;
  start_at: number;
  end_at: number;
  capacity: number;
  signup_start_at: number | null;
  signup_end_at: number;
}

/** The weekday of a China calendar date `YYYY-MM-DD`: 1 Monday … 7 Sunday (the date itself, no zone). */
export const weekdayOf = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The sessions a weekly pattern makes, in order, in China time; more than the limit is refused by the caller. */
export function weeklySessions(p: WeeklyPattern): PlannedSession[] {
  const [fy, fm, fd] = p.from_date.split('-').map(Number);
  const [sh, smin] = p.start_time.split(':').map(Number);
  const [eh, emin] = p.end_time.split(':').map(Number);
  const skip = new Set(p.skip_dates ?? []);
  const days = new Set(p.weekdays);
  const out: PlannedSession[] = [];
  for (let day = chinaSeconds(fy, fm - 1, fd); chinaDate(day) <= p.to_date; day += DAY_SECONDS) {
    const date = chinaDate(day);
    if (!days.has(weekdayOf(date)) || skip.has(date)) continue;
    const [y, m, d] = date.split('-').map(Number);
    const start = chinaSeconds(y, m - 1, d, sh, smin);
    out.push({
      title: p.title,
      speaker: p.speaker ?? '',
      start_at: start,
      end_at: chinaSeconds(y, m - 1, d, eh, emin),
      capacity: p.capacity,
      signup_start_at: p.signup_open_days ? start - p.signup_open_days * DAY_SECONDS : null,
      signup_end_at: start - (p.signup_close_min ?? 0) * 60,
    });
    if (out.length > OFFLINE_LIMITS.batchSessions) break;
  }
  return out;
}
