import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginBodySchema, SUPER_SCOPE } from '@huodong/domain';
import { managers, supers } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { consumeCaptcha, createCaptcha } from '../auth/captcha.js';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords.js';
import { countAttempt, signedIn, THROTTLED_MESSAGE } from '../auth/throttle.js';
import { issueToken, revokeToken } from '../auth/tokens.js';
import { callerOf, ORG_PAUSED } from '../auth/access.js';

export const BAD_CREDENTIALS = '账号或密码错误';
export const BAD_CAPTCHA = '验证码错误或已过期';
export const ACCOUNT_DISABLED = '账号已被停用';

const orgParams = z.object({ org: z.string() });
const nowSec = () => Math.floor(Date.now() / 1000);

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  async function login(request: FastifyRequest, body: z.output<typeof loginBodySchema>, scope: string) {
    const accountKey = `${scope}:${body.account}`;
    const ip = request.ip;
    // Counted before anything is checked: parallel guesses cannot all pass a count read earlier.
    if (!(await countAttempt(db, accountKey, ip))) throw new HttpError(429, THROTTLED_MESSAGE);
    if (app.config.loginCaptcha && !(await consumeCaptcha(db, body.key, body.code))) {
      throw new HttpError(422, BAD_CAPTCHA, { errors: [{ field: 'code', message: BAD_CAPTCHA }] });
    }
    const org = request.org;
    const subject =
      scope === SUPER_SCOPE
        ? (await db.select().from(supers).where(eq(supers.account, body.account)).limit(1))[0]
        : (await db.select().from(managers).where(and(eq(managers.org_id, org!.id), eq(managers.account, body.account))).limit(1))[0];
    // Same message and the same hashing cost for an unknown account and a wrong password.
    const passwordOk = await verifyPassword(body.password, subject?.password_hash ?? DUMMY_HASH);
    // A failure stays counted; a right password gives its attempt back.
    if (!subject || !passwordOk) throw new HttpError(422, BAD_CREDENTIALS);
    await signedIn(db, accountKey, ip);
    if (subject.is_pause) throw new HttpError(403, ACCOUNT_DISABLED);
    if (org?.is_pause) throw new HttpError(403, ORG_PAUSED + '，无法登录');
    const kind = scope === SUPER_SCOPE ? 'super' : 'manager';
    if (kind === 'super') await db.update(supers).set({ last_login_at: nowSec() }).where(eq(supers.id, subject.id));
    else await db.update(managers).set({ last_login_at: nowSec() }).where(eq(managers.id, subject.id));
    return issueToken(db, { kind, id: subject.id, orgId: org?.id ?? null, scope }, app.config.tokenTtlMs);
  }

  r.post('/v1/login/verificationCode', { config: { access: 'public' } }, async (request) => createCaptcha(db, request.ip));
  r.post('/v1/:org/login/verificationCode', { config: { access: 'publicOrg' }, schema: { params: orgParams } }, async (request) => createCaptcha(db, request.ip));

  r.post('/v1/login', { config: { access: 'public' }, schema: { body: loginBodySchema } }, async (request) => login(request, request.body, SUPER_SCOPE));
  r.post('/v1/:org/login', { config: { access: 'publicOrg' }, schema: { params: orgParams, body: loginBodySchema } }, async (request) =>
    login(request, request.body, request.org!.key),
  );

  const logout = async (request: FastifyRequest) => {
    await revokeToken(db, callerOf(request).tokenId);
    return null;
  };
  r.post('/v1/logout', { config: { access: 'authenticated' } }, logout);
  r.post('/v1/:org/logout', { config: { access: 'authenticated' }, schema: { params: orgParams } }, logout);
}
