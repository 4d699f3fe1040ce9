import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { captchas, supers, tokens } from '../src/db/schema.js';
import { ensureSuperAdmin } from '../src/seed/seed.js';
import { sha256 } from '../src/auth/tokens.js';
import { loadConfig } from '../src/config.js';
import { MANAGER_PASSWORD, SUPER_PASSWORD, testApp, type TestApp } from './helpers.js';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    // Remembered, and kept while others sign in (a token inserted, issue 25); the logout refuses it at once.
    expect((await t.call('GET', '/v1/supers/self', { token })).status).toBe(200);
    const other = await t.login('root', SUPER_PASSWORD);
    expect((await t.call('GET', '/v1/supers/self', { token })).status).toBe(200);
    expect((await t.call('POST', '/v1/logout', { token })).status).toBe(200);
    const after = await t.call('GET', '/v1/supers/self', { token });
    expect(after.status).toBe(401);
    expect((await t.call('GET', '/v1/supers/self', { token: other })).status).toBe(200);
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

describe('throttling under parallel guesses (issue 9)', () => {
  it('200 parallel wrong passwords on one account: at most 10 are checked, and the right one sent last gets 429', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      const o = await local.org('plib');
      await local.manager(o.id, 'pmgr');
      const guess = (password: string) => local.call('POST', '/v1/plib/login', { body: { account: 'pmgr', password } });
      const wrong = Array.from({ length: 200 }, (_, i) => guess(`Wrong#${i}`));
      const right = guess(MANAGER_PASSWORD);
      const answers = await Promise.all([...wrong, right]);
      expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(10);
      expect([(await right).status, (await right).message]).toEqual([429, '登录失败次数过多，请15分钟后再试']);
    } finally {
      await local.close();
    }
  });

  it('200 parallel wrong passwords on different accounts from one address: at most 10 are checked', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      const wrong = Array.from({ length: 200 }, (_, i) => local.call('POST', '/v1/login', { body: { account: `nobody${i}`, password: 'Wrong#1' } }));
      const right = local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD } });
      const answers = await Promise.all([...wrong, right]);
      expect(answers.filter((a) => a.status !== 429).length).toBeLessThanOrEqual(10);
      expect((await right).status).toBe(429);
    } finally {
      await local.close();
    }
  });

  it('a right password does not use up the budget of its address', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      for (let i = 0; i < 12; i++) {
        const r = await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD } });
        expect(r.status).toBe(200);
      }
      for (let i = 0; i < 9; i++) expect((await local.call('POST', '/v1/login', { body: { account: 'root', password: 'Wrong#1' } })).status).toBe(422);
      // A success clears the account's failures, not the address's.
      expect((await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD } })).status).toBe(200);
      expect((await local.call('POST', '/v1/login', { body: { account: 'ghost', password: 'Wrong#1' } })).status).toBe(422);
      expect((await local.call('POST', '/v1/login', { body: { account: 'root', password: SUPER_PASSWORD } })).status).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('verification codes are limited per address (issue 9)', () => {
  it('30 codes a minute per address, then 429; at most 10 live codes per address; expired codes are deleted', async () => {
    const local = await testApp({ trustProxy: true });
    try {
      await local.db.insert(captchas).values({ key: 'old', code: 'abcd', expires_at: Date.now() - 1 });
      const from = (ip: string, url = '/v1/login/verificationCode') => local.call('POST', url, { headers: { 'x-forwarded-for': ip } });
      await local.org('clib');
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => from('203.0.113.5', i % 2 ? '/v1/clib/login/verificationCode' : undefined)));
      expect(answers.filter((a) => a.status === 200).length).toBe(30);
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused.every((a) => a.status === 429 && a.message === '获取验证码过于频繁，请稍后再试')).toBe(true);
      const rows = await local.db.select().from(captchas);
      expect(rows.length).toBeLessThanOrEqual(10);
      expect(rows.some((r) => r.key === 'old')).toBe(false);
      // Another address is not affected.
      expect((await from('198.51.100.7')).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});

describe('password changes end the other sessions (issue 9)', () => {
  it("changing a super administrator's password revokes its tokens, except the session that changed its own", async () => {
    const created = await t.call('POST', '/v1/supers', { token: t.superToken, body: { account: 'sup2', real_name: '二号', password: 'Second#Pass1' } });
    expect(created.status).toBe(200);
    const id = created.data.id;
    const a = await t.login('sup2', 'Second#Pass1');
    const b = await t.login('sup2', 'Second#Pass1');
    const self = (token: string) => t.call('GET', '/v1/supers/self', { token }).then((r) => r.status);
    expect((await t.call('PUT', `/v1/supers/${id}`, { token: t.superToken, body: { password: 'Third#Pass1' } })).status).toBe(200);
    expect([await self(a), await self(b), await self(t.superToken)]).toEqual([401, 401, 200]);

    const c = await t.login('sup2', 'Third#Pass1');
    const d = await t.login('sup2', 'Third#Pass1');
    expect((await t.call('PUT', `/v1/supers/${id}`, { token: c, body: { password: 'Fourth#Pass1' } })).status).toBe(200);
    expect([await self(c), await self(d)]).toEqual([200, 401]);
    // Other edits keep the sessions.
    expect((await t.call('PUT', `/v1/supers/${id}`, { token: t.superToken, body: { real_name: '改名', password: '' } })).status).toBe(200);
    expect(await self(c)).toBe(200);
  });
});

describe('password strength (issue 9)', () => {
  const create = (body: Record<string, unknown>) => t.call('POST', '/v1/supers', { token: t.superToken, body: { real_name: '弱密码', ...body } });

  it.each([
    ['123456', '密码至少8位'],
    ['      ', '密码至少8位'],
    ['11111111', '密码不能由同一个字符组成'],
    ['        ', '密码不能由同一个字符组成'],
    ['password', '密码过于常见，请换一个'],
    ['Password1', '密码过于常见，请换一个'],
    ['QWERTY123', '密码过于常见，请换一个'],
    ['woaini1314', '密码过于常见，请换一个'],
  ])('refuses %j on create: %s', async (password, message) => {
    const r = await create({ account: 'weak1', password });
    expect([r.status, r.message]).toEqual([422, message]);
    expect(r.data.errors[0].field).toBe('password');
  });

  it('refuses a password equal to the account, case ignored, on create and update of both kinds', async () => {
    const r = await create({ account: 'Longname1', password: 'LONGNAME1' });
    expect([r.status, r.message, r.data.errors[0].field]).toEqual([422, '密码不能与账号相同', 'password']);
    const ok = await create({ account: 'longname2', password: 'Long#name2' });
    expect(ok.status).toBe(200);
    const same = await t.call('PUT', `/v1/supers/${ok.data.id}`, { token: t.superToken, body: { password: 'LongName2' } });
    expect([same.status, same.message]).toEqual([422, '密码不能与账号相同']);
    const both = await t.call('PUT', `/v1/supers/${ok.data.id}`, { token: t.superToken, body: { account: 'longname3', password: 'longname3' } });
    expect([both.status, both.message]).toEqual([422, '密码不能与账号相同']);
    const weak = await t.call('PUT', `/v1/supers/${ok.data.id}`, { token: t.superToken, body: { password: '12345678' } });
    expect([weak.status, weak.message]).toEqual([422, '密码过于常见，请换一个']);

    const m = await t.call('POST', '/v1/org/alib/managers', { token: t.superToken, body: { account: 'mgrname1', real_name: '馆员', type: 'normal', password: 'MgrName1' } });
    expect([m.status, m.message]).toEqual([422, '密码不能与账号相同']);
    const m2 = await t.call('POST', '/v1/org/alib/managers', { token: t.superToken, body: { account: 'mgrname2', real_name: '馆员', type: 'normal', password: 'abc12345' } });
    expect([m2.status, m2.message]).toEqual([422, '密码过于常见，请换一个']);
    const m3 = await t.call('POST', '/v1/org/alib/managers', { token: t.superToken, body: { account: 'mgrname3', real_name: '馆员', type: 'normal', password: 'Mgr#name3' } });
    expect(m3.status).toBe(200);
    const m4 = await t.call('PUT', `/v1/org/alib/managers/${m3.data.id}`, { token: t.superToken, body: { password: 'MGRNAME3' } });
    expect([m4.status, m4.message]).toEqual([422, '密码不能与账号相同']);
  });

  it('ADMIN_PASSWORD follows the same rule', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: '123456' })).toThrow('ADMIN_PASSWORD: 密码至少8位');
    expect(() => loadConfig({ ADMIN_ACCOUNT: 'operator1', ADMIN_PASSWORD: 'Operator1' })).toThrow('ADMIN_PASSWORD: 密码不能与账号相同');
    expect(loadConfig({ ADMIN_PASSWORD: 'Good#Pass1' }).adminPassword).toBe('Good#Pass1');
  });
});

