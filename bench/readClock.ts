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
 * through node-postgres, on an activity of its own, in the same run and at the same concurrency.
 * Printed per level: marks/s, p50/p99 of both and the ratio, statements per call, and the double
 * marks (a reader with two counting marks of one day): the run fails unless 0.
 */
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, inBatches, readersNeeded, statementCount } from './floor.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import type { Database } from '../apps/server/src/db/client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const levels = (args.includes('--levels') ? args[args.indexOf('--levels') + 1] : '50,500').split(',').map(Number);
const ORG = 'benchclock';
const DAY = 86_400;
const RUN = { rounds: 2, perRound: Math.round(2_000 * scale) };

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '阅读打卡基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [8] });
  const activity = async (title: string) => {
    const act = await call<{ id: number }>('POST', `/v1/${ORG}/mark`, { title, start_at: now - DAY, end_at: now + 30 * DAY, config: { moderation: 'post', min_words: 5 } });
    await call('POST', `/v1/${ORG}/mark/${act.id}/publish`, {});
    return act.id;
  };
  const rows: Record<string, unknown>[] = [];
  let offset = 0;
  for (const concurrency of levels) {
    const real = await activity(`每日阅读打卡 ${concurrency}`);
    const floorAct = await activity(`基线打卡 ${concurrency}`);
    const n = readersNeeded(RUN);
    const t0 = Date.now();
    const readerRows = await database.query<{ id: number }>(
      `insert into readers (org_id, account, password_hash, real_name, phone, source) select $1, 'c' || g, '', '读者' || g, '13900000000', 'register' from generate_series(${offset + 1}, ${offset + n}) g returning id`,
      [org.id],
    );
    offset += n;
    const tokens = await inBatches(readerRows, 50, async (r) => (await issueToken(database.db, { kind: 'reader', id: r.id, orgId: org.id, scope: ORG }, 3_600_000)).access_token);
    console.log(`${n.toLocaleString()} readers with tokens in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} marks, ${concurrency} at once`);
    const span = { first: Infinity, last: 0, marked: 0 };
    const figures = await againstFloor(database, {
      title: `check-in mark (${concurrency} at once)`,
      concurrency,
      ...RUN,
      async real(i, timed) {
        const started = performance.now();
        const res = await timed('mark', () =>
          fetch(`${base}/v1/${ORG}/client/activities/${real}/marks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ request_id: `bench-mark-${concurrency}-${i}`, content: '今天读了三十页书，收获很多。' }),
          }),
        );
        if (res.status !== 200) throw new Error(`mark: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        if (i > 0) {
          span.first = Math.min(span.first, started);
          span.last = Math.max(span.last, performance.now());
          span.marked++;
        }
      },
      async floor(i, timed, sql) {
        const at = Math.floor(Date.now() / 1000);
        await timed('mark', () =>
          sql.query(
            `insert into read_clock_marks (org_id, act_id, reader_id, day, content, status, created_at, updated_at)
             values ($1, $2, $3, (to_timestamp($4 + 28800) at time zone 'UTC')::date, $5, 1, $4, $4)
             on conflict (act_id, reader_id, day) where status <> 2 do nothing returning id`,
            [org.id, floorAct, readerRows[i].id, at, '今天读了三十页书，收获很多。'],
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
    const seconds = (span.last - span.first) / 1000;
    rows.push({
      database: label,
      'at once': concurrency,
      marks: Number(marks.n),
      'marks/s': Math.round(span.marked / seconds),
      'p50 ms': mark?.p50,
      'p99 ms': mark?.p99,
      'floor p99 ms': mark?.floorP99 ?? '–',
      ratio: mark?.ratio === undefined ? '–' : `${mark.ratio}×`,
      statements: mark?.statements,
      'double marks': Number(doubles.n),
    });
    if (Number(doubles.n) !== 0 || Number(marks.n) !== n) {
      console.log(`DOUBLE OR MISSING MARKS: ${doubles.n} readers with two marks of one day; ${marks.n} marks of ${n} readers`);
      process.exitCode = 1;
    }
  }
  console.table(rows);
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
