import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blacklistsResource, readersResource } from '@huodong/domain';
import { blacklists, orgSettings, readers } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { orgOf } from '../../auth/access.js';
import { readerSettings } from '../../routes/readers.js';
import { audit } from '../audit.js';
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
  async prepare(values, { existing }) {
    const { password, ...rest } = values;
    if (existing) return rest;
    return { ...rest, password_hash: await hashPassword(password as string), must_change_password: 1, source: 'admin' };
  },
  async after(action, rows, { tx }) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(tx as never, 'reader', rows.map((r) => r.id));
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const params = z.object({ org: z.string() });
    r.get('/v1/:org/readers/config', { config: { access: 'org' }, schema: { params } }, (request) => readerSettings(db, orgOf(request).id));
    r.post(
      '/v1/:org/readers/config',
      { config: { access: 'org' }, schema: { params, body: z.object({ register: z.boolean({ error: 'register: 只能是true或false' }) }) } },
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

/** Blacklist entries: generic machinery; the participation gate reads them. */
export const blacklistsBinding = bind({
  def: blacklistsResource,
  table: blacklists,
});
