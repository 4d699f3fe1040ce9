/**
 * Benchmark: the works download (`GET /v1/{org}/original/download?act=&ids=`, issue 12) of about
 * 1 GB of stored files, streamed into one zip.
 *
 *   npx tsx bench/zip.ts               # PGlite; PostgreSQL too with --pg or DATABASE_URL
 *   npx tsx bench/zip.ts --files 4     # 4 files of 50 MB instead of 20
 *
 * Stores 20 files of 50 MB (`--files N`) through the app's storage service (the local disk under a
 * temporary DATA_DIR), each the media of one work of a type 1 activity (works written with one
 * INSERT, as bench/works.ts does), then downloads the zip of a quarter of the works and of all of
 * them over real HTTP, counting the bytes as they arrive: MB/s and the server's peak RSS growth
 * above its RSS before the request (sampled every 20 ms). The RSS growth must not follow the size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { onEachDatabase, wantPostgres } from './databases.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { fileUrl, newKey } from '../apps/server/src/storage/files.js';

const args = process.argv.slice(2);
const FILES = Number(args[args.indexOf('--files') + 1]) || 20;
const FILE_MB = 50;
const ORG = 'benchzip';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `FILE_MB` of bytes that do not compress (one random megabyte, varied by its first bytes). */
function fileBody(n: number): Readable {
  const block = randomBytes(1024 * 1024);
  return Readable.from(
    (function* () {
      for (let i = 0; i < FILE_MB; i++) {
        const chunk = Buffer.from(block);
        chunk.writeUInt32BE(n * FILE_MB + i, 0);
        yield chunk;
      }
    })(),
  );
}

async function run(label: string, database: Database): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-zip-'));
  const config = { ...loadConfig({}), dataDir, logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false };
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const now = Math.floor(Date.now() / 1000);
    const [org] = await database.query<{ id: number }>(`insert into organizations (key, name, activity_types) values ($1, '打包基准机构', '[1]'::jsonb) returning id`, [ORG]);
    const [reader] = await database.query<{ id: number }>(`insert into readers (org_id, account, password_hash, real_name, source) values ($1, 'zipreader', 'x', '读者', 'register') returning id`, [org.id]);
    const [act] = await database.query<{ id: number }>(
      `insert into activities (org_id, type, title, start_at, end_at, is_tmp, published_at, config)
       values ($1, 1, '视频作品征集', $2, $3, 0, $2, '{"work":{"creation_types":[{"id":1,"name":"视频","media":"video"}]}}'::jsonb) returning id`,
      [org.id, now - 86_400, now + 86_400],
    );
    const t0 = performance.now();
    const keys: string[] = [];
    for (let n = 0; n < FILES; n++) {
      const key = newKey(ORG, 'work', 'mp4');
      await app.storage.put(key, fileBody(n), 'video/mp4');
      keys.push(key);
    }
    const ids = (
      await database.query<{ id: number }>(
        `insert into works (org_id, act_id, reader_id, creation_type_id, title, content, author, pledge, status, media, created_at, updated_at)
         select $1, $2, $3, 1, '我的读书视频' || n, '', '{"real_name":"读者"}'::jsonb, 1, 'approved', jsonb_build_array(url), $4, $4
         from unnest($5::text[]) with ordinality as f(url, n) order by n returning id`,
        [org.id, act.id, reader.id, now, keys.map(fileUrl)],
      )
    ).map((w) => w.id);
    console.log(`\n== ${label}: ${FILES} files of ${FILE_MB} MB stored in ${((performance.now() - t0) / 1000).toFixed(1)} s ==`);

    const [su] = await database.query<{ id: number }>(`insert into supers (account, password_hash) values ('benchzipsu', $1) returning id`, [await hashPassword('Bench#Super1')]);
    const { access_token } = await issueToken(database.db, { kind: 'super', id: su.id, orgId: null, scope: 'super' }, 3_600_000);
    const rows = [];
    for (const chosen of [ids.slice(0, Math.max(1, Math.floor(FILES / 4))), ids]) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/v1/${ORG}/original/download?act=${act.id}&ids=${chosen.join(',')}`, { headers: { authorization: `Bearer ${access_token}` } });
      if (res.status !== 200) throw new Error(`download: ${res.status} ${await res.text()}`);
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      rows.push({ works: chosen.length, 'zip size': mb(bytes), seconds: seconds.toFixed(1), 'MB/s': Math.round(bytes / 1024 / 1024 / seconds), 'RSS before': mb(before), 'peak RSS growth': mb(peak - before) });
      if (bytes < chosen.length * FILE_MB * 1024 * 1024) {
        console.log(`the zip of ${chosen.length} works is smaller than their files: ${bytes} bytes`);
        process.exitCode = 1;
      }
    }
    console.table(rows);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await onEachDatabase({ postgres: wantPostgres(args) }, run);
