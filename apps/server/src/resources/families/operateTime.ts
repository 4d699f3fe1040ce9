import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { NO_OPERATE_TIME, operateTimeBody, type OperateTime } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { meta } from '../../db/schema.js';
import { audit } from '../audit.js';

/** The `meta` key holding the platform's publishing window as JSON `{from, to}`. */
export const OPERATE_TIME_KEY = 'operate_time';

/** The platform's publishing window (spec §7 `/v1/OperateTime`); none set = any time. */
export async function operateTimeOf(db: Db | Tx): Promise<OperateTime> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, OPERATE_TIME_KEY));
  if (!row) return NO_OPERATE_TIME;
  try {
    const parsed = operateTimeBody.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : NO_OPERATE_TIME;
  } catch {
    return NO_OPERATE_TIME;
  }
}

/**
 * `GET /v1/OperateTime` (any signed-in administrator: an organisation's form shows the window)
 * and `POST /v1/OperateTime {from, to}` (the platform sets it, audited).
 */
export function operateTimeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  r.get('/v1/OperateTime', { config: { access: 'authenticated' } }, () => operateTimeOf(db));
  r.post('/v1/OperateTime', { config: { access: 'super' }, schema: { body: operateTimeBody } }, async (request): Promise<OperateTime> => {
    const value: OperateTime = { from: request.body.from, to: request.body.to };
    await db.transaction(async (tx) => {
      await tx.insert(meta).values({ key: OPERATE_TIME_KEY, value: JSON.stringify(value) }).onConflictDoUpdate({ target: meta.key, set: { value: JSON.stringify(value) } });
      await audit(tx, request, 'set', 'operateTime', []);
    });
    return value;
  });
}
