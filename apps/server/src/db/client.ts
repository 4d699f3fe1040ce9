import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { renderFast } from './render.js';
import { byText } from './byText.js';
import pg from 'pg';
import * as schema from './schema.js';
import { SERVER_ROOT } from '../paths.js';
import { WriteWatch } from './writeWatch.js';

export type Schema = typeof schema;
/** One type for both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PGlite's data directory (absent in memory and for PostgreSQL): readiness checks it still exists. */
  dataDir?: string;
  /** Sees every statement sent, so that remembered reads know when a table changed (db/writeWatch.ts). */
  watch: WriteWatch;
  /** Transactions run again after a deadlock or serialization failure (a lock order to fix when it grows; tests expect none). */
  conflicts: { retried: number };
  /** Run raw SQL (used by readiness checks, tests and benchmarks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** PostgreSQL's answers to a transaction that lost against another: deadlock_detected, serialization_failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);
/** Runs of a transaction before its failure is shown; each retry waits a little longer (with jitter, so the losers spread out). */
export const TRANSACTION_TRIES = 5;

/** A deadlock or serialization failure, also when the driver wraps it (drizzle's DrizzleQueryError keeps it as `cause`). */
export function isRetryableConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE_CODES.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Run a whole transaction again when PostgreSQL aborted it as a deadlock victim or for a
 * serialization failure: the abort rolled everything back, so the rerun starts clean (reader writes
 * are idempotent by request_id besides). Only the outermost transaction is retried.
 */
export async function retryingConflicts<T>(run: () => Promise<T>, tries = TRANSACTION_TRIES, onRetry?: () => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= tries || !isRetryableConflict(err)) throw err;
      onRetry?.();
      await new Promise((resolve) => setTimeout(resolve, attempt * 10 + Math.random() * 40));
    }
  }
}

