/**
 * Benchmark: GET /v1/org/{org}/managers with 100,000 managers across 200 organisations.
 *
 *   npm run bench                 # PGlite (embedded), and PostgreSQL too when DATABASE_URL is set
 *   npm run bench -w @huodong/bench -- --pg   # also PostgreSQL: a temporary database on DATABASE_URL or
 *                                 # postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards
 *   npm run bench -w @huodong/bench -- --duration 5   # seconds per scenario (default 5)
 *
 * The fill is bulk SQL (generate_series); organisation "bench0" holds 5,000 managers (every 20th
 * id) so that page 500 (page_size 10) exists, the other 95,000 are spread over 199 organisations. The app is
 * the real buildApp on a free port; autocannon runs 10 connections per scenario in this process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

/** The part of autocannon's API used here (the package ships no types). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const wantPg = args.includes('--pg') || !!process.env.DATABASE_URL;
const ORGS = 200;
const TOTAL = 100_000;
const BIG = 5_000;

async function fill(db: Database): Promise<void> {
  const hash = await hashPassword('Bench#123');
  await db.query(`insert into organizations (key, name) select 'bench' || g, '基准机构' || g from generate_series(0, ${ORGS - 1}) g`);
  // Rows of all organisations interleave by id, as they do when organisations grow side by side;
  // every 20th row belongs to bench0 (5,000), the rest spread over the other 199 organisations.
  await db.query(
    `insert into managers (org_id, account, password_hash, real_name, phone, type)
     select o.id, 'm' || g, $1, (array['张','王','李','赵','陈','刘','杨','黄'])[1 + g % 8] || '管理员' || g, '138' || lpad(g::text, 8, '0'), case when g % 400 = 0 or g % 50 = 1 then 'admin' else 'normal' end
     from generate_series(1, ${TOTAL}) g
     join organizations o on o.key = 'bench' || (case when g % 20 = 0 then 0 else 1 + g % ${ORGS - 1} end)
     order by g`,
    [hash],
  );
  await db.query('vacuum analyze');
}

interface Figures {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, token: string, scenario: string): Promise<Figures> {
  const result = await autocannon({ url, connections: 10, duration, headers: { authorization: `Bearer ${token}` } });
  const non2xx = result.non2xx + result.errors;
  return { scenario, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: non2xx };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  let t = Date.now();
  await fill(database);
  const [{ n }] = await database.query<{ n: string }>('select count(*) n from managers');
  console.log(`filled ${n} managers across ${ORGS} organisations in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const config = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false };
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [org] = await database.query<{ id: number }>(`select id from organizations where key = 'bench0'`);
  const [admin] = await database.query<{ id: number }>(`select id from managers where org_id = $1 and type = 'admin' order by id limit 1`, [org.id]);
  const { access_token } = await issueToken(database.db, { kind: 'manager', id: admin.id, orgId: org.id, scope: 'bench0' }, 3_600_000);

  const base = `http://127.0.0.1:${port}/v1/org/bench0/managers`;
  const check = await fetch(`${base}?page=500&page_size=10`, { headers: { authorization: `Bearer ${access_token}` } }).then((r) => r.json() as Promise<{ data: { items: unknown[]; _meta: { totalCount: number } } }>);
  console.log(`page 500 holds ${check.data.items.length} rows of ${check.data._meta.totalCount}`);
  const rows: Figures[] = [];
  rows.push(await measure(`${base}?page=1&page_size=10`, access_token, 'page 1'));
  rows.push(await measure(`${base}?page=500&page_size=10`, access_token, 'page 500'));
  rows.push(await measure(`${base}?page=1&page_size=10&keyword=${encodeURIComponent('王管理员1')}`, access_token, 'keyword 王管理员1, page 1'));
  console.table(rows.map((r) => ({ scenario: r.scenario, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));

  t = Date.now();
  for (const [name, sql] of [
    ['list page 1', `explain select * from managers where org_id = ${org.id} order by created_at, id limit 10`],
    ['list page 500', `explain select * from managers where org_id = ${org.id} order by created_at, id limit 10 offset 4990`],
    ['count', `explain select count(*) from managers where org_id = ${org.id}`],
    ['keyword', `explain select * from managers where org_id = ${org.id} and (account ilike '%王管理员1%' or real_name ilike '%王管理员1%' or phone ilike '%王管理员1%') order by created_at, id limit 10`],
  ]) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(sql);
    console.log(`\nEXPLAIN ${name}:\n${plan.map((p) => '  ' + p['QUERY PLAN']).join('\n')}`);
  }
  await app.close();
}

// PGlite in a temporary directory.
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    await run('PGlite', database);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (wantPg) {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const name = `huodong_bench_${randomBytes(4).toString('hex')}`;
  const maint = new URL(url);
  maint.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maint.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  try {
    await run('PostgreSQL', database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
