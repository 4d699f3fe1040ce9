import type { FastifyRequest } from 'fastify';
import { GATE } from '@huodong/domain';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { activities, contestFigures, surveyRollups } from '../db/schema.js';
import { chinaDay, chinaDayOf, everyDayOf } from '../db/chinaDay.js';
import { notFound, validationError } from '../http/errors.js';
import { rowsOf } from '../db/rows.js';
import { unitChain } from '../participation/scope.js';
import { orgOf } from '../auth/access.js';
import { nowSec } from '../participation/clock.js';
import { activityWithJoinCount } from '../participation/joinCount.js';
import { staleStatistics } from '../statistics/rollups.js';

/**
 * The server side of figures pages (issue 21 §3): what every count route of an activity reads the
 * same way. A kind's own queries live in its folder (kinds/<kind>/); a new statistics page is a
 * domain declaration (packages/domain/src/figures) plus such a query built from these helpers.
 */

import type { ActivityRow } from '../kinds/kind.js';

export type { ActivityRow };

/** The activity of the path's id: the caller's organisation's, not deleted, of one of `types`; 404 `活动不存在` otherwise. */
export async function figuresActivity(db: Db | Tx, request: FastifyRequest, id: number, types: readonly number[]): Promise<ActivityRow> {
  const [act] = await db.select(activityWithJoinCount).from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), eq(activities.is_delete, 0), inArray(activities.type, [...types])));
  if (!act) throw notFound(GATE.missing.message);
  return act;
}

/**
 * Rows per China-time day of `at` with several counted columns (`count()`, `countDistinct(…)`,
 * filtered counts, averages), ordered by day; days without rows are absent (see `noGapDays`).
 */
export async function perDayCounts<C extends Record<string, SQL<unknown>>>(
  db: Db | Tx,
  from: { table: PgTable; at: PgColumn | SQL; where: SQL | undefined; columns: C },
): Promise<({ day: string } & { [K in keyof C]: C[K] extends SQL<infer T> ? T : never })[]> {
  const day = chinaDay(from.at);
  const rows = await db
    .select({ day, ...(from.columns as Record<string, SQL<unknown>>) })
    .from(from.table)
    .where(from.where)
    .groupBy(day)
    .orderBy(day);
  return rows as ({ day: string } & { [K in keyof C]: C[K] extends SQL<infer T> ? T : never })[];
}

/**
 * Per-day rows (ordered by day) with no gaps, from the first counted day to the last, on to
 * today (China time) while the activity is `running`; `zero` on a day without (db/chinaDay `everyDayOf`).
 */
export function noGapDays<R extends { day: string }>(perDay: readonly R[], zero: Omit<R, 'day'>, running: boolean): R[] {
  return everyDayOf(perDay, zero, chinaDayOf(nowSec()), running);
}

/** Rows counted per China-time day of `at`, with no gaps (`noGapDays`), as `{ day, [key] }`. */
export async function perDaySeries<K extends string>(
  db: Db | Tx,
  from: { table: PgTable; at: PgColumn | SQL; where: SQL | undefined; key: K; running: boolean },
): Promise<({ day: string } & Record<K, number>)[]> {
  const rows = await perDayCounts(db, { ...from, columns: { n: count() } });
  const perDay = rows.map((r) => ({ day: r.day, [from.key]: r.n }) as { day: string } & Record<K, number>);
  return noGapDays(perDay, { [from.key]: 0 } as Omit<{ day: string } & Record<K, number>, 'day'>, from.running);
}

/** The count of a series on today's China-time day (0 without). */
export function todayOf<K extends string>(days: readonly ({ day: string } & Record<K, number>)[], key: K): number {
  const today = chinaDayOf(nowSec());
  return days.find((d) => d.day === today)?.[key] ?? 0;
}

/** Rows counted per value of `by` (a column or an expression), largest first. */
export async function countBy<V>(db: Db | Tx, from: { table: PgTable; by: PgColumn | SQL<V>; where: SQL | undefined }): Promise<{ value: V; n: number }[]> {
  const by = from.by as SQL<V>;
  return db.select({ value: by, n: count() }).from(from.table).where(from.where).groupBy(by).orderBy(sql`count(*) desc`);
}

/**
 * Mark every figures rollup of an organisation for a recount: rows they folded went (a deleted
 * reader takes their responses and contest attempts with them). Rare administrator writes, so no
 * finer bookkeeping.
 */
export async function staleRollupsOfOrg(tx: Db | Tx, orgId: number): Promise<void> {
  await tx.update(surveyRollups).set({ stale: 1 }).where(eq(surveyRollups.org_id, orgId));
  await tx.update(contestFigures).set({ stale: 1 }).where(eq(contestFigures.org_id, orgId));
  await staleStatistics(tx, orgId);
}

export const UNIT_NOT_IN_ORG = '所选单位不属于本机构';

/**
 * A figures page's unit filter (`unit_id`): the unit and every unit below it; null for none or the
 * organisation itself (no narrowing); 422 on `unit_id` outside the organisation's tree.
 */
export async function unitsBelow(db: Db | Tx, orgId: number, unitId: number | undefined): Promise<number[] | null> {
  if (unitId === undefined || unitId === orgId) return null;
  if (!(await unitChain(db, orgId, unitId))) throw validationError([{ field: 'unit_id', message: UNIT_NOT_IN_ORG }]);
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      with recursive below as (
        select id, 0 as depth from organizations where id = ${unitId}
        union
        select o.id, b.depth + 1 from organizations o join below b on o.parent_id = b.id where b.depth < 64
      )
      select id from below`),
  );
  return rows.map((r) => Number(r.id));
}
