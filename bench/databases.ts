import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../apps/server/src/db/client.js';

/** `--pg` on the command line, or DATABASE_URL set: run on PostgreSQL as well as on PGlite. */
export const wantPostgres = (args: string[]): boolean => args.includes('--pg') || args.includes('--pg-only') || !!process.env.DATABASE_URL;
/** The URL of each PostgreSQL database opened here (the floor of bench/floor.ts connects to it). */
export const postgresUrls = new WeakMap<Database, string>();
/** `--pg-only`: PostgreSQL alone, no PGlite run first. */
const pgOnly = process.argv.includes('--pg-only');

/**
 * Run `fn` on a fresh, migrated PGlite in a temporary directory, then (with `postgres`) on a
 * temporary database of the PostgreSQL server of DATABASE_URL (default postgres://postgres@127.0.0.1:5432),
 * removing each afterwards.
 */
export async function onEachDatabase(
  opts: { postgres: boolean; onQuery?: DatabaseOptions['onQuery'] },
  fn: (label: string, database: Database) => Promise<void>,
): Promise<void> {
  if (!pgOnly) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-bench-'));
    const lite = await openDatabase({ dataDir: dir, onQuery: opts.onQuery });
    try {
      await fn('PGlite', lite);
    } finally {
      await lite.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!opts.postgres) return;

  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `huodong_bench_${randomBytes(4).toString('hex')}`;
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), onQuery: opts.onQuery });
  postgresUrls.set(database, url.toString());
  try {
    await fn('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
