import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { captchas, meta, supers } from '../db/schema.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { issueToken, revokeToken, sha256 } from '../auth/tokens.js';
import { tokens } from '../db/schema.js';
import { SEED_TIME_HEADER } from '../participation/clock.js';
import { demoSteps } from './demo.js';
import { multipartBody, type SeedClient, type SeedStep } from './step.js';

/**
 * The first super administrator: ADMIN_ACCOUNT with ADMIN_PASSWORD, or a generated password.
 * `password` is returned only when generated (to be shown once): one from the environment is
 * never echoed back to a console or a log.
 */
export async function ensureSuperAdmin(db: Db, config: AppConfig): Promise<{ created: boolean; account: string; password?: string }> {
  const [{ n }] = await db.select({ n: count() }).from(supers);
  if (n > 0) return { created: false, account: config.adminAccount };
  const generated = config.adminPassword ? undefined : generatePassword();
  const password_hash = await hashPassword(config.adminPassword ?? generated!);
  await db.insert(supers).values({ account: config.adminAccount, password_hash, real_name: '平台管理员' });
  return { created: true, account: config.adminAccount, ...(generated ? { password: generated } : {}) };
}


/**
 * A client of the app's HTTP API with these headers; a failed call stops the seed with its message.
 * `readers` remembers the readers signed in during one run (by organisation and account): a step
 * acting as a reader an earlier step signed in reuses that sign-in, as every sign-in takes a
 * graphical code and an address gets only CAPTCHA_PER_MINUTE of them a minute.
 */
function clientWith(app: FastifyInstance, headers: Record<string, string>, readers = new Map<string, Promise<SeedClient>>(), remoteAddress?: string, moment?: number): SeedClient {
  // A moment of the past: the request runs on the seed's clock (participation/clock.ts).
  const sent = moment === undefined ? headers : { ...headers, [SEED_TIME_HEADER]: String(moment) };
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, contentType?: string) => {
    const res = await app.inject({ method, url, headers: contentType ? { ...sent, 'content-type': contentType } : sent, payload: body as never, remoteAddress });
    const json = res.json();
    if (json.code !== 200) throw new Error(`seed ${method} ${url}: ${res.statusCode} ${json.message}`);
    return json.data;
  };
  return {
    post: (url, body) => call('POST', url, body ?? {}),
    get: (url) => call('GET', url),
    put: (url, body) => call('PUT', url, body ?? {}),
    del: (url, body) => call('DELETE', url, body ?? {}),
    at: (when) => clientWith(app, headers, readers, remoteAddress, when),
    upload: (url, filename, content, type) => {
      const { body, contentType } = multipartBody(filename, content, type);
      return call('POST', url, body, contentType);
    },
    reader(org, account, password, newPassword) {
      const key = `${org}\n${account}`;
      let signedIn = readers.get(key);
      if (!signedIn) {
        signedIn = signIn(org, account, password, newPassword);
        readers.set(key, signedIn);
        signedIn.catch(() => readers.delete(key));
      }
      return signedIn;
    },
    async expert(org, account, password) {
      const address = readerAddress(org, `expert/${account}`);
      const login = await signInAt(`/v1/${org}/client/expert/login`, address, { account, password });
      return clientWith(app, { authorization: `Bearer ${login.access_token}` }, undefined, address);
    },
  };
  /** A sign-in (reader or expert) from `address`, with the graphical code read as a person would read it. */
  async function signInAt(loginUrl: string, address: string, body: { account: string; password: string }) {
    const anonymous = clientWith(app, {}, undefined, address);
    let code = { key: '', code: '' };
    if (app.config.loginCaptcha) {
      const cap = await anonymous.post(`${loginUrl}/verificationCode`);
      const [row] = await app.database.db.select({ code: captchas.code }).from(captchas).where(eq(captchas.key, cap.key));
      code = { key: cap.key, code: row?.code ?? '' };
    }
    return anonymous.post(loginUrl, { ...body, ...code });
  }
  async function signIn(org: string, account: string, password: string, newPassword?: string): Promise<SeedClient> {
    // Each demo reader on a device of its own: dozens of sign-ins do not share one address's graphical codes.
    const address = readerAddress(org, account);
    const login = await signInAt(`/v1/${org}/client/login`, address, { account, password });
    const reader = clientWith(app, { authorization: `Bearer ${login.access_token}` }, undefined, address);
    if (login.must_change_password) await reader.put(`/v1/${org}/client/me/password`, { old_password: password, password: newPassword ?? password });
    return reader;
  }
}

/** A demo reader's own private address (10.x.y.z), the same for the same reader on every run. */
function readerAddress(org: string, account: string): string {
  const h = sha256(`${org}/${account}`);
  const byte = (i: number) => parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return `10.${byte(0)}.${byte(1)}.${byte(2) || 1}`;
}

async function asSuper(app: FastifyInstance): Promise<{ client: SeedClient; done: () => Promise<void> }> {
  const db = app.database.db;
  const [admin] = await db.select().from(supers).orderBy(supers.id).limit(1);
  const issued = await issueToken(db, { kind: 'super', id: admin.id, orgId: null, scope: 'super' }, 10 * 60 * 1000);
  const [row] = await db.select({ id: tokens.id }).from(tokens).where(eq(tokens.token_hash, sha256(issued.access_token)));
  return { client: clientWith(app, { authorization: `Bearer ${issued.access_token}` }), done: () => revokeToken(db, row.id) };
}

/** The demo data (or, for a test, only `steps`: `demoStepsOf(...)`); rows made per step. */
export async function seedDemo(app: FastifyInstance, steps: readonly SeedStep[] = demoSteps): Promise<Record<string, number>> {
  // The start's sweeps run first: the seed makes past records after the rows they belong to (a talk
  // that ended, then its bookings at their moments), and the no-show sweep closing that talk in
  // between left it without no-shows (seedOffline failed on PostgreSQL so).
  await app.jobs.idle();
  const { client, done } = await asSuper(app);
  try {
    const summary: Record<string, number> = {};
    for (const step of steps) summary[step.name] = await step.run(client);
    // Only the whole demo counts as seeded (a first start then adds nothing).
    if (steps === demoSteps) await app.database.db.insert(meta).values({ key: 'seeded', value: String(Date.now()) }).onConflictDoNothing();
    return summary;
  } finally {
    await done();
  }
}

/** First start only: demo data when the database has never been seeded. */
export async function seedDemoIfEmpty(app: FastifyInstance): Promise<void> {
  const [row] = await app.database.db.select().from(meta).where(eq(meta.key, 'seeded'));
  if (row) return;
  const summary = await seedDemo(app);
  app.log.info({ summary }, 'demo data seeded');
}
