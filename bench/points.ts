/**
 * Benchmark: the points ledger (issue 24) on PostgreSQL.
 *
 *   npx tsx bench/points.ts --pg-only               # 10,000,000 ledger rows
 *   npx tsx bench/points.ts --pg-only --scale 0.1   # 1,000,000
 *
 * 100,000 readers of one organisation with 10,000,000 posted ledger rows over 50 activities
 * (generate_series, straight SQL: a bench database, not demo data), their accounts and activity
 * totals summed from the rows, analysed. Then at 10 connections through node-postgres, each for
 * `--duration` seconds (default 5): a reader's balance (point_accounts, primary key), the
 * organisation's ranking page 1 and a reader's place in it (point_accounts_rank_idx: an index-only
 * count of the row comparison `(balance, reader_id) > (mine)`), an
 * activity's leaderboard page 1 (point_act_totals_rank_idx); p50/p99 against the goal p99 < 20 ms,
 * and each statement's plan must use its index. A ranking's order must be its index's, nulls
 * included (`point_act_totals_rank_idx` is `desc nulls last`, `point_accounts_rank_idx` `desc`, nulls
 * first), else PostgreSQL sorts every row. The place is measured before (the statement and index of
 * migration 0031, `balance > mine` on `(org_id, balance desc nulls last, reader_id)`, that index
 * made for it and dropped after) and after, on the same rows. Then postings at 50 at once against their floor
 * (bench/floor.ts): postPoints in a transaction of its own as a kind calls it, an uncapped rule
 * (work_approved: one statement) and a capped one (vote: its savepoint and counters), against the
 * ledger row and the account as one statement through node-postgres.
 */
import pg from 'pg';
import { onEachDatabase, postgresUrls, wantPostgres } from './databases.js';
import { againstFloor, readersNeeded, statementCount } from './floor.js';
import type { Database } from '../apps/server/src/db/client.js';
import { postPoints, pointsConfigFor } from '../apps/server/src/points/ledger.js';
import { foldRankMoves, placeSql } from '../apps/server/src/points/rank.js';
import { PgDialect } from 'drizzle-orm/pg-core';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const DURATION = Number(args[args.indexOf('--duration') + 1]) || 5;
const READERS = 100_000;
const ROWS = Math.round(10_000_000 * scale);
const ACTS = 50;
const CHUNK = 1_000_000;
const GOAL_P99 = 20;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const random = (n: number) => 1 + Math.floor(Math.random() * n);

