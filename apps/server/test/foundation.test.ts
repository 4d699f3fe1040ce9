import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { LOGIN_FIRST, ORG_NOT_FOUND } from '@huodong/domain';
import { managers, organizations, tokens } from '../src/db/schema.js';
import { sha256 } from '../src/auth/tokens.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';
import { startServerProcess } from './serverProcess.js';


let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A tiny built web app, to check what the server serves besides the API.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDist, 'h5.html'), '<!doctype html><div id="root" data-app="h5"></div>');
  fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await testApp({ webDist });
  const a = await t.org('flib');
  await t.org('glib');
  await t.manager(a.id, 'fmgr');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('tokens', () => {
  it('a request without a bearer token (or with a malformed header) gets 401 请先进行登录', async () => {
    const none = await t.call('GET', '/v1/supers/self');
    expect([none.status, none.code, none.message]).toEqual([401, 401, LOGIN_FIRST]);
    const basic = await t.call('GET', '/v1/supers/self', { headers: { authorization: 'Basic YWRtaW46eA==' } });
    expect([basic.status, basic.message]).toEqual([401, LOGIN_FIRST]);
  });

  it('an unknown token gets 401 登录已失效', async () => {
    const res = await t.call('GET', '/v1/supers/self', { token: 'not-a-token' });
    expect([res.status, res.message]).toEqual([401, '登录已失效，请重新登录']);
  });

  it('after logout the same token gets 401 登录已退出 on every scope', async () => {
    const token = await t.login('fmgr', MANAGER_PASSWORD, 'flib');
    expect((await t.call('GET', '/v1/flib/self', { token })).status).toBe(200);
    expect((await t.call('POST', '/v1/flib/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/v1/flib/self', { token });
    expect([after.status, after.message]).toEqual([401, '登录已退出，请重新登录']);
    const [row] = await t.db.select().from(tokens).where(eq(tokens.token_hash, sha256(token)));
    expect(row.revoked_at).not.toBeNull();
  });

  it('a token issued with a short TOKEN_TTL_MS expires by itself', async () => {
    const short = await testApp({ tokenTtlMs: 300 });
    try {
      const o = await short.org('slib');
      await short.manager(o.id, 'smgr');
      const token = await short.login('smgr', MANAGER_PASSWORD, 'slib');
      const [row] = await short.db.select().from(tokens).where(eq(tokens.token_hash, sha256(token)));
      // The stored expiry is the issue time plus the configured lifetime, not a fixed constant.
      expect(row.expires_at - row.created_at * 1000).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, Math.max(0, row.expires_at - Date.now()) + 50));
      const res = await short.call('GET', '/v1/slib/self', { token });
      expect([res.status, res.message]).toEqual([401, '登录已过期，请重新登录']);
    } finally {
      await short.close();
    }
  });

  it("a manager's token stops working once the manager or the organisation is disabled", async () => {
    const o = await t.org('hlib');
    const m = await t.manager(o.id, 'hmgr');
    const token = await t.login('hmgr', MANAGER_PASSWORD, 'hlib');
    await t.db.update(managers).set({ is_pause: 1 }).where(eq(managers.id, m.id));
    const paused = await t.call('GET', '/v1/hlib/self', { token });
    expect([paused.status, paused.message]).toEqual([401, '账号已被停用']);
    await t.db.update(managers).set({ is_pause: 0 }).where(eq(managers.id, m.id));
    expect((await t.call('GET', '/v1/hlib/self', { token })).status).toBe(200);
    await t.db.update(organizations).set({ is_pause: 1 }).where(eq(organizations.id, o.id));
    expect((await t.call('GET', '/v1/hlib/self', { token })).status).toBe(401);
  });
});

