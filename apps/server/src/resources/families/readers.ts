import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { blacklistsResource, idParam, readersResource } from '@huodong/domain';
import { activities, activityReaders, blacklists, orgSettings, readers } from '../../db/schema.js';
import { notFound, validationError } from '../../http/errors.js';
import { UNIT_OUTSIDE, unitChain } from '../../participation/scope.js';
import { blacklistConfigRoutes } from './blacklistRules.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { orgOf } from '../../auth/access.js';
import { readerSettings } from '../../routes/readers.js';
import { audit } from '../audit.js';
import { staleRollupsOfOrg } from '../../figures/index.js';
import { bind } from '../binding.js';

const nowSec = () => Math.floor(Date.now() / 1000);

/**
 * Readers: an administrator may add one with a first password (changed at the first sign-in);
 * pausing or deleting ends the reader's sessions. `GET/POST /v1/{org}/readers/config` holds the
 * organisation's reader settings (registration open or not).
 */
export const readersBinding = bind({
  def: readersResource,
  table: readers,
  hidden: ['password_hash'],
  async prepare(values, { existing, tx, org }) {
    const { password, ...rest } = values;
    // A unit is the organisation or one below it (/v1/{org}/unit).
    if (typeof rest.unit_id === 'number' && !(await unitChain(tx, org!.id, rest.unit_id))) throw validationError([{ field: 'unit_id', message: UNIT_OUTSIDE }]);
    if (existing) return rest;
    return { ...rest, password_hash: await hashPassword(password as string), must_change_password: 1, source: 'admin' };
  },
  async after(action, rows, { tx }) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(tx as never, 'reader', rows.map((r) => r.id));
    if (action === 'delete' && rows.length) await staleRollupsOfOrg(tx as never, Number(rows[0].org_id));
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const params = z.object({ org: z.string() });
    /**
     * `GET /v1/{org}/activity/{id}/readers`: the readers named in an activity's scope (its reader
     * list, at most SCOPE_READERS_MAX), as the activity form's reader picker shows them.
     */
    r.get('/v1/:org/activity/:id/readers', { config: { access: 'org' }, schema: { params: params.extend({ id: idParam }) } }, async (request) => {
      const org = orgOf(request);
      const [act] = await db.select({ id: activities.id }).from(activities).where(and(eq(activities.id, request.params.id), eq(activities.org_id, org.id), eq(activities.is_delete, 0)));
      if (!act) throw notFound();
      return db
        .select({ id: readers.id, account: readers.account, real_name: readers.real_name })
        .from(activityReaders)
        .innerJoin(readers, eq(readers.id, activityReaders.reader_id))
        .where(eq(activityReaders.act_id, act.id))
        .orderBy(asc(readers.account));
    });
    r.get('/v1/:org/readers/config', { config: { access: 'org' }, schema: { params } }, (request) => readerSettings(db, orgOf(request).id));
    r.post(
      '/v1/:org/readers/config',
      { config: { access: 'org' }, schema: { params, body: z.object({ register: z.boolean({ error: '只能是true或false' }) }) } },
      async (request) => {
        const org = orgOf(request);
        await db.transaction(async (tx) => {
          await tx
            .insert(orgSettings)
            .values({ org_id: org.id, key: 'readers', value: request.body })
            .onConflictDoUpdate({ target: [orgSettings.org_id, orgSettings.key], set: { value: request.body, updated_at: nowSec() } });
          await audit(tx, request, 'config', 'readers', []);
        });
        return readerSettings(db, org.id);
      },
    );
  },
});

/**
 * Blacklist entries: generic machinery; the participation gate reads them. The automatic rules
 * (`/v1/{org}/blacklist/config`) add entries through `recordOffence` (blacklistRules.ts).
 */
export const blacklistsBinding = bind({
  def: blacklistsResource,
  table: blacklists,
  routes: blacklistConfigRoutes,
});
