import type { FastifyInstance } from 'fastify';
import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoinShards } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { defineSweep } from '../jobs/sweep.js';

/**
 * How many readers joined an activity (issue 22). An activity with `person_limit` counts its joins
 * on its own row (`activities.join_num`), in the statement that checks the limit: seats are shared,
 * so those joins wait for each other by nature. Without a limit nothing needs that row: a join adds
 * 1 to one of 16 rows (`activity_join_shards`, `reader_id % 16`), so readers joining at once commit
 * side by side. The count is `join_num` plus the shards; a sweep folds the shards into `join_num`
 * (what lists sort by) every two minutes, keeping the sum.
 */
export const JOIN_SHARDS = 16;

/** The joins counted in the shards of `actId` (a value or a column of an outer query), as SQL. */
export const shardSumSql = (actId: number | SQL): SQL =>
  sql`coalesce((select sum(${activityJoinShards.n}) from ${activityJoinShards} where ${activityJoinShards.act_id} = ${actId}), 0)::int`;

/** An activity's join count as SQL: its row's `join_num` and its shards. */
export const joinNumSql = (actId: number): SQL => sql`((select ${activities.join_num} from ${activities} where ${activities.id} = ${actId}) + ${shardSumSql(actId)})`;

/**
 * A first join's count as common table expressions after `from` (a relation with one row when
 * the reader's join row was written): `join_limited` counts it on the activity's row when it has a
 * limit and a place is left, `join_shard` on the reader's shard when it has none, and the select
 * list `counted` is the count after it (null: the activity is full).
 */
export function countJoinParts(actId: number, readerId: number, from: SQL): { parts: SQL; counted: SQL } {
  return {
    parts: sql`join_limited as (
        update ${activities} set join_num = ${activities.join_num} + 1
        where ${activities.id} = ${actId} and exists (select 1 from ${from}) and ${activities.person_limit} > 0
          and ${activities.join_num} + ${shardSumSql(actId)} < ${activities.person_limit}
        returning ${activities.join_num} + ${shardSumSql(actId)} as join_num
      ),
      join_shard as (
        insert into ${activityJoinShards} (act_id, shard, n)
        select ${actId}::int, ${readerId % JOIN_SHARDS}::smallint, 1 from ${activities}
        where ${activities.id} = ${actId} and ${activities.person_limit} = 0 and exists (select 1 from ${from})
        on conflict (act_id, shard) do update set n = ${activityJoinShards.n} + 1
        returning 1 as one
      )`,
    // Without a limit the count is the one before this statement plus this join: joins alongside are not waited for.
    counted: sql`coalesce((select join_num from join_limited), (select ${joinNumSql(actId)} + 1 from join_shard))`,
  };
}

/** Every column of an activity, `join_num` the whole count: `db.select(activityWithJoinCount).from(activities)`. */
export const activityWithJoinCount = {
  ...getTableColumns(activities),
  join_num: sql<number>`${activities.join_num} + ${shardSumSql(sql`${activities.id}`)}`.mapWith(Number),
};

/** The join counts of `ids` (those without joins are left out). */
export async function joinTotals(db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: activities.id, n: sql<number>`${activities.join_num} + ${shardSumSql(sql`${activities.id}`)}` })
    .from(activities)
    .where(inArray(activities.id, [...ids]));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Rows of activities with `join_num` the whole count (their own column and their shards). */
export async function withJoinTotals<T extends { id?: unknown; join_num?: unknown }>(db: Db | Tx, rows: T[]): Promise<T[]> {
  const ids = rows.filter((r) => typeof r.join_num === 'number').map((r) => Number(r.id));
  const shards = ids.length
    ? await db
        .select({ act_id: activityJoinShards.act_id, n: sql<number>`sum(${activityJoinShards.n})::int` })
        .from(activityJoinShards)
        .where(inArray(activityJoinShards.act_id, ids))
        .groupBy(activityJoinShards.act_id)
    : [];
  if (!shards.length) return rows;
  const extra = new Map(shards.map((s) => [s.act_id, Number(s.n)]));
  return rows.map((r) => (extra.get(Number(r.id)) ? { ...r, join_num: Number(r.join_num) + extra.get(Number(r.id))! } : r));
}

/**
 * Fold every activity's shards into its `join_num`, keeping the sum, in one statement: the shards
 * read are locked (`for update`), lowered by what was read and added to their activity's row.
 * Answers how many activities changed.
 */
export async function foldJoinShards(db: Db): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with taken as (
        select act_id, shard, n from ${activityJoinShards} where n <> 0 order by act_id, shard for update
      ),
      lowered as (
        update ${activityJoinShards} s set n = s.n - taken.n from taken
        where s.act_id = taken.act_id and s.shard = taken.shard
        returning taken.act_id, taken.n
      )
      update ${activities} a set join_num = a.join_num + f.n
      from (select act_id, sum(n)::int as n from lowered group by act_id) f
      where a.id = f.act_id
      returning a.id`),
  );
  return rows.length;
}

export const JOIN_FOLD_JOB = 'activities.joinFold';

/** The fold every two minutes on the app's runner. */
export const defineJoinFoldJob = (app: FastifyInstance): void => defineSweep(app, JOIN_FOLD_JOB, 120, () => foldJoinShards(app.database.db));
