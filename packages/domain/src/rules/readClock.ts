import { z } from 'zod';
import { chinaDate } from './chinaTime.js';
import { weekdayOf } from './offline.js';
import { choiceOf, flagSchema, wholeNumber, type FieldProblem } from './ruleSchemas.js';
import { MODERATION_MODE_KEYS, type ModerationMode } from './moderation.js';
import { fileUrl, idRef, plainText } from '../resources/fields.js';
import { requestIdSchema } from '../client.js';

/**
 * Reading check-in (阅读打卡, type 8, design activities §9, issue 24): the settings with their
 * defaults, the content rules of a mark, make-ups, and the streak arithmetic over China-time days
 * (`YYYY-MM-DD`, the organisation's zone Asia/Shanghai). Pure: no I/O, no clock of its own.
 */

export const READ_CLOCK_SCHEDULES = { daily: '每天', weekdays: '每周指定日', course: '课程（第n天解锁第n个资源）' } as const;
export type ReadClockSchedule = keyof typeof READ_CLOCK_SCHEDULES;
export const READ_CLOCK_UNLOCK = { day: '按天解锁', all: '全部解锁' } as const;
export const READ_CLOCK_VISIBILITY = { public_wall: '公开到打卡墙', private: '仅自己可见' } as const;
export const WEEKDAY_LABELS = { 1: '周一', 2: '周二', 3: '周三', 4: '周四', 5: '周五', 6: '周六', 7: '周日' } as const;
export const READ_CLOCK_SOURCE_TYPES = { book: '图书', chapter: '章节', audio: '音频', video: '视频', link: '链接', text: '图文' } as const;

export const READ_CLOCK_LIMITS = { courseDays: 366, words: 2000, images: 9, audioSec: 600, readingMinutes: 600, milestones: 10, makeups: 31, withinDays: 31 } as const;

/** Design §9b's defaults. */
export const READ_CLOCK_DEFAULTS = {
  schedule: 'daily',
  weekdays: [1, 2, 3, 4, 5],
  course_days: 21,
  unlock: 'day',
  min_words: 10,
  max_words: 2000,
  required_images: 0,
  max_images: 9,
  audio_max_sec: 180,
  reading_minutes: 0,
  require_book: 0,
  moderation: 'pre',
  visibility: 'public_wall',
  makeup_enabled: 1,
  makeup_max: 3,
  makeup_within_days: 3,
  makeup_needs_approval: 0,
  makeup_cost: 0,
  /** 0: every scheduled day. */
  target_days: 0,
  milestones: [
    { days: 7, points: 40 },
    { days: 21, points: 160 },
  ],
} as const;

const milestoneSchema = z.object({
  days: wholeNumber('连续打卡天数', 1, READ_CLOCK_LIMITS.courseDays),
  points: wholeNumber('奖励积分', 1, 100000),
});

/** Each setting's schema, named by its Chinese label (the declaration's `config.*` fields use them). */
export const readClockConfigSchemas = {
  schedule: choiceOf('打卡周期', ['daily', 'weekdays', 'course']),
  weekdays: z
    .array(z.number({ error: '打卡日不正确' }).int('打卡日不正确').min(1, '打卡日不正确').max(7, '打卡日不正确'), { error: '打卡日不正确' })
    // None chosen (the form's empty checkboxes): the default days, as the field's placeholder says.
    .max(7, '打卡日不正确')
    .refine((d) => new Set(d).size === d.length, '打卡日不能重复'),
  course_days: wholeNumber('课程天数', 1, READ_CLOCK_LIMITS.courseDays),
  unlock: choiceOf('资源解锁方式', ['day', 'all']),
  min_words: wholeNumber('最少字数', 0, READ_CLOCK_LIMITS.words),
  max_words: wholeNumber('最多字数', 1, READ_CLOCK_LIMITS.words),
  required_images: wholeNumber('至少图片数', 0, READ_CLOCK_LIMITS.images),
  max_images: wholeNumber('最多图片数', 0, READ_CLOCK_LIMITS.images),
  audio_max_sec: wholeNumber('音频最长秒数', 0, READ_CLOCK_LIMITS.audioSec),
  reading_minutes: flagSchema('需填写阅读时长'),
  require_book: flagSchema('需选择数字资源图书'),
  moderation: choiceOf('审核方式', MODERATION_MODE_KEYS),
  visibility: choiceOf('打卡可见范围', ['public_wall', 'private']),
  makeup_enabled: flagSchema('允许补卡'),
  makeup_max: wholeNumber('补卡次数上限', 0, READ_CLOCK_LIMITS.makeups),
  makeup_within_days: wholeNumber('可补几天内', 1, READ_CLOCK_LIMITS.withinDays),
  makeup_needs_approval: flagSchema('补卡需审核'),
  makeup_cost: wholeNumber('补卡消耗积分', 0, 100000),
  target_days: wholeNumber('目标天数', 0, READ_CLOCK_LIMITS.courseDays),
  milestones: z
    .array(milestoneSchema, { error: '连续打卡奖励不正确' })
    .max(READ_CLOCK_LIMITS.milestones, `连续打卡奖励最多${READ_CLOCK_LIMITS.milestones}档`)
    .refine((ms) => ms.every((m, i) => i === 0 || m.days > ms[i - 1]!.days), '连续打卡奖励的天数需从小到大排列，且不能重复'),
} as const;

