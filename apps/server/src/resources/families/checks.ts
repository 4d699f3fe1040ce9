import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, ne } from 'drizzle-orm';
import { CHECK_APPROVED, CHECK_REJECTED, CHECK_WAITING, checkActivitiesResource, checkConfigSchema } from '@huodong/domain';
import { activities, meta } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { CHECK_CONFIG_KEY, checkConfigOf, NOT_WAITING } from './checkConfig.js';
import { audit } from '../audit.js';
import { bind, type Row } from '../binding.js';
import { withOrgNames } from './platformActivities.js';

const nowSec = () => Math.floor(Date.now() / 1000);
const waiting = (row: Row) => {
  if (row.check_status !== CHECK_WAITING) throw badRequest(NOT_WAITING);
};

/**
 * The platform's review (`checkManage`): every activity ever submitted, with its organisation;
 * 通过 publishes it, 驳回 leaves it a draft with the reason its organisation reads.
 */
export const checkActivitiesBinding = bind({
  def: checkActivitiesResource,
  table: activities,
  softDelete: 'is_delete',
  narrow: ne(activities.check_status, 0),
  present: withOrgNames,
  rowUpdates: {
    reject(values, { existing }) {
      waiting(existing);
      return { check_status: CHECK_REJECTED, check_reason: values.check_reason };
    },
  },
  commands: {
    async approve(row, { tx }) {
      waiting(row);
      const [published] = (await tx
        .update(activities)
        .set({ check_status: CHECK_APPROVED, check_reason: '', is_tmp: 0, published_at: (row.published_at as number | null) ?? nowSec(), updated_at: nowSec() })
        .where(eq(activities.id, row.id))
        .returning()) as Row[];
      return published;
    },
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    r.get('/v1/check/config', { config: { access: 'authenticated' } }, () => checkConfigOf(db));
    r.post('/v1/check/config', { config: { access: 'super' }, schema: { body: checkConfigSchema } }, async (request) => {
      await db.transaction(async (tx) => {
        const value = JSON.stringify(request.body);
        await tx.insert(meta).values({ key: CHECK_CONFIG_KEY, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
        await audit(tx, request, 'set', 'checkConfig', []);
      });
      return checkConfigOf(db);
    });
  },
});
