/**
 * Benchmark: a streamed .xlsx export of 1,000,000 rows (issue 10: memory stays flat).
 *
 *   npx tsx bench/export.ts            # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/export.ts --rows 200000
 *
 * Fills one organisation's digital resources with generated rows (benchmark data, written with
 * one INSERT … SELECT generate_series), then downloads `GET /v1/{org}/export/digitalresource`
 * over real HTTP, counting the bytes as they arrive. Prints rows/s, the file size, and the
 * server's peak RSS growth above its RSS before the request (sampled every 20 ms).
 */
import os from 'node:os';
import { onEachDatabase, wantPostgres } from './databases.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

const args = process.argv.slice(2);
const ROWS = Number(args[args.indexOf('--rows') + 1]) || 1_000_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run(label: string, database: Database): Promise<void> {
  const t0 = Date.now();
  const [org] = await database.query<{ id: number }>(`insert into organizations (key, name) values ('benchexp', '导出基准机构') returning id`);
  await database.query(`insert into supers (account, password_hash, real_name) values ('benchsuper', $1, '基准')`, [await hashPassword('Bench#Super1')]);
  await database.query(
    `insert into digital_resources (org_id, title, kind, author, link, intro, sort)
     select $1, '数字资源 ' || g, 1 + g % 5, '作者' || (g % 1000), 'https://example.org/r/' || g, '=简介 ' || g, g from generate_series(1, ${ROWS}) g`,
    [org.id],
  );
  console.log(`\n== ${label}: ${ROWS.toLocaleString()} rows filled in ${((Date.now() - t0) / 1000).toFixed(1)} s ==`);

  const config = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false };
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [admin] = await database.query<{ id: number }>(`select id from supers where account = 'benchsuper'`);
  const { access_token } = await issueToken(database.db, { kind: 'super', id: admin.id, orgId: null, scope: 'super' }, 3_600_000);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/v1/benchexp/export/digitalresource`, { headers: { authorization: `Bearer ${access_token}` } });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await app.close();
  console.table([
    {
      rows: ROWS,
      'file size': mb(bytes),
      seconds: seconds.toFixed(1),
      'rows/s': Math.round(ROWS / seconds).toLocaleString(),
      'RSS before': mb(before),
      'peak RSS growth': mb(peak - before),
    },
  ]);
}

await onEachDatabase({ postgres: wantPostgres(args) }, run);
