import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { activityCounters } from '../db/schema.js';

/**
 * One counter step in one statement: `insert … on conflict do update set value = value + 1
 * [where value < max] returning value`. Concurrent callers queue on the row, and the `where` is
 * evaluated on the newest value, so a limit is never exceeded and a number never given twice.
 * Null: the limit was reached.
 */
export async function bumpCounter(tx: Tx, orgId: number, actId: number, name: string, max: number | null = null): Promise<number | null> {
  const [row] = await counterStep(tx, orgId, actId, name, max);
  return row?.value ?? null;
}

/** `bumpCounter`'s statement, also for a part of a larger one (a common table expression: no row when the limit was reached). */
export function counterStep(tx: Tx, orgId: number, actId: number, name: string, max: number | null = null) {
  return tx
    .insert(activityCounters)
    .values({ org_id: orgId, act_id: actId, name, value: 1 })
    .onConflictDoUpdate({
      target: [activityCounters.org_id, activityCounters.act_id, activityCounters.name],
      set: { value: sql`activity_counters.value + 1` },
      setWhere: max === null ? undefined : sql`activity_counters.value < ${max}`,
    })
    .returning({ value: activityCounters.value });
}

export async function dropCounter(tx: Tx, orgId: number, actId: number, name: string): Promise<void> {
  await tx
    .update(activityCounters)
    .set({ value: sql`greatest(${activityCounters.value} - 1, 0)` })
    .where(and(eq(activityCounters.org_id, orgId), eq(activityCounters.act_id, actId), eq(activityCounters.name, name)));
}