export interface ReadClockMilestone {
  days: number;
  points: number;
}
export interface ReadClockConfig {
  schedule: ReadClockSchedule;
  weekdays: number[];
  course_days: number;
  unlock: 'day' | 'all';
  min_words: number;
  max_words: number;
  required_images: number;
  max_images: number;
  audio_max_sec: number;
  reading_minutes: 0 | 1;
  require_book: 0 | 1;
  moderation: ModerationMode;
  visibility: 'public_wall' | 'private';
  makeup_enabled: 0 | 1;
  makeup_max: number;
  makeup_within_days: number;
  makeup_needs_approval: 0 | 1;
  makeup_cost: number;
  target_days: number;
  milestones: ReadClockMilestone[];
}

/** An activity's stored `config` read with the defaults filled in. */
export function readClockConfigOf(config: unknown): ReadClockConfig {
  const c = (config && typeof config === 'object' ? config : {}) as Partial<ReadClockConfig>;
  const given = Object.fromEntries(Object.entries(c).filter(([k, v]) => v !== undefined && v !== null && !(k === 'weekdays' && Array.isArray(v) && v.length === 0)));
  return { ...READ_CLOCK_DEFAULTS, weekdays: [...READ_CLOCK_DEFAULTS.weekdays], milestones: READ_CLOCK_DEFAULTS.milestones.map((m) => ({ ...m })), ...given } as ReadClockConfig;
}

/** Cross-setting checks (the activity form's refine): words, images, milestones within the course. */
export function readClockConfigProblems(config: unknown): FieldProblem[] {
  const c = readClockConfigOf(config);
  const out: FieldProblem[] = [];
  if (c.min_words > c.max_words) out.push({ field: 'config.max_words', message: '最多字数不能少于最少字数' });
  if (c.required_images > c.max_images) out.push({ field: 'config.max_images', message: '最多图片数不能少于至少图片数' });
  if (c.schedule === 'course' && c.target_days > c.course_days) out.push({ field: 'config.target_days', message: '目标天数不能超过课程天数' });
  return out;
}

// ---- Days -------------------------------------------------------------------------------------------

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (a whole number: days are compared and stepped as numbers). */
export const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
/** The `YYYY-MM-DD` day of a day number. */
export const dayOfNumber = (n: number): string => new Date(n * 86_400_000).toISOString().slice(0, 10);
/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => dayOfNumber(dayNumber(day) + n);
export const isDay = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v) && dayOfNumber(dayNumber(v)) === v;

/** An activity's check-in calendar: its first and last China-time day and its schedule. */
export interface ReadClockCalendar {
  /** The China day of `start_at`. */
  first: string;
  /** The China day of the last second before `end_at` (a course: at most first + course_days − 1). */
  last: string;
  schedule: ReadClockSchedule;
  weekdays: readonly number[];
}

export function readClockCalendar(act: { start_at: number; end_at: number }, c: Pick<ReadClockConfig, 'schedule' | 'weekdays' | 'course_days'>): ReadClockCalendar {
  const first = chinaDate(act.start_at);
  let last = chinaDate(Math.max(act.start_at, act.end_at - 1));
  if (c.schedule === 'course' && dayNumber(last) > dayNumber(first) + c.course_days - 1) last = addDays(first, c.course_days - 1);
  return { first, last, schedule: c.schedule, weekdays: c.weekdays };
}

