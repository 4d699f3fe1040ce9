import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  canWrite,
  firstPasswordSchema,
  idParam,
  OLD_PASSWORD_WRONG,
  orgUsersResource,
  READER_REGISTER_CLOSED,
  readerLoginSchema,
  readerPasswordSchema,
  readerProfileSchema,
  readerRegisterSchema,
  sameAsAccount,
  PASSWORD_IS_ACCOUNT,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { orgSettings, orgUsers, readers, students } from '../db/schema.js';
import { forbidden, HttpError, notFound, validationError } from '../http/errors.js';
import { consumeCaptcha, createCaptcha } from '../auth/captcha.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords.js';
import { countAttempt, signedIn, THROTTLED_MESSAGE } from '../auth/throttle.js';
import { issueToken, revokeSubjects, revokeToken } from '../auth/tokens.js';
import { callerOf, orgOf, readerOf } from '../auth/access.js';
import { audit } from '../resources/audit.js';
import { ACCOUNT_DISABLED, BAD_CAPTCHA, BAD_CREDENTIALS } from './auth.js';

const orgParams = z.object({ org: z.string() });
const rowParams = orgParams.extend({ id: idParam });
const nowSec = () => Math.floor(Date.now() / 1000);

/** The organisation's reader settings (org_settings `readers`): registration is off unless turned on. */
export async function readerSettings(db: Db | Tx, orgId: number): Promise<{ register: boolean }> {
  const [row] = await db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.org_id, orgId), eq(orgSettings.key, 'readers')));
  return { register: false, ...((row?.value as object) ?? {}) };
}

/** What a reader sees of their own account. */
const profileColumns = {
  id: readers.id,
  account: readers.account,
  real_name: readers.real_name,
  phone: readers.phone,
  academic_num: readers.academic_num,
  unit: readers.unit,
  identity: readers.identity,
  grade: readers.grade,
  must_change_password: readers.must_change_password,
};

/**
 * Readers' accounts (issue 11): sign-in with the graphical code and the same throttle as the
 * administrators, registration when the organisation allows it, the first password an
 * administrator sets from the user list (to be changed at first sign-in), profile, password
 * change and logout.
 */
