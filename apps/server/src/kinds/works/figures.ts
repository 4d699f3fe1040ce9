import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, countDistinct, eq, notInArray, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { activityStateOf, idParam, WORK_PASSED_STATUSES, type WorkCount, type WorkCountPart, type WorkConfig } from '@huodong/domain';
import type { Db } from '../../db/client.js';
import { works } from '../../db/schema.js';
import { countBy, figuresActivity, perDaySeries, todayOf } from '../../figures/index.js';
import { WORK_TYPES, workConfigOf, type ActivityRow } from './workService.js';
import { worksPathPrefix } from './family.js';
import { nowSec } from '../../participation/clock.js';

const passedSql = sql.raw(WORK_PASSED_STATUSES.map((s) => `'${s}'`).join(','));
const passedCount = sql<number>`count(*) filter (where ${works.status} in (${passedSql}))`.mapWith(Number);
const unitOf = sql<string>`coalesce(trim(${works.author}->>'unit'), '')`;

/**
 * The figures of a works activity (design activities §2 "Stats"): works per status, readers who
 * submitted, the approval rate, submissions per China-time day (no gaps), per creation type, per
 * group and per author unit. Only the activity's own works (its organisation's rows, not deleted).
 */
export async function workCount(db: Db, act: ActivityRow): Promise<WorkCount> {
  const { config } = workConfigOf(act);
  const ofAct = and(eq(works.org_id, act.org_id), eq(works.act_id, act.id), eq(works.is_delete, 0));
  // Submitted: neither a draft nor withdrawn.
  const submitted = and(ofAct, notInArray(works.status, ['draft', 'withdrawn'])) as SQL;
  const running = activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec()) === 2;
  const [statuses, [readers], days, byType, byGroup, byUnit] = await Promise.all([
    countBy(db, { table: works, by: works.status, where: ofAct }),
    db.select({ n: countDistinct(works.reader_id) }).from(works).where(submitted),
    perDaySeries(db, { table: works, at: works.submitted_at, where: and(submitted, sql`${works.submitted_at} is not null`), key: 'works', running }),
    db.select({ id: works.creation_type_id, works: count(), passed: passedCount }).from(works).where(submitted).groupBy(works.creation_type_id),
    db.select({ id: works.group_id, works: count(), passed: passedCount }).from(works).where(submitted).groupBy(works.group_id),
    db.select({ name: unitOf, works: count(), passed: passedCount }).from(works).where(submitted).groupBy(unitOf).orderBy(sql`count(*) desc`, unitOf),
  ]);
  const by_status = Object.fromEntries(statuses.map((s) => [s.value, s.n])) as WorkCount['totals']['by_status'];
  const n = (s: string) => (by_status as Record<string, number>)[s] ?? 0;
  const passed = WORK_PASSED_STATUSES.reduce((sum, s) => sum + n(s), 0);
  const rejected = n('rejected');
  const decided = passed + rejected;
  return {
    activity: { id: act.id, title: act.title, type: act.type, act_state: activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec()) },
    totals: {
      submitted: statuses.filter((s) => s.value !== 'draft' && s.value !== 'withdrawn').reduce((sum, s) => sum + s.n, 0),
      by_status,
      passed,
      rejected,
      pending: n('submitted'),
      readers: readers.n,
      approval_rate: decided ? Math.round((passed * 10000) / decided) / 100 : null,
      today: todayOf(days, 'works'),
    },
    days,
    by_type: parts(config.creation_types, byType),
    by_group: parts(config.groups, byGroup),
    by_unit: byUnit.map((u) => ({ id: null, name: u.name, works: u.works, passed: u.passed })),
  };
}

/** Every configured type or group in its order (0 when it has no works), then works of a removed one or without a group. */
function parts(named: WorkConfig['groups'] | WorkConfig['creation_types'], rows: { id: number | null; works: number; passed: number }[]): WorkCountPart[] {
  const got = new Map(rows.map((r) => [r.id, r]));
  const listed: WorkCountPart[] = named.map((x) => ({ id: x.id, name: x.name, works: got.get(x.id)?.works ?? 0, passed: got.get(x.id)?.passed ?? 0 }));
  for (const r of rows) if (!named.some((x) => x.id === r.id)) listed.push({ id: r.id, name: '', works: r.works, passed: r.passed });
  return listed;
}

/** Its figures' routes: `GET /v1/{org}/original/{act}/count` and `/originalmix/{act}/count` (the works count pages). */
export async function worksFiguresRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const params = z.object({ org: z.string(), act: idParam });
  for (const type of WORK_TYPES)
    r.get(`${worksPathPrefix(type)}/:act/count`, { config: { access: 'org' }, schema: { params } }, async (request) =>
      workCount(db, await figuresActivity(db, request, request.params.act, [type])),
    );
}
