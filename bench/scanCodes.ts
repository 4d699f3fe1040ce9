/**
 * Benchmark: scan codes for points (issue 24) — the readers' scans of one batch, 50 and 500 at once.
 *
 *   npx tsx bench/scanCodes.ts --pg-only            # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/scanCodes.ts --pg-only --scale 0.1
 *
 * A published campaign with two batches per run (one for the real calls, one for the floor) of
 * codes scanned at most 5 times each; `perRound` readers (bulk SQL, tokens issued) per round scan,
 * ten readers per code so that half of them find a code used up, over real HTTP
 * (`POST /v1/{org}/client/scan`: the code and its signature, the gate, each limit in one statement
 * inside a savepoint, the log row, the answer kept by the nonce). The floor (bench/floor.ts) is the
 * scan as its minimal SQL — the code's conditional count and the log row in one statement —
 * through node-postgres, in the same run and at the same concurrency; the floor of the same rows
 * adds, as minimal SQL in the same statement, what a credited scan writes beside them: the
 * reader's count of the code, the first join with its shard, the scan's and the join's points
 * (ledger rows, caps' counters, balance, the activity's total) and the kept answer. Printed per
 * concurrency: scans/s, p50/p99 of each and the ratios, and the double credits (a code credited
 * beyond its scans, a reader credited twice for one code, a counter that disagrees with the log): must be 0.
 */
