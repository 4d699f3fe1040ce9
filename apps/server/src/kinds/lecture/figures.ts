import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { activityStateOf, LECTURE_MEDIA_TYPES, round2, type LectureMediaType } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { lectureLearners as L, lectureProgress as P, organizations, readers } from '../../db/schema.js';
import { figuresActivity, noGapDays, perDayCounts, type ActivityRow } from '../../figures/index.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { itemsOf, LECTURE_TYPE } from './progress.js';

const pct = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : null);
const hours = (sec: number) => round2(sec / 3600);
/** An item's watched share of a progress row, 0–1 (a document or a link: 1 once opened). */
const shareOf = (duration: number) => (duration > 0 ? sql<number>`least(${P.watched_sec} / ${duration}, 1)` : sql<number>`1`);

/**
 * `GET /v1/{org}/lecture/{act}/count` (actCountLecture, design §11b): plays, learners, completions,
 * completion rate, mean watched share (of every item, per learner), learning hours; per day (new
 * learners, completions), per item in the lecture's order (the drop-off) and per unit. Read from
 * the progress rows (one per reader and item, however many heartbeats made them), grouped in SQL.
 */
async function lectureCount(db: Db, act: ActivityRow) {
  const items = await itemsOf(db, act.id);
  const ofAct = eq(P.act_id, act.id);
  const [perItem, [learners], units, unitHours, joined, done] = await Promise.all([
    db
      .select({
        item_id: P.item_id,
        learners: count(),
        plays: sql<number>`sum(${P.play_count})::int`,
        finished: sql<number>`count(*) filter (where ${P.finished} = 1)::int`,
        watched: sql<number>`sum(case ${sql.join([sql`when ${P.item_id} = 0 then 0`, ...items.map((i) => sql`when ${P.item_id} = ${i.id} then ${shareOf(i.duration_sec)}`)], sql` `)} else 0 end)::float`,
        real_sec: sql<number>`sum(${P.real_sec})::float`,
      })
      .from(P)
      .where(ofAct)
      .groupBy(P.item_id),
    db.select({ n: count(), finished: sql<number>`count(*) filter (where ${L.finished} = 1)::int` }).from(L).where(eq(L.act_id, act.id)),
    db
      .select({ unit_id: readers.unit_id, unit_name: organizations.name, learners: count(), completions: sql<number>`count(*) filter (where ${L.finished} = 1)::int` })
      .from(L)
      .innerJoin(readers, eq(readers.id, L.reader_id))
      .leftJoin(organizations, eq(organizations.id, readers.unit_id))
      .where(eq(L.act_id, act.id))
      .groupBy(readers.unit_id, organizations.name),
    db
      .select({ unit_id: readers.unit_id, real_sec: sql<number>`sum(${P.real_sec})::float` })
      .from(P)
      .innerJoin(readers, eq(readers.id, P.reader_id))
      .where(ofAct)
      .groupBy(readers.unit_id),
    perDayCounts(db, { table: L, at: L.created_at, where: eq(L.act_id, act.id), columns: { learners: count() } }),
    perDayCounts(db, { table: L, at: L.finished_at, where: and(eq(L.act_id, act.id), isNotNull(L.finished_at)), columns: { completions: count() } }),
  ]);
  const byItem = new Map(perItem.map((r) => [r.item_id, r]));
  const first = items.length ? Number(byItem.get(items[0].id)?.learners ?? 0) : 0;
  const itemRows = items.map((i) => {
    const r = byItem.get(i.id);
    const n = Number(r?.learners ?? 0);
    return {
      id: i.id,
      title: i.title,
      media_label: LECTURE_MEDIA_TYPES[i.media_type as LectureMediaType] ?? i.media_type,
      plays: Number(r?.plays ?? 0),
      learners: n,
      finished: Number(r?.finished ?? 0),
      mean_watched_pct: pct(Number(r?.watched ?? 0), n),
      retention: pct(Number(r?.finished ?? 0), first),
    };
  });
  const totalWatched = perItem.reduce((s, r) => s + Number(r.watched), 0);
  const totalReal = perItem.reduce((s, r) => s + Number(r.real_sec), 0);
  const n = Number(learners?.n ?? 0);
  const completions = Number(learners?.finished ?? 0);
  const perDay = new Map<string, { day: string; learners: number; completions: number }>();
  for (const d of joined) perDay.set(d.day, { day: d.day, learners: Number(d.learners), completions: 0 });
  for (const d of done) perDay.set(d.day, { day: d.day, learners: perDay.get(d.day)?.learners ?? 0, completions: Number(d.completions) });
  const hoursOf = new Map(unitHours.map((u) => [u.unit_id, Number(u.real_sec)]));
  return {
    activity: { id: act.id, title: act.title, start_at: act.start_at, end_at: act.end_at, items: items.length },
    totals: {
      plays: itemRows.reduce((s, r) => s + r.plays, 0),
      learners: n,
      completions,
      completion_rate: pct(completions, n),
      mean_watched_pct: items.length ? pct(totalWatched, n * items.length) : null,
      learn_hours: hours(totalReal),
    },
    days: noGapDays([...perDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1)), { learners: 0, completions: 0 }, activityStateOf(act, nowSec()) === 2),
    items: itemRows,
    units: units
      .map((u) => ({ unit_id: u.unit_id, unit_name: u.unit_name ?? '', learners: Number(u.learners), completions: Number(u.completions), completion_rate: pct(Number(u.completions), Number(u.learners)), learn_hours: hours(hoursOf.get(u.unit_id) ?? 0) }))
      .sort((a, b) => b.learners - a.learners),
  };
}

/** Its figures' route: `GET /v1/{org}/lecture/{id}/count` (page actCountLecture). */
export async function lectureFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.withTypeProvider<ZodTypeProvider>().get('/v1/:org/lecture/:id/count', { config: { access: 'org' }, schema: { params: actParams } }, async (request) =>
    lectureCount(db, await figuresActivity(db, request, request.params.id, [LECTURE_TYPE])),
  );
}
