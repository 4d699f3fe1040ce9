/**
 * Benchmark: reading case views (issue 25) — readers opening one case's public page at once.
 *
 *   npx tsx bench/readingCases.ts --pg-only              # PostgreSQL (DATABASE_URL or the local server)
 *   npx tsx bench/readingCases.ts --pg-only --scale 0.25
 *
 * An enabled case of an organisation, made through the admin API with an uploaded PDF; readers
 * open it over real HTTP (`POST /v1/{org}/readingCase/add/count {type: view}`, login-free, each from
 * its own address through X-Forwarded-For: the case read, the hit against the day's key and a
 * shard of the counter moved in one statement), 50 at a time, 3 rounds of 2,000. The floor (bench/floor.ts) is
 * the same count as its minimal SQL — the hit and the counter's shard in one statement — through
 * node-postgres, on a case of its own, in the same run and at the same concurrency. Printed:
 * views/s, p50/p99 of both and the ratio, statements per call, and whether the counter equals the
 * readers (the run fails unless it does).
 */
import { chinaDate } from '@huodong/domain';
import { onEachDatabase, wantPostgres } from './databases.js';
import { serveAsSuper } from './serve.js';
import { againstFloor, floorColumns, readersNeeded, statementCount } from './floor.js';
import { casePdfs } from '../apps/server/src/seed/casePdf.js';
import type { Database } from '../apps/server/src/db/client.js';
import { send } from './client.js';

const args = process.argv.slice(2);
const scale = Number(args[args.indexOf('--scale') + 1]) || 1;
const ORG = 'benchcase';
const CONCURRENCY = 50;
const RUN = { rounds: 3, perRound: Math.round(2_000 * scale) };
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function run(label: string, database: Database): Promise<void> {
  console.log(`\n== ${label} (${database.driver}) ==`);
  // trustProxy: the readers' addresses come from X-Forwarded-For, as behind the site's proxy.
  const { base, token, call, close } = await serveAsSuper(database, { trustProxy: '127.0.0.1' });
  await call('POST', '/v1/organizations', { key: ORG, name: '阅读案例基准机构' });
  const [pdf] = await casePdfs([{ title: '基准案例', org: '阅读案例基准机构', sections: [{ heading: '案例背景', paragraphs: ['基准'] }] }]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)]), 'case.pdf');
  const uploaded = (await (await fetch(`${base}/v1/${ORG}/upload/public`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { data: { url: string } };
  const newCase = (title: string) => call<{ id: number }>('POST', `/v1/${ORG}/readingCase/case`, { title, cover: uploaded.data.url, category: 1, address: uploaded.data.url });
  const real = await newCase('并发浏览');
  const floorCase = await newCase('基线浏览');
  const n = readersNeeded(RUN);
  const day = chinaDate(Math.floor(Date.now() / 1000));

  const figures = await againstFloor(database, {
    title: `case view (${CONCURRENCY} at once)`,
    concurrency: CONCURRENCY,
    ...RUN,
    async real(i, timed) {
      const res = await timed('view', () =>
        send(`${base}/v1/${ORG}/readingCase/add/count`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(i) },
          body: JSON.stringify({ id: real.id, type: 'view' }),
        }),
      );
      if (res.status !== 200) throw new Error(`view: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    },
    async floor(i, timed, sql) {
      await timed('view', () =>
        sql.query(
          `with hit as (insert into reading_case_hits (case_id, kind, day, who) values ($1, 1, $2, $3) on conflict do nothing returning case_id)
           insert into reading_case_shards (case_id, shard, views) select case_id, floor(random() * 16)::smallint, 1 from hit
           on conflict (case_id, shard) do update set views = reading_case_shards.views + 1 returning views`,
          [floorCase.id, day, `a:${addressOf(i)}`],
        ),
      );
    },
  });
  // The case's counter is its row's column plus its shards (issue 25).
  const [row] = await database.query<{ views: number }>(
    'select c.views + coalesce((select sum(s.views) from reading_case_shards s where s.case_id = c.id), 0)::int as views from reading_cases c where c.id = $1',
    [real.id],
  );
  const view = figures.find((f) => f.step === 'view');
  console.table([
    {
      database: label,
      'at once': CONCURRENCY,
      views: row.views,
      readers: n,
      'views/s': view?.perSecond,
      ...floorColumns(view),
      statements: view?.statements,
    },
  ]);
  if (Number(row.views) !== n) {
    console.log(`COUNTER WRONG: ${row.views} views of ${n} readers`);
    process.exitCode = 1;
  }
  await close();
}

await onEachDatabase({ postgres: wantPostgres(args), onQuery: statementCount.onQuery }, run);