describe('scopes', () => {
  it('a super token reads any organisation, and the org route resolves the organisation', async () => {
    const res = await t.call('GET', '/v1/glib/self', { token: t.superToken });
    expect(res.status).toBe(200);
    expect(res.data.account).toBe('root');
  });

  it("a manager token on another organisation's endpoint → 403 and no data", async () => {
    const token = await t.login('fmgr', MANAGER_PASSWORD, 'flib');
    const res = await t.call('GET', '/v1/glib/users', { token });
    expect([res.status, res.code, res.message, res.data]).toEqual([403, 403, '您没有权限执行此操作', null]);
  });

  it('an unknown organisation answers 404 机构不存在 before the token is looked at', async () => {
    for (const token of [t.superToken, null, 'junk']) {
      const res = await t.call('GET', '/v1/nosuchorg/index', { token });
      expect([res.status, res.code, res.message]).toEqual([404, 404, ORG_NOT_FOUND]);
    }
    const info = await t.call('GET', '/v1/nosuchorg/orgInfo');
    expect([info.status, info.message]).toEqual([404, ORG_NOT_FOUND]);
  });
});

describe('envelope and pagination', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await t.call('POST', '/v1/flib/users', {
        token: t.superToken,
        body: { academic_num: `S${String(i).padStart(3, '0')}`, real_name: `读者${i}`, sex: 1, department: '中文系', identity: 1 },
      });
      expect(res.status, res.message).toBe(200);
    }
  });

  it('a success answer is {code: 200, message, data}', async () => {
    const res = await t.call('GET', '/v1/supers/self', { token: t.superToken });
    expect(res.res.json()).toEqual({ code: 200, message: 'success', data: expect.objectContaining({ account: 'root' }) });
  });

  it('a list answers items, _links and _meta; reflesh is ignored and not echoed in links', async () => {
    const res = await t.call('GET', '/v1/flib/users?page=2&page_size=5&reflesh=1712345678901', { token: t.superToken });
    expect(res.status).toBe(200);
    expect(res.data.items).toHaveLength(5);
    expect(res.data._meta).toEqual({ totalCount: 12, pageCount: 3, currentPage: 2, perPage: 5 });
    const links = res.data._links;
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'next', 'prev', 'self']);
    expect(links.self.href).toBe('/v1/flib/users?page=2&page_size=5');
    expect(links.first.href).toBe('/v1/flib/users?page=1&page_size=5');
    expect(links.prev.href).toBe('/v1/flib/users?page=1&page_size=5');
    expect(links.next.href).toBe('/v1/flib/users?page=3&page_size=5');
    expect(links.last.href).toBe('/v1/flib/users?page=3&page_size=5');
  });

  it('the default page size is 10; the last page has no next link; pages follow one order without overlap', async () => {
    const first = await t.call('GET', '/v1/flib/users', { token: t.superToken });
    expect(first.data.items).toHaveLength(10);
    expect(first.data._meta).toEqual({ totalCount: 12, pageCount: 2, currentPage: 1, perPage: 10 });
    expect(first.data._links.prev).toBeUndefined();
    const second = await t.call('GET', '/v1/flib/users?page=2', { token: t.superToken });
    expect(second.data.items).toHaveLength(2);
    expect(second.data._links.next).toBeUndefined();
    const ids = [...first.data.items, ...second.data.items].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids, 'newest first, within and across pages').toEqual([...ids].sort((a, b) => b - a));
  });

  it('keyword: a substring of any keyword column, case ignored, wildcards literal, never across two columns', async () => {
    const find = async (keyword: string) =>
      ((await t.call('GET', `/v1/flib/users?page_size=100&keyword=${encodeURIComponent(keyword)}`, { token: t.superToken })).data.items as { real_name: string }[])
        .map((u) => u.real_name)
        .sort();
    expect(await find('读者1')).toEqual(['读者1', '读者10', '读者11', '读者12']);
    expect(await find('s01')).toEqual(['读者10', '读者11', '读者12']);
    expect(await find(' S012 ')).toEqual(['读者12']);
    expect(await find('12S')).toEqual([]); // end of 读者12 + start of S012
    expect(await find('S0_2')).toEqual([]);
    expect(await find('%')).toEqual([]);
  });

  it('keyword of 1, 2 and 3+ characters, Chinese or not, finds the same rows through the keyword index', async () => {
    const find = async (keyword: string) =>
      ((await t.call('GET', `/v1/flib/users?page_size=100&keyword=${encodeURIComponent(keyword)}`, { token: t.superToken })).data.items as { real_name: string }[])
        .map((u) => u.real_name)
        .sort();
    const all = ['读者1', '读者10', '读者11', '读者12', '读者2', '读者3', '读者4', '读者5', '读者6', '读者7', '读者8', '读者9'];
    expect(await find('者')).toEqual(all);
    expect(await find('读者')).toEqual(all);
    expect(await find('者1')).toEqual(['读者1', '读者10', '读者11', '读者12']);
    expect(await find('读者11')).toEqual(['读者11']);
    expect(await find('s')).toEqual(all);
    expect(await find('S01')).toEqual(['读者10', '读者11', '读者12']);
    expect(await find('赵')).toEqual([]);
    expect(await find('者者')).toEqual([]);
  });

  it('a count past 10,000 rows stops there: totalCount is a lower bound flagged totalCapped, no last link', async () => {
    const [org] = await t.database.query<{ id: number }>(`select id from organizations where key = 'flib'`);
    await t.database.query(
      `insert into org_users (org_id, academic_num, real_name, identity) select $1, 'C' || g, '批量' || g, 1 from generate_series(1, 10005) g`,
      [org.id],
    );
    try {
      const page = await t.call('GET', '/v1/flib/users?page_size=10', { token: t.superToken });
      expect(page.data._meta).toEqual({ totalCount: 10000, pageCount: 1000, currentPage: 1, perPage: 10, totalCapped: true });
      expect(page.data._links.last).toBeUndefined();
      expect(page.data._links.next.href).toBe('/v1/flib/users?page_size=10&page=2');
      const deep = await t.call('GET', '/v1/flib/users?page=1001&page_size=10', { token: t.superToken });
      expect(deep.data._meta.totalCount, 'counted up to 10,000 past the page').toBe(10017);
      expect(deep.data._meta.totalCapped).toBeUndefined();
      expect(deep.data.items).toHaveLength(10);
    } finally {
      await t.database.query(`delete from org_users where org_id = $1 and academic_num like 'C%'`, [org.id]);
    }
  });

  it('a page past the end is empty; an empty list has only a self link', async () => {
    const past = await t.call('GET', '/v1/flib/users?page=9', { token: t.superToken });
    expect(past.data.items).toEqual([]);
    expect(past.data._meta.totalCount).toBe(12);
    const empty = await t.call('GET', '/v1/glib/users', { token: t.superToken });
    expect(empty.data).toEqual({
      items: [],
      _links: { self: { href: '/v1/glib/users?page=1&page_size=10' } },
      _meta: { totalCount: 0, pageCount: 1, currentPage: 1, perPage: 10 },
    });
  });

  it('bad paging parameters → 422 naming the parameter, never 500', async () => {
    const zero = await t.call('GET', '/v1/flib/users?page=0', { token: t.superToken });
    expect([zero.status, zero.code]).toEqual([422, 422]);
    expect(zero.message).toContain('页码必须大于等于1');
    const big = await t.call('GET', '/v1/flib/users?page_size=101', { token: t.superToken });
    expect(big.status).toBe(422);
    expect(big.message).toContain('每页条数不能超过100');
    const text = await t.call('GET', '/v1/flib/users?page=abc', { token: t.superToken });
    expect(text.status).toBe(422);
    expect(text.message).not.toMatch(/^[a-z_][\w.]*: /);
    expect(text.data.errors.map((e: { field: string }) => e.field)).toContain('page');
  });

  it('reflesh is accepted on plain reads too', async () => {
    const res = await t.call('GET', `/v1/flib/menu?reflesh=${Date.now()}`, { token: t.superToken });
    expect(res.status).toBe(200);
  });
});

