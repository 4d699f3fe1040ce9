/**
 * Benchmark: lecture heartbeats (issue 25) — readers' beats every 10 s, 50 at once, and the
 * lecture's counts over a large number of heartbeats.
 *
 *   npx tsx bench/lecture.ts --pg-only                       # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/lecture.ts --pg-only --scale 0.5 --count-readers 100000
 *   npx tsx bench/lecture.ts --pg-only --scale 0.25 --count-readers 2000 --concurrency 100
 *
 * A published lecture of 10 video items (10 minutes each) is made through the admin API; readers
 * (bulk SQL, tokens issued) have a play under way on one item each (their progress row, last beat
 * 10 s ago, made by SQL as a play would) and have sent their first beat (not timed). Each flow is
 * a reader's next heartbeat, 10 s or more later, over real HTTP (`POST
 * /v1/{org}/client/activities/{id}/lecture/heartbeat`: the row this instance wrote remembered, the
 * domain's crediting, one update guarded by the row's version, the activity's settings and state
 * and the item's duration; the long way reads them in one statement first), 50 at once, 2 rounds
 * of 2,000. The floor (bench/floor.ts) is the same write as its minimal SQL — the
 * progress row's update — through node-postgres at the same concurrency, on a lecture of its own.
 * Printed: beats/s, p50/p99 of both and the ratio, statements per call, and the beats credited
 * (each flow's beat must credit its 10 s or more, at most 10.5: the run fails otherwise).
 *
 * Then the counts (`GET /v1/{org}/lecture/{id}/count`, page actCountLecture) over a lecture whose
 * progress rows stand for `--count-readers` (default 100,000) readers × 10 items × 10 beats each
 * (10,000,000 heartbeats; a beat updates its reader's row of the item, so the counts read one
 * row per reader and item, made here by generate_series): the time of the first call and p50/p99 of 10.
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, floorColumns, benchReaders, inBatches, readersNeeded, statementCount } from './floor.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : undefined);
const scale = arg('--scale') ?? 1;
const countReaders = arg('--count-readers') ?? 100_000;
const ORG = 'benchlecture';
const DAY = 86_400;
const ITEMS = 10;
/** Beats in flight at once (`--concurrency`, default 50). */
const CONCURRENCY = arg('--concurrency') ?? 50;
if (!Number.isInteger(CONCURRENCY) || CONCURRENCY < 1) throw new Error(`--concurrency takes a whole number of beats in flight (1 or more), not ${args[args.indexOf('--concurrency') + 1] ?? 'nothing'}`);
const RUN = { rounds: 2, perRound: Math.round(2_000 * scale) };

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '点播讲座基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [19] });
  const lecture = async (title: string) => {
    const act = await call<{ id: number }>('POST', `/v1/${ORG}/lecture`, { title, start_at: now - DAY, end_at: now + 30 * DAY });
    const items: number[] = [];
    for (let k = 1; k <= ITEMS; k++) {
      items.push((await call<{ id: number }>('POST', `/v1/${ORG}/lecture/${act.id}/creation`, { title: `第${k}讲`, media_type: 'video', video: `https://media.example.org/${k}.mp4`, duration_sec: 600, sort: k })).id);
    }
    await call('POST', `/v1/${ORG}/lecture/${act.id}/publish`, {});
    return { id: act.id, items };
  };
  const real = await lecture('心跳基准讲座');
  const floorLecture = await lecture('心跳基线讲座');
  const n = readersNeeded(RUN);
  const t0 = Date.now();
  const { ids, tokens } = await benchReaders(database, { id: org.id, key: ORG }, n, 'l');
  const lastBeat = Math.floor(Date.now() / 1000) - 10;
  // A play under way per reader on one item of each lecture (what POST …/lecture/play leaves), its last beat 10 s ago.
  for (const lec of [real, floorLecture]) {
    await database.query(
      `insert into lecture_progress (org_id, act_id, item_id, reader_id, play_count, last_beat_at)
       select $1, $2, ($3::int[])[1 + (k - 1) % ${ITEMS}], r, 1, $4 from unnest($5::int[]) with ordinality u(r, k)`,
      [org.id, lec.id, lec.items, lastBeat, ids],
    );
    await database.query(`insert into lecture_learners (org_id, act_id, reader_id, last_at) select $1, $2, r, $3 from unnest($4::int[]) r`, [org.id, lec.id, lastBeat, ids]);
  }
  const beatOf = (i: number, seq: number) =>
    send(`${base}/v1/${ORG}/client/activities/${real.id}/lecture/heartbeat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ item_id: real.items[i % ITEMS], play: 1, seq, position: seq * 10, rate: 1, playing: true }),
    });
  // Every reader's first beat (not timed): the steady state is a reader's next beats, 10 s later.
  await inBatches(ids.map((_, i) => i), CONCURRENCY, async (i) => {
    const res = await beatOf(i, 1);
    if (res.status !== 200) throw new Error(`first beat: ${res.status} ${await res.text()}`);
  });
  await new Promise((r) => setTimeout(r, 10_500));
  console.log(`${n.toLocaleString()} readers with a play under way, tokens and a first beat in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} heartbeats (each reader's second), ${CONCURRENCY} at once`);
  let uncredited = 0;
  const figures = await againstFloor(database, {
    title: `lecture heartbeat (${CONCURRENCY} at once)`,
    concurrency: CONCURRENCY,
    ...RUN,
    async real(i, timed) {
      const res = await timed('heartbeat', () => beatOf(i, 2));
      const body = (await res.json()) as { code: number; message: string; data: { credited: number } };
      if (body.code !== 200) throw new Error(`heartbeat: ${body.code} ${body.message}`);
      if (!(body.data.credited >= 10)) uncredited++;
    },
    async floor(i, timed, sql) {
      const at = Math.floor(Date.now() / 1000);
      await timed('heartbeat', () =>
        sql.query(
          `update lecture_progress set last_position = 10, last_beat_at = $1, last_seq = 1, ranges = '[[0,10]]'::jsonb, watched_sec = 10, real_sec = real_sec + 10, version = version + 1, updated_at = $1
           where item_id = $2 and reader_id = $3 and version = 0 returning real_sec`,
          [at, floorLecture.items[i % ITEMS], ids[i]],
        ),
      );
    },
  });
  const beat = figures.find((f) => f.step === 'heartbeat');
  console.table([
    {
      database: label,
      'at once': CONCURRENCY,
      'beats/s': beat?.perSecond,
      'beats/min': beat && beat.perSecond * 60,
      ...floorColumns(beat),
      statements: beat?.statements,
      uncredited,
    },
  ]);
  if (uncredited) {
    console.log(`UNCREDITED BEATS: ${uncredited}`);
    process.exitCode = 1;
  }

  // The counts over a large lecture: one progress row per reader and item, each the sum of 10 beats.
  const big = await lecture('统计基准讲座');
  const t1 = Date.now();
  await database.query(
    `insert into readers (org_id, account, password_hash, real_name, phone, source) select $1, 'lc' || g, '', '读者' || g, '13900000000', 'register' from generate_series(1, ${countReaders}) g`,
    [org.id],
  );
  await database.query(
    `insert into lecture_learners (org_id, act_id, reader_id, finished_items, progress_pct, finished, finished_at, last_at, created_at)
     select $1, $2, r.id, f, f * 10, (f = 10)::int, case when f = 10 then $3::bigint + (r.id % 30) * 86400 end, $3::bigint + (r.id % 30) * 86400, $3::bigint + (r.id % 30) * 86400
     from (select id, (id % 11) f from readers where org_id = $1 and account like 'lc%') r`,
    [org.id, big.id, now - 30 * DAY],
  );
  await database.query(
    `insert into lecture_progress (org_id, act_id, item_id, reader_id, play_count, last_seq, last_position, last_beat_at, ranges, watched_sec, real_sec, finished, finished_at)
     select $1, $2, it, r.id, 1, 10, 100, $3::bigint, '[[0,100]]'::jsonb, case when k <= r.id % 11 then 600 else 100 end, 100, (k <= r.id % 11)::int, case when k <= r.id % 11 then $3::bigint end
     from readers r, unnest($4::int[]) with ordinality i(it, k) where r.org_id = $1 and r.account like 'lc%'`,
    [org.id, big.id, now - DAY, big.items],
  );
  await database.query('analyze lecture_progress; analyze lecture_learners; analyze readers');
  const [rows] = await database.query<{ n: string }>('select count(*) n from lecture_progress where act_id = $1', [big.id]);
  console.log(`\n${countReaders.toLocaleString()} learners × ${ITEMS} items = ${Number(rows.n).toLocaleString()} progress rows (${(Number(rows.n) * 10).toLocaleString()} heartbeats) made in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  const times: number[] = [];
  let answer: { totals: Record<string, unknown> } | undefined;
  for (let k = 0; k < 11; k++) {
    const s = performance.now();
    answer = await call('GET', `/v1/${ORG}/lecture/${big.id}/count`);
    times.push(performance.now() - s);
  }
  const [firstCall, ...rest] = times;
  rest.sort((a, b) => a - b);
  console.table([{ database: label, heartbeats: Number(rows.n) * 10, 'first ms': Math.round(firstCall), 'p50 ms': Math.round(rest[4]), 'p99 ms': Math.round(rest[rest.length - 1]) }]);
  console.log('totals', answer?.totals);
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
