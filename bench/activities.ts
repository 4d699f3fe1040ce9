/**
 * Benchmark: activities at scale (issue 11).
 *
 *   npx tsx bench/activities.ts          # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/activities.ts --pg --duration 5
 *   npx tsx bench/activities.ts --pg-only --joins-only --scale 0.1   # the joins alone, 100,000 activities
 *
 * Fill (bulk SQL): 1,000 organisations and 1,000,000 activities — 100,000 third-party activities
 * in `benchact0`, the rest spread over the other 999 — with times around now, so that every state
 * occurs; 10,000 readers of benchact0 and 1,000,000 join rows (1,000 of its activities × 1,000
 * readers). Measured over real HTTP at 10 connections: the organisation's activity list (page 1,
 * each state filter, a deep page, a keyword, a keyword with a state) and the platform's list
 * (page 1, each state, a keyword); the statements of each scenario's first request are EXPLAINed
 * and a sequential scan of activities fails the run (target: every p99 under 20 ms). Then 2,000
 * readers joining one activity with person_limit 1,000 at 50 at a time: joins/s and the limit
 * held; then joins against their floor and the floor of the same rows (bench/floor.ts), 3 rounds of 400 at 50 at once.
 */
import { chinaDayKey } from '@huodong/domain';
import { onEachDatabase, wantPostgres } from './databases.js';
import { measureLoad, type Figures } from './load.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, newReaders, readersNeeded, joinCounter, joinPosting, sameJoinSql, sameKeptSql, samePointsSql } from './floor.js';
import { recorder, sequentialScans, type Statement } from './plans.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const duration = Number(args[args.indexOf('--duration') + 1]) || 5;
/** `--joins-only`: the person_limit check and the joins against their floor, without the lists. */
const joinsOnly = args.includes('--joins-only');
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const ORGS = 1000;
const TOTAL = Math.round(1_000_000 * scale);
const READERS = 10_000;
/** Readers of the person_limit check (the first 2,000), then the joins measured against the floor. */
const LIMIT_READERS = 2000;
const JOIN_ROUNDS = { rounds: 3, perRound: 400 };

async function fill(db: Database): Promise<void> {
  await db.query(`insert into organizations (key, name, activity_types) select 'benchact' || g, '活动基准机构' || g, '[7]'::jsonb from generate_series(0, ${ORGS - 1}) g`);
  // Rows of all organisations interleave by id; every tenth row belongs to benchact0 (100,000 in all).
  await db.query(
    `insert into activities (org_id, type, title, start_at, end_at, is_tmp, config)
     select o.id, case when v.k = 0 then 7 else (array[1,2,3,4,5,6,7,8,9,16,19])[1 + g % 11] end,
            (array['读书节','诵读会','知识竞赛','征文','打卡挑战'])[1 + g % 5] || g,
            extract(epoch from now())::bigint + ((g % 90) - 45) * 86400,
            extract(epoch from now())::bigint + ((g % 90) - 45) * 86400 + (1 + g % 30) * 86400,
            0, '{"link":"https://partner.example.org/x","callback_secret":"bench-secret-0123456789"}'::jsonb
     from generate_series(1, ${TOTAL}) g
     cross join lateral (select case when g % 10 = 0 then 0 else 1 + g % ${ORGS - 1} end as k) v
     join organizations o on o.key = 'benchact' || v.k
     order by g`,
  );
  const hash = await hashPassword('Bench#Reader1');
  await db.query(`insert into readers (org_id, account, password_hash, source) select o.id, 'r' || g, $1, 'register' from generate_series(1, ${READERS}) g, organizations o where o.key = 'benchact0'`, [hash]);
  await db.query(
    `insert into activity_joins (org_id, act_id, reader_id)
     select a.org_id, a.id, r.id from (select id, org_id from activities where org_id = (select id from organizations where key = 'benchact0') order by id limit 1000) a
     cross join (select id from readers order by id limit 1000) r`,
  );
  await db.query('vacuum analyze');
}

