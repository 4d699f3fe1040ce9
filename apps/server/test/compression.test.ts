import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';

// What the build writes (apps/web/vite.config.ts precompress): each file, its .br and its .gz.
const SCRIPT = `console.log(${JSON.stringify('活动'.repeat(2000))});\n`;
const HTML = `<!doctype html><html><head><title>huodong</title></head><body><div id="root"></div>${'<!-- x -->'.repeat(200)}</body></html>`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const write = (name: string, text: string) => {
    const file = path.join(webDist, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
  };
  write('index.html', HTML);
  write('assets/index-abc123.js', SCRIPT);
  // Too small to be worth a compressed copy: the build wrote none.
  fs.writeFileSync(path.join(webDist, 'assets', 'tiny-def456.js'), 'export{}');
  t = await testApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('built assets are sent precompressed', () => {
  it('brotli when the client accepts it, with the type of the file, Vary and an immutable cache', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip when only gzip is accepted', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('the file itself without Accept-Encoding, or when the client refuses both', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('index.html (history-mode addresses) too, revalidated rather than cached', async () => {
    const res = await get('/super/login', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
  });

  it('a file without a compressed copy is sent as it is, never compressed again per request', async () => {
    const res = await get('/assets/tiny-def456.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export{}');
  });

  it('a hashed asset that is not in the build is a 404, not index.html', async () => {
    const res = await get('/assets/index-old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('API answers', () => {
  it('over 1 KB are compressed (brotli, else gzip) and still carry the envelope', async () => {
    // The captcha is an SVG data URL: several KB of JSON.
    const br = await get('/v1/login/verificationCode', 'gzip, br', 'POST');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(body.data.image).toMatch(/^data:image\/svg\+xml/);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024);

    const gz = await get('/v1/login/verificationCode', 'gzip', 'POST');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).code).toBe(200);

    const plain = await get('/v1/login/verificationCode', undefined, 'POST');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().code).toBe(200);
  });

  it('request bodies are not inflated: a gzip body is read as sent (a bad JSON body, 400)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ account: 'root', password: 'x', key: 'k', code: 'c' })),
    });
    expect(res.statusCode).toBe(400);
  });

  it('under 1 KB are sent as they are', async () => {
    const res = await get('/healthz', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('ok');
  });
});
