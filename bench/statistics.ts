/**
 * Benchmark: the statistics of the platform and the organisation (issue 26) over 10,000,000 counted rows.
 *
 *   npx tsx bench/statistics.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/statistics.ts --pg-only --scale 0.1  # 1,000,000 rows
 *
 * The fixture is bulk SQL (generate_series, the bench's own data, not demo data): 50 organisations
 * with 40 activities each over the types, 200,000 readers, and 5,000,000 votes, 2,000,000
 * comments, 2,000,000 works and 1,000,000 joins dated over the past year (foreign-key triggers off
 * while filling). Printed: the fill, the first fold of every row into the rollups
 * (`refreshRollups`), a later incremental fold of 10,000 new votes, the rollups' size, then each
 * statistics route once right after a fold (cold: computed from the rollups) and p50/p99 at 10
 * connections (autocannon, 5 s each; answers remembered until the next fold) against the goal 200 ms.
 * The run fails if the rollups do not count every vote. The database is dropped afterwards.
 */
import pg from 'pg';
import { onEachDatabase, postgresUrls, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { measureLoad, type Figures } from './load.js';
import { foldRollups, refreshRollups } from '../apps/server/src/statistics/rollups.js';
import type { Database, Db } from '../apps/server/src/db/client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const SECONDS = 5;
const ORGS = 50;
const ACTS_PER_ORG = 40;
const ACTS = ORGS * ACTS_PER_ORG;
const TYPES = [1, 2, 3, 4, 5, 7, 8, 9, 16];
const READERS = Math.round(200_000 * Math.max(scale, 0.05));
const ROWS = { votes: Math.round(5_000_000 * scale), comments: Math.round(2_000_000 * scale), works: Math.round(2_000_000 * scale), activity_joins: Math.round(1_000_000 * scale) };
const YEAR = 365 * 86_400;

const secs = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

/** The fixture through one connection of its own (foreign-key triggers off while filling). */
async function fill(url: string): Promise<{ firstOrg: string; firstAct: number }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = (text: string) => c.query(text);
  const now = Math.floor(Date.now() / 1000);
  // A moment of the past year for row g, spread evenly.
  const at = (g: string) => `(${now} - ((${g})::bigint * 7919) % ${YEAR})`;
  await q('set session_replication_role = replica');
  await q(`insert into organizations (key, name, created_at) select 'bstat' || g, '统计机构' || g, ${at('g * 13')} from generate_series(0, ${ORGS - 1}) g`);
  const [{ min: o0 }] = (await q(`select min(id)::int as min from organizations where key like 'bstat%'`)).rows as { min: number }[];
  await q(`insert into activities (org_id, type, title, start_at, end_at, is_tmp, created_at)
    select ${o0} + g / ${ACTS_PER_ORG}, (array[${TYPES.join(',')}])[1 + g % ${TYPES.length}], '统计活动' || g, ${now - YEAR}, ${now + YEAR}, 0, ${at('g * 31')}
    from generate_series(0, ${ACTS - 1}) g order by g`);
  const [{ min: a0 }] = (await q(`select min(id)::int as min from activities where org_id >= ${o0}`)).rows as { min: number }[];
  await q(`insert into vote_sources (org_id, act_id, title) select ${o0} + g / ${ACTS_PER_ORG}, ${a0} + g, '对象' || g from generate_series(0, ${ACTS - 1}) g order by g`);
  const [{ min: s0 }] = (await q(`select min(id)::int as min from vote_sources where org_id >= ${o0}`)).rows as { min: number }[];
  await q(`insert into readers (org_id, account, password_hash, source, created_at) select ${o0} + g % ${ORGS}, 'b' || g, '', 'register', ${at('g')} from generate_series(0, ${READERS - 1}) g order by g`);
  const [{ min: r0 }] = (await q(`select min(id)::int as min from readers where org_id >= ${o0}`)).rows as { min: number }[];
  // Row g: activity j = g % ACTS, a reader of the activity's organisation, (g / ACTS)-th of it.
  const j = 'g % ' + ACTS;
  const org = `${o0} + (${j}) / ${ACTS_PER_ORG}`;
  const reader = `${r0} + (${j}) / ${ACTS_PER_ORG} + ${ORGS} * ((g / ${ACTS}) % ${READERS / ORGS})`;
  const inserts: Record<keyof typeof ROWS, string> = {
    votes: `insert into votes (org_id, act_id, source_id, reader_id, day, created_at) select ${org}, ${a0} + ${j}, ${s0} + ${j}, ${reader}, '20260101', ${at('g')} from generate_series(0, ${ROWS.votes - 1}) g`,
    comments: `insert into comments (org_id, act_id, source_id, reader_id, content, created_at) select ${org}, ${a0} + ${j}, ${s0} + ${j}, ${reader}, '评论', ${at('g + 7')} from generate_series(0, ${ROWS.comments - 1}) g`,
    works: `insert into works (org_id, act_id, reader_id, creation_type_id, title, created_at) select ${org}, ${a0} + ${j}, ${reader}, 1, '作品', ${at('g + 11')} from generate_series(0, ${ROWS.works - 1}) g`,
    activity_joins: `insert into activity_joins (org_id, act_id, reader_id, created_at) select ${org}, ${a0} + ${j}, ${reader}, ${at('g + 3')} from generate_series(0, ${ROWS.activity_joins - 1}) g`,
  };
  for (const [table, sql] of Object.entries(inserts)) {
    const t0 = Date.now();
    await q(sql);
    console.log(`  ${table}: ${ROWS[table as keyof typeof ROWS].toLocaleString()} rows in ${secs(t0)}`);
  }
  await q('set session_replication_role = origin');
  await q('analyze');
  const [{ key }] = (await q(`select key from organizations where id = ${o0}`)).rows as { key: string }[];
  await c.end();
  return { firstOrg: key, firstAct: a0 };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const url = postgresUrls.get(database);
  if (!url) throw new Error('the statistics benchmark runs on PostgreSQL: --pg-only');
  const total = Object.values(ROWS).reduce((s, n) => s + n, 0);
  console.log(`filling ${total.toLocaleString()} counted rows (${ORGS} organisations, ${ACTS.toLocaleString()} activities, ${READERS.toLocaleString()} readers)`);
  let t0 = Date.now();
  const { firstOrg, firstAct } = await fill(url);
  console.log(`filled in ${secs(t0)}`);

  const db = database.db as Db;
  t0 = Date.now();
  await refreshRollups(db);
  console.log(`first fold of every row: ${secs(t0)}`);
  const [{ n: rollups }] = await database.query<{ n: number }>('select count(*)::int as n from stat_rollups');
  const [{ n: readerMonths }] = await database.query<{ n: number }>('select count(*)::int as n from stat_reader_months');
  console.log(`rollups: ${rollups.toLocaleString()} rows; readers active per month: ${readerMonths.toLocaleString()} rows`);

  await database.query(`insert into votes (org_id, act_id, source_id, reader_id, day) select v.org_id, v.act_id, v.source_id, v.reader_id, '20261127' from votes v order by v.id limit 10000`);
  t0 = Date.now();
  await foldRollups(db);
  await foldRollups(db);
  console.log(`incremental fold of 10,000 new votes: ${secs(t0)}`);
  const [{ stored }] = await database.query<{ stored: string }>(`select coalesce(sum(n), 0)::text as stored from stat_rollups where metric = 'like'`);
  const [{ counted }] = await database.query<{ counted: string }>('select count(*)::text as counted from votes');
  console.log(`likes in the rollups ${Number(stored).toLocaleString()}, votes counted ${Number(counted).toLocaleString()}`);
  if (stored !== counted) throw new Error('the rollups do not count every vote');

  const { base, token, close } = await serveAsSuper(database, { jobWorker: false });
  try {
    const routes = [
      '/v1/count/organization',
      '/v1/count/overview',
      '/v1/count/activity',
      '/v1/count/creation',
      '/v1/count/like',
      '/v1/count/comment',
      '/v1/count/user',
      '/v1/count/pie',
      `/v1/${firstOrg}/count/activity`,
      `/v1/${firstOrg}/count/activity/${firstAct}`,
      `/v1/${firstOrg}/count/user`,
    ];
    // The first answer of each route after a fold is computed from the rollups (cold); later ones are remembered until the next fold.
    const cold = new Map<string, number>();
    for (const path of routes) {
      const started = performance.now();
      const res = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      cold.set(path, Math.round(performance.now() - started));
    }
    const figures: Figures[] = [];
    for (const path of routes) figures.push(await measureLoad(base + path, token, path, SECONDS));
    console.log(`\nstatistics routes: one request right after a fold (cold), then 10 connections, ${SECONDS} s each (goal p99 < 200 ms):`);
    console.table(figures.map((f) => ({ route: f.scenario, 'cold ms': cold.get(f.scenario), 'req/s': f.rps, 'p50 ms': f.p50, 'p99 ms': f.p99, errors: f.errors, goal: f.p99 < 200 && (cold.get(f.scenario) ?? 0) < 200 ? 'met' : 'MISSED' })));
    if (figures.some((f) => f.errors > 0)) throw new Error('a statistics route answered an error');
  } finally {
    await close();
  }
}

await onEachDatabase({ postgres: wantPostgres(args) }, run);
