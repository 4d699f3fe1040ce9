import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, countDistinct, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { activityStateOf } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { thirdEvents, thirdLaunches } from '../../db/schema.js';
import { figuresActivity, noGapDays, perDayCounts, type ActivityRow } from '../../figures/index.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';
import { THIRD } from './routes.js';

const ofEvent = (event: 'joined' | 'completed' | 'scored') => sql<number>`count(*) filter (where ${thirdEvents.event} = ${sql.raw(`'${event}'`)})`.mapWith(Number);
/** The partner's scores as percents of their maximum, averaged (2 decimals; null without). */
const averageScore = () =>
  sql<number | null>`round(avg(${thirdEvents.score_given} * 100 / nullif(${thirdEvents.score_max}, 0))::numeric, 2)`.mapWith((v) => (v === null ? null : Number(v)));

/**
 * The figures of a third-party activity (type 7, `GET /v1/{org}/third/{id}/count`): launches and
 * unique readers, the partner's events and scores, in total and per China-time day with no gaps
 * (on to today while the activity runs).
 */
export async function thirdCount(db: Db, act: ActivityRow) {
  const running = activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec()) === 2;
  const ofLaunches = eq(thirdLaunches.act_id, act.id);
  const ofEvents = eq(thirdEvents.act_id, act.id);
  const [launches, events, [totals], [partner]] = await Promise.all([
    perDayCounts(db, { table: thirdLaunches, at: thirdLaunches.created_at, where: ofLaunches, columns: { launches: count(), readers: countDistinct(thirdLaunches.reader_id) } }),
    perDayCounts(db, {
      table: thirdEvents,
      at: thirdEvents.occurred_at,
      where: ofEvents,
      columns: { joined: ofEvent('joined'), completed: ofEvent('completed'), scored: ofEvent('scored'), average_score: averageScore() },
    }),
    db.select({ launches: count(), readers: countDistinct(thirdLaunches.reader_id) }).from(thirdLaunches).where(ofLaunches),
    db
      .select({ completed: sql<number>`count(distinct ${thirdEvents.sub}) filter (where ${thirdEvents.event} = 'completed')`.mapWith(Number), average_score: averageScore() })
      .from(thirdEvents)
      .where(ofEvents),
  ]);
  const days = [...new Set([...launches.map((l) => l.day), ...events.map((e) => e.day)])].sort();
  const byDay = days.map((day) => {
    const l = launches.find((x) => x.day === day);
    const e = events.find((x) => x.day === day);
    return { day, launches: l?.launches ?? 0, readers: l?.readers ?? 0, joined: e?.joined ?? 0, completed: e?.completed ?? 0, scored: e?.scored ?? 0, average_score: e?.average_score ?? null };
  });
  return {
    activity: { id: act.id, title: act.title, join_num: act.join_num, view_count: act.view_count },
    totals: { ...totals, joins: act.join_num, views: act.view_count, completed: partner.completed, average_score: partner.average_score },
    days: noGapDays(byDay, { launches: 0, readers: 0, joined: 0, completed: 0, scored: 0, average_score: null }, running),
  };
}

/** Its figures' route: `GET /v1/{org}/third/{id}/count` (page thirdPartyCount). */
export async function thirdFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  app.withTypeProvider<ZodTypeProvider>().get('/v1/:org/third/:id/count', { config: { access: 'org' }, schema: { params: actParams } }, async (request) =>
    thirdCount(db, await figuresActivity(db, request, request.params.id, [THIRD])),
  );
}
