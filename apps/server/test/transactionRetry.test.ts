/**
 * The database layer's one retry of conflicts (issue 20, item 17): a transaction PostgreSQL aborts
 * as a deadlock victim (40P01) or for a serialization failure (40001) is run again from the start,
 * its first run rolled back; other failures are not retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { freshDatabase } from './helpers.js';
import { isRetryableConflict, TRANSACTION_TRIES } from '../src/db/client.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  await database.query('create table retry_probe (id int primary key, n int not null default 0)');
  await database.query('insert into retry_probe (id) values (1), (2)');
});
afterAll(() => database.dispose());

const counts = async () => (await database.query<{ id: number; n: number }>('select id, n from retry_probe order by id')).map((r) => r.n);
/** A real PostgreSQL error with the given SQLSTATE, raised by the server itself. */
const raise = (state: string) => sql.raw(`do $$ begin raise exception 'probe' using errcode = '${state}'; end $$`);

describe('transactions that lose a conflict', () => {
  it('a deadlock or serialization failure is run again, the first run rolled back', async () => {
    for (const state of ['deadlock_detected', 'serialization_failure']) {
      const before = await counts();
      const retried = database.conflicts.retried;
      let runs = 0;
      const answer = await database.db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
        if (runs === 1) await tx.execute(raise(state));
        return 'done';
      });
      expect(answer).toBe('done');
      expect(runs).toBe(2);
      expect(database.conflicts.retried).toBe(retried + 1);
      // The first run's write was rolled back: counted once.
      expect((await counts())[0]).toBe(before[0] + 1);
    }
  });

  it('other failures are not retried, and a conflict that keeps coming is shown after the last try', async () => {
    let runs = 0;
    const unique = database.db.transaction(async (tx) => {
      runs++;
      await tx.execute(sql`insert into retry_probe (id) values (1)`);
    });
    await expect(unique).rejects.toSatisfy((e: unknown) => !isRetryableConflict(e));
    expect(runs).toBe(1);
    runs = 0;
    const always = database.db.transaction(async (tx) => {
      runs++;
      await tx.execute(raise('deadlock_detected'));
    });
    await expect(always).rejects.toSatisfy(isRetryableConflict);
    expect(runs).toBe(TRANSACTION_TRIES);
  });

  // A real deadlock needs two connections: PostgreSQL only (PGlite has one connection, so transactions never meet).
  it.runIf(!!process.env.DATABASE_URL)('PostgreSQL: two transactions locking two rows in opposite orders both succeed', async () => {
    const before = await counts();
    let runs = 0;
    let holding = 0;
    let release!: () => void;
    const bothHold = new Promise<void>((resolve) => (release = resolve));
    const crosswise = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        const run = ++runs;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        // The first runs wait until both hold their first row, so each then waits for the other: a deadlock.
        if (run <= 2) {
          if (++holding === 2) release();
          await bothHold;
        }
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    // PostgreSQL aborted one of them (40P01); it ran again after the other committed.
    expect(runs).toBe(3);
    expect(await counts()).toEqual([before[0] + 2, before[1] + 2]);
  });
});
