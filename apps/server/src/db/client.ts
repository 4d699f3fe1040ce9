import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /** Run raw SQL (used by readiness checks, tests and benchmarks). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string;
  /** Sees every statement the application sends (the benchmarks EXPLAIN what the list runs). */
  onQuery?: (query: string, params: unknown[]) => void;
}

/** Open the database (PostgreSQL when a URL is given, else embedded PGlite) and apply migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const watch = new WriteWatch();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, Client: watchedClient(watch) });
    // An idle client dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it and the next query reports any lasting fault.
    pool.on('error', (err) => console.warn(`database: idle connection lost: ${err.message}`));
    const logger = opts.onQuery ? { logQuery: opts.onQuery } : false;
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      driver: 'postgres',
      watch,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
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
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    driver: 'pglite',
    dataDir: opts.dataDir,
    watch,
    query: async (text, params) => {
      watch.observe(text);
      return (await client.query(text, params as unknown[])).rows as never;
    },
    close: () => client.close(),
  };
}

/**
 * A pg client that shows every statement to `watch` when it is sent and again when it is done:
 * on PostgreSQL other connections read while a statement runs, and a read that began after the
 * write was sent but finished before it landed must not be kept (db/writeWatch.ts).
 */
function watchedClient(watch: WriteWatch): typeof pg.Client {
  return class WatchedClient extends pg.Client {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const first = args[0];
      const text: unknown = typeof first === 'string' ? first : first?.text;
      if (typeof text !== 'string') return (super.query as (...a: unknown[]) => unknown)(...args);
      watch.observe(text);
      const callbackAt = args.findIndex((a) => typeof a === 'function');
      if (callbackAt >= 0) {
        const callback = args[callbackAt] as (...a: unknown[]) => void;
        args[callbackAt] = (...result: unknown[]) => {
          watch.observe(text);
          callback(...result);
        };
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const sent = (super.query as (...a: unknown[]) => unknown)(...args);
      if (sent && typeof (sent as Promise<unknown>).then === 'function') {
        return (sent as Promise<unknown>).then(
          (r) => (watch.observe(text), r),
          (e) => {
            watch.observe(text);
            throw e;
          },
        );
      }
      return sent;
    }
  } as unknown as typeof pg.Client;
}