/** A published third-party activity of benchact0 open for a day either side, for joins. */
async function joinable(database: Database, title: string, personLimit: number): Promise<number> {
  const [act] = await database.query<{ id: number }>(
    `insert into activities (org_id, type, title, start_at, end_at, is_tmp, person_limit, config)
     select id, 7, $1, extract(epoch from now())::bigint - 86400, extract(epoch from now())::bigint + 86400, 0, $2, '{"link":"https://p.example.org"}'::jsonb from organizations where key = 'benchact0' returning id`,
    [title, personLimit],
  );
  return act.id;
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const t0 = Date.now();
  await fill(database);
  console.log(`filled ${TOTAL.toLocaleString()} activities, ${READERS.toLocaleString()} readers, 1,000,000 joins in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const { base, token, close } = await serveAsSuper(database);

  const keyword = encodeURIComponent('读书节1000');
  const scenarios = joinsOnly ? [] : [
    ['org list, page 1', '/v1/benchact0/third?page=1&page_size=10'],
    ['org list, not started', '/v1/benchact0/third?act_state=1&page=1&page_size=10'],
    ['org list, in progress', '/v1/benchact0/third?act_state=2&page=1&page_size=10'],
    ['org list, finished', '/v1/benchact0/third?act_state=3&page=1&page_size=10'],
    ['org list, page 500', '/v1/benchact0/third?page=500&page_size=10'],
    ['org list, keyword', `/v1/benchact0/third?keyword=${keyword}&page_size=10`],
    ['org list, keyword in progress', `/v1/benchact0/third?keyword=${keyword}&act_state=2&page_size=10`],
    ['platform list, page 1', '/v1/activities?page=1&page_size=10'],
    ['platform list, not started', '/v1/activities?act_state=1&page=1&page_size=10'],
    ['platform list, in progress', '/v1/activities?act_state=2&page=1&page_size=10'],
    ['platform list, finished', '/v1/activities?act_state=3&page=1&page_size=10'],
    ['platform list, keyword', `/v1/activities?keyword=${keyword}&page=1&page_size=10`],
  ] as const;
  const rows: (Figures & { total: string })[] = [];
  // The statements of each scenario's first request (later ones may find the count and the matches remembered).
  const statements = new Map<string, Statement[]>();
  for (const [name, path] of scenarios) {
    let probe!: Response;
    statements.set(name, await recorder.during(async () => (probe = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } }))));
    if (probe.status !== 200) {
      console.log(`${name}: ${probe.status} (not served here), skipped`);
      continue;
    }
    const meta = ((await probe.json()) as { data: { _meta: { totalCount: number; totalCapped?: boolean } } }).data._meta;
    await measureLoad(base + path, token, 'warm-up', 1);
    rows.push({ ...(await measureLoad(base + path, token, name, duration)), total: `${meta.totalCount}${meta.totalCapped ? '+' : ''}` });
  }
  console.table(rows.map((r) => ({ scenario: r.scenario, matches: r.total, 'req/s': r.rps, 'p50 ms': r.p50, 'p99 ms': r.p99, 'non-2xx/errors': r.errors })));

  // EXPLAIN ANALYZE of the very statements each list sends: none may scan the activities sequentially.
  const seqScans: string[] = [];
  for (const [name, sent] of statements) seqScans.push(...(await sequentialScans(database, name, sent.filter((st) => /from "activities"/.test(st.query)), 'activities')));
  if (seqScans.length) {
    console.log(`\n${label}: SEQUENTIAL SCAN of activities in ${seqScans.length} statement(s):\n  ${seqScans.join('\n  ')}`);
    process.exitCode = 1;
  } else console.log(`\n${label}: no sequential scan of activities in any statement the lists sent.`);
  const slow = joinsOnly ? [] : rows.filter((r) => r.p99 >= 20).map((r) => r.scenario);
  console.log(slow.length ? `p99 at or over 20 ms: ${slow.join(', ')}` : 'every scenario p99 under 20 ms');

  // 2,000 readers join one activity with person_limit 1,000, 50 at a time: the limit holds.
  const limited = await joinable(database, '限额活动', 1000);
  const readers = await database.query<{ id: number; org_id: number }>(`select id, org_id from readers order by id limit ${LIMIT_READERS + readersNeeded(JOIN_ROUNDS)}`);
  const tokens = await Promise.all(readers.map(async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId: r.org_id, scope: 'benchact0' }, 3_600_000)).access_token));
  const join = (act: number, i: number) =>
    send(`${base}/v1/benchact0/client/activities/${act}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ request_id: `bench-join-${act}-${i}` }),
    });
  let next = 0;
  const outcomes: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < LIMIT_READERS) outcomes.push((await join(limited, next++)).status);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [{ join_num }] = await database.query<{ join_num: number }>('select join_num from activities where id = $1', [limited]);
  console.table([
    {
      'join attempts': outcomes.length,
      joined: outcomes.filter((s) => s === 200).length,
      'refused (full)': outcomes.filter((s) => s === 409).length,
      other: outcomes.filter((s) => s !== 200 && s !== 409).length,
      'join_num after': join_num,
      'joins/s': Math.round(outcomes.length / seconds),
    },
  ]);
  if (join_num !== 1000) process.exitCode = 1;

  // Joins against their floor: the join row and the activity's count (its reader's shard) in one statement, on a copy.
  const open = await joinable(database, '报名活动', 0);
  const floorAct = await joinable(database, '报名活动（基线）', 0);
  const sameRowsAct = await joinable(database, '报名活动（同行基线）', 0);
  // The same-rows floor's readers: their points and counters are none of the real calls' readers'.
  const sameRowsReaders = await newReaders(database, readers[0].org_id, readersNeeded(JOIN_ROUNDS), 'sr');
  await againstFloor(database, {
    title: 'join an activity',
    concurrency: 50,
    ...JOIN_ROUNDS,
    async real(i, timed) {
      const res = await timed('join', () => join(open, LIMIT_READERS + i));
      if (res.status !== 200) throw new Error(`join: ${res.status} ${await res.text()}`);
    },
    async floor(i, timed, sql) {
      await timed('join', () =>
        sql.query(
          // An activity without person_limit counts its joins in 16 shard rows (participation/joinCount.ts).
          `with j as (insert into activity_joins (org_id, act_id, reader_id) select org_id, $1, $2 from activities where id = $1 returning act_id)
           insert into activity_join_shards (act_id, shard, n) select act_id, $2 % 16, 1 from j
           on conflict (act_id, shard) do update set n = activity_join_shards.n + 1`,
          [floorAct, readers[LIMIT_READERS + i].id],
        ),
      );
    },
    // The rows a reader's first join writes: the join and its shard, the join's points with their two
    // counters (the activity's once, the day's), the balance, the activity's total and the kept answer.
    async sameRows(i, timed, sql) {
      await timed('join', () =>
        sql.query(
          `with ${sameJoinSql()},
           ${samePointsSql('j', [joinPosting], [joinCounter, `('d:' || $6, 2, 200)`], 2)}
           ${sameKeptSql('j', '$5', `jsonb_build_object('joined', true, 'join_id', j.id, 'join_num', 0)`)}
           returning 1`,
          [readers[0].org_id, sameRowsAct, sameRowsReaders[i].id, Math.floor(Date.now() / 1000), `bench-same-join-${i}`, chinaDayKey(Math.floor(Date.now() / 1000))],
        ),
      );
    },
  });
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: recorder.onQuery }, run);
