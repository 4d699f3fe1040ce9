import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blacklistConfigSchema, blacklistsResource, canWrite } from '@huodong/domain';
import { orgSettings } from '../../db/schema.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { forbidden } from '../../http/errors.js';
import { audit } from '../audit.js';

import { nowSec } from '../../participation/clock.js';
import { BLACKLIST_CONFIG_KEY, blacklistConfigFor } from '../../participation/offences.js';

/** `GET/POST /v1/{org}/blacklist/config` (page `adminBlacklist/adminBlackconfig`). */
export function blacklistConfigRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const params = z.object({ org: z.string() });
  r.get('/v1/:org/blacklist/config', { config: { access: 'org' }, schema: { params } }, (request) => blacklistConfigFor(db, orgOf(request).id));
  r.post('/v1/:org/blacklist/config', { config: { access: 'org' }, schema: { params, body: blacklistConfigSchema } }, async (request) => {
    if (!canWrite(blacklistsResource, callerOf(request))) throw forbidden();
    const org = orgOf(request);
    await db.transaction(async (tx) => {
      await tx
        .insert(orgSettings)
        .values({ org_id: org.id, key: BLACKLIST_CONFIG_KEY, value: request.body })
        .onConflictDoUpdate({ target: [orgSettings.org_id, orgSettings.key], set: { value: request.body, updated_at: nowSec() } });
      await audit(tx, request, 'config', blacklistsResource.name, []);
    });
    return blacklistConfigFor(db, org.id);
  });
}

