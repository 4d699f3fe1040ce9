import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ne } from 'drizzle-orm';
import { dayNumber, ITEM_PENDING, ITEM_REJECTED, markDayOf, round2, scheduledDays, STREAK_BUCKETS, streakBucketOf, streakFigures, targetDaysOf } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { organizations, readClockMarks as M, readers } from '../../db/schema.js';
import { figuresActivity, type ActivityRow } from '../../figures/index.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { settingsOf } from './marks.js';

/**
 * The figures of reading check-in (issue 24, design §9b "Stats"): daily participants, retention
 * (readers marking on day n ÷ day 1), completion rate against the target days, the distribution of
 * current streaks, per unit, and per reader (total days, current and longest streak, make-ups,
 * completed). The streaks are the domain's pure arithmetic over each reader's approved days.
 */
const READ_CLOCK = [8];
const pct = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : null);
const activityOf = (act: ActivityRow) => ({ id: act.id, title: act.title, start_at: act.start_at, end_at: act.end_at });

/** Every reader with a counting mark (not rejected): their days, approved days, make-ups, unit. */
async function readerFigures(db: Db, act: ActivityRow) {
  const { c, cal } = settingsOf(act);
  const today = markDayOf(nowSec());
  const rows = await db
    .select({ reader_id: M.reader_id, day: M.day, status: M.status, is_makeup: M.is_makeup, account: readers.account, real_name: readers.real_name, unit_id: readers.unit_id, unit_name: organizations.name })
    .from(M)
    .innerJoin(readers, eq(readers.id, M.reader_id))
    .leftJoin(organizations, eq(organizations.id, readers.unit_id))
    .where(and(eq(M.act_id, act.id), ne(M.status, ITEM_REJECTED)))
    .orderBy(asc(M.reader_id), asc(M.day));
  const target = targetDaysOf(cal, c);
  const byReader = new Map<number, { account: string; real_name: string; unit_id: number | null; unit_name: string; approved: string[]; marks: number; makeups: number }>();
  for (const r of rows) {
    let x = byReader.get(r.reader_id);
    if (!x) byReader.set(r.reader_id, (x = { account: r.account, real_name: r.real_name, unit_id: r.unit_id, unit_name: r.unit_name ?? '', approved: [], marks: 0, makeups: 0 }));
    x.marks++;
    if (r.is_makeup) x.makeups++;
    if (r.status === 1) x.approved.push(r.day);
  }
  const readersOut = [...byReader.entries()].map(([reader_id, x]) => {
    const f = streakFigures(cal, x.approved, today);
    return { reader_id, account: x.account, real_name: x.real_name, unit_id: x.unit_id, unit_name: x.unit_name, marks: x.marks, makeups: x.makeups, ...f, completed: f.total_days >= target };
  });
  return { rows, readers: readersOut, target, cal, today, c };
}

/** `GET /v1/{org}/mark/{act}/count` (actCountRead). */
async function readClockCount(db: Db, act: ActivityRow) {
  const { rows, readers: rs, target, cal, today } = await readerFigures(db, act);
  const perDay = new Map<string, { readers: Set<number>; makeups: number }>();
  let pending = 0;
  for (const r of rows) {
    let d = perDay.get(r.day);
    if (!d) perDay.set(r.day, (d = { readers: new Set(), makeups: 0 }));
    d.readers.add(r.reader_id);
    if (r.is_makeup) d.makeups++;
    if (r.status === ITEM_PENDING) pending++;
  }
  const upToToday = scheduledDays(cal, today);
  const days = upToToday.map((day) => ({ day, participants: perDay.get(day)?.readers.size ?? 0, makeups: perDay.get(day)?.makeups ?? 0 }));
  const first = days[0]?.participants ?? 0;
  const retention = days.map((d) => ({ day: d.day, label: `第${dayNumber(d.day) - dayNumber(cal.first) + 1}天`, participants: d.participants, rate: pct(d.participants, first) }));
  const buckets = new Map<string, number>(STREAK_BUCKETS.map((b) => [b.label, 0]));
  for (const r of rs) buckets.set(streakBucketOf(r.current_streak), (buckets.get(streakBucketOf(r.current_streak)) ?? 0) + 1);
  const units = new Map<string, { unit_id: number | null; unit_name: string; participants: number; marks: number; completed: number }>();
  for (const r of rs) {
    const key = String(r.unit_id);
    let u = units.get(key);
    if (!u) units.set(key, (u = { unit_id: r.unit_id, unit_name: r.unit_name, participants: 0, marks: 0, completed: 0 }));
    u.participants++;
    u.marks += r.marks;
    if (r.completed) u.completed++;
  }
  const completed = rs.filter((r) => r.completed).length;
  return {
    activity: activityOf(act),
    totals: { participants: rs.length, marks: rows.length, makeups: rows.filter((r) => r.is_makeup).length, pending, target_days: target, completed, completion_rate: pct(completed, rs.length) },
    days,
    retention,
    streaks: [...buckets.entries()].map(([label, n]) => ({ label, readers: n })),
    units: [...units.values()].sort((a, b) => b.participants - a.participants).map((u) => ({ ...u, completion_rate: pct(u.completed, u.participants) })),
  };
}

/** `GET /v1/{org}/mark/{act}/count/readers` (actCountReadRecord): per reader, most days first. */
async function readClockReaderCount(db: Db, act: ActivityRow) {
  const { readers: rs, target } = await readerFigures(db, act);
  rs.sort((a, b) => b.total_days - a.total_days || b.current_streak - a.current_streak || a.account.localeCompare(b.account));
  return { activity: activityOf(act), totals: { readers: rs.length, target_days: target }, readers: rs };
}

export async function readClockFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'org' as const };
  r.get('/v1/:org/mark/:id/count', { config, schema: { params: actParams } }, async (request) => readClockCount(db, await figuresActivity(db, request, request.params.id, READ_CLOCK)));
  r.get('/v1/:org/mark/:id/count/readers', { config, schema: { params: actParams } }, async (request) => readClockReaderCount(db, await figuresActivity(db, request, request.params.id, READ_CLOCK)));
}
