import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { captchas, organizations } from '../src/db/schema.js';
import { sha256 } from '../src/auth/tokens.js';
import { defaultLogStream, describeError } from '../src/http/logging.js';
import { loadConfig } from '../src/config.js';
import { MANAGER_PASSWORD, SUPER_PASSWORD, testApp, type TestApp } from './helpers.js';

/** Every line the app logs, as pino writes it. */
class Capture {
  lines: string[] = [];
  write(line: string) {
    this.lines.push(line);
  }
  get text() {
    return this.lines.join('');
  }
  since(mark: number) {
    return this.lines.slice(mark).map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });
  }
}

/** The real_name that makes the injected trigger fail a write: a real fault, not bad input. */
const FAULT = '故障';
const NEW_PASSWORD = 'Leak#Pass123';
const OTHER_PASSWORD = 'Leak#Other456';
/** A captcha code nobody could mistake for another word of the log. */
const CAPTCHA_CODE = 'zqxw7k9v';

const log = new Capture();
let t: TestApp;
/** Every secret the requests carried or the server issued: none may appear in the log. */
const secrets = new Set<string>([SUPER_PASSWORD, MANAGER_PASSWORD, NEW_PASSWORD, OTHER_PASSWORD, CAPTCHA_CODE]);

beforeAll(async () => {
  t = await testApp({ logLevel: 'debug' }, { logStream: log });
  const flib = await t.org('flib');
  const faulty = await t.org('faulty');
  await t.manager(flib.id, 'fmgr');
  await t.manager(faulty.id, 'xmgr');
  // Writes that fail inside the database, with the failing row in the error's detail (as a NOT NULL
  // or CHECK violation puts it): the worst a real fault can carry.
  await t.database.query(`create function test_fault() returns trigger language plpgsql as $$
    begin raise exception 'injected fault' using detail = 'Failing row contains ' || new::text; end $$`);
  for (const table of ['managers', 'supers', 'org_users']) {
    await t.database.query(`create trigger test_fault before insert or update on ${table} for each row when (new.real_name = '${FAULT}') execute function test_fault()`);
  }
  await t.database.query(`create trigger test_fault before insert on tokens for each row when (new.scope = 'faulty') execute function test_fault()`);
  secrets.add(t.superToken);
  const managerToken = await t.login('fmgr', MANAGER_PASSWORD, 'flib');
  secrets.add(managerToken);
});
afterAll(async () => t?.close());

/** Sign in with the captcha answered by CAPTCHA_CODE (set in the database), from an address of its own. */
async function signIn(path: string, account: string, password: string, code = CAPTCHA_CODE, remoteAddress = '10.0.0.1') {
  const cap = await t.app.inject({ method: 'POST', url: `${path}/verificationCode`, remoteAddress });
  const key = cap.json().data.key as string;
  await t.db.update(captchas).set({ code: CAPTCHA_CODE }).where(eq(captchas.key, key));
  const res = await t.app.inject({ method: 'POST', url: path, remoteAddress, payload: { account, password, key, code } });
  const token = res.json().data?.access_token as string | undefined;
  if (token) secrets.add(token);
  return res;
}

describe('the log of a run that provokes every error path', () => {
  it('never carries a password, a hash, a token or a captcha code', async () => {
    const su = { token: t.superToken };
    // 500s: real faults inside the database on account tables, on imports and during sign-in.
    const created = await t.call('POST', '/v1/org/flib/managers', { ...su, body: { account: 'leak1', real_name: FAULT, phone: '13900000001', type: 'normal', password: NEW_PASSWORD } });
    expect(created.status).toBe(500);
    const ok = await t.call('POST', '/v1/org/flib/managers', { ...su, body: { account: 'leak2', real_name: '正常', phone: '13900000002', type: 'normal', password: NEW_PASSWORD } });
    expect(ok.status, ok.message).toBe(200);
    const changed = await t.call('PUT', `/v1/org/flib/managers/${ok.data.id}`, { ...su, body: { real_name: FAULT, password: OTHER_PASSWORD } });
    expect(changed.status).toBe(500);
    const superFault = await t.call('POST', '/v1/supers', { ...su, body: { account: 'leaksuper', real_name: FAULT, phone: '13800000001', password: NEW_PASSWORD } });
    expect(superFault.status).toBe(500);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.key, 'flib'));
    const rows = [{ academic_num: 'F000001', real_name: FAULT, sex: 1, department: '计算机学院', identity: 1, org_id: org.id, _row: 2 }];
    const imported = await t.call('POST', '/v1/flib/users/import', { ...su, body: { data: JSON.stringify(rows) } });
    expect(imported.status).toBe(500);
    const tokenFault = await signIn('/v1/faulty/login', 'xmgr', MANAGER_PASSWORD);
    expect(tokenFault.statusCode).toBe(500);
    // Bad input: a NUL byte, a missing field, a malformed body, a malformed import.
    await t.call('POST', '/v1/org/flib/managers', { ...su, body: { account: 'leak3', real_name: 'a\u0000b', phone: '13900000003', type: 'normal', password: NEW_PASSWORD } });
    expect((await t.call('POST', '/v1/org/flib/managers', { ...su, body: { account: 'leak4', password: NEW_PASSWORD } })).status).toBe(422);
    const badJson = await t.app.inject({ method: 'POST', url: '/v1/login', headers: { 'content-type': 'application/json' }, payload: `{"password":"${NEW_PASSWORD}"` });
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.call('POST', '/v1/flib/users/import', { ...su, body: { data: '[{' } })).status).toBe(422);
    // Sign-in failures: wrong password, wrong code, unknown account, then throttled.
    expect((await signIn('/v1/login', 'root', OTHER_PASSWORD, CAPTCHA_CODE, '10.0.0.2')).statusCode).toBe(422);
    expect((await signIn('/v1/login', 'root', SUPER_PASSWORD, 'wrongcode', '10.0.0.3')).statusCode).toBe(422);
    expect((await signIn('/v1/flib/login', 'nobody', NEW_PASSWORD, CAPTCHA_CODE, '10.0.0.4')).statusCode).toBe(422);
    let last = 0;
    for (let i = 0; i < 15 && last !== 429; i++) last = (await signIn('/v1/login', 'root', OTHER_PASSWORD, CAPTCHA_CODE, '10.0.0.5')).statusCode;
    expect(last).toBe(429);
    const signedIn = await signIn('/v1/flib/login', 'fmgr', MANAGER_PASSWORD, CAPTCHA_CODE, '10.0.0.6');
    expect(signedIn.statusCode).toBe(200);
    // Tokens: unknown, in a query string, and a sign-out.
    expect((await t.call('GET', '/v1/supers/self', { token: 'f'.repeat(43) })).status).toBe(401);
    await t.app.inject({ method: 'GET', url: `/v1/supers/self?access_token=${t.superToken}&token=${t.superToken}` });
    expect((await t.call('POST', '/v1/flib/logout', { token: signedIn.json().data.access_token })).status).toBe(200);

    const text = log.text;
    expect(text).toContain('injected fault'); // the faults were logged at all
    expect(text).not.toContain('scrypt$');
    for (const secret of secrets) expect(text, `secret ${secret.slice(0, 4)}… in the log`).not.toContain(secret);
    for (const secret of secrets) expect(text).not.toContain(sha256(secret));
    expect(text).not.toMatch(/[0-9a-f]{64}/); // no token hash either
    expect(text).not.toMatch(/"(password|password_hash|token|access_token)":"(?!\[Redacted\])/);
  });
});

