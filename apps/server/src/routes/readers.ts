import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import {
  hasRealName,
  batchFirstPasswordSchema,
  canWrite,
  FIRST_PASSWORD_BATCH_MAX,
  FIRST_PASSWORD_NONE,
  FIRST_PASSWORD_TOO_MANY,
  firstPasswordRowError,
  firstPasswordSchema,
  passwordsByRule,
  studentsResource,
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
import { badRequest, forbidden, HttpError, notFound, validationError } from '../http/errors.js';
import { consumeCaptcha, createCaptcha } from '../auth/captcha.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords.js';
import { countAttempt, signedIn, THROTTLED_MESSAGE } from '../auth/throttle.js';
import { issueToken, revokeSubjects, revokeToken } from '../auth/tokens.js';
import { callerOf, orgOf, readerOf } from '../auth/access.js';
import { audit } from '../resources/audit.js';
import { ACCOUNT_DISABLED, BAD_CAPTCHA, BAD_CREDENTIALS } from './auth.js';
import { UNIT_OUTSIDE, unitChain } from '../participation/scope.js';
import { listQueryOf } from '../resources/register.js';
import type { ListQuery } from '../resources/service.js';
import { nowSec } from '../participation/clock.js';

const orgParams = z.object({ org: z.string() });
const rowParams = orgParams.extend({ id: idParam });

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
  unit_id: readers.unit_id,
  identity: readers.identity,
  grade: readers.grade,
  must_change_password: readers.must_change_password,
};

type PeopleKind = 'users' | 'students';
const tableOf = (kind: PeopleKind) => (kind === 'users' ? orgUsers : students);

/** An imported user or student as a reader account is made from it. */
interface Person {
  id: number;
  account: string;
  real_name: string;
  identity: number | null;
  grade: number | null;
  academic_num: string;
  unit: string;
}

/** Imported users or students, newest first (the lists' default order). */
async function peopleOf(db: Db | Tx, kind: PeopleKind, where: SQL | undefined, limit?: number): Promise<Person[]> {
  const q =
    kind === 'users'
      ? db
          .select({ id: orgUsers.id, account: orgUsers.academic_num, real_name: orgUsers.real_name, identity: orgUsers.identity, grade: sql<number | null>`null`, academic_num: orgUsers.academic_num, unit: orgUsers.department })
          .from(orgUsers)
          .where(where)
          .orderBy(desc(orgUsers.created_at), desc(orgUsers.id))
      : db
          .select({ id: students.id, account: students.account, real_name: students.name, identity: students.identity, grade: students.grade, academic_num: students.account, unit: students.school_name })
          .from(students)
          .where(where)
          .orderBy(desc(students.created_at), desc(students.id));
  return limit === undefined ? q : q.limit(limit);
}

export const ACCOUNT_TAKEN = '该账号已被其他读者使用';
/** Per-row messages repeated in the 422 message (all of them are in data.errors), as the imports do. */
const MESSAGE_ROWS = 20;
const rowsRefused = (errors: string[]) =>
  new HttpError(422, errors.slice(0, MESSAGE_ROWS).join('\n') + (errors.length > MESSAGE_ROWS ? `\n……共${errors.length}条错误` : ''), { errors });

/**
 * Give each person the password of the same index (hashed): the reader account is made on the
 * first time (学号 / student account), and on every later one its password is replaced and its
 * sessions end. The reader must change it before anything else. Audited as `password`.
 */
