/**
 * The second machine (issue 22): two server processes on one PostgreSQL behind a real reverse proxy
 * (Debian's nginx, configured as docs/deploy.md says), files in an S3-compatible store (s3rver).
 * A file uploaded through one node is served by the other; the sign-in throttle and a reader's
 * daily vote limit hold across both; a SIGTERM of one node while 32 clients go through the proxy
 * loses no request. (A job of a node that dies is finished by the other: jobs.test.ts.)
 * Only on PostgreSQL: the embedded database belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { multipartBody } from '../src/seed/step.js';
import { THROTTLED_MESSAGE } from '../src/auth/throttle.js';
import { publishedVoting, newSource, OPEN_VOTE_RULES } from './fixtures/votingActivity.js';
import { newReader } from './fixtures/readerJoins.js';
import type { FixtureContext } from './fixtures/types.js';
import { freshPostgresUrl } from './helpers.js';
import { startServerProcess, type ServerProcess } from './serverProcess.js';

const PASSWORD = 'Two#nodes123';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** docs/nginx.conf (what docs/deploy.md tells an operator to install) in a main configuration of its own. */
function nginxConfig(listen: string, upstreams: string[], prefix: string): string {
  const site = fs
    .readFileSync(path.join(ROOT, 'docs/nginx.conf'), 'utf8')
    .replace('{{LISTEN}}', listen)
    .replace('{{UPSTREAMS}}', upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=5s;`).join('\n    '));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${prefix}/${t};`).join('\n  ');
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `pid ${prefix}/nginx.pid;`,
    'daemon off;',
    'events { worker_connections 1024; }',
    `http {\n  access_log off;\n  ${temp}\n${site}\n}`,
  ].join('\n');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  code?: number;
  message?: string;
  data?: any;
}

async function call(base: string, method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: Uint8Array | string | undefined;
  if (Buffer.isBuffer(opts.body)) body = new Uint8Array(opts.body);
  else if (opts.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + url, { method, headers, body });
  const text = await res.text();
  try {
    const json = JSON.parse(text);
    return { status: res.status, code: json.code, message: json.message, data: json.data };
  } catch {
    return { status: res.status, message: text };
  }
}

describe.runIf(!!process.env.DATABASE_URL)('two nodes behind nginx', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-two-'));
  let database: { url: string; drop(): Promise<void> };
  let s3: { close(): Promise<void> };
  let nginx: ChildProcess;
  let proxy: string;
  const nodes: ServerProcess[] = [];
  const base = (n: ServerProcess) => `http://127.0.0.1:${n.port}`;
  let superToken = '';
  let ctx: FixtureContext;

  beforeAll(async () => {
    database = await freshPostgresUrl();
    const s3Port = await freePort();
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'huodong-files' }] }) as never;
    await (s3 as unknown as { run(): Promise<unknown> }).run();
    const env = {
      DATABASE_URL: database.url,
      ADMIN_PASSWORD: PASSWORD,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'huodong-files',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'on',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_DRAIN_MS: '1500',
    };
    // The first node migrates the database; the second starts on it.
    nodes.push(await startServerProcess(env));
    nodes.push(await startServerProcess(env));

    const port = await freePort();
    fs.writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(`127.0.0.1:${port}`, nodes.map((n) => `127.0.0.1:${n.port}`), work));
    nginx = spawn('nginx', ['-p', work, '-c', path.join(work, 'nginx.conf'), '-e', path.join(work, 'error.log')], { stdio: 'ignore' });
    proxy = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`${proxy}/readyz`).then((r) => r.status).catch(() => 0)) === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    superToken = (await call(proxy, 'POST', '/v1/login', { body: { account: 'admin', password: PASSWORD } })).data.access_token;
    const org = await call(proxy, 'POST', '/v1/organizations', { token: superToken, body: { key: 'twonodes', name: '双节点图书馆' } });
    expect(org.status).toBe(200);
    ctx = {
      org: { id: org.data.id, key: 'twonodes' },
      superToken,
      call: (method, url, o = {}) => call(proxy, method, url, { ...o, token: o.token ?? undefined }) as never,
      login: async (account, password, key) => (await call(proxy, 'POST', key ? `/v1/${key}/login` : '/v1/login', { body: { account, password } })).data.access_token,
      readerLogin: async (account, password) => (await call(proxy, 'POST', '/v1/twonodes/client/login', { body: { account, password, key: '', code: '' } })).data.access_token,
    };
  }, 180_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await Promise.all(nodes.map((n) => n.dispose()));
    await s3?.close();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('a file uploaded through one node is served by the other', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const { body, contentType } = multipartBody('cover.png', png, 'image/png', 'file');
    const up = await call(base(nodes[0]), 'POST', '/v1/upload/cover', { token: superToken, body, headers: { 'content-type': contentType } });
    expect(up.status).toBe(200);
    const res = await fetch(base(nodes[1]) + up.data.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('the sign-in throttle counts the attempts made on both nodes together', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await call(base(nodes[i % 2]), 'POST', '/v1/login', { body: { account: 'admin', password: 'Wrong#pass1' }, headers: { 'x-forwarded-for': '203.0.113.9' } }));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(422));
    expect(answers[10].message).toBe(THROTTLED_MESSAGE);
    expect(answers[11].message).toBe(THROTTLED_MESSAGE);
  });

  it("a reader's daily vote limit holds when the reader's ballots go to both nodes at once", async () => {
    const actId = await publishedVoting(ctx, '双节点投票', { ...OPEN_VOTE_RULES, votes_per_day: 3 });
    const sources = await Promise.all(Array.from({ length: 12 }, (_, i) => newSource(ctx, actId, `对象${i}`)));
    const reader = await newReader(ctx);
    const ballots = await Promise.all(
      sources.map((s, i) => call(base(nodes[i % 2]), 'POST', `/v1/twonodes/client/activities/${actId}/ballots`, { token: reader.token, body: { request_id: randomUUID(), source_ids: [s] } })),
    );
    expect(ballots.filter((b) => b.status === 200)).toHaveLength(3);
  });

  it('SIGTERM of one node while 32 clients go through the proxy: every request is answered', async () => {
    const stop = { now: false };
    const results: Answer[] = [];
    const failures: string[] = [];
    const client = async (i: number) => {
      while (!stop.now) {
        try {
          const a = await call(proxy, 'GET', i % 2 ? '/v1/supers/self' : '/v1/menu', { token: superToken });
          results.push(a);
          if (a.status !== 200) failures.push(`${a.status} ${a.message}`);
        } catch (err) {
          failures.push(String(err));
        }
      }
    };
    const running = Array.from({ length: 32 }, (_, i) => client(i));
    await new Promise((r) => setTimeout(r, 1500));
    const victim = nodes[1];
    victim.child.kill('SIGTERM');
    await victim.exited;
    await new Promise((r) => setTimeout(r, 1500)); // the survivor serves everything
    stop.now = true;
    await Promise.all(running);
    expect(results.length).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 60_000);
});