export async function readerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const checkCaptcha = async (key: string, code: string) => {
    if (app.config.loginCaptcha && !(await consumeCaptcha(db, key, code))) {
      throw new HttpError(422, BAD_CAPTCHA, { errors: [{ field: 'code', message: BAD_CAPTCHA }] });
    }
  };
  const issue = async (reader: { id: number; must_change_password: number }, org: { id: number; key: string }) => ({
    ...(await issueToken(db, { kind: 'reader', id: reader.id, orgId: org.id, scope: org.key }, app.config.tokenTtlMs)),
    must_change_password: reader.must_change_password === 1,
  });

  r.post('/v1/:org/client/login/verificationCode', { config: { access: 'publicOrg' }, schema: { params: orgParams } }, async (request) => createCaptcha(db, request.ip));

  r.post('/v1/:org/client/login', { config: { access: 'publicOrg' }, schema: { params: orgParams, body: readerLoginSchema } }, async (request) => {
    const org = orgOf(request);
    const { account, password, key, code } = request.body;
    const accountKey = `reader:${org.key}:${account}`;
    if (!(await countAttempt(db, accountKey, request.ip))) throw new HttpError(429, THROTTLED_MESSAGE);
    await checkCaptcha(key, code);
    // The account, or else a phone number that names exactly one reader.
    let [reader] = await db.select().from(readers).where(and(eq(readers.org_id, org.id), eq(readers.account, account)));
    if (!reader) {
      const byPhone = await db.select().from(readers).where(and(eq(readers.org_id, org.id), eq(readers.phone, account))).limit(2);
      if (byPhone.length === 1) reader = byPhone[0];
    }
    const ok = await verifyPassword(password, reader?.password_hash ?? DUMMY_HASH);
    if (!reader || !ok) throw new HttpError(422, BAD_CREDENTIALS);
    await signedIn(db, accountKey, request.ip);
    if (reader.is_pause) throw new HttpError(403, ACCOUNT_DISABLED);
    if (org.is_pause) throw forbidden('该机构已停用，无法登录');
    await db.update(readers).set({ last_login_at: nowSec() }).where(eq(readers.id, reader.id));
    return issue(reader, org);
  });

  r.post('/v1/:org/client/register', { config: { access: 'publicOrg' }, schema: { params: orgParams, body: readerRegisterSchema } }, async (request) => {
    const org = orgOf(request);
    if (!(await readerSettings(db, org.id)).register) throw forbidden(READER_REGISTER_CLOSED);
    const { account, password, real_name, phone, key, code } = request.body;
    await checkCaptcha(key, code);
    if (sameAsAccount(password, account)) throw validationError([{ field: 'password', message: PASSWORD_IS_ACCOUNT }]);
    const [reader] = await db
      .insert(readers)
      .values({ org_id: org.id, account, password_hash: await hashPassword(password), real_name: real_name ?? '', phone: phone ?? '', source: 'register' })
      .returning();
    return issue(reader, org);
  });

  const me = async (request: FastifyRequest) => {
    const [row] = await db.select(profileColumns).from(readers).where(eq(readers.id, readerOf(request).id));
    return row;
  };
  r.get('/v1/:org/client/me', { config: { access: 'reader', initialPassword: true }, schema: { params: orgParams } }, me);
  r.put('/v1/:org/client/me', { config: { access: 'reader' }, schema: { params: orgParams, body: readerProfileSchema } }, async (request) => {
    const values = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
    if (Object.keys(values).length) await db.update(readers).set({ ...values, updated_at: nowSec() }).where(eq(readers.id, readerOf(request).id));
    return me(request);
  });

  r.put('/v1/:org/client/me/password', { config: { access: 'reader', initialPassword: true }, schema: { params: orgParams, body: readerPasswordSchema } }, async (request) => {
    const reader = readerOf(request);
    const [row] = await db.select().from(readers).where(eq(readers.id, reader.id));
    if (!(await verifyPassword(request.body.old_password, row.password_hash))) throw validationError([{ field: 'old_password', message: OLD_PASSWORD_WRONG }]);
    if (sameAsAccount(request.body.password, row.account)) throw validationError([{ field: 'password', message: PASSWORD_IS_ACCOUNT }]);
    await db.transaction(async (tx) => {
      await tx.update(readers).set({ password_hash: await hashPassword(request.body.password), must_change_password: 0, updated_at: nowSec() }).where(eq(readers.id, reader.id));
      // Every other session of the reader ends; this one goes on.
      await revokeSubjects(tx as never, 'reader', [reader.id], reader.tokenId);
    });
    return null;
  });

  r.post('/v1/:org/client/logout', { config: { access: 'reader', initialPassword: true }, schema: { params: orgParams } }, async (request) => {
    await revokeToken(db, readerOf(request).tokenId);
    return null;
  });

  /**
   * `POST /v1/{org}/users/{id}/password` and `/students/{id}/password`: an administrator gives an
   * imported user or student a first password; the reader account (学号 / student account) is
   * made on the first call, its sessions end on every later one, and the reader must change it.
   */
  for (const kind of ['users', 'students'] as const) {
    r.post(`/v1/:org/${kind}/:id/password`, { config: { access: 'org' }, schema: { params: rowParams, body: firstPasswordSchema } }, async (request) => {
      if (!canWrite(orgUsersResource, callerOf(request))) throw forbidden();
      const org = orgOf(request);
      return db.transaction(async (tx) => {
        const person =
          kind === 'users'
            ? (await tx.select({ id: orgUsers.id, account: orgUsers.academic_num, real_name: orgUsers.real_name, identity: orgUsers.identity, grade: sql<number | null>`null`, academic_num: orgUsers.academic_num, unit: orgUsers.department }).from(orgUsers).where(and(eq(orgUsers.id, request.params.id), eq(orgUsers.org_id, org.id))))[0]
            : (await tx.select({ id: students.id, account: students.account, real_name: students.name, identity: students.identity, grade: students.grade, academic_num: students.account, unit: students.school_name }).from(students).where(and(eq(students.id, request.params.id), eq(students.org_id, org.id))))[0];
        if (!person) throw notFound();
        if (sameAsAccount(request.body.password, person.account)) throw validationError([{ field: 'password', message: PASSWORD_IS_ACCOUNT }]);
        const source = kind === 'users' ? 'user' : 'student';
        const values = {
          org_id: org.id,
          account: person.account,
          password_hash: await hashPassword(request.body.password),
          must_change_password: 1,
          real_name: person.real_name,
          academic_num: person.academic_num,
          unit: person.unit,
          identity: person.identity,
          grade: kind === 'students' ? person.grade : null,
          source,
          source_id: person.id,
        };
        const [reader] = await tx
          .insert(readers)
          .values(values)
          .onConflictDoUpdate({ target: [readers.org_id, readers.source, readers.source_id], set: { password_hash: values.password_hash, must_change_password: 1, updated_at: nowSec() } })
          .returning({ id: readers.id, account: readers.account });
        await revokeSubjects(tx as never, 'reader', [reader.id]);
        await audit(tx, request, 'password', kind === 'users' ? 'orgUsers' : 'students', [person.id]);
        return { reader_id: reader.id, account: reader.account, must_change_password: true };
      });
    });
  }
}