async function setFirstPasswords(tx: Tx, request: FastifyRequest, kind: PeopleKind, people: Person[], hashes: string[]): Promise<{ id: number; account: string }[]> {
  const org = orgOf(request);
  const source = kind === 'users' ? 'user' : 'student';
  const now = nowSec();
  const rows = people.map((person, i) => ({
    org_id: org.id,
    account: person.account,
    password_hash: hashes[i],
    must_change_password: 1,
    real_name: person.real_name,
    academic_num: person.academic_num,
    unit: person.unit,
    identity: person.identity,
    grade: kind === 'students' ? person.grade : null,
    source,
    source_id: person.id,
    // The request's clock: a reader the seed makes at a past moment counts in that month's figures.
    created_at: now,
    updated_at: now,
  }));
  const out: { id: number; account: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    out.push(
      ...(await tx
        .insert(readers)
        .values(rows.slice(i, i + 500))
        .onConflictDoUpdate({ target: [readers.org_id, readers.source, readers.source_id], set: { password_hash: sql`excluded.password_hash`, must_change_password: 1, updated_at: nowSec() } })
        .returning({ id: readers.id, account: readers.account })),
    );
  }
  await revokeSubjects(tx as never, 'reader', out.map((r) => r.id));
  await audit(tx, request, 'password', kind === 'users' ? orgUsersResource.name : studentsResource.name, people.map((p) => p.id));
  return out;
}

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
      .values({ org_id: org.id, account, password_hash: await hashPassword(password), real_name: real_name ?? '', phone: phone ?? '', source: 'register', created_at: nowSec(), updated_at: nowSec() })
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
    // A unit is the organisation or one below it (/v1/{org}/unit); null: the organisation itself.
    if (typeof values.unit_id === 'number' && !(await unitChain(db, orgOf(request).id, values.unit_id))) throw validationError([{ field: 'unit_id', message: UNIT_OUTSIDE }]);
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
   * `GET /v1/{org}/userReal/{id}` (spec §7 "Other"): a reader's real-name information for the
   * organisation's administrators — what the reader gave (real name, phone, 学号, unit, identity,
   * grade), whether it is complete as activities needing a real name require (`complete`, the gate's
   * rule) and whether the organisation's roster vouches for it (`verified`: an imported user or
   * student whose roster row carries the same name; a reader who registered is self-declared).
   */
  r.get('/v1/:org/userReal/:id', { config: { access: 'org' }, schema: { params: rowParams } }, async (request) => {
    const org = orgOf(request);
    const [reader] = await db.select({ ...profileColumns, source: readers.source, source_id: readers.source_id }).from(readers).where(and(eq(readers.org_id, org.id), eq(readers.id, request.params.id)));
    if (!reader) throw notFound('读者不存在');
    const roster =
      reader.source === 'user' && reader.source_id !== null
        ? (await db.select({ name: orgUsers.real_name, number: orgUsers.academic_num }).from(orgUsers).where(and(eq(orgUsers.org_id, org.id), eq(orgUsers.id, reader.source_id))))[0]
        : reader.source === 'student' && reader.source_id !== null
          ? (await db.select({ name: students.name, number: students.account }).from(students).where(and(eq(students.org_id, org.id), eq(students.id, reader.source_id))))[0]
          : undefined;
    const { must_change_password: _m, source_id: _s, ...info } = reader;
    return {
      ...info,
      complete: hasRealName(reader),
      verified: roster !== undefined && roster.name.trim() !== '' && roster.name.trim() === reader.real_name.trim(),
      roster: roster ?? null,
    };
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
      const [person] = await peopleOf(db, kind, and(eq(tableOf(kind).id, request.params.id), eq(tableOf(kind).org_id, org.id)));
      if (!person) throw notFound();
      if (sameAsAccount(request.body.password, person.account)) throw validationError([{ field: 'password', message: PASSWORD_IS_ACCOUNT }]);
      const hash = await hashPassword(request.body.password);
      return db.transaction(async (tx) => {
        const [reader] = await setFirstPasswords(tx, request, kind, [person], [hash]);
        return { reader_id: reader.id, account: reader.account, must_change_password: true };
      });
    });

    /**
     * `POST /v1/{org}/users/batchPassword` and `/students/batchPassword`: first passwords for the
     * selected rows (`ids`, numbered in that order) or for every row the list's filters match
     * (`filter`, numbered in the list's order), by one rule. Every password the rule makes must
     * pass the password rule; otherwise nothing changes and the refused rows are named
     * (第N行: 学号 X，…). All in one transaction; every reader must change the password.
     */
    r.post(`/v1/:org/${kind}/batchPassword`, { config: { access: 'org' }, schema: { params: orgParams, body: batchFirstPasswordSchema } }, async (request) => {
      if (!canWrite(orgUsersResource, callerOf(request))) throw forbidden();
      const org = orgOf(request);
      const table = tableOf(kind);
      const { ids, filter, rule } = request.body;
      let people: Person[];
      if (ids) {
        const found = new Map((await peopleOf(db, kind, and(eq(table.org_id, org.id), inArray(table.id, ids)))).map((p) => [p.id, p]));
        const missing = ids.find((id) => !found.has(id));
        if (missing !== undefined) throw validationError([{ field: 'ids', message: `用户不存在：${missing}` }]);
        people = [...new Set(ids)].map((id) => found.get(id)!);
      } else {
        // The list's own filter (tenant, keyword, declared filters), in the list's default order.
        const service = app.resources.get(kind === 'users' ? orgUsersResource.name : studentsResource.name)!;
        const query = listQueryOf(service.def).safeParse(Object.fromEntries(Object.entries(filter!).map(([k, v]) => [k, String(v)])));
        if (!query.success) throw validationError(query.error.issues.map((i) => ({ field: ['filter', ...i.path.map(String)].join('.'), message: i.message })));
        people = await peopleOf(db, kind, service.listWhere(request, query.data as ListQuery), FIRST_PASSWORD_BATCH_MAX + 1);
        if (people.length > FIRST_PASSWORD_BATCH_MAX) throw badRequest(`filter: ${FIRST_PASSWORD_TOO_MANY}`);
      }
      if (people.length === 0) throw badRequest(FIRST_PASSWORD_NONE, { errors: [{ field: 'filter', message: FIRST_PASSWORD_NONE }] });

      // The phones readers gave (the phone rule), and accounts another reader holds already.
      const source = kind === 'users' ? 'user' : 'student';
      const existing = await db
        .select({ source: readers.source, source_id: readers.source_id, account: readers.account, phone: readers.phone })
        .from(readers)
        .where(and(eq(readers.org_id, org.id), or(and(eq(readers.source, source), inArray(readers.source_id, people.map((p) => p.id))), inArray(readers.account, people.map((p) => p.account)))));
      const own = new Map(existing.filter((x) => x.source === source).map((x) => [x.source_id, x]));
      const taken = new Set(existing.filter((x) => !(x.source === source && people.some((p) => p.id === x.source_id && p.account === x.account))).map((x) => x.account));
      const made = passwordsByRule(rule, people.map((p) => ({ account: p.account, phone: own.get(p.id)?.phone ?? '' })));
      const errors = made.ok ? [] : made.errors.map((message) => ({ row: Number(/\d+/.exec(message)![0]), message }));
      people.forEach((p, i) => {
        if (taken.has(p.account) && own.get(p.id)?.account !== p.account) errors.push({ row: i + 1, message: firstPasswordRowError(i + 1, p.account, ACCOUNT_TAKEN) });
      });
      if (errors.length || !made.ok) throw rowsRefused(errors.sort((a, b) => a.row - b.row).map((e) => e.message));

      // Hashed before the transaction (scrypt is slow on purpose); one hash per distinct password.
      const hashes = new Map<string, string>();
      for (const password of new Set(made.passwords)) hashes.set(password, await hashPassword(password));
      return db.transaction(async (tx) => {
        const set = await setFirstPasswords(tx, request, kind, people, made.passwords.map((p) => hashes.get(p)!));
        return { updated: set.length };
      });
    });
  }
}
