import { eq, inArray, lte } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { Db } from '../db/client.js';
import { rateCounters } from '../db/schema.js';

/**
 * Count one hit on each key and return the counts after it. A key's window starts at its first
 * hit and lasts `windowMs`; a hit after it starts a new one. One INSERT … ON CONFLICT DO UPDATE
 * … RETURNING: PostgreSQL locks each row while counting, so N concurrent hits see N different
 * counts (the check-then-record race of reading first cannot happen). Keys are upserted in the
 * caller's order, the same for every caller, so two statements never wait on each other in a cycle.
 */
export async function countHits(db: Db, keys: readonly string[], windowMs: number): Promise<Map<string, number>> {
  const now = Date.now();
  // Ended windows are deleted, so the table holds only the keys seen within one window. Rows
  // another request holds are skipped: a sweep never waits, so it cannot close a lock cycle.
  const endedRows = db.select({ key: rateCounters.key }).from(rateCounters).where(lte(rateCounters.reset_at, now)).for('update', { skipLocked: true });
  await db.delete(rateCounters).where(inArray(rateCounters.key, endedRows));
  const ended = sql`${rateCounters.reset_at} <= ${now}`;
  const rows = await db
    .insert(rateCounters)
    .values(keys.map((key) => ({ key, n: 1, reset_at: now + windowMs })))
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        n: sql`case when ${ended} then 1 else ${rateCounters.n} + 1 end`,
        reset_at: sql`case when ${ended} then excluded.reset_at else ${rateCounters.reset_at} end`,
      },
    })
    .returning({ key: rateCounters.key, n: rateCounters.n });
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** Take one hit back from a key (an attempt that turned out not to count), never below zero. */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ n: sql`greatest(${rateCounters.n} - 1, 0)` })
    .where(eq(rateCounters.key, key));
}

/** Forget a key's count. */
export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}
