/**
 * Benchmark: GET /v1/org/{org}/managers in an organisation of 100,000 managers.
 *
 *   npm run bench:list -w @huodong/bench          # PGlite (embedded), and PostgreSQL too when DATABASE_URL is set
 *   npm run bench:list -w @huodong/bench -- --pg   # also PostgreSQL: a temporary database on DATABASE_URL or
 *                                 # postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards
 *   npm run bench:list -w @huodong/bench -- --duration 5   # seconds per scenario (default 5)
 *
 * The fill is bulk SQL (generate_series): organisation "bench0" holds 100,000 managers (every other
 * id, numbered 1..100,000 in account, name and phone), 100,000 more are spread over 199 other
 * organisations, so the table is twice the organisation. The app is the real buildApp on a free
 * port; autocannon runs 10 connections per scenario in a process of its own. Scenarios: page 1, a
 * deep page, keywords matching tens, hundreds and thousands of rows (Chinese and letters), and the
 * 1–2 character keywords that no trigram serves. Afterwards the statements the list endpoint sends
 * are recorded through the driver and EXPLAIN ANALYZEd; a sequential scan in any of them fails the run.
 */
import os from 'node:os';
import { onEachDatabase, wantPostgres } from './databases.js';
import { measureLoad, type Figures } from './load.js';
import { recorder, sequentialScans, type Statement } from './plans.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
const wantPg = wantPostgres(args);
const ORGS = 200;
/** Managers of the measured organisation; as many again belong to the other organisations. */
const BIG = 100_000;

/**
 * The scenarios. For bench0 (n = 1..100,000): real_name is 张/王/李/…(n % 8) + 管理员 + n, account
 * m + n, phone 138 + n on 8 digits; 王 is n % 8 = 1. The number of matches is printed by the run.
 */
const SCENARIOS: { name: string; query: string }[] = [
  { name: 'page 1', query: 'page=1' },
  { name: 'page 500', query: 'page=500' },
  { name: 'keyword 王管理员123 (tens)', query: `keyword=${encodeURIComponent('王管理员123')}` },
  { name: 'keyword 王管理员12 (hundreds)', query: `keyword=${encodeURIComponent('王管理员12')}` },
  { name: 'keyword 王管理员1 (thousands)', query: `keyword=${encodeURIComponent('王管理员1')}` },
  { name: 'keyword M4980 (tens)', query: 'keyword=M4980' },
  { name: 'keyword M99 (thousands)', query: 'keyword=M99' },
  { name: 'keyword 王 (1 character)', query: `keyword=${encodeURIComponent('王')}` },
  { name: 'keyword 赵六 (2 characters, no match)', query: `keyword=${encodeURIComponent('赵六')}` },
];

/**
 * The figures of the code before issue 9's "list in a large organisation" (commit 0ed0d57: whole
 * count, keyword through the organisation's list index only), same fill, same machine (heavily
 * loaded then: load average 6-8 on 2 cores), 10 connections: req/s · p50 · p99 (ms). Printed beside each run's own figures.
 */
const BEFORE: Record<'PGlite' | 'PostgreSQL', Record<string, [number, number, number]>> = {
  PGlite: {
    'page 1': [37, 177, 1114],
    'page 500': [57, 159, 727],
    'keyword 王管理员123 (tens)': [6, 1305, 2447],
    'keyword 王管理员12 (hundreds)': [5, 1148, 3912],
    'keyword 王管理员1 (thousands)': [5, 855, 4474],
    'keyword M4980 (tens)': [4, 1985, 2779],
    'keyword M99 (thousands)': [8, 708, 4273],
    'keyword 王 (1 character)': [15, 513, 3494],
    'keyword 赵六 (2 characters, no match)': [10, 652, 4825],
  },
  PostgreSQL: {
    'page 1': [124, 73, 168],
    'page 500': [155, 61, 134],
    'keyword 王管理员123 (tens)': [18, 520, 745],
    'keyword 王管理员12 (hundreds)': [26, 375, 589],
    'keyword 王管理员1 (thousands)': [22, 420, 614],
    'keyword M4980 (tens)': [16, 595, 927],
    'keyword M99 (thousands)': [14, 673, 998],
    'keyword 王 (1 character)': [24, 387, 575],
    'keyword 赵六 (2 characters, no match)': [15, 622, 842],
  },
};

