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

export type Schema = typeof schema;
/** One type for both drivers: every query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PGlite's data directory (absent in memory and for PostgreSQL): readiness checks it still exists. */
  dataDir?: string;
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
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : false;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, admin command) must not crash the process;
    // the pool replaces it and the next query reports any lasting fault.
    pool.on('error', (err) => console.warn(`database: idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      driver: 'postgres',
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    driver: 'pglite',
    dataDir: opts.dataDir,
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    close: () => client.close(),
  };
}