describe('errors', () => {
  it('an unknown route answers 404 页面不存在 in the envelope, with or without a token', async () => {
    for (const token of [t.superToken, null]) {
      const res = await t.call('GET', '/v1/no/such/route', { token });
      expect(res.res.json()).toEqual({ code: 404, message: '页面不存在', data: null });
    }
    const wrongMethod = await t.call('DELETE', '/v1/menu', { token: t.superToken });
    expect([wrongMethod.status, wrongMethod.message]).toEqual([404, '页面不存在']);
  });

  it('a malformed JSON body → 400 请求格式错误, not 500', async () => {
    const res = await t.call('POST', '/v1/login', { body: '{"account":', headers: { 'content-type': 'application/json' } });
    expect([res.status, res.code, res.message]).toEqual([400, 400, '请求格式错误']);
  });

  it('a missing field → 422 naming the field', async () => {
    const res = await t.call('POST', '/v1/login', { body: { password: 'x' } });
    expect(res.status).toBe(422);
    expect(res.message).toBe('请输入账号');
    expect(res.data.errors[0]).toEqual({ field: 'account', message: '请输入账号' });
  });
});

describe('web app serving', () => {
  it('serves built assets (long cache), and index.html for history-mode addresses', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/super/login?redirect=%2Fsuper%2FfunctionIndex', '/flib/adminManager', '/no/such/page']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
  });

  it("the reader app's page (h5.html) for /{org}/h5 and every path under it, the back office's elsewhere", async () => {
    for (const url of ['/flib/h5', '/flib/h5/', '/flib/h5/activities/12/checkin?from=home']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('data-app="h5"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/flib/h5x', '/flib/adminAct/h5', '/h5']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).not.toContain('data-app="h5"');
    }
  });

  it("a QR's spec address (trainSign, scan, the public case pages) redirects into the reader app with its query; others stay", async () => {
    const sign = await t.app.inject({ method: 'GET', url: '/flib/trainSign?actId=3&sessionId=7&type=1&code=AB%2BC' });
    expect(sign.statusCode).toBe(302);
    expect(sign.headers.location).toBe('/flib/h5/trainSign?actId=3&sessionId=7&type=1&code=AB%2BC');
    const scan = await t.app.inject({ method: 'GET', url: '/flib/scan?code=X1&sign=abc' });
    expect([scan.statusCode, scan.headers.location]).toEqual([302, '/flib/h5/scan?code=X1&sign=abc']);
    expect((await t.app.inject({ method: 'GET', url: '/flib/scan' })).headers.location).toBe('/flib/h5/scan');
    const pdf = await t.app.inject({ method: 'GET', url: '/flib/readPromotion/pdfDetail?id=5' });
    expect([pdf.statusCode, pdf.headers.location]).toEqual([302, '/flib/h5/readPromotion/pdfDetail?id=5']);
    expect((await t.app.inject({ method: 'GET', url: '/flib/readPromotion/adminPdfDetail?id=2' })).headers.location).toBe('/flib/h5/readPromotion/adminPdfDetail?id=2');
    for (const url of ['/flib/scanx', '/flib/adminAct/scan', '/super/scan', '/super/readPromotion/adminPdfDetail?id=2', '/scan']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
    }
  });

  it('unknown /v1 paths stay JSON 404s and files outside the build are not reachable', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/v1/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('页面不存在');
    const escape = await t.app.inject({ method: 'GET', url: '/assets/../../../etc/passwd' });
    expect(escape.body).not.toContain('root:');
  });
});

describe('process', () => {
  it('SIGTERM lets a request in flight finish, then the process exits 0', async () => {
    // With DATABASE_URL the suite has no PGlite template: the child then migrates its own directory.
    const template = inject('pgliteTemplate');
    const server = await startServerProcess({ ADMIN_PASSWORD: 'Sig#term123', WEB_DIST: webDist }, (dataDir) => {
      if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    });
    const { child, exited, port } = server;
    try {
      // Send the headers and half of the body, then SIGTERM, then the rest of the body.
      const body = JSON.stringify({ account: 'admin', password: 'Sig#term123' });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      let answer = '';
      socket.on('data', (d) => (answer += d));
      const ended = new Promise((r) => socket.once('close', r));
      socket.write(`POST /v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`);
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(child.exitCode).toBeNull(); // still waiting for the request in flight
      socket.write(body.slice(10));
      await ended;
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('access_token');
      expect(await exited).toBe(0);
      // New connections are refused once it has closed.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      await server.dispose();
    }
  }, 90_000); // a cold process start (compiling the server, maybe migrating) on a busy machine
});
