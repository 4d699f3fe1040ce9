import { and, asc, eq, isNull, lte, ne, or } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  courseDayOf,
  isScheduled,
  ITEM_REJECTED,
  makeupRefusal,
  markContentProblems,
  markDayOf,
  newMarkStatus,
  READ_CLOCK_TEXTS,
  readClockCalendar,
  readClockConfigOf,
  runDay,
  scheduledDays,
  streakFigures,
  targetDaysOf,
  type MakeupBody,
  type MarkBody,
  type ReadClockCalendar,
  type ReadClockConfig,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activityCounters, readClockMarks, readClockSources } from '../../db/schema.js';
import { HttpError, validationError } from '../../http/errors.js';
import { bumpCounter } from '../../participation/counters.js';
import type { ActivityRow } from '../kind.js';

export const READ_CLOCK_TYPE = 8;
type MarkRow = typeof readClockMarks.$inferSelect;

/** An activity's settings and calendar. */
export function settingsOf(act: ActivityRow): { c: ReadClockConfig; cal: ReadClockCalendar } {
  const c = readClockConfigOf(act.config);
  return { c, cal: readClockCalendar(act, c) };
}

/** The counter of a reader's make-ups in an activity (`activity_counters`, one statement per make-up). */
export const makeupCounter = (readerId: number) => `makeup:${readerId}`;

/** A mark as its reader sees it. */
export const shownMark = (m: MarkRow) => ({
  id: m.id,
  day: m.day,
  content: m.content,
  images: m.images,
  audio: m.audio,
  audio_sec: m.audio_sec,
  reading_minutes: m.reading_minutes,
  book_id: m.book_id,
  resource_id: m.resource_id,
  is_makeup: m.is_makeup,
  makeup_reason: m.makeup_reason,
  status: m.status,
  reason: m.reason,
  is_featured: m.is_featured,
  teacher_comment: m.teacher_comment,
  created_at: m.created_at,
});

/**
 * The resources a reader may use on `day`: all at once, or by day (a course's day k unlocks the
 * resources of day k; one without a day is open from the start). `ofDay`: those of that day only.
 */
export async function unlockedSources(db: Db | Tx, act: ActivityRow, c: ReadClockConfig, cal: ReadClockCalendar, day: string, ofDay = false) {
  const k = courseDayOf(cal, day);
  const byDay = c.unlock === 'all' ? undefined : ofDay ? or(eq(readClockSources.day_no, k), isNull(readClockSources.day_no)) : or(lte(readClockSources.day_no, k), isNull(readClockSources.day_no));
  return db
    .select({ id: readClockSources.id, day_no: readClockSources.day_no, title: readClockSources.title, type: readClockSources.type, ref_id: readClockSources.ref_id, url: readClockSources.url, content: readClockSources.content, is_required: readClockSources.is_required })
    .from(readClockSources)
    .where(and(eq(readClockSources.act_id, act.id), eq(readClockSources.is_pause, 0), byDay))
    .orderBy(asc(readClockSources.day_no), asc(readClockSources.sort), asc(readClockSources.id));
}

/**
 * A reader's check-in status: today's mark, the derived figures (total days, current and longest
 * streak, make-ups used and left, completion) and the calendar of scheduled days with each day's mark.
 */
