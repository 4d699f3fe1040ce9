import { sql } from './sql.js';
import type { Tx } from './client.js';
import { rowsOf } from './rows.js';

/**
 * A high-water mark over a table's serial ids, for rollups folded by a job (statistics/rollups.ts):
 * rows with `id <= done` are folded. Ids are drawn before their transaction commits, so a row with
 * a lower id may become visible after a higher one. A fold therefore goes up to a `candidate` read
 * from the id sequence at an earlier pass only once the transactions of this database that were
 * running just after that read (`running`, process and start from pg_stat_activity: a transaction
 * may hold an id before it has a transaction id) have all ended; with none running it folds at
 * once. Used by the statistics rollups and the questionnaire's (kinds/survey/rollup.ts).
 */
export interface HighWaterMark {
  done: number;
  candidate: number | null;
  running: string[] | null;
}

/** The ids a sequence handed out so far (0 before the first). */
export const lastIdOf = (sequence: string) => sql`(select case when is_called then last_value else 0 end from ${sql.identifier(sequence)})`;

/** The transactions of this database's other sessions now, each as its process and its start. */
export const RUNNING = sql`(select coalesce(array_agg(pid::text || '@' || xact_start::text), '{}') from pg_stat_activity where datname = current_database() and xact_start is not null and pid <> pg_backend_pid())`;

async function runningNow(tx: Tx): Promise<string[]> {
  // pg_stat_activity is read once per transaction and kept: read it afresh.
  await tx.execute(sql`select pg_stat_clear_snapshot()`);
  const [now] = rowsOf<{ running: string[] }>(await tx.execute(sql`select ${RUNNING} as running`));
  return now.running;
}

/**
 * Advance a mark under the caller's lock: `fold(from, to)` for the ids in (from, to] now safe to
 * fold (a settled candidate, then, with nothing running, every id drawn so far). Answers the new mark.
 */
export async function advanceMark(tx: Tx, sequence: string, mark: HighWaterMark, fold: (from: number, to: number) => Promise<void>): Promise<HighWaterMark> {
  let { done, candidate, running } = mark;
  if (candidate !== null) {
    const now = await runningNow(tx);
    if (!(running ?? []).some((r) => now.includes(r))) {
      if (candidate > done) await fold(done, candidate);
      done = Math.max(done, candidate);
      candidate = null;
      running = null;
    }
  }
  if (candidate === null) {
    // The sequence first, the running transactions after: one holding an id up to `last` is among them.
    const [{ last }] = rowsOf<{ last: string }>(await tx.execute(sql`select ${lastIdOf(sequence)}::text as last`));
    if (Number(last) > done) {
      const now = await runningNow(tx);
      if (now.length === 0) {
        await fold(done, Number(last));
        done = Number(last);
      } else {
        candidate = Number(last);
        running = now;
      }
    }
  }
  return { done, candidate, running };
}