import { chinaDayKey } from '@huodong/domain';
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, benchReaders, floorColumns, newReaders, readersNeeded, joinCounter, joinPosting, sameJoinSql, sameKeptSql, samePointsSql, statementCount } from './floor.js';
import { codeSign } from '../apps/server/src/kinds/scanCodes/codes.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const ORG = 'benchscan';
const DAY = 86_400;
const RUN = { rounds: 2, perRound: Math.round(5_000 * scale) };
const MAX_SCANS = 5;
/** Readers per code: ten scan each code, five are credited. */
const PER_CODE = 10;
const LEVELS = [50, 500];

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  const { base, call, close } = await serveAsSuper(database);
  const now = Math.floor(Date.now() / 1000);
  const org = await call<{ id: number }>('POST', '/v1/organizations', { key: ORG, name: '扫码积分基准机构' });
  await call('POST', `/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [16] });
  const act = await call<{ id: number }>('POST', `/v1/${ORG}/integral`, { title: '扫码集积分', start_at: now - DAY, end_at: now + 60 * DAY });
  await call('POST', `/v1/${ORG}/integral/${act.id}/publish`, {});
  const n = readersNeeded(RUN);
  const codesNeeded = Math.ceil(n / PER_CODE) + 1;
  const batch = async (name: string) => {
    const b = await call<{ id: number }>('POST', `/v1/${ORG}/integral/${act.id}/batch`, { name, count: Math.min(codesNeeded, 5000), points: 10, max_scans: MAX_SCANS, per_reader_limit: 1 });
    const [secret] = await database.query<{ secret: string }>('select secret from scan_batches where id = $1', [b.id]);
    const codes = await database.query<{ id: number; code: string }>('select id, code from scan_codes where batch_id = $1 order by id', [b.id]);
    return { id: b.id, codes: codes.map((c) => ({ ...c, sign: codeSign(secret.secret, c.code) })) };
  };

  const t0 = Date.now();
  const { ids: readerIds, tokens } = await benchReaders(database, { id: org.id, key: ORG }, n, 's');
  // The same-rows floor's readers: their points and joins are none of the real calls' readers'.
  const sameRowsReaders = await newReaders(database, org.id, n, 'ss');
  console.log(`${n.toLocaleString()} readers with tokens in ${((Date.now() - t0) / 1000).toFixed(1)} s; per level ${RUN.rounds} rounds of ${RUN.perRound.toLocaleString()} scans, ${PER_CODE} readers per code of ${MAX_SCANS} scans`);

  const rows: Record<string, unknown>[] = [];
  for (const concurrency of LEVELS) {
    const real = await batch(`实测${concurrency}`);
    const floor = await batch(`基线${concurrency}`);
    const same = await batch(`同行基线${concurrency}`);
    const codeOf = (list: typeof real.codes, i: number) => list[Math.floor(i / PER_CODE) % list.length];
    const day = Number(chinaDayKey(now));
    const figures = await againstFloor(database, {
      title: `scan codes (${RUN.perRound.toLocaleString()} readers per round, ${concurrency} at once)`,
      concurrency,
      ...RUN,
      async real(i, timed) {
        const c = codeOf(real.codes, i);
        const res = await timed('scan a code', () =>
          send(`${base}/v1/${ORG}/client/scan`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
            body: JSON.stringify({ code: c.code, sign: c.sign, nonce: `bench-${concurrency}-${i}` }),
          }),
        );
        if (res.status !== 200) throw new Error(`scan: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      },
      async floor(i, timed, sql) {
        const c = codeOf(floor.codes, i);
        await timed('scan a code', () =>
          sql.query(
            `with c as (update scan_codes set scans_used = scans_used + 1 where id = $1 and scans_used < $2 returning id)
             insert into scan_logs (org_id, act_id, batch_id, code_id, reader_id, code, result, points, nonce, day, created_at)
             select $3, $4, $5, $1, $6, $7, case when exists (select 1 from c) then 'ok' else 'exhausted' end,
                    case when exists (select 1 from c) then 10 else 0 end, $8, $9, $10
             returning result`,
            [c.id, MAX_SCANS, org.id, act.id, floor.id, readerIds[i], c.code, `floor-${concurrency}-${i}`, day, Math.floor(Date.now() / 1000)],
          ),
        );
      },
      // The rows a reader's first scan writes: credited, the code's count, the reader's count of it, the
      // join and its shard, the join's and the scan's points; always the log row and the kept answer.
      async sameRows(i, timed, sql) {
        const c = codeOf(same.codes, i);
        await timed('scan a code', () =>
          sql.query(
            `with c as (update scan_codes set scans_used = scans_used + 1 where id = $5 and scans_used < $6 returning id),
             mine as (insert into scan_reader_counts as rc (subject, ref_id, reader_id, day, n) select 'code', $5, $3, 0, 1 from c
               on conflict (subject, ref_id, reader_id, day) do update set n = rc.n + 1 returning 1),
             ${sameJoinSql('c')},
             ${samePointsSql(
               'c',
               [joinPosting, `(10, 'scan_code', 'scan_code', $5::varchar, 'scan_code:' || $8 || ':' || $3)`],
               [joinCounter, `('d:' || $10::int, 12, 200)`],
               12,
             )},
             logged as (insert into scan_logs (org_id, act_id, batch_id, code_id, reader_id, code, result, points, nonce, day, created_at)
               select $1, $2, $7, $5, $3, $8, case when exists (select 1 from c) then 'ok' else 'exhausted' end,
                      case when exists (select 1 from c) then 10 else 0 end, $9, $10::int, $4
               returning result, points)
             ${sameKeptSql('logged', '$9', `jsonb_build_object('result', logged.result, 'points', logged.points, 'code', $8::text)`)}
             returning 1`,
            [org.id, act.id, sameRowsReaders[i].id, Math.floor(Date.now() / 1000), c.id, MAX_SCANS, same.id, c.code, `same-${concurrency}-${i}`, day],
          ),
        );
      },
    });
    // Double credits: a code credited beyond its scans or beyond its counter, a reader credited twice for one code.
    const [check] = await database.query<{ over_max: string; twice: string; mismatch: string; ok: string }>(
      `with per_code as (
         select c.id, c.scans_used, (select count(*) from scan_logs l where l.code_id = c.id and l.result = 'ok') credited
         from scan_codes c where c.batch_id = $1)
       select (select count(*) from per_code where credited > ${MAX_SCANS} or scans_used > ${MAX_SCANS}) as over_max,
              (select count(*) from (select code_id, reader_id from scan_logs where batch_id = $1 and result = 'ok' group by 1, 2 having count(*) > 1) d) twice,
              (select count(*) from per_code where credited <> scans_used) mismatch,
              (select sum(credited) from per_code) ok`,
      [real.id],
    );
    const double = Number(check.over_max) + Number(check.twice) + Number(check.mismatch);
    const scan = figures.find((f) => f.step === 'scan a code');
    rows.push({
      database: label,
      'at once': concurrency,
      scans: scan?.n,
      'scans/s': scan?.perSecond,
      credited: Number(check.ok),
      ...floorColumns(scan),
      statements: scan?.statements,
      'double credits': double,
    });
    if (double !== 0) process.exitCode = 1;
  }
  console.table(rows);
  if (process.exitCode) console.log('DOUBLE CREDIT: a code credited beyond its scans, a reader twice for one code, or a counter that disagrees with the log');
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