/** Every `db.transaction(...)` of the application retries conflicts: one place, so no caller shows a 40P01 as a 500. */
function withRetriedTransactions(db: Db, conflicts: { retried: number }): Db {
  const plain = db.transaction.bind(db);
  db.transaction = ((fn, config) => retryingConflicts(() => plain(fn, config), TRANSACTION_TRIES, () => conflicts.retried++)) as Db['transaction'];
  return db;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** Sees every statement the application sends (the benchmarks EXPLAIN what the list runs). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/**
 * How long an idle connection is kept (pg's default is 10 s). Readers come in bursts (an
 * activity's start, a class at its check-in): a connection kept through a lull keeps its prepared
 * long writes (preparedName), so the next burst is not planned again on new connections. Ten
 * connections a node are nothing to PostgreSQL.
 */
const POOL_IDLE_MS = 5 * 60_000;

/**
 * A pool that keeps a connection released after an error PostgreSQL answered (a unique violation
 * undoing a one-statement reader write, a refusal's check): pg-pool's `query` releases its
 * connection with the statement's error, which closes it, and each new one cost a backend's start
 * and every prepared statement planned again (measured: a join refused as full took 3 s at 50 at
 * once, against 0.2 s). Only the release changes (pg-pool's `_release`, which its `query` and every
 * `release(err)` call): a connection that failed otherwise (its socket, a protocol fault, FATAL) is
 * removed as before, as is one no longer queryable.
 */
class KeepingPool extends pg.Pool {
  _release(client: pg.PoolClient, idleListener: unknown, err?: Error): unknown {
    // ERROR ends the statement only; FATAL and PANIC end the connection too.
    const kept = err instanceof pg.DatabaseError && err.severity === 'ERROR' ? undefined : err;
    return (pg.Pool.prototype as unknown as { _release(c: pg.PoolClient, l: unknown, e?: Error): unknown })._release.call(this, client, idleListener, kept);
  }
}

/** Open the database (PostgreSQL when a URL is given, else embedded PGlite) and apply migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const watch = new WriteWatch();
  const conflicts = { retried: 0 };
  if (opts.databaseUrl) {
    const pool = new KeepingPool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: POOL_IDLE_MS, Client: watchedClient(watch) });
    // An idle client dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it and the next query reports any lasting fault.
    pool.on('error', (err) => console.warn(`database: idle connection lost: ${err.message}`));
    // pg-pool's end() answers before its connections have closed: close() waits for them, so that
    // nothing of this pool is left when the caller goes on (a database dropped after, a process exiting).
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
    });
    const logger = opts.onQuery ? { logQuery: opts.onQuery } : false;
    const db = withRetriedTransactions(drizzlePg(pool, { schema, logger }) as unknown as Db, conflicts);
    renderFast(db);
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      driver: 'postgres',
      watch,
      conflicts,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: async () => {
        const closing = [...open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())));
        await pool.end();
        await Promise.all(closing);
      },
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await client.waitReady;
  // PGlite runs one statement at a time, so seeing a statement as it is sent is enough: no read
  // can run between a write and its end (PostgreSQL: see watchedClient).
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      watch.observe(query);
      opts.onQuery?.(query, params);
    },
  };
  const db = withRetriedTransactions(drizzlePglite(client, { schema, logger }) as unknown as Db, conflicts);
  renderFast(db);
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    driver: 'pglite',
    dataDir: opts.dataDir,
    watch,
    conflicts,
    query: async (text, params) => {
      watch.observe(text);
      return (await client.query(text, params as unknown[])).rows as never;
    },
    close: () => client.close(),
  };
}

/** Statements as long as this are worth preparing (a one-statement reader write: planning took 1–2 ms). */
const PREPARED_MIN_LENGTH = 400;
/** A statement is prepared on its third call on a connection: a write made once (a seed's, an import's) is not. */
const PREPARED_AFTER_CALLS = 3;
/** At most so many prepared per connection: each holds its plan in the server's memory (the pool closes idle connections, and their statements with them). */
const PREPARED_PER_CONNECTION = 100;
const WRITING = /^\s*(?:insert|update|delete)\b/i;
const WITH_WRITING = /^\s*with\b[\s\S]*\b(?:insert\s+into|update|delete\s+from)\s/i;

/**
 * A prepared statement is prepared again under a new name at these calls on its connection (the old
 * one deallocated): PostgreSQL keeps a statement's generic plan until an ANALYZE of its tables, and
 * a plan made while a table was nearly empty (a new installation, a table a burst of readers is
 * filling, a benchmark's) scans it whole where an index fits once it has grown — measured: every
 * join of the activity scanned four times in each questionnaire submission.
 */
const PREPARED_AGAIN_AT = [16, 128, 1024];

/** What a connection knows of the statements it sent: those prepared (by their text's name: the name now, calls since), and the calls of those not yet. */
interface PreparedStatements {
  prepared: Map<string, { name: string; calls: number }>;
  calls: Map<string, number>;
}

/**
 * The name a statement is prepared under on a connection, or none. A long write with parameters
 * called again and again — the one-statement reader writes, whose text is the same on every call —
 * is parsed and planned a few times per connection (PREPARED_AGAIN_AT) instead of on every call (PostgreSQL then reuses its
 * plan: planning was most of a reader write's database time). Reads are left unnamed, so that each
 * is planned for its values (a generic plan could suit one organisation's figures and not
 * another's). The name is the text's hash, so one name is one text.
 */
function preparedName(text: string, values: unknown, known: PreparedStatements, deallocate: (name: string) => void): string | undefined {
  if (text.length < PREPARED_MIN_LENGTH || !Array.isArray(values) || values.length === 0) return undefined;
  const name = writeName(text);
  if (name === null) return undefined;
  if (known.prepared.has(name)) return nameNow(name, known, deallocate);
  if (known.prepared.size >= PREPARED_PER_CONNECTION) return undefined;
  const calls = (known.calls.get(name) ?? 0) + 1;
  if (calls < PREPARED_AFTER_CALLS) {
    // Bounded: statements made once (inline values) must not grow it without end.
    if (known.calls.size >= 10 * PREPARED_PER_CONNECTION) known.calls.clear();
    known.calls.set(name, calls);
    return undefined;
  }
  known.calls.delete(name);
  return nameNow(name, known, deallocate);
}

/** A write's name (its text's hash), null for a text that writes nothing. */
const writeName = byText((text) => (WRITING.test(text) || WITH_WRITING.test(text) ? `w${textHash(text)}` : null));
const textHash = (text: string) => createHash('sha1').update(text).digest('base64url');

/**
 * The name a statement prepared under `name` (preparedName's, or a read by key's) goes by on the
 * connection at this call: `name`, then `name.1`, `.2`, `.3` from the calls of PREPARED_AGAIN_AT on.
 */
function nameNow(name: string, known: PreparedStatements, deallocate: (name: string) => void): string {
  const prepared = known.prepared.get(name);
  if (!prepared) {
    known.prepared.set(name, { name, calls: 1 });
    return name;
  }
  const again = PREPARED_AGAIN_AT.indexOf(++prepared.calls);
  if (again >= 0) {
    deallocate(prepared.name);
    prepared.name = `${name}.${again + 1}`;
  }
  return prepared.name;
}

/** What keyedRead needs of drizzle's select: its text, and its preparation under a name. */
interface KeyedQuery<R> {
  getSQL(): SQL;
  toSQL(): { sql: string };
  prepare(name: string): KeyedPrepared<R>;
}
/** What keyedRead keeps of a select's preparation: drizzle's prepared query (its text, values and fields) for another session. */
interface KeyedPrepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
  queryString?: string;
  params?: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
}
/** A drizzle session's preparation of a statement already rendered (what a select's `prepare` ends in). */
interface PreparingSession {
  prepareQuery<R>(query: { sql: string; params: unknown[] }, fields: unknown, name: string, arrayMode: boolean): KeyedPrepared<R>;
}

