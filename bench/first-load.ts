/**
 * First-load weight: what Chromium transfers for the login page and for a signed-in
 * `/super/orgManage` with an empty cache, against the BUILT app (`npm run build` first).
 *
 *   npm run bench:first-load -w @huodong/bench [-- --url http://host:port]   (default: starts its own server)
 *
 * Prints, per page, the number of responses, the bytes on the wire (encoded bodies, as the
 * server sent them) and the decoded bytes, split into assets and API answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ACCOUNT = 'admin';
const PASSWORD = 'Bench#Load123';

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-first-load-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOGIN_CAPTCHA: 'off',
    ADMIN_ACCOUNT: ACCOUNT,
    ADMIN_PASSWORD: PASSWORD,
    SEED: 'on',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const m = /已启动: (http:\/\/[^/\s]+)\//.exec(output);
    if (m) return { url: m[1], stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Load {
  responses: number;
  wire: { assets: number; api: number };
  decoded: { assets: number; api: number };
  encodings: Record<string, number>;
}

/** Open `url` in a fresh context (empty cache) and sum what came over the wire until the network is idle. */
async function measure(page: Page, url: string): Promise<Load> {
  const load: Load = { responses: 0, wire: { assets: 0, api: 0 }, decoded: { assets: 0, api: 0 }, encodings: {} };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const sizes = await request.sizes();
        const body = await response.body().catch(() => Buffer.alloc(0));
        const kind = new URL(request.url()).pathname.startsWith('/v1/') ? 'api' : 'assets';
        load.responses += 1;
        if (process.env.FIRST_LOAD_DEBUG) console.log(response.status(), sizes.responseBodySize, body.length, request.url());
        load.wire[kind] += sizes.responseBodySize;
        load.decoded[kind] += body.length;
        const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
        load.encodings[encoding] = (load.encodings[encoding] ?? 0) + 1;
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Responses keep being counted while earlier ones are read: wait until none is left.
  for (let n = 0; n < pending.length; n = pending.length) await Promise.all(pending);
  return load;
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function main() {
  const given = process.argv.indexOf('--url');
  const server = given > 0 ? { url: process.argv[given + 1], stop: async () => {} } : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const login = await fetch(`${server.url}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: ACCOUNT, password: PASSWORD }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const token = { super: { access_token: login.data.access_token, endTime: Date.now() + 3600_000 } };

    const pages: [string, string, boolean][] = [
      ['login page', '/super/login', false],
      ['signed-in /super/orgManage', '/super/orgManage', true],
    ];
    for (const [name, p, signedIn] of pages) {
      const context = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate, br' } });
      if (signedIn) await context.addInitScript(`localStorage.setItem('adminToken', ${JSON.stringify(JSON.stringify(token))})`);
      const load = await measure(await context.newPage(), p);
      await context.close();
      const wire = load.wire.assets + load.wire.api;
      const decoded = load.decoded.assets + load.decoded.api;
      console.log(
        `${name.padEnd(28)} ${String(load.responses).padStart(3)} responses  transferred ${kb(wire).padStart(8)} ` +
          `(assets ${kb(load.wire.assets)}, api ${kb(load.wire.api)})  decoded ${kb(decoded)}  encodings ${JSON.stringify(load.encodings)}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
