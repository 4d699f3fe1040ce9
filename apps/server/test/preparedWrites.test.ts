/**
 * Long writes are prepared once per connection on PostgreSQL (db/client.ts, preparedName): a
 * one-statement reader write's parsing and planning was most of its database time. What is named,
 * on the connection that sent it, is read from `pg_prepared_statements` inside one transaction
 * (one connection): a long write with parameters is prepared at its third call and reused after (prepared
 * again under a new name at its 16th, 128th and 1024th call, so that its plan fits the tables as they grew); a
 * read as long, a short write and a write without parameters are not; and a connection prepares
 * at most 100; a connection is kept after an error PostgreSQL answered (its prepared statements with it); close()
 * answers once every connection has closed. PGlite has no named statements (one in-process connection that
 * parses every statement): those run where CI runs the suite on PostgreSQL; a read by key built once runs on both.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rowsOf } from '../src/db/rows.js';
import { keyedExecute, keyedRead, openDatabase } from '../src/db/client.js';
import { jobs, readers } from '../src/db/schema.js';
import { freshDatabase, freshPostgresUrl } from './helpers.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.dispose());

describe.runIf(process.env.DATABASE_URL)('long writes prepared once per connection (PostgreSQL)', () => {
  it('names a long write with parameters at its third call, reuses it, and leaves reads, short writes and parameterless writes unnamed', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const padded = sql.raw('x'.repeat(1_000));
      const names = async () => rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements`)).map((r) => r.statement);
      const write = () => tx.execute(sql`with w as (update readers set last_login_at = last_login_at where id = ${-1} returning id) select count(*) /* ${padded} */ from w`);
      await write();
      await write();
      const afterTwo = await names();
      for (let k = 0; k < 3; k++) {
        await write();
        await tx.execute(sql`select count(*) /* ${padded} */ from readers where id = ${-1}`);
        await tx.execute(sql`update readers set last_login_at = last_login_at where id = ${-1}`);
        await tx.execute(sql`update readers set last_login_at = last_login_at /* ${padded} */ where id = -1`);
      }
      return { afterTwo, after: await names() };
    });
    expect(seen.afterTwo).toEqual([]);
    expect(seen.after).toHaveLength(1);
    expect(seen.after[0]).toMatch(/^with w as \(update readers/);
  });

  it('prepares a long write again under a new name at its 16th and 128th call, the old name dropped (a plan made on nearly empty tables is not kept)', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const names = async () => rowsOf<{ name: string }>(await tx.execute(sql`select name from pg_prepared_statements where statement like '%yyyy%'`)).map((r) => r.name);
      const write = () => tx.execute(sql`with w as (update readers set last_login_at = last_login_at where id = ${-1} returning id) select count(*) /* ${sql.raw('y'.repeat(1_000))} */ from w`);
      const after: Record<number, string[]> = {};
      // Prepared at the third call: its 1st as prepared; its 16th and 128th as prepared are the 18th and the 130th.
      for (let call = 1; call <= 131; call++) {
        await write();
        if ([17, 18, 129, 130, 131].includes(call)) after[call] = await names();
      }
      return after;
    });
    const first = seen[17];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatch(/^w[\w-]{27}$/);
    expect(seen[18]).toEqual([`${first[0]}.1`]);
    expect(seen[129]).toEqual([`${first[0]}.1`]);
    expect(seen[130]).toEqual([`${first[0]}.2`]);
    expect(seen[131]).toEqual([`${first[0]}.2`]);
  });

  const byAccount = keyedRead((db) => db.select({ id: readers.id }).from(readers).where(eq(readers.account, sql.placeholder('account'))));
  const byId = keyedRead((db) => db.select({ id: readers.id }).from(readers).where(eq(readers.id, sql.placeholder('id'))));

  it('prepares a read by key again under a new name at its 16th call, the old name dropped', async () => {
    const seen = await database.db.transaction(async (tx) => {
      const names = async () => rowsOf<{ name: string }>(await tx.execute(sql`select name from pg_prepared_statements where statement like '%"readers"."account" = $1%'`)).map((r) => r.name);
      const after: string[][] = [];
      for (let call = 1; call <= 16; call++) {
        await byAccount(tx, { account: `nobody-${call}` });
        if (call >= 15) after.push(await names());
      }
      return after;
    });
    expect(seen[0]).toHaveLength(1);
    expect(seen[0][0]).toMatch(/^k[\w-]{27}$/);
    expect(seen[1]).toEqual([`${seen[0][0]}.1`]);
  });

  it('prepares at most 100 statements on a connection, and still runs the others', async () => {
    const { prepared, ran } = await database.db.transaction(async (tx) => {
      let ran = 0;
      for (let k = 0; k < 120; k++) {
        for (let call = 0; call < 3; call++) await tx.execute(sql`update readers set last_login_at = last_login_at where id = ${-k} /* ${sql.raw(`${k} ${'x'.repeat(1_000)}`)} */`);
        ran++;
      }
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int n from pg_prepared_statements`));
      return { prepared: row.n, ran };
    });
    expect(ran).toBe(120);
    expect(prepared).toBe(100);
  });

  it('prepares a read by key (keyedRead, keyedExecute) at its first call under its text\'s hash, once per text, whatever the values', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (const id of [-1, -2, -3]) {
        await byId(tx, { id });
        await keyedExecute(tx, sql`select count(*) from readers where id = ${id}`);
      }
      return rowsOf<{ name: string; statement: string }>(await tx.execute(sql`select name, statement from pg_prepared_statements where name like 'k%' and statement like '%readers%' and statement not like '%account%' order by statement`));
    });
    expect(statements.map((s) => s.statement)).toEqual(['select "id" from "readers" where "readers"."id" = $1', 'select count(*) from readers where id = $1']);
    for (const s of statements) expect(s.name).toMatch(/^k[\w-]{27}$/);
  });

  it('keeps a connection after an error PostgreSQL answered (a one-statement write undoing itself), with its prepared statements', async () => {
    const backend = async () =>
      rowsOf<{ pid: number; named: number }>(
        await database.db.execute(sql`select pg_backend_pid() as pid, (select count(*)::int from pg_prepared_statements) as named`),
      )[0];
    // A long write named on the connection (its third call; unless the connection holds its 100 already), one connection at a time.
    for (let k = 0; k < 3; k++) await database.db.execute(sql`with kept as (update readers set last_login_at = last_login_at where id = ${-1} returning id) select count(*) /* ${sql.raw('x'.repeat(1_000))} */ from kept`);
    const before = await backend();
    expect(before.named).toBeGreaterThan(0);
    // An error PostgreSQL answers outside a transaction (as a one-statement write's undo raises a unique violation).
    const violation = () => database.db.execute(sql`with a as (select 1 union all select 1) select 1 / 0 from a`);
    for (let k = 0; k < 3; k++) await expect(violation()).rejects.toThrow();
    // The pool hands out its most recently released connection: the same one, its named write still there.
    expect(await backend()).toEqual(before);
  });

  it('closes every connection before close() answers, so that the database can be dropped at once without an error', async () => {
    const copy = await freshPostgresUrl();
    const other = await openDatabase({ databaseUrl: copy.url });
    await Promise.all(Array.from({ length: 5 }, () => other.query('select pg_sleep(0.02)')));
    const name = new URL(copy.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const lost = vi.spyOn(console, 'warn');
    try {
      await other.close();
      // At once: a connection still closing would be terminated by the drop, an idle connection lost.
      await admin.query(`drop database "${name}" with (force)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lost.mock.calls.filter(([m]) => String(m).startsWith('database: idle connection lost'))).toEqual([]);
    } finally {
      lost.mockRestore();
      await admin.end();
    }
  });
});

/** On either database: drizzle's select of a read by key is built once, then prepared on the database's session and each transaction's. */
describe('reads by key (keyedRead)', () => {
  it('builds a read by key once, for the database and every transaction, each call answering its own values', async () => {
    const [a, b] = rowsOf<{ id: number; kind: string }>(await database.db.execute(sql`insert into jobs (kind, run_at) values ('read-a', 0), ('read-b', 0) returning id, kind`));
    let built = 0;
    const kindOf = keyedRead((db) => (built++, db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.id, sql.placeholder('id')))));
    expect(await kindOf(database.db, { id: a!.id })).toEqual([{ kind: 'read-a' }]);
    expect(await kindOf(database.db, { id: b!.id })).toEqual([{ kind: 'read-b' }]);
    expect(await kindOf(database.db, { id: -1 })).toEqual([]);
    expect(built).toBe(1);
    for (let k = 0; k < 2; k++) {
      await database.db.transaction(async (tx) => {
        expect(await kindOf(tx, { id: b!.id })).toEqual([{ kind: 'read-b' }]);
        expect(await kindOf(tx, { id: a!.id })).toEqual([{ kind: 'read-a' }]);
      });
    }
    expect(built).toBe(1);
    // A join's rows as drizzle maps them, in a transaction that did not build it: a left join's missing side null.
    const other = alias(jobs, 'other');
    const withOther = keyedRead((db) =>
      (built++, db.select({ job: { kind: jobs.kind }, other: { kind: other.kind } }).from(jobs).leftJoin(other, eq(other.id, sql.placeholder('other'))).where(eq(jobs.id, sql.placeholder('id')))),
    );
    expect(await withOther(database.db, { id: a!.id, other: b!.id })).toEqual([{ job: { kind: 'read-a' }, other: { kind: 'read-b' } }]);
    await database.db.transaction(async (tx) => {
      expect(await withOther(tx, { id: b!.id, other: a!.id })).toEqual([{ job: { kind: 'read-b' }, other: { kind: 'read-a' } }]);
      expect(await withOther(tx, { id: a!.id, other: -1 })).toEqual([{ job: { kind: 'read-a' }, other: null }]);
    });
    expect(built).toBe(2);
    await database.db.execute(sql`delete from jobs where id in (${a!.id}, ${b!.id})`);
  });
});