async function fill(db: Database): Promise<void> {
  const hash = await hashPassword('Bench#123');
  await db.query(`insert into organizations (key, name) select 'bench' || g, '基准机构' || g from generate_series(0, ${ORGS - 1}) g`);
  // Rows of all organisations interleave by id, as they do when organisations grow side by side:
  // every other row belongs to bench0 (numbered n = g / 2), the rest spread over the other 199.
  await db.query(
    `insert into managers (org_id, account, password_hash, real_name, phone, type)
     select o.id, 'm' || v.n, $1, (array['张','王','李','赵','陈','刘','杨','黄'])[1 + v.n % 8] || '管理员' || v.n, '138' || lpad(v.n::text, 8, '0'), case when v.n % 400 = 0 or v.n % 50 = 1 then 'admin' else 'normal' end
     from generate_series(1, ${2 * BIG}) g
     cross join lateral (select case when g % 2 = 0 then g / 2 else g end as n, case when g % 2 = 0 then 0 else 1 + g % ${ORGS - 1} end as k) v
     join organizations o on o.key = 'bench' || v.k
     order by g`,
    [hash],
  );
  await db.query('vacuum analyze');
}

/** The statements one request to `url` sends for the list (the token look-up, a join with organizations, left out). */
async function listStatements(url: string, token: string): Promise<Statement[]> {
  const sent = await recorder.during(() => fetch(url, { headers: { authorization: `Bearer ${token}` } }));
  return sent.filter((s) => /from "managers"/.test(s.query) && !/join "organizations"/.test(s.query));
}

interface ListAnswer {
  data: { items: unknown[]; _meta: { totalCount: number; totalCapped?: boolean } };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const t = Date.now();
  await fill(database);
  const [{ n }] = await database.query<{ n: string }>('select count(*) n from managers');
  console.log(`filled ${n} managers across ${ORGS} organisations (${BIG} in bench0) in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const config = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false };
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [org] = await database.query<{ id: number }>(`select id from organizations where key = 'bench0'`);
  const [admin] = await database.query<{ id: number }>(`select id from managers where org_id = $1 and type = 'admin' order by id limit 1`, [org.id]);
  const { access_token } = await issueToken(database.db, { kind: 'manager', id: admin.id, orgId: org.id, scope: 'bench0' }, 3_600_000);

  const base = `http://127.0.0.1:${port}/v1/org/bench0/managers`;
  const urlOf = (query: string) => `${base}?${query.startsWith('page=') ? '' : 'page=1&'}${query}&page_size=10`;
  const matches: Record<string, string> = {};
  for (const s of SCENARIOS) {
    const answer = await fetch(urlOf(s.query), { headers: { authorization: `Bearer ${access_token}` } }).then((r) => r.json() as Promise<ListAnswer>);
    matches[s.name] = `${answer.data.items.length} of ${answer.data._meta.totalCount}${answer.data._meta.totalCapped ? '+' : ''}`;
  }
  await measureLoad(urlOf('page=1'), access_token, 'warm-up (not shown)', 2); // JIT and connection pool
  const rows: Figures[] = [];
  for (const s of SCENARIOS) rows.push(await measureLoad(urlOf(s.query), access_token, s.name, duration));
  const before = BEFORE[label as keyof typeof BEFORE] ?? {};
  const cell = (f?: [number, number, number]) => (f ? `${f[0]} · ${f[1]} · ${f[2]}` : '–');
  console.table(
    rows.map((r) => ({
      scenario: r.scenario,
      'rows · total': matches[r.scenario],
      'before req/s · p50 · p99': cell(before[r.scenario]),
      'req/s · p50 · p99 (ms)': cell([r.rps, r.p50, r.p99]),
      'non-2xx/errors': r.errors,
    })),
  );

  // EXPLAIN ANALYZE of the very statements the list endpoint sends (recorded through the driver).
  const seqScans: string[] = [];
  for (const s of SCENARIOS) seqScans.push(...(await sequentialScans(database, s.name, await listStatements(urlOf(s.query), access_token))));
  if (seqScans.length) {
    console.log(`\n${label}: SEQUENTIAL SCAN in ${seqScans.length} statement(s):\n  ${seqScans.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\n${label}: no sequential scan in any statement the list endpoint sent.`);
  }
  await app.close();
}

await onEachDatabase({ postgres: wantPg, onQuery: recorder.onQuery }, run);