describe('the first start (issue 9)', () => {
  /** Start `src/main.ts` on a fresh embedded database; resolves with everything it printed once it serves or exits. */
  async function start(env: Record<string, string>): Promise<{ out: string; code: number | null }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-first-'));
    const template = inject('pgliteTemplate');
    if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env };
    delete childEnv.DATABASE_URL;
    delete childEnv.INIT_CWD;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      await Promise.race([exited, new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (/超级管理员账号/.test(out) || child.exitCode !== null) {
            clearInterval(timer);
            resolve();
          }
        }, 50);
      })]);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      return { out, code: child.exitCode };
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('does not print an ADMIN_PASSWORD given in the environment', async () => {
    const { out } = await start({ ADMIN_PASSWORD: 'Given#Secret42' });
    expect(out).toMatch(/超级管理员账号: admin/);
    expect(out).not.toContain('Given#Secret42');
  }, 90_000);

  it('refuses to start with a weak ADMIN_PASSWORD, saying why', async () => {
    const { out, code } = await start({ ADMIN_PASSWORD: '123456' });
    expect(code).not.toBe(0);
    expect(out).toContain('ADMIN_PASSWORD: 密码至少8位');
    expect(out).not.toMatch(/^\s+at /m); // a message, not a stack trace
  }, 90_000);

  it('a generated password is returned once, and signs in', async () => {
    const local = await testApp({ loginCaptcha: false });
    try {
      await local.db.delete(supers);
      const admin = await ensureSuperAdmin(local.db, { ...local.app.config, adminAccount: 'first', adminPassword: undefined });
      expect(admin.created).toBe(true);
      const r = await local.call('POST', '/v1/login', { body: { account: 'first', password: admin.password } });
      expect(r.status).toBe(200);
      const again = await ensureSuperAdmin(local.db, { ...local.app.config, adminAccount: 'first', adminPassword: 'Given#Secret42' });
      expect(again).toEqual({ created: false, account: 'first' });
      await local.db.delete(supers);
      expect((await ensureSuperAdmin(local.db, { ...local.app.config, adminAccount: 'second', adminPassword: 'Given#Secret42' })).password).toBeUndefined();
    } finally {
      await local.close();
    }
  });
});