async function fill(db: pg.Pool, database: Database): Promise<{ orgId: number; firstReader: number }> {
  const started = performance.now();
  const [org] = (await db.query<{ id: number }>(`insert into organizations (key, name, activity_types) values ('benchpoints', '积分基准机构', '[1,2]'::jsonb) returning id`)).rows;
  const [first] = (
    await db.query<{ id: number }>(
      `insert into readers (org_id, account, password_hash, real_name, source, created_at)
       select $1, 'p' || g, 'x', '读者' || g, 'register', 1700000000 from generate_series(1, ${READERS}) g returning id`,
      [org.id],
    )
  ).rows.sort((a, b) => a.id - b.id);
  const base = first.id - 1;
  for (let from = 1; from <= ROWS; from += CHUNK) {
    const to = Math.min(ROWS, from + CHUNK - 1);
    // Row g: reader 1 + g % READERS, activity 1 + (g / READERS) % ACTS; 1–20 points, one row in 50 a spend of 3.
    await db.query(
      `insert into point_txns (org_id, reader_id, delta, rule_key, source_type, source_id, act_id, idem_key, status, created_at)
       select $1, ${base} + 1 + g % ${READERS}, case when g % 50 = 0 then -3 else 1 + g % 20 end,
         case when g % 50 = 0 then 'makeup_cost' else 'work_approved' end, 'bench', g::text, 1 + (g / ${READERS}) % ${ACTS}, 'b:' || g, 1,
         1700000000 + g / 10
       from generate_series(${from}::bigint, ${to}::bigint) g`,
      [org.id],
    );
    process.stdout.write(`\r  ledger rows ${to.toLocaleString('en')} / ${ROWS.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  await db.query(
    `insert into point_accounts (org_id, reader_id, balance, earned, spent, updated_at)
     select org_id, reader_id, greatest(sum(delta), 0), sum(greatest(delta, 0)), sum(greatest(-delta, 0)), max(created_at) from point_txns where org_id = $1 group by org_id, reader_id`,
    [org.id],
  );
  await db.query(
    `insert into point_act_totals (org_id, act_id, reader_id, points, updated_at)
     select org_id, act_id, reader_id, sum(delta), max(created_at) from point_txns where org_id = $1 and delta > 0 group by org_id, act_id, reader_id`,
    [org.id],
  );
  // The accounts' moves (the trigger of migration 0042) folded into the ranking's histogram, as a place read or the sweep would.
  await foldRankMoves(database.db, org.id);
  // Vacuumed as autovacuum would have by then: a reader's place counts through the index alone.
  await db.query('vacuum analyze point_txns, point_accounts, point_act_totals, point_rank_counts, point_rank_moves, readers');
  const [counts] = (await db.query(`select (select count(*) from point_txns)::int as txns, (select count(*) from point_accounts)::int as accounts, (select count(*) from point_act_totals)::int as totals`)).rows;
  console.log(`filled ${counts.txns.toLocaleString('en')} ledger rows, ${counts.accounts.toLocaleString('en')} accounts, ${counts.totals.toLocaleString('en')} activity totals in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { orgId: org.id, firstReader: first.id };
}

interface Read {
  scenario: string;
  index: string;
  sql: string;
  params: () => unknown[];
}

/** One scenario at 10 connections for DURATION seconds: reads/s, p50, p99; its plan must name its index. */
async function measureRead(db: pg.Pool, read: Read) {
  const plan = (await db.query(`explain ${read.sql}`, read.params())).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
  const times: number[] = [];
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await db.query(read.sql, read.params());
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  return {
    scenario: read.scenario,
    'reads/s': Math.round(times.length / DURATION),
    'p50 ms': Number(percentile(times, 50).toFixed(2)),
    'p99 ms': Number(p99.toFixed(2)),
    goal: p99 < GOAL_P99 ? 'met' : 'NOT MET',
    index: plan.includes(read.index) ? read.index : `NOT USED: ${plan.split('\n')[0]}`,
  };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const url = postgresUrls.get(database)!;
  const db = new pg.Pool({ connectionString: url, max: 10 });
  try {
    const { orgId, firstReader } = await fill(db, database);
    const dialect = new PgDialect();
    const reader = () => firstReader - 1 + random(READERS);
    const reads: Read[] = [
      { scenario: "a reader's balance", index: 'point_accounts_pk', sql: 'select balance, earned, spent, expired from point_accounts where org_id = $1 and reader_id = $2', params: () => [orgId, reader()] },
      {
        scenario: 'ranking, page 1 (20)',
        index: 'point_accounts_rank_idx',
        sql: 'select reader_id, balance from point_accounts where org_id = $1 order by balance desc, reader_id desc limit 20',
        params: () => [orgId],
      },
      {
        // As the app asks it (points/rank.ts placeSql): the histogram above mine, the moves not folded, the ties ahead.
        scenario: "a reader's place in the ranking (histogram)",
        index: 'point_rank_counts',
        sql: dialect.sqlToQuery(placeSql(0, 0)).sql,
        params: () => dialect.sqlToQuery(placeSql(orgId, reader())).params,
      },
      {
        // Before the histogram: the accounts ahead counted through the index, one statement.
        scenario: "a reader's place, before (index-only count ahead)",
        index: 'point_accounts_rank_idx',
        sql: `select a.balance, (select count(*) from point_accounts o where o.org_id = $1 and (o.balance, o.reader_id) > (a.balance, a.reader_id))::int as ahead
          from point_accounts a where a.org_id = $1 and a.reader_id = $2`,
        params: () => [orgId, reader()],
      },
      {
        scenario: "an activity's leaderboard, page 1 (20)",
        index: 'point_act_totals_rank_idx',
        sql: 'select reader_id, points from point_act_totals where act_id = $1 order by points desc nulls last, updated_at limit 20',
        params: () => [random(ACTS)],
      },
    ];
    const figures = [];
    await db.query('create index point_accounts_balance_idx on point_accounts (org_id, balance desc nulls last, reader_id)');
    figures.push(
      await measureRead(db, {
        scenario: "a reader's place, before (0031: balance > mine)",
        index: 'point_accounts_balance_idx',
        sql: 'select count(*) + 1 as place from point_accounts where org_id = $1 and balance > (select balance from point_accounts where org_id = $1 and reader_id = $2)',
        params: () => [orgId, reader()],
      }),
    );
    await db.query('drop index point_accounts_balance_idx');
    for (const read of reads) figures.push(await measureRead(db, read));
    console.table(figures);

    // Postings against their floor: each flow one new event of a reader of its own (no cap met).
    const config = await pointsConfigFor(database.db, orgId);
    const run = { rounds: 3, perRound: 2_000, concurrency: 50 };
    const readerOf = (i: number) => firstReader + (i % READERS);
    const floorSql = `with t as (
        insert into point_txns (org_id, reader_id, delta, rule_key, source_type, source_id, act_id, idem_key, status, created_at)
        values ($1, $2, $3, $4, 'bench', $5, 1, $6, 1, 1700000000) on conflict (org_id, reader_id, idem_key) do nothing returning id)
      insert into point_accounts as pa (org_id, reader_id, balance, earned, updated_at) select $1, $2, $3, $3, 1700000000 where exists (select 1 from t)
      on conflict (org_id, reader_id) do update set balance = pa.balance + excluded.balance, earned = pa.earned + excluded.earned`;
    if (readersNeeded(run) > READERS) throw new Error('too few readers');
    await againstFloor(database, {
      title: 'postings (postPoints in its own transaction) against the ledger row and the account as one statement',
      ...run,
      async real(i, timed) {
        await timed('post, uncapped (work_approved)', () =>
          database.db.transaction((tx) => postPoints(tx, { orgId, readerId: readerOf(i), rule: 'work_approved', actId: 1, source: { type: 'fb', id: `w${i}` }, config })),
        );
        await timed('post, capped (vote)', () => database.db.transaction((tx) => postPoints(tx, { orgId, readerId: readerOf(i), rule: 'vote', actId: 1, source: { type: 'fb', id: `v${i}` }, config })));
      },
      async floor(i, timed, sql) {
        await timed('post, uncapped (work_approved)', () => sql.transaction((q) => q(floorSql, [orgId, readerOf(i), 10, 'work_approved', `fw${i}`, `fw${i}`])));
        await timed('post, capped (vote)', () => sql.transaction((q) => q(floorSql, [orgId, readerOf(i), 1, 'vote', `fv${i}`, `fv${i}`])));
      },
    });
  } finally {
    await db.end();
  }
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
