import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchas, tokens } from '../src/db/schema.js';
import { sha256 } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { MANAGER_PASSWORD, SUPER_PASSWORD, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  const a = await t.org('alib');
  await t.org('blib');
  await t.manager(a.id, 'amgr');
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('a super administrator signs in with a real code and reads self', async () => {
    const token = await t.login('root', SUPER_PASSWORD);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const self = await t.call('GET', '/v1/supers/self', { token });
    expect(self.data).toMatchObject({ account: 'root', type: 'super', scope: 'super' });
  });

  it('stores only the SHA-256 of a token, with an absolute expiry', async () => {
    const token = await t.login('root', SUPER_PASSWORD);
    const [row] = await t.db.select().from(tokens).where(eq(tokens.token_hash, sha256(token)));
    expect(row.subject_kind).toBe('super');
    const all = await t.database.query<{ token_hash: string }>('select token_hash from tokens');
    expect(all.some((r) => r.token_hash === token)).toBe(false);
    expect(row.expires_at - Date.now()).toBeGreaterThan(158_112_000 - 60_000);
  });

  it('a manager signs in on its organisation only', async () => {
    const token = await t.login('amgr', MANAGER_PASSWORD, 'alib');
    expect((await t.call('GET', '/v1/alib/self', { token })).data).toMatchObject({ account: 'amgr', type: 'admin', scope: 'alib' });
    await expect(t.login('amgr', MANAGER_PASSWORD, 'blib')).rejects.toThrow(/账号或密码错误/);
  });

  it('gives the same message for an unknown account and a wrong password', async () => {
    // Awaited one by one: a second promise left pending would reject unhandled (vitest then fails the run).
    await expect(t.login('root', 'nope')).rejects.toThrow(/账号或密码错误/);
    await expect(t.login('ghost', 'nope')).rejects.toThrow(/账号或密码错误/);
  });

  it('refuses a wrong code, and a code is single use', async () => {
    const cap = await t.call('POST', '/v1/login/verificationCode');
    expect(cap.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const [row] = await t.db.select().from(captchas).where(eq(captchas.key, cap.data.key));
    const bad = await t.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD, key: cap.data.key, code: 'zzzz' } });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('验证码错误或已过期');
    const reuse = await t.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD, key: cap.data.key, code: row.code } });
    expect(reuse.status).toBe(422);
  });

  it('an unknown organisation answers 404 机构不存在', async () => {
    const res = await t.call('POST', '/v1/nosuch/login/verificationCode');
    expect(res.status).toBe(404);
    expect(res.message).toBe('机构不存在');
  });
});

describe('tokens and scopes', () => {
  it('no token → 401; a revoked token → 401 after logout', async () => {
    expect((await t.call('GET', '/v1/supers/self')).status).toBe(401);
    const token = await t.login('root', SUPER_PASSWORD);
    expect((await t.call('POST', '/v1/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/v1/supers/self', { token });
    expect(after.status).toBe(401);
  });

  it('an expired token → 401', async () => {
    const token = await t.login('root', SUPER_PASSWORD);
    await t.db.update(tokens).set({ expires_at: Date.now() - 1 }).where(eq(tokens.token_hash, sha256(token)));
    const res = await t.call('GET', '/v1/supers/self', { token });
    expect(res.status).toBe(401);
    expect(res.message).toBe('登录已过期，请重新登录');
  });

  it('a super token is accepted on an organisation endpoint', async () => {
    const res = await t.call('GET', '/v1/blib/index', { token: t.superToken });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
  });

  it("a manager token on another organisation's endpoint → 403", async () => {
    const token = await t.login('amgr', MANAGER_PASSWORD, 'alib');
    const res = await t.call('GET', '/v1/blib/index', { token });
    expect(res.status).toBe(403);
    expect(res.code).toBe(403);
    expect(res.message).toBe('您没有权限执行此操作');
  });

  it('a manager token on a super endpoint → 403', async () => {
    const token = await t.login('amgr', MANAGER_PASSWORD, 'alib');
    expect((await t.call('GET', '/v1/menu', { token })).status).toBe(403);
  });

  it('the menu of an organisation never lists super pages', async () => {
    const token = await t.login('amgr', MANAGER_PASSWORD, 'alib');
    const res = await t.call('GET', '/v1/alib/menu', { token });
    const paths = res.data.flatMap((g: { children: { path: string }[] }) => g.children.map((c) => c.path));
    expect(paths).toContain('functionIndex');
    expect(paths).not.toContain('orgManage');
  });
});

describe('throttling', () => {
  it('refuses an account after 10 failures within 15 minutes with 429', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      for (let i = 0; i < 10; i++) {
        const r = await local.call('POST', '/v1/login', { body: { account: 'root', password: 'bad' } });
        expect(r.status).toBe(422);
      }
      const r = await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD } });
      expect(r.status).toBe(429);
      expect(r.message).toBe('登录失败次数过多，请15分钟后再试');
    } finally {
      await local.close();
    }
  });
});

describe('throttling by address', () => {
  const failFrom = async (local: TestApp, n: number, headers: Record<string, string> = {}) => {
    for (let i = 0; i < n; i++) {
      const r = await local.call('POST', '/v1/login', { body: { account: `nobody${i}`, password: 'bad' }, headers });
      expect(r.status).toBe(422);
    }
  };

  it('refuses an address after 10 failures on different accounts; X-Forwarded-For does not dodge it', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      await failFrom(local, 10);
      for (const headers of [{}, { 'x-forwarded-for': '203.0.113.9' }] as Record<string, string>[]) {
        const r = await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD }, headers });
        expect([r.status, r.message]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
      }
    } finally {
      await local.close();
    }
  });

  it('TRUST_PROXY is off unless set: on, a hop count, or addresses', () => {
    expect(['', 'off', 'false', 'on', 'TRUE', '10.0.0.1, 10.0.0.0/8'].map((v) => loadConfig({ TRUST_PROXY: v }).trustProxy)).toEqual([false, false, false, true, true, '10.0.0.1, 10.0.0.0/8']);
    expect(loadConfig({}).trustProxy).toBe(false);
    const twoHops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('behind a trusted proxy (TRUST_PROXY) the forwarded address is the one counted', async () => {
    const local = await testApp({ loginCaptcha: false, trustProxy: true });
    try {
      await failFrom(local, 10, { 'x-forwarded-for': '203.0.113.9' });
      const same = await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD }, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(same.status).toBe(429);
      const other = await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.7' } });
      expect(other.status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('conventions', () => {
  it('answers unknown API paths with the envelope and 404', async () => {
    const res = await t.call('GET', '/v1/definitely/not/here', { token: t.superToken });
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
  });
  it('health and readiness', async () => {
    expect((await t.call('GET', '/healthz')).status).toBe(200);
    expect((await t.call('GET', '/readyz')).data.status).toBe('ready');
  });
});
