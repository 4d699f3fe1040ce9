/**
 * Benchmark: GET /v1/org/{org}/managers with 100,000 managers across 200 organisations.
 *
 *   npm run bench:list -w @huodong/bench          # PGlite (embedded), and PostgreSQL too when DATABASE_URL is set
 *   npm run bench:list -w @huodong/bench -- --pg   # also PostgreSQL: a temporary database on DATABASE_URL or
 *                                 # postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards
 *   npm run bench:list -w @huodong/bench -- --duration 5   # seconds per scenario (default 5)
 *
 * The fill is bulk SQL (generate_series); organisation "bench0" holds 5,000 managers (every 20th
 * id) so that page 500 (page_size 10) exists, the other 95,000 are spread over 199 organisations. The app is
 * the real buildApp on a free port; autocannon runs 10 connections per scenario in a process of its own.
 * Afterwards the statements the list endpoint sends are recorded through the driver and EXPLAINed.
 */
import os from 'node:os';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { onEachDatabase, wantPostgres } from './databases.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

/** What autocannon's `--json` prints (the part used here). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const wantPg = wantPostgres(args);
const ORGS = 200;
const TOTAL = 100_000;

/** Statements recorded while `recording` (see listStatements). */
const recorded: { query: string; params: unknown[] }[] = [];
let recording = false;
const onQuery = (query: string, params: unknown[]) => {
  if (recording) recorded.push({ query, params });
};

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

/**
 * autocannon in its own process (10 connections), so that the load generator does not share the
 * server's event loop: the figures are the server's, not the client's.
 */
async function measure(url: string, token: string, scenario: string, seconds = duration): Promise<Figures> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '--json', '-c', '10', '-d', String(seconds), '-H', `authorization=Bearer ${token}`, url], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const result = JSON.parse(out) as AutocannonResult;
  return { scenario, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

/** The statements one request to `url` sends for the list (the token look-up, a join with organizations, left out). */
async function listStatements(url: string, token: string): Promise<{ query: string; params: unknown[] }[]> {
  recorded.length = 0;
  recording = true;
  await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  recording = false;
  return recorded.filter((s) => /from "managers"/.test(s.query) && !/join "organizations"/.test(s.query));
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const t = Date.now();
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
  await measure(`${base}?page=1&page_size=10`, access_token, 'warm-up (not shown)', 2); // JIT and connection pool
  const rows: Figures[] = [];
  rows.push(await measure(`${base}?page=1&page_size=10`, access_token, 'page 1'));
  rows.push(await measure(`${base}?page=500&page_size=10`, access_token, 'page 500'));
  rows.push(await measure(`${base}?page=1&page_size=10&keyword=${encodeURIComponent('王管理员1')}`, access_token, 'keyword 王管理员1, page 1'));
  // letters with case take ILIKE (see apps/server/src/resources/keyword.ts)
  rows.push(await measure(`${base}?page=1&page_size=10&keyword=M4980`, access_token, 'keyword M4980, page 1'));
  console.table(rows.map((r) => ({ scenario: r.scenario, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));

  // EXPLAIN ANALYZE of the very statements the list endpoint sends (recorded through the driver).
  for (const [name, url] of [
    ['page 1', `${base}?page=1&page_size=10`],
    ['page 500', `${base}?page=500&page_size=10`],
    ['keyword, page 1', `${base}?page=1&page_size=10&keyword=${encodeURIComponent('王管理员1')}`],
  ]) {
    for (const statement of await listStatements(url, access_token)) {
      const plan = await database.query<{ 'QUERY PLAN': string }>(`explain analyze ${statement.query}`, statement.params);
      console.log(`\nEXPLAIN ANALYZE (${name}): ${statement.query}\n  params: ${JSON.stringify(statement.params)}\n${plan.map((p) => '  ' + p['QUERY PLAN']).join('\n')}`);
    }
  }
  await app.close();
}

await onEachDatabase({ postgres: wantPg, onQuery }, run);