describe('how much one request may write', () => {
  it('a 4xx writes at most one short line without a stack; a fault writes its stack once, at error', async () => {
    t.app.log.level = 'info';
    try {
      let mark = log.lines.length;
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect(log.since(mark)).toEqual([]); // a successful fast request is not logged at info

      for (const req of [
        { method: 'GET', url: `/v1/nothing?junk=${'x'.repeat(8000)}` },
        { method: 'POST', url: '/v1/login', payload: { account: 'x'.repeat(5000), password: 'y' } },
        { method: 'POST', url: '/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' },
        { method: 'GET', url: '/v1/supers/self', headers: { authorization: `Bearer ${'z'.repeat(4000)}` } },
      ] as const) {
        mark = log.lines.length;
        const res = await t.app.inject(req as never);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const lines = log.lines.slice(mark);
        expect(lines.length, req.url).toBeLessThanOrEqual(1);
        for (const line of lines) {
          expect(line.length).toBeLessThan(1024);
          expect(line).not.toContain('stack');
          expect(JSON.parse(line).level).toBeLessThan(50);
        }
      }

      mark = log.lines.length;
      const res = await t.call('POST', '/v1/org/flib/managers', { token: t.superToken, body: { account: 'leak9', real_name: FAULT, phone: '13900000009', type: 'normal', password: NEW_PASSWORD } });
      expect(res.status).toBe(500);
      const lines = log.since(mark);
      const withStack = lines.filter((l) => JSON.stringify(l).includes('"stack"'));
      expect(withStack).toHaveLength(1);
      expect(withStack[0].level).toBe(50);
      expect(lines.length).toBeLessThanOrEqual(2); // the fault and its request line
    } finally {
      t.app.log.level = 'debug';
    }
  });

  it('an error logged below error level keeps no stack; a fatal start error prints no parameters', async () => {
    const fault = new DrizzleQueryError('insert into "supers" ("password_hash") values ($1)', ['scrypt$c2FsdA==$aGFzaA=='], new Error('boom'));
    const mark = log.lines.length;
    t.app.log.warn({ err: fault }, 'not ready');
    t.app.log.error({ err: fault }, 'fault');
    const [warn, error] = log.since(mark) as unknown as { err: { stack?: string; message: string } }[];
    expect(warn.err.stack).toBeUndefined();
    expect(error.err.stack).toMatch(/params: \[Redacted\]\n {4}at /);
    expect(error.err.message).toBe('Failed query: insert into "supers" ("password_hash") values ($1)\nparams: [Redacted]');
    const printed = describeError(fault);
    expect(printed).toContain('Caused by: Error: boom');
    expect(printed).not.toContain('scrypt$');
  });

  it('at debug every request has one line', async () => {
    const mark = log.lines.length;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const lines = log.since(mark);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 20, method: 'GET', url: '/healthz', status: 200 });
  });
});

describe('the log on a terminal', () => {
  it('is readable lines on a terminal (or with LOG_FORMAT=pretty) and JSON lines otherwise', async () => {
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT');
    expect(defaultLogStream('auto', false)).toBeUndefined();
    expect(defaultLogStream('json', true)).toBeUndefined();
    expect(defaultLogStream('pretty', false)).toBeDefined();
    let screen = '';
    const terminalOut = new Writable({
      write(chunk, _encoding, done) {
        screen += String(chunk).replace(/\x1b\[[0-9;]*m/g, ''); // without colours
        done();
      },
    });
    const app = await testApp({ logLevel: 'info' }, { logStream: defaultLogStream('auto', true, terminalOut) });
    try {
      await app.app.inject({ method: 'GET', url: '/v1/nothing' });
      await vi.waitFor(() => expect(screen).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/v1\/nothing 404 \d+ms$/m));
      expect(screen).not.toContain('{"level"');
    } finally {
      await app.close();
    }
  });
});
