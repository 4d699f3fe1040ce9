import type { FastifyInstance } from 'fastify';
import { getTableColumns, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { Db, Tx } from '../db/client.js';
import { activities, activityJoinShards } from '../db/schema.js';
import { shardedCount } from '../db/shardedCount.js';
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

/** The join count as a sharded count (db/shardedCount.ts). */
const joins = shardedCount({
  owner: { table: activities, id: activities.id, count: activities.join_num },
  shards: { table: activityJoinShards, owner: activityJoinShards.act_id, shard: activityJoinShards.shard, n: activityJoinShards.n },
});

/** The joins counted in the shards of `actId` (a value or a column of an outer query), as SQL. */
export const shardSumSql = joins.shardSum;

/** An activity's join count as SQL: its row's `join_num` and its shards. */
export const joinNumSql = (actId: number): SQL => sql`((select ${activities.join_num} from ${activities} where ${activities.id} = ${actId}) + ${shardSumSql(actId)})`;

/**
 * A first join's count as common table expressions after `from` (a relation with one row when
 * the reader's join row was written): `join_limited` counts it on the activity's row when it has a
 * limit and a place is left, `join_shard` on the reader's shard when it has none, and the select
 * list `counted` is the count after it (null: the activity is full), `join_counted`'s. `capped` false (a kind whose
 * `person_limit` is its seats, `joinsCapped`): counted on the shard whatever the limit.
 */
export function countJoinParts(actId: number, readerId: number | SQL, from: SQL, capped = true): { parts: SQL; counted: SQL } {
  // The reader's shard; a reader as SQL (a token checked in the statement) has it computed there.
  const shard = typeof readerId === 'number' ? sql`${readerId % JOIN_SHARDS}::smallint` : sql`(${readerId} % ${JOIN_SHARDS})::smallint`;
  return {
    parts: sql`join_limited as (
        update ${activities} set join_num = ${activities.join_num} + 1
        where ${sql.raw(String(capped))} and ${activities.id} = ${actId} and exists (select 1 from ${from}) and ${activities.person_limit} > 0
          and ${activities.join_num} + ${shardSumSql(actId)} < ${activities.person_limit}
        returning ${activities.join_num} + ${shardSumSql(actId)} as join_num
      ),
      join_shard as (
        ${joins.add(sql`select ${actId}::int, ${shard}, 1 from ${activities}
        where ${activities.id} = ${actId} and (${activities.person_limit} = 0 or not ${sql.raw(String(capped))}) and exists (select 1 from ${from})`)}
      ),
      join_counted as (select coalesce((select join_num from join_limited), (select ${joinNumSql(actId)} + 1 from join_shard)) as n)`,
    // Without a limit the count is the one before this statement plus this join: joins alongside are
    // not waited for. Read once however often the statement names it (its condition and its answer).
    counted: sql`(select n from join_counted)`,
  };
}

/** Every column of an activity, `join_num` the whole count: `db.select(activityWithJoinCount).from(activities)`. */
export const activityWithJoinCount = { ...getTableColumns(activities), join_num: joins.totalColumn() };

/** The join counts of `ids` (those without joins are left out). */
export const joinTotals = (db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> => joins.totals(db, ids);

/** Rows of activities with `join_num` the whole count (their own column and their shards). */
export const withJoinTotals = <T extends { id?: unknown; join_num?: unknown }>(db: Db | Tx, rows: T[]): Promise<T[]> => joins.withTotals(db, rows, 'join_num');

/** Fold every activity's shards into its `join_num`, keeping the sum, in one statement (answers how many changed). */
export const foldJoinShards = (db: Db): Promise<number> => joins.fold(db);

export const JOIN_FOLD_JOB = 'activities.joinFold';

/** The fold every two minutes on the app's runner. */
export const defineJoinFoldJob = (app: FastifyInstance): void => defineSweep(app, JOIN_FOLD_JOB, 120, () => foldJoinShards(app.database.db));