/** Whether readers check in on `day` (inside the calendar, and a weekday of a weekly schedule). */
export function isScheduled(cal: ReadClockCalendar, day: string): boolean {
  if (day < cal.first || day > cal.last) return false;
  return cal.schedule !== 'weekdays' || cal.weekdays.includes(weekdayOf(day));
}

/** Every scheduled day from the first to `until` (default the last), in order. */
export function scheduledDays(cal: ReadClockCalendar, until: string = cal.last): string[] {
  const out: string[] = [];
  const end = Math.min(dayNumber(until), dayNumber(cal.last));
  for (let n = dayNumber(cal.first); n <= end; n++) {
    const d = dayOfNumber(n);
    if (isScheduled(cal, d)) out.push(d);
  }
  return out;
}

/** A course's day number k (1-based) of `day`: the k-th resource unlocks on it. */
export const courseDayOf = (cal: ReadClockCalendar, day: string): number => dayNumber(day) - dayNumber(cal.first) + 1;

/** The target of completion: the setting, or every scheduled day. */
export const targetDaysOf = (cal: ReadClockCalendar, c: Pick<ReadClockConfig, 'target_days'>): number => c.target_days || scheduledDays(cal).length;

// ---- Streaks ----------------------------------------------------------------------------------------

export interface StreakFigures {
  /** Scheduled days with a counted mark (approved; make-ups count). */
  total_days: number;
  /** Consecutive scheduled days with a counted mark ending today, or ending the scheduled day before today while today is not yet marked. */
  current_streak: number;
  longest_streak: number;
}

/**
 * The streak arithmetic (design §9b): `counted` are the days of the reader's counted marks
 * (approved, make-ups included; a rejected mark frees its day, so it is not among them), `today`
 * the China day now. Days that are not scheduled (a weekday schedule's rest days) neither break
 * nor add to a streak.
 */
