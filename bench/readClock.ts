/**
 * Benchmark: reading check-in marks (issue 24) — readers marking today at once, 50 and 500 at a time.
 *
 *   npx tsx bench/readClock.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/readClock.ts --pg-only --scale 0.25
 *
 * A published check-in activity (post moderation: each mark counts and posts its points through
 * the ledger) is made through the admin API; readers (bulk SQL, tokens issued) each mark today over
 * real HTTP (`POST /v1/{org}/client/activities/{id}/marks`: the gate, the content rules, the mark
 * against the day's unique key, the points in the same transaction, the answer kept by its request
 * id), `--levels` (default 50,500) at a time, 2 rounds of 2,000 readers per level. The floor
 * (bench/floor.ts) is the same mark as its minimal SQL — the insert against the day's unique key —
 * through node-postgres, on an activity of its own, in the same run and at the same concurrency;
 * the floor of the same rows adds the join with its shard, the join's and the mark's points and the
 * kept answer. Printed per level: marks/s, p50/p99 of both and the ratio, statements per call, and the double
 * marks (a reader with two counting marks of one day): the run fails unless 0.
 *
 * Then the reads over 1,000,000 marks (`--reads-only` runs only these, `--marks-only` skips them; `--scale` scales the marks):
 * one course of 100 days with 10,000 readers who marked every day (bulk SQL: a bench database, not
 * demo data; one mark in 100 pending, one in 50 a make-up), vacuumed and analysed as autovacuum
 * would have. At 10 connections over HTTP for `--duration` seconds (default 5) each: a reader's
 * streaks (`GET /client/activities/{id}/checkin`: total days, current and longest streak, the
 * calendar), the records page (`adminReadClockRecord`, `GET /mark/{act}/markRecords`) page 1, and
 * filtered by a day and by the pending state; p50/p99 against the goal p99 < 20 ms.
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, benchReaders, floorColumns, inBatches, newReaders, readersNeeded, joinCounter, joinPosting, sameJoinSql, sameKeptSql, samePointsSql, statementCount } from './floor.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const levels = (args.includes('--levels') ? args[args.indexOf('--levels') + 1] : '50,500').split(',').map(Number);
const ORG = 'benchclock';
const DAY = 86_400;
const RUN = { rounds: 2, perRound: Math.round(2_000 * scale) };
const readsOnly = args.includes('--reads-only');
/** `--marks-only`: the marks' levels alone, without the reads over the bulk course. */
const marksOnly = args.includes('--marks-only');
const DURATION = Number(args[args.indexOf('--duration') + 1]) || 5;
const READ_READERS = Math.round(10_000 * scale);
const READ_DAYS = 100;
const GOAL_P99 = 20;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);

