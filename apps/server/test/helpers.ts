import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inspect, isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { buildApp, type BuildOptions } from '../src/app.js';
import { maintenanceUrl } from './globalSetup.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { captchas, managers, organizations, supers } from '../src/db/schema.js';
import { hashPassword } from '../src/auth/passwords.js';

export const SUPER_PASSWORD = 'Super#Pass1';
export const MANAGER_PASSWORD = 'Manager#Pass1';

/** With DATABASE_URL: a new PostgreSQL database copied from the migrated template, and how to drop it. */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL!;
  const name = `huodong_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(url) });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: maintenanceUrl(url) });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
    },
  };
}

/**
 * Every statement of a test's database rendered twice, by the server's pass (db/render.ts) and by
 * drizzle's own, and a test failed where the two differ in text or parameters: the whole suite
 * checks the pass on the statements the product makes.
 */
function compareRenderings(database: Database): Database {
  const dialect = (database.db as unknown as { dialect: PgDialect }).dialect;
  const fast = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (sql, invokeSource) => {
    const ours = fast(sql, invokeSource);
    const drizzles = PgDialect.prototype.sqlToQuery.call(dialect, sql, invokeSource);
    if (ours.sql !== drizzles.sql || !isDeepStrictEqual(ours.params, drizzles.params)) {
      throw new Error(`db/render.ts renders a statement unlike drizzle:\n${ours.sql}\n${inspect(ours.params, { depth: 1 })}\ndrizzle:\n${drizzles.sql}\n${inspect(drizzles.params, { depth: 1 })}`);
    }
    return ours;
  };
  return database;
}

/** A fresh database for one test file: a copy of the migrated template (`onQuery` sees every statement the application sends). */
export async function freshDatabase(opts: { onQuery?: (query: string, params: unknown[]) => void } = {}): Promise<Database & { dispose(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const copy = await freshPostgresUrl();
    const database = compareRenderings(await openDatabase({ databaseUrl: copy.url, onQuery: opts.onQuery }));
    return Object.assign(database, {
      async dispose() {
        await database.close();
        await copy.drop();
      },
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-t-'));
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  const database = compareRenderings(await openDatabase({ dataDir: dir, onQuery: opts.onQuery }));
  return Object.assign(database, {
    async dispose() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

export interface Json<T = any> {
  status: number;
  code: number;
  message: string;
  data: T;
  res: LightMyRequestResponse;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** HTTP through the real app (inject), returning the parsed envelope. */
  call<T = any>(method: string, url: string, opts?: { token?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Json<T>>;
  /** A super administrator's token (account `root`). */
  superToken: string;
  /** Create an organisation row directly (fixture) and return it. */
  org(key: string, extra?: Partial<typeof organizations.$inferInsert>): Promise<typeof organizations.$inferSelect>;
  /** Create a manager of an organisation directly (fixture). */
  manager(orgId: number, account: string, type?: string): Promise<typeof managers.$inferSelect>;
  /** Sign in through the API (reads the real captcha code from the database). */
  login(account: string, password: string, org?: string): Promise<string>;
  close(): Promise<void>;
}

export async function testApp(
  overrides: Partial<AppConfig> = {},
  build: Pick<BuildOptions, 'onRoute' | 'logStream'> & { onQuery?: (query: string, params: unknown[]) => void } = {},
): Promise<TestApp> {
  const { onQuery, ...buildOpts } = build;
  const database = await freshDatabase({ onQuery });
  const config: AppConfig = { ...loadConfig({}), dataDir: '/nonexistent', loginCaptcha: true, logLevel: 'silent', webDist: '/nonexistent', ...overrides };
  // Silent unless a test captures the log (logging.test.ts).
  const app = await buildApp(config, { ...buildOpts, database, logger: !!build.logStream });
  await app.ready();
  const db = database.db;

  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({ method: method as never, url, headers, payload: opts.body as never });
    let body: any = {};
    try {
      body = res.json();
    } catch {
      body = { code: res.statusCode, message: res.body, data: null };
    }
    return { status: res.statusCode, code: body.code, message: body.message, data: body.data, res };
  };

  const login = async (account: string, password: string, org?: string) => {
    const prefix = org ? `/v1/${org}` : '/v1';
    const cap = await call('POST', `${prefix}/login/verificationCode`);
    const [row] = await db.select().from(captchas).where(eq(captchas.key, cap.data.key));
    const res = await call('POST', `${prefix}/login`, { body: { account, password, key: cap.data.key, code: row.code } });
    if (res.status !== 200) throw new Error(`login ${account}@${org ?? 'super'} failed: ${res.status} ${res.message}`);
    return res.data.access_token as string;
  };

  await db.insert(supers).values({ account: 'root', password_hash: await hashPassword(SUPER_PASSWORD), real_name: '测试超管' });
  const superToken = await login('root', SUPER_PASSWORD);

  return {
    app,
    database,
    db,
    call,
    superToken,
    login,
    async org(key, extra = {}) {
      const [o] = await db.insert(organizations).values({ key, name: `${key}机构`, ...extra }).returning();
      return o;
    },
    async manager(orgId, account, type = 'admin') {
      const [m] = await db
        .insert(managers)
        .values({ org_id: orgId, account, password_hash: await hashPassword(MANAGER_PASSWORD), real_name: account, type })
        .returning();
      return m;
    },
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

export const READER_FIRST_PASSWORD = 'Reader#Pass1';
export const READER_PASSWORD = 'Reader#Pass2';
let readerSeq = 0;

/** The data of a call that must succeed: a failure fails the test with the server's message. */
export async function ok<T = any>(call: Promise<{ status: number; message: string; data: T }>): Promise<T> {
  const res = await call;
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/**
 * A reader of `org` added by the super administrator (with `body`), signed in through the reader
 * API with the first password changed (captcha off): its id, account and token.
 */
export async function signedInReader(t: TestApp, org: { key: string }, body: Record<string, unknown> = {}): Promise<{ id: number; account: string; token: string }> {
  const account = `tr${process.pid % 1000}x${++readerSeq}`;
  const made = await t.call('POST', `/v1/${org.key}/readers`, { token: t.superToken, body: { account, password: READER_FIRST_PASSWORD, real_name: '读者', phone: '13900000000', identity: 1, ...body } });
  if (made.status !== 200) throw new Error(`reader: ${made.message}`);
  const login = await t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password: READER_FIRST_PASSWORD } });
  if (login.status !== 200) throw new Error(`reader login: ${login.message}`);
  const token = login.data.access_token as string;
  await t.call('PUT', `/v1/${org.key}/client/me/password`, { token, body: { old_password: READER_FIRST_PASSWORD, password: READER_PASSWORD } });
  return { id: made.data.id, account, token };
}

/** A published third-party activity of `org` running from a day ago to a day ahead, with `over` in its body. */
export async function publishedThird(t: TestApp, org: { key: string }, over: Record<string, unknown> = {}): Promise<{ id: number; scope: Record<string, unknown> }> {
  const now = Math.floor(Date.now() / 1000);
  const res = await t.call('POST', `/v1/${org.key}/third`, {
    token: t.superToken,
    body: { title: `活动${++readerSeq}`, start_at: now - 86_400, end_at: now + 86_400, config: { link: 'https://p.example.org/x' }, ...over },
  });
  if (res.status !== 200) throw new Error(`activity: ${res.message}`);
  const published = await t.call('POST', `/v1/${org.key}/third/${res.data.id}/publish`, { token: t.superToken });
  if (published.status !== 200) throw new Error(`publish: ${published.message}`);
  return res.data;
}

/** A published voting activity of `org` (from a day ago to ten days ahead) with `config`, and `over` in its body: its id. */
export async function publishedVoting(t: TestApp, org: { key: string }, config: Record<string, unknown>, over: Record<string, unknown> = {}): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const made = await ok<{ id: number }>(
    t.call('POST', `/v1/${org.key}/evaluation`, { token: t.superToken, body: { title: `投票${++readerSeq}`, start_at: now - 86_400, end_at: now + 10 * 86_400, config, ...over } }),
  );
  await ok(t.call('POST', `/v1/${org.key}/evaluation/${made.id}/publish`, { token: t.superToken }));
  return made.id;
}

/** `n` sources (对象1 … 对象n, in that order) of the voting activity `act`, with `extra` in each body: their ids. */
export async function votingSources(t: TestApp, org: { key: string }, act: number, n: number, extra: Record<string, unknown> = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) ids.push((await ok<{ id: number }>(t.call('POST', `/v1/${org.key}/evaluation/${act}/source`, { token: t.superToken, body: { title: `对象${i}`, sort: i, ...extra } }))).id);
  return ids;
}

/** Turn points rules of `org` off through the administrator's API (`/config`, `/config/save`), e.g. a test of other rules leaving `join_activity` out. */
export async function pointRulesOff(t: TestApp, org: { key: string }, ...rules: string[]): Promise<void> {
  const cfg = await ok<{ rules: Record<string, Record<string, unknown>> } & Record<string, unknown>>(t.call('GET', `/v1/${org.key}/config`, { token: t.superToken }));
  for (const rule of rules) cfg.rules[rule] = { ...cfg.rules[rule], enabled: false };
  await ok(t.call('POST', `/v1/${org.key}/config/save`, { token: t.superToken, body: cfg }));
}