export function streakFigures(cal: ReadClockCalendar, counted: Iterable<string>, today: string): StreakFigures {
  const days = new Set([...counted].filter((d) => isScheduled(cal, d) && d <= today));
  let longest = 0;
  let run = 0;
  for (const d of scheduledDays(cal, today)) {
    run = days.has(d) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  // Walk back from today: today unmarked does not break the streak yet.
  let current = 0;
  const sched = scheduledDays(cal, today);
  let i = sched.length - 1;
  if (i >= 0 && sched[i] === today && !days.has(today)) i--;
  for (; i >= 0 && days.has(sched[i]); i--) current++;
  return { total_days: days.size, current_streak: current, longest_streak: longest };
}

/** The milestones a streak rising from `before` to `after` passes (each once: its points are keyed by the milestone). */
export const milestonesPassed = (milestones: readonly ReadClockMilestone[], before: number, after: number): ReadClockMilestone[] =>
  milestones.filter((m) => before < m.days && after >= m.days);

/** Streak length buckets of the figures' distribution. */
export const STREAK_BUCKETS = [
  { label: '0天', min: 0, max: 0 },
  { label: '1-2天', min: 1, max: 2 },
  { label: '3-6天', min: 3, max: 6 },
  { label: '7-13天', min: 7, max: 13 },
  { label: '14-20天', min: 14, max: 20 },
  { label: '21天及以上', min: 21, max: Infinity },
] as const;
export const streakBucketOf = (n: number): string => STREAK_BUCKETS.find((b) => n >= b.min && n <= b.max)!.label;

// ---- Marks --------------------------------------------------------------------------------------------

export const READ_CLOCK_TEXTS = {
  notScheduled: '今天不是打卡日',
  alreadyMarked: '今天已经打过卡了',
  dayMarked: '该日期已打卡',
  makeupOff: '本活动不允许补卡',
  makeupsUsed: '补卡次数已用完',
  makeupToday: '今天请直接打卡',
  makeupFuture: '不能补未来的日期',
  makeupBeforeStart: '不能补活动开始之前的日期',
  makeupNotScheduled: '该日期不是打卡日',
  insufficientPoints: '积分不足',
} as const;

const wordCount = (text: string): number => [...text.replace(/\s+/g, '')].length;

/** The reader's mark body (`POST /client/activities/{id}/marks`). */
export const markBodyFields = {
  content: plainText('打卡内容').max(READ_CLOCK_LIMITS.words * 2, `打卡内容不能超过${READ_CLOCK_LIMITS.words}个字`).default(''),
  images: z.array(fileUrl('图片').refine((v) => !!v, '图片地址不能为空'), { error: '图片不正确' }).max(READ_CLOCK_LIMITS.images, `图片最多${READ_CLOCK_LIMITS.images}张`).default([]),
  audio: fileUrl('音频'),
  audio_sec: wholeNumber('音频时长', 0, READ_CLOCK_LIMITS.audioSec).optional(),
  reading_minutes: wholeNumber('阅读时长（分钟）', 0, READ_CLOCK_LIMITS.readingMinutes).optional(),
  book_id: idRef('图书').optional(),
  resource_id: idRef('打卡资源').optional(),
};
export const markBodySchema = z.object({ request_id: requestIdSchema, ...markBodyFields });
export type MarkBody = z.output<typeof markBodySchema>;
export const makeupBodySchema = z.object({
  request_id: requestIdSchema,
  day: plainText('补卡日期', '请选择补卡日期').refine(isDay, '补卡日期格式为YYYY-MM-DD'),
  makeup_reason: plainText('补卡原因').trim().max(200, '补卡原因不能超过200个字符').default(''),
  ...markBodyFields,
});
export type MakeupBody = z.output<typeof makeupBodySchema>;

/** What a mark's content lacks against the activity's content rules, naming the field. */
export function markContentProblems(c: ReadClockConfig, body: Pick<MarkBody, 'content' | 'images' | 'audio' | 'audio_sec' | 'reading_minutes' | 'book_id'>): FieldProblem[] {
  const out: FieldProblem[] = [];
  const words = wordCount(body.content ?? '');
  if (words < c.min_words) out.push({ field: 'content', message: `打卡内容至少${c.min_words}个字` });
  if (words > c.max_words) out.push({ field: 'content', message: `打卡内容不能超过${c.max_words}个字` });
  const images = body.images?.length ?? 0;
  if (images < c.required_images) out.push({ field: 'images', message: `请至少上传${c.required_images}张图片` });
  if (images > c.max_images) out.push({ field: 'images', message: c.max_images === 0 ? '本活动打卡不能上传图片' : `图片最多${c.max_images}张` });
  if (body.audio && c.audio_max_sec === 0) out.push({ field: 'audio', message: '本活动打卡不能上传音频' });
  if (body.audio && (body.audio_sec ?? 0) > c.audio_max_sec) out.push({ field: 'audio_sec', message: `音频不能超过${c.audio_max_sec}秒` });
  if (c.reading_minutes && !body.reading_minutes) out.push({ field: 'reading_minutes', message: '请填写阅读时长（分钟）' });
  if (c.require_book && !body.book_id) out.push({ field: 'book_id', message: '请选择阅读的图书' });
  return out;
}

/**
 * Why a make-up of `day` is refused (null: it may be made, the count permitting): make-ups on,
 * a scheduled day of the calendar, never today or later, never before the start, within
 * `makeup_within_days` days before today.
 */
export function makeupRefusal(c: ReadClockConfig, cal: ReadClockCalendar, today: string, day: string): string | null {
  if (!c.makeup_enabled || c.makeup_max === 0) return READ_CLOCK_TEXTS.makeupOff;
  if (day > today) return READ_CLOCK_TEXTS.makeupFuture;
  if (day === today) return READ_CLOCK_TEXTS.makeupToday;
  if (day < cal.first) return READ_CLOCK_TEXTS.makeupBeforeStart;
  if (!isScheduled(cal, day)) return READ_CLOCK_TEXTS.makeupNotScheduled;
  if (dayNumber(today) - dayNumber(day) > c.makeup_within_days) return `只能补${c.makeup_within_days}天内的打卡`;
  return null;
}

/** The status of a new mark: the moderation mode, and a make-up waits when make-ups need approval. */
export function newMarkStatus(c: ReadClockConfig, makeup: boolean): 0 | 1 {
  if (makeup && c.makeup_needs_approval) return 0;
  return c.moderation === 'pre' ? 0 : 1;
}

/** The China day of a moment: the day a mark is made on (server time). */
export const markDayOf = (seconds: number): string => chinaDate(seconds);
/** Whole days the activity has run up to `today` (day 1 is its first day). */
export const runDay = (cal: ReadClockCalendar, today: string): number => Math.max(0, Math.min(dayNumber(today), dayNumber(cal.last)) - dayNumber(cal.first) + 1);