/** One GET at 10 connections for DURATION seconds: reads/s, p50, p99 against the goal. */
async function measureGet(scenario: string, request: () => { url: string; token: string }, connections = 10) {
  const times: number[] = [];
  const until = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { url, token } = request();
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`${scenario}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  return { scenario, 'reads/s': Math.round(times.length / DURATION), 'p50 ms': Number(percentile(times, 50).toFixed(2)), 'p99 ms': Number(p99.toFixed(2)), goal: p99 < GOAL_P99 ? 'met' : 'NOT MET' };
}

/** The reads over a course of READ_DAYS days with READ_READERS readers who marked every day. */
async function reads(database: Database, orgId: number, base: string, superToken: string, call: <T>(method: string, path: string, body?: unknown) => Promise<T>) {
  const now = Math.floor(Date.now() / 1000);
  const act = await call<{ id: number }>('POST', `/v1/${ORG}/mark`, { title: '百日阅读打卡', start_at: now - (READ_DAYS - 1) * DAY - 3600, end_at: now + 30 * DAY, config: { moderation: 'post', min_words: 5 } });
  await call('POST', `/v1/${ORG}/mark/${act.id}/publish`, {});
  const t0 = Date.now();
  const readers = await database.query<{ id: number }>(
    `insert into readers (org_id, account, password_hash, real_name, phone, source) select $1, 'k' || g, '', '读者' || g, '13900000000', 'register' from generate_series(1, ${READ_READERS}) g returning id`,
    [orgId],
  );
  const first = Math.min(...readers.map((r) => r.id));
  // Day d (0 … READ_DAYS-1, China days ending today) of reader k: marked at 08:00 + k seconds China time.
  await database.query(
    `insert into read_clock_marks (org_id, act_id, reader_id, day, content, status, is_makeup, created_at, updated_at)
     select $1, $2, $3 + k, (to_timestamp($4 + 28800) at time zone 'UTC')::date - ($5 - 1 - d), '今天读了三十页书，收获很多。',
       case when (k + d) % 100 = 0 then 0 else 1 end, case when (k * 7 + d) % 50 = 0 then 1 else 0 end, t, t
     from generate_series(0, ${READ_READERS - 1}) k, generate_series(0, ${READ_DAYS - 1}) d,
       lateral (select $4 - ($5 - 1 - d) * 86400 - 3600 + k as t) x`,
    [orgId, act.id, first, now, READ_DAYS],
  );
  await database.query('vacuum analyze read_clock_marks, readers');
  const [n] = await database.query<{ n: string }>('select count(*) n from read_clock_marks where act_id = $1', [act.id]);
  console.log(`\n${Number(n.n).toLocaleString('en')} marks of ${READ_READERS.toLocaleString('en')} readers over ${READ_DAYS} days in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const tokens = await inBatches(readers.slice(0, 200), 50, async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId, scope: ORG }, 3_600_000)).access_token);
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const [{ day }] = await database.query<{ day: string }>(`select (to_timestamp($1 + 28800 - 40 * 86400) at time zone 'UTC')::date::text as day`, [now]);
  const records = `${base}/v1/${ORG}/mark/${act.id}/markRecords`;
  // The statements behind these pages (as the resource machinery and checkinStatus write them), with their plans' time alone.
  const plans: [string, string, unknown[]][] = [
    ['streaks: a reader\'s marks', 'select * from read_clock_marks where act_id = $1 and reader_id = $2 and status <> 2 order by day', [act.id, first + 7]],
    ['streaks: the same, the state as a parameter (as drizzle sends it)', 'select * from read_clock_marks where act_id = $1 and reader_id = $2 and status <> $3 order by day', [act.id, first + 7, 2]],
    ['records: page 1 ids', 'select id from read_clock_marks where org_id = $1 and act_id = $2 order by created_at desc, id desc limit 20', [orgId, act.id]],
    ['records: the capped count', 'select count(*) from (select 1 from read_clock_marks where org_id = $1 and act_id = $2 limit 10001) c', [orgId, act.id]],
    ['records: one day, page 1 ids', 'select id from read_clock_marks where org_id = $1 and act_id = $2 and day = $3 order by created_at desc, id desc limit 20', [orgId, act.id, day]],
    ['records: one day, the capped count', 'select count(*) from (select 1 from read_clock_marks where org_id = $1 and act_id = $2 and day = $3 limit 10001) c', [orgId, act.id, day]],
    ['records: pending, page 1 ids', 'select id from read_clock_marks where org_id = $1 and act_id = $2 and status = 0 order by created_at desc, id desc limit 20', [orgId, act.id]],
    ['records: pending, the capped count', 'select count(*) from (select 1 from read_clock_marks where org_id = $1 and act_id = $2 and status = 0 limit 10001) c', [orgId, act.id]],
  ];
  const planned = [];
  for (const [what, sql, params] of plans) {
    const lines = (await database.query<Record<string, string>>(`explain (analyze, costs off) ${sql}`, params)).map((r) => r['QUERY PLAN']);
    const index = lines.map((l) => /using (\w+)/i.exec(l)?.[1]).find(Boolean) ?? (lines.find((l) => /Seq Scan/.test(l)) ? 'SEQ SCAN' : '');
    planned.push({ statement: what, 'execution ms': Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0), index });
  }
  console.table(planned);
  const figures = [
    await measureGet("a reader's streaks (GET /client/activities/{id}/checkin)", () => ({ url: `${base}/v1/${ORG}/client/activities/${act.id}/checkin`, token: pick(tokens) })),
    await measureGet("a reader's streaks, one connection", () => ({ url: `${base}/v1/${ORG}/client/activities/${act.id}/checkin`, token: pick(tokens) }), 1),
    await measureGet("a reader's own marks, page 1 (GET /client/activities/{id}/marks)", () => ({ url: `${base}/v1/${ORG}/client/activities/${act.id}/marks?page=1&page_size=20`, token: pick(tokens) })),
    await measureGet('records, page 1 (20)', () => ({ url: `${records}?page=1&page_size=20`, token: superToken })),
    await measureGet(`records of one day (${day}), page 1`, () => ({ url: `${records}?page=1&page_size=20&day=${day}`, token: superToken })),
    await measureGet('records pending, page 1', () => ({ url: `${records}?page=1&page_size=20&status=0`, token: superToken })),
    await measureGet('records, page 50', () => ({ url: `${records}?page=50&page_size=20`, token: superToken })),
  ];
  console.table(figures);
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, token, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '阅读打卡基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [8] });
  const activity = async (title: string) => {
    const act = await call<{ id: number }>('POST', `/v1/${ORG}/mark`, { title, start_at: now - DAY, end_at: now + 30 * DAY, config: { moderation: 'post', min_words: 5 } });
    await call('POST', `/v1/${ORG}/mark/${act.id}/publish`, {});
    return act.id;
  };
  const rows: Record<string, unknown>[] = [];
  for (const concurrency of readsOnly ? [] : levels) {
    const real = await activity(`每日阅读打卡 ${concurrency}`);
    const floorAct = await activity(`基线打卡 ${concurrency}`);
    const sameRowsAct = await activity(`同行基线打卡 ${concurrency}`);
    const n = readersNeeded(RUN);
    const t0 = Date.now();
    // Each level's readers are new (accounts by level): a reader marks once a day.
    const { ids: readerIds, tokens } = await benchReaders(database, { id: org.id, key: ORG }, n, `c${concurrency}-`);
    // The same-rows floor's readers: their points and counters are none of the real calls' readers'.
    const sameRowsReaders = await newReaders(database, org.id, n, `cs${concurrency}-`);
    console.log(`${n.toLocaleString()} readers with tokens in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} marks, ${concurrency} at once`);
    const figures = await againstFloor(database, {
      title: `check-in mark (${concurrency} at once)`,
      concurrency,
      ...RUN,
      async real(i, timed) {
        const res = await timed('mark', () =>
          send(`${base}/v1/${ORG}/client/activities/${real}/marks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ request_id: `bench-mark-${concurrency}-${i}`, content: '今天读了三十页书，收获很多。' }),
          }),
        );
        if (res.status !== 200) throw new Error(`mark: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      },
      async floor(i, timed, sql) {
        const at = Math.floor(Date.now() / 1000);
        await timed('mark', () =>
          sql.query(
            `insert into read_clock_marks (org_id, act_id, reader_id, day, content, status, created_at, updated_at)
             values ($1, $2, $3, (to_timestamp($4 + 28800) at time zone 'UTC')::date, $5, 1, $4, $4)
             on conflict (act_id, reader_id, day) where status <> 2 do nothing returning id`,
            [org.id, floorAct, readerIds[i], at, '今天读了三十页书，收获很多。'],
          ),
        );
      },
      // The rows a reader's first mark writes: the mark, the join and its shard, the join's and the
      // mark's points with their counters, the balance, the activity's total and the kept answer.
      async sameRows(i, timed, sql) {
        const at = Math.floor(Date.now() / 1000);
        const reader = sameRowsReaders[i].id;
        await timed('mark', () =>
          sql.query(
            `with m as (
               insert into read_clock_marks (org_id, act_id, reader_id, day, content, status, created_at, updated_at)
               values ($1, $2, $3, (to_timestamp($4 + 28800) at time zone 'UTC')::date, $5, 1, $4, $4)
               on conflict (act_id, reader_id, day) where status <> 2 do nothing returning id, day),
             ${sameJoinSql('m')},
             ${samePointsSql(
               'm',
               [joinPosting, `(5, 'checkin_mark', 'mark', (select id::varchar from m), 'checkin_mark:' || (select id from m))`],
               [joinCounter, `('d:' || to_char(m.day, 'YYYYMMDD'), 7, 200)`, `('d:' || to_char(m.day, 'YYYYMMDD') || ':checkin_mark', 1, 1)`],
               7,
             )}
             ${sameKeptSql(
               'm',
               '$6',
               `jsonb_build_object('mark', jsonb_build_object('id', m.id, 'day', m.day, 'content', $5::text, 'status', 1, 'created_at', $4::bigint),
                 'points', jsonb_build_array(jsonb_build_object('rule', 'checkin_mark', 'delta', 5, 'status', 'posted')))`,
             )}
             returning 1`,
            [org.id, sameRowsAct, reader, at, '今天读了三十页书，收获很多。', `bench-same-${concurrency}-${i}`],
          ),
        );
      },
    });
    const [doubles] = await database.query<{ n: string }>(
      `select count(*) n from (select reader_id, day from read_clock_marks where act_id = $1 and status <> 2 group by reader_id, day having count(*) > 1) d`,
      [real],
    );
    const [marks] = await database.query<{ n: string }>(`select count(*) n from read_clock_marks where act_id = $1`, [real]);
    const mark = figures.find((f) => f.step === 'mark');
    rows.push({
      database: label,
      'at once': concurrency,
      marks: Number(marks.n),
      'marks/s': mark?.perSecond,
      ...floorColumns(mark),
      statements: mark?.statements,
      'double marks': Number(doubles.n),
    });
    if (Number(doubles.n) !== 0 || Number(marks.n) !== n) {
      console.log(`DOUBLE OR MISSING MARKS: ${doubles.n} readers with two marks of one day; ${marks.n} marks of ${n} readers`);
      process.exitCode = 1;
    }
  }
  if (rows.length) console.table(rows);
  if (!marksOnly) await reads(database, org.id, base, token, call);
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