export async function checkinStatus(db: Db | Tx, act: ActivityRow, readerId: number, now: number) {
  const { c, cal } = settingsOf(act);
  const today = markDayOf(now);
  // The marks and the make-ups used in one statement (the count with every row); read alone only when there is no mark.
  const usedSql = sql<number>`(select ${activityCounters.value} from ${activityCounters} where ${and(eq(activityCounters.org_id, act.org_id), eq(activityCounters.act_id, act.id), eq(activityCounters.name, makeupCounter(readerId)))})`;
  const rows = await db
    .select({ mark: readClockMarks, used: usedSql })
    .from(readClockMarks)
    .where(and(eq(readClockMarks.act_id, act.id), eq(readClockMarks.reader_id, readerId), ne(readClockMarks.status, ITEM_REJECTED)))
    .orderBy(asc(readClockMarks.day));
  const marks = rows.map((r) => r.mark);
  const used = rows.length ? rows[0]!.used : (await db.select({ used: usedSql }).from(sql`(select 1) one`))[0]?.used;
  const figures = streakFigures(cal, marks.filter((m) => m.status === 1).map((m) => m.day), today);
  const target = targetDaysOf(cal, c);
  const byDay = new Map(marks.map((m) => [m.day, m]));
  const makeupsUsed = Number(used ?? 0);
  return {
    today,
    scheduled_today: isScheduled(cal, today),
    day_no: runDay(cal, today),
    today_mark: byDay.has(today) ? shownMark(byDay.get(today)!) : null,
    ...figures,
    target_days: target,
    completed: figures.total_days >= target,
    makeups_used: makeupsUsed,
    makeups_left: c.makeup_enabled ? Math.max(0, c.makeup_max - makeupsUsed) : 0,
    settings: {
      schedule: c.schedule,
      weekdays: c.weekdays,
      course_days: c.course_days,
      min_words: c.min_words,
      max_words: c.max_words,
      required_images: c.required_images,
      max_images: c.max_images,
      audio_max_sec: c.audio_max_sec,
      reading_minutes: c.reading_minutes,
      require_book: c.require_book,
      makeup_enabled: c.makeup_enabled,
      makeup_within_days: c.makeup_within_days,
      makeup_cost: c.makeup_cost,
      milestones: c.milestones,
    },
    calendar: scheduledDays(cal).map((day) => {
      const m = byDay.get(day);
      // can_make_up: what a make-up of the day would meet now (the reader app offers 补卡 on those days)
      return { day, status: m ? m.status : null, is_makeup: m ? m.is_makeup : 0, future: day > today, can_make_up: !m && makeupsUsed < c.makeup_max && makeupRefusal(c, cal, today, day) === null };
    }),
  };
}

const refusal = (status: number, message: string, field?: string) => (field ? validationError([{ field, message }]) : new HttpError(status, message));

/** What a mark says, as stored (empty images dropped): the one mapping of the body for every way a mark is written (writeMark, markAtOnce). */
export function markContentOf(body: MarkBody) {
  return {
    content: body.content ?? '',
    images: (body.images ?? []).filter((v): v is string => !!v),
    audio: body.audio ?? '',
    audio_sec: body.audio_sec ?? 0,
    reading_minutes: body.reading_minutes ?? 0,
    book_id: body.book_id ?? null,
  };
}

/**
 * A mark of `day` (today, or a make-up), after the gate: the content rules, the resource (one
 * unlocked of the activity), then the row in one statement against the day's unique key (a second
 * mark of the day, also at the same moment, finds it taken and is refused), and a make-up's count
 * in one conditional statement (a make-up beyond the limit is refused, its mark rolled back).
 */
export async function writeMark(tx: Tx, act: ActivityRow, readerId: number, body: MarkBody | MakeupBody, now: number, makeup: boolean): Promise<MarkRow> {
  const { c, cal } = settingsOf(act);
  const today = markDayOf(now);
  const day = makeup ? (body as MakeupBody).day : today;
  if (makeup) {
    const why = makeupRefusal(c, cal, today, day);
    if (why) throw refusal(422, why, 'day');
  } else if (!isScheduled(cal, day)) throw new HttpError(409, READ_CLOCK_TEXTS.notScheduled);
  const problems = markContentProblems(c, body);
  if (problems.length) throw validationError(problems);
  if (body.resource_id !== undefined) {
    const open = await unlockedSources(tx, act, c, cal, day);
    if (!open.some((s) => s.id === body.resource_id)) throw refusal(422, '打卡资源不存在或尚未解锁', 'resource_id');
  }
  const [row] = await tx
    .insert(readClockMarks)
    .values({
      org_id: act.org_id,
      act_id: act.id,
      reader_id: readerId,
      day,
      resource_id: body.resource_id ?? null,
      ...markContentOf(body),
      is_makeup: makeup ? 1 : 0,
      makeup_reason: makeup ? (body as MakeupBody).makeup_reason : '',
      status: newMarkStatus(c, makeup),
      created_at: now,
      updated_at: now,
    })
    .onConflictDoNothing({ target: [readClockMarks.act_id, readClockMarks.reader_id, readClockMarks.day], where: sql`status <> 2` })
    .returning();
  if (!row) throw makeup ? refusal(409, READ_CLOCK_TEXTS.dayMarked, 'day') : new HttpError(409, READ_CLOCK_TEXTS.alreadyMarked);
  if (makeup && (await bumpCounter(tx, act.org_id, act.id, makeupCounter(readerId), c.makeup_max)) === null) throw new HttpError(409, READ_CLOCK_TEXTS.makeupsUsed);
  return row;
}
