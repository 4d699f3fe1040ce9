import { and, eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { Tx } from '../db/client.js';
import { activityCounters } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';

/**
 * One counter step in one statement: `insert … on conflict do update set value = value + 1
 * [where value < max] returning value`. Concurrent callers queue on the row, and the `where` is
 * evaluated on the newest value, so a limit is never exceeded and a number never given twice.
 * Null: the limit was reached.
 */
export async function bumpCounter(tx: Tx, orgId: number, actId: number, name: string, max: number | null = null): Promise<number | null> {
  const [row] = rowsOf<{ value: number | string }>(await tx.execute(counterStep(orgId, actId, name, max)));
  return row ? Number(row.value) : null;
}

/**
 * `bumpCounter`'s statement, also for a part of a larger one (a common table expression: no row
 * when the limit was reached). `when`: a condition over the larger statement's other parts (e.g.
 * the gate of a write made in one statement, issue 22): false, the counter is not touched.
 */
export function counterStep(orgId: number, actId: number, name: string, max: number | null = null, when?: SQL): SQL {
  return sql`insert into ${activityCounters} (org_id, act_id, name, value)
    select ${orgId}::int, ${actId}::int, ${name}::varchar, 1${when ? sql` where ${when}` : sql``}
    on conflict (org_id, act_id, name) do update set value = ${activityCounters}.value + 1${max === null ? sql`` : sql` where ${activityCounters}.value < ${max}::int`}
    returning value`;
}

export async function dropCounter(tx: Tx, orgId: number, actId: number, name: string): Promise<void> {
  await tx
    .update(activityCounters)
    .set({ value: sql`greatest(${activityCounters.value} - 1, 0)` })
    .where(and(eq(activityCounters.org_id, orgId), eq(activityCounters.act_id, actId), eq(activityCounters.name, name)));
}
