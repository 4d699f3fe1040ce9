import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await testApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
const csp = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources.sort()]),
  );

describe('security headers', () => {
  const answers = () => ({
    page: t.app.inject({ method: 'GET', url: '/super/login' }),
    asset: t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
    api: t.app.inject({ method: 'GET', url: '/v1/supers/self', headers: { authorization: `Bearer ${t.superToken}` } }),
    refused: t.app.inject({ method: 'GET', url: '/v1/supers/self' }),
    missing: t.app.inject({ method: 'GET', url: '/v1/no/such' }),
  });

  it('every answer (the app page, an asset, API answers and refusals) carries the same security headers', async () => {
    for (const [name, pending] of Object.entries(answers())) {
      const res = await pending;
      const h = res.headers;
      const policy = csp(h['content-security-policy']);
      expect(policy['script-src'], name).toEqual(["'self'"]);
      expect(policy['default-src'], name).toEqual(["'self'"]);
      expect(policy['style-src'], name).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src'], name).toEqual(["'self'", 'blob:', 'data:']);
      expect(policy['frame-ancestors'], name).toEqual(["'none'"]);
      expect(policy['object-src'], name).toEqual(["'none'"]);
      expect(h['x-frame-options'], name).toBe('DENY');
      expect(h['x-content-type-options'], name).toBe('nosniff');
      expect(h['referrer-policy'], name).toBe('no-referrer');
      // the camera and the position for this origin's pages (扫一扫, 扫描票码, a geofenced sign-in), no frame's
      expect(h['permissions-policy'], name).toContain('camera=(self)');
      expect(h['permissions-policy'], name).toContain('geolocation=(self)');
      expect(h['permissions-policy'], name).toContain('microphone=()');
      // HSTS belongs to the TLS-terminating proxy (README), not to a server that may be reached over HTTP.
      expect(h['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('API answers are never stored; the app page revalidates and hashed assets stay cacheable', async () => {
    const { page, asset, api, refused, missing } = answers();
    for (const res of [await api, await refused, await missing]) expect(res.headers['cache-control']).toBe('no-store');
    expect((await api).statusCode).toBe(200);
    expect((await page).headers['cache-control']).toBe('no-cache');
    expect((await asset).headers['cache-control']).toContain('immutable');
  });
});
