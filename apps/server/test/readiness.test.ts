import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { DATABASE_UNAVAILABLE } from '../src/http/errors.js';
import { freshPostgresUrl, testApp } from './helpers.js';

const config = (): AppConfig => ({ ...loadConfig({}), dataDir: '/nonexistent', logLevel: 'silent', webDist: '/nonexistent' });
const unavailable = { code: 503, message: DATABASE_UNAVAILABLE, data: null };

describe('readiness and an unavailable database', () => {
  it.runIf(!process.env.DATABASE_URL)('PGlite: once the data directory is deleted, /readyz says not ready and writes answer 503, not 500', async () => {
    const t = await testApp();
    try {
      expect((await t.call('GET', '/readyz')).status).toBe(200);
      fs.rmSync(t.database.dataDir!, { recursive: true, force: true });
      const ready = await t.call('GET', '/readyz');
      expect(ready.res.json()).toEqual(unavailable);
      expect(ready.status).toBe(503);
      const write = await t.call('POST', '/v1/organizations/types', { token: t.superToken, body: { name: '类型A' } });
      expect([write.status, write.code, write.message]).toEqual([503, 503, DATABASE_UNAVAILABLE]);
    } finally {
      await t.close().catch(() => {}); // the directory is already gone
    }
  });

  it('a database closed under the running app: /readyz and API calls answer 503 数据库不可用', async () => {
    const t = await testApp();
    const org = await t.org('rlib');
    try {
      expect((await t.call('GET', `/v1/${org.key}/orgInfo`)).status).toBe(200);
      const close = t.database.close;
      await close();
      t.database.close = async () => {}; // closed once here; the test's cleanup must not close again
      expect((await t.call('GET', '/readyz')).res.json()).toEqual(unavailable);
      for (const [method, url, token] of [
        ['GET', `/v1/${org.key}/orgInfo`, null],
        ['POST', '/v1/login/verificationCode', null],
        ['GET', '/v1/supers/self', t.superToken],
      ] as const) {
        const res = await t.call(method, url, { token });
        expect([url, res.status, res.res.json()]).toEqual([url, 503, unavailable]);
      }
    } finally {
      await t.close();
    }
  });

  // PostgreSQL behind a TCP relay the test controls: closing the relay makes the server unreachable
  // (connections reset, new ones refused) while the app keeps running; reopening it brings it back.
  it.runIf(!!process.env.DATABASE_URL)('PostgreSQL unreachable: 503 数据库不可用 and not ready; back to 200 once it is reachable again', async () => {
    const copy = await freshPostgresUrl();
    const target = new URL(copy.url);
    const sockets = new Set<net.Socket>();
    const relay = () =>
      net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
      });
    let server = relay();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const viaRelay = new URL(copy.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(port);
    const database = await openDatabase({ databaseUrl: viaRelay.toString() });
    const app = await buildApp(config(), { database, logger: false });
    const warn = console.warn;
    console.warn = () => {}; // the pool reports the idle connections the relay cuts
    try {
      const get = async (url: string, method: 'GET' | 'POST' = 'GET') => {
        const res = await app.inject({ method, url });
        return { status: res.statusCode, body: res.json() };
      };
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/v1/login/verificationCode', 'POST')).status).toBe(200);

      await new Promise<void>((r) => {
        server.close(() => r());
        sockets.forEach((s) => s.destroy());
      });
      expect(await get('/readyz')).toEqual({ status: 503, body: unavailable });
      expect(await get('/v1/login/verificationCode', 'POST')).toEqual({ status: 503, body: unavailable });
      expect(await get('/v1/nolib/orgInfo')).toEqual({ status: 503, body: unavailable });

      server = relay();
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      expect((await get('/readyz')).status).toBe(200);
      expect((await get('/v1/login/verificationCode', 'POST')).status).toBe(200);
    } finally {
      console.warn = warn;
      await app.close();
      await database.close().catch(() => {});
      server.close();
      sockets.forEach((s) => s.destroy());
      await copy.drop();
    }
  });
});