/**
 * A read by a unique key, prepared on each connection under its text's hash: its plan is the key's
 * whatever the values, so it is planned per connection, not per call (again at PREPARED_AGAIN_AT; the
 * reads preparedName leaves unnamed are planned for their values on every call: the scan's read of
 * its code, 0.7 ms of PostgreSQL's CPU a call in its parse and plan, against 0.07 ms in its run).
 * PGlite ignores the name. `build` makes drizzle's select on the database (or transaction) it is
 * given, with `sql.placeholder(name)` for each value that changes between calls: the select is built
 * and rendered once — drizzle's building of a select was 4 % of the scan's server CPU (stop 44) —
 * and prepared once per drizzle session: the database's, and each transaction's from the first
 * build's text and fields (a lock's `for update`, built again in every transaction until stop 47:
 * 2 % of the server's CPU in the contest's flows); each call sends it with `values`.
 */
export function keyedRead<R, V extends Record<string, unknown>>(build: (db: Db | Tx) => KeyedQuery<R>): (db: Db | Tx, values: V) => Promise<R> {
  // By drizzle's session: the database's is one for its life, a transaction's its own.
  const made = new WeakMap<object, KeyedPrepared<R>>();
  let first: { query: { sql: string; params: unknown[] }; fields: unknown; name: string; joins: unknown } | undefined;
  return (db, values) => {
    const session = (db as unknown as { session: PreparingSession }).session;
    let prepared = made.get(session);
    if (!prepared) {
      if (first) {
        prepared = session.prepareQuery<R>(first.query, first.fields, first.name, true);
        prepared.joinsNotNullableMap = first.joins;
      } else {
        const query = build(db);
        // Its name's text and its preparation both ask the builder for its SQL: built once.
        const built = query.getSQL();
        query.getSQL = () => built;
        const name = keyedName(query.toSQL().sql);
        prepared = query.prepare(name);
        if (prepared.queryString !== undefined && prepared.params) first = { query: { sql: prepared.queryString, params: prepared.params }, fields: prepared.fields, name, joins: prepared.joinsNotNullableMap };
      }
      made.set(session, prepared);
    }
    return prepared.execute(values);
  };
}

/** keyedRead of a statement of text (what `db.execute` runs), through drizzle's session as `execute` does, named. */
export function keyedExecute(db: Db | Tx, statement: SQL): Promise<unknown> {
  const { session, dialect } = db as unknown as {
    session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> } };
    dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  };
  const query = dialect.sqlToQuery(statement);
  return session.prepareQuery(query, undefined, keyedName(query.sql), false).execute();
}
const keyedName = byText((text) => `k${textHash(text)}`);

/** A `query` call's arguments as one config carrying the text, values and name; the callback, if any, kept after it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function asNamedQuery(args: any[], text: string, values: unknown, name: string): unknown[] {
  const first = args[0];
  return [{ ...(typeof first === 'string' ? { text } : first), values, name }, ...args.slice(1).filter((a) => typeof a === 'function')];
}

/**
 * A pg client that shows every statement to `watch` when it is sent and again when it is done:
 * on PostgreSQL other connections read while a statement runs, and a read that began after the
 * write was sent but finished before it landed must not be kept (db/writeWatch.ts).
 */
function watchedClient(watch: WriteWatch): typeof pg.Client {
  return class WatchedClient extends pg.Client {
    /** The statements this connection has prepared, or is counting the calls of (preparedName). */
    readonly statements: PreparedStatements = { prepared: new Map(), calls: new Map() };
    /** A statement prepared again under a new name: its old name dropped, in line before the statement (a failure leaves it named, harmless). */
    readonly deallocate = (name: string): void => void (super.query(`deallocate "${name}"`) as Promise<unknown>).catch(() => undefined);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const first = args[0];
      const text: unknown = typeof first === 'string' ? first : first?.text;
      if (typeof text !== 'string') return (super.query as (...a: unknown[]) => unknown)(...args);
      watch.observe(text, this);
      // query(text, values), query({ text, values }) or, as drizzle calls it, query({ text }, values).
      const values: unknown = typeof first === 'string' || first.values === undefined ? args[1] : first.values;
      const name =
        typeof first === 'string' || !first.name
          ? preparedName(text, values, this.statements, this.deallocate)
          : // A read by key (keyedRead): its name as the calls on this connection have made it.
            nameNow(first.name, this.statements, this.deallocate);
      if (name) args = asNamedQuery(args, text, values, name);
      const callbackAt = args.findIndex((a) => typeof a === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (...a: unknown[]) => void;
        args[callbackAt] = (...result: unknown[]) => {
          watch.observe(text, this);
          callback(...result);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const sent = (super.query as (...a: unknown[]) => unknown)(...args);
      if (sent && typeof (sent as Promise<unknown>).then === 'function') {
        return (sent as Promise<unknown>).then(
          (r) => (watch.observe(text, this), r),
          (e) => {
            watch.observe(text, this);
            throw e;
          },
        );
      }
      return sent;
    }
  } as unknown as typeof pg.Client;
}
