import { inArray, type SQL } from 'drizzle-orm';
import { sql } from './sql.js';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { rowsOf } from './rows.js';

/**
 * A counter many writers move at once, kept off its owner's row (issue 22, issue 25): a write adds
 * to one of `shards` rows of a shards table (owner, shard, counter columns) instead of the owner's
 * one row, so writers commit side by side; the count is the owner's column plus its shards, and a
 * sweep (`fold`, on `jobs/sweep.ts`) moves the shards into the owner's column keeping the sum.
 * The activities' joins (participation/joinCount.ts) and the reading cases' views and downloads
 * (resources/families/cases.ts) are counted so.
 */
export interface ShardedCountDef {
  /** The owner's table, its id and the column the count is folded into. */
  owner: { table: PgTable; id: AnyPgColumn; count: AnyPgColumn };
  /** The shards table, its owner and shard columns (the primary key; the writer picks the shard) and this counter's column. */
  shards: { table: PgTable; owner: AnyPgColumn; shard: AnyPgColumn; n: AnyPgColumn };
}

const name = (column: AnyPgColumn) => sql.identifier(column.name);

export function shardedCount(def: ShardedCountDef) {
  const { owner, shards } = def;
  /** The count in the shards of `ownerId` (a value or a column of an outer query), as SQL. */
  const shardSum = (ownerId: number | SQL): SQL =>
    sql`coalesce((select sum(${shards.n}) from ${shards.table} where ${shards.owner} = ${ownerId}), 0)::int`;
  /** What the shards of `ids` add to their owners' columns (owners with nothing left out). */
  async function extra(db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: shards.owner, n: sql<number>`sum(${shards.n})::int` })
      .from(shards.table)
      .where(inArray(shards.owner, [...ids]))
      .groupBy(shards.owner);
    return new Map(rows.filter((r) => Number(r.n) !== 0).map((r) => [Number(r.id), Number(r.n)]));
  }
  return {
    shardSum,
    /** The whole count of the owner row being selected (its column and its shards), as SQL. */
    totalColumn: (): SQL<number> => sql<number>`(${owner.count} + ${shardSum(sql`${owner.id}`)})`.mapWith(Number),
    /**
     * Adds 1 to the shard `shard` (SQL, e.g. `random()`-picked or a reader's id modulo) of each owner
     * `select` returns (a statement's `select <owner id> from …`), as an insert that may be a common
     * table expression: `returning` names what it answers.
     */
    add: (select: SQL, returning: SQL = sql`1 as one`): SQL => sql`insert into ${shards.table} (${name(shards.owner)}, ${name(shards.shard)}, ${name(shards.n)})
        ${select}
        on conflict (${name(shards.owner)}, ${name(shards.shard)}) do update set ${name(shards.n)} = ${shards.table}.${name(shards.n)} + 1
        returning ${returning}`,
    /** The whole counts of `ids` (an owner without shards has its column's). */
    async totals(db: Db | Tx, ids: readonly number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: owner.id, n: sql<number>`${owner.count} + ${shardSum(sql`${owner.id}`)}` })
        .from(owner.table)
        .where(inArray(owner.id, [...ids]));
      return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    },
    /** What the shards of `ids` add to their owners' columns (owners with nothing left out). */
    extra,
    /** Rows of owners with `field` their whole count (rows without a number there are left as they are). */
    async withTotals<T extends { id?: unknown }>(db: Db | Tx, rows: T[], field: string): Promise<T[]> {
      const added = await extra(db, rows.filter((r) => typeof (r as Record<string, unknown>)[field] === 'number').map((r) => Number(r.id)));
      if (!added.size) return rows;
      return rows.map((r) => {
        const more = added.get(Number(r.id));
        return more ? { ...r, [field]: Number((r as Record<string, unknown>)[field]) + more } : r;
      });
    },
    /**
     * Fold every owner's shards into its column, keeping the sum, in one statement: the shards read
     * are locked (`for update`), lowered by what was read and added to their owner's row. Answers
     * how many owners changed.
     */
    async fold(db: Db): Promise<number> {
      const rows = rowsOf<{ id: number }>(
        await db.execute(sql`
          with taken as (
            select ${name(shards.owner)} as owner, ${name(shards.shard)} as shard, ${name(shards.n)} as n from ${shards.table}
            where ${name(shards.n)} <> 0 order by 1, 2 for update
          ),
          lowered as (
            update ${shards.table} s set ${name(shards.n)} = s.${name(shards.n)} - taken.n from taken
            where s.${name(shards.owner)} = taken.owner and s.${name(shards.shard)} = taken.shard
            returning taken.owner, taken.n
          )
          update ${owner.table} o set ${name(owner.count)} = o.${name(owner.count)} + f.n
          from (select owner, sum(n)::int as n from lowered group by owner) f
          where o.${name(owner.id)} = f.owner
          returning o.${name(owner.id)} as id`),
      );
      return rows.length;
    },
  };
}

export type ShardedCount = ReturnType<typeof shardedCount>;
