import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { joinBodySchema, plainText } from '@huodong/domain';
import { activities, thirdEvents, thirdLaunches } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { orgOf } from '../../auth/access.js';
import { passGate } from '../../participation/gate.js';
import { idempotent } from '../../participation/idempotency.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';

export const THIRD = 7;
/** How long the identity token of a launch is valid (design §8). */
export const LAUNCH_TOKEN_SECONDS = 300;

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

/** The reader's pseudonym for one activity's partner: stable, and no other partner can link it. */
export const pseudonym = (secret: string, readerId: number, actId: number) => hmac(secret, `reader:${readerId}:act:${actId}`).toString('hex').slice(0, 32);

/** A compact HS256 JWT signed with the activity's callback secret. */
export function signLaunchToken(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(hmac(secret, `${head}.${body}`))}`;
}

/** `sha256=<hex>` of the raw body with the secret, compared in constant time. */
export function signatureValid(secret: string, raw: string, header: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(header ?? '');
  if (!m) return false;
  const expected = hmac(secret, raw);
  const given = Buffer.from(m[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const callbackBody = z.object({
  event_id: plainText('事件编号').regex(/^[A-Za-z0-9_.:-]{1,64}$/, '事件编号为1-64位字母、数字或_.:-'),
  sub: plainText('读者标识').regex(/^[0-9a-f]{32}$/, '读者标识不正确'),
  event: z.enum(['joined', 'completed', 'scored'], { error: '事件只能是 joined、completed 或 scored' }),
  score_given: z.number({ error: '得分必须是数字' }).min(0, '得分不能为负').optional(),
  score_max: z.number({ error: '满分必须是数字' }).positive('满分必须大于0').optional(),
  occurred_at: z.number({ error: '发生时间必须是秒' }).int('发生时间必须是秒'),
});

export const BAD_SIGNATURE = '签名不正确';

/**
 * Third-party activities end to end (type 7, design §8): the reader's launch through the gate
 * (the first launch joins, every launch is counted) answering the partner's URL, with a signed,
 * short-lived identity token when the activity passes identity; the partner's signed callback
 * (HMAC-SHA256 over the raw body, once per event id). Its count is its figures (figures.ts).
 */
export async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post('/v1/:org/client/activities/:id/launch', { config: { access: 'reader' }, schema: { params: actParams, body: joinBodySchema } }, async (request) => {
    const org = orgOf(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      // The first launch joins the reader (through the same atomic limit as a join).
      const { act, reader } = await passGate(tx, request, request.params.id, THIRD, { action: 'join', accessCode: request.body.access_code, join: true });
      await tx.insert(thirdLaunches).values({ org_id: org.id, act_id: act.id, reader_id: reader.id, ip: request.ip });
      const config = act.config as { link: string; open_mode?: string; pass_identity?: number; callback_secret: string };
      let url = config.link;
      if (config.pass_identity) {
        const token = signLaunchToken(config.callback_secret, {
          iss: org.key,
          sub: pseudonym(config.callback_secret, reader.id, act.id),
          act: act.id,
          iat: nowSec(),
          exp: nowSec() + LAUNCH_TOKEN_SECONDS,
          nonce: randomBytes(12).toString('base64url'),
        });
        url += `${url.includes('?') ? '&' : '?'}hd_token=${token}`;
      }
      return { url, open_mode: config.open_mode ?? 'browser' };
    });
  });

  // The partner's callback: JSON whose exact bytes are signed, so this route keeps the raw body.
  await app.register(async (signed) => {
    signed.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new HttpError(400, '请求格式错误'), undefined);
      }
    });
    signed.withTypeProvider<ZodTypeProvider>().post(
      '/v1/:org/third/:id/callback',
      { config: { access: 'publicOrg' }, schema: { params: actParams, body: callbackBody } },
      async (request) => {
        const org = orgOf(request);
        const [act] = await db.select().from(activities).where(and(eq(activities.id, request.params.id), eq(activities.org_id, org.id), eq(activities.type, THIRD), eq(activities.is_delete, 0)));
        // Unknown activity and bad signature answer alike: a caller without the secret learns nothing.
        const secret = (act?.config as { callback_secret?: string } | undefined)?.callback_secret;
        if (!act || !secret || !signatureValid(secret, (request as { rawBody?: string }).rawBody ?? '', request.headers['x-signature'] as string | undefined)) {
          throw new HttpError(401, BAD_SIGNATURE);
        }
        const e = request.body;
        if (e.occurred_at > nowSec() + 300) throw new HttpError(422, '发生时间不能晚于当前时间', { errors: [{ field: 'occurred_at', message: '发生时间不能晚于当前时间' }] });
        const [stored] = await db
          .insert(thirdEvents)
          .values({ org_id: org.id, act_id: act.id, event_id: e.event_id, sub: e.sub, event: e.event, score_given: e.score_given ?? null, score_max: e.score_max ?? null, occurred_at: e.occurred_at })
          .onConflictDoNothing()
          .returning({ id: thirdEvents.id });
        // A replayed event id is acknowledged and not counted again.
        return { accepted: !!stored, duplicate: !stored };
      },
    );
  });
}
