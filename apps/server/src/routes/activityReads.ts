import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  CONTEST_TYPES,
  CREATION_TYPES,
  type ActivityTypeOption,
  type KindOption,
  type OrgTreeNode,
  type WebsiteOrg,
} from '@huodong/domain';
import { organizations } from '../db/schema.js';
import { orgOf } from '../auth/access.js';
import { orgTree } from '../resources/families/organizations.js';

const orgParams = z.object({ org: z.string() });

/**
 * General reads of spec §7 that the activity forms need: activity types (with the organisation's
 * authorised ones enabled), creation and contest kinds, the organisation's unit tree, its public
 * information.
 */
export async function activityReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };

  /** The organisation and every organisation below it (parent_id), ordered by id. */
  const subtree = async (orgId: number) =>
    (
      await app.database.query<{ id: number; name: string; parent_id: number | null }>(
        `with recursive below as (
           select id, name, parent_id from organizations where id = $1
           union
           select o.id, o.name, o.parent_id from organizations o join below b on o.parent_id = b.id
         )
         select id, name, parent_id from below`,
        [orgId],
      )
    )
      .map((o) => ({ id: Number(o.id), name: o.name, parent_id: o.parent_id === null ? null : Number(o.parent_id) }))
      .sort((a, b) => a.id - b.id);

  r.get('/v1/:org/activityTypes', { config, schema: { params: orgParams } }, async (request): Promise<ActivityTypeOption[]> => {
    const [o] = await db.select({ types: organizations.activity_types }).from(organizations).where(eq(organizations.id, orgOf(request).id));
    const enabled = new Set(o?.types ?? []);
    return Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label, enabled: enabled.has(Number(value)) }));
  });

  r.get('/v1/:org/creationTypes', { config, schema: { params: orgParams } }, async (): Promise<readonly KindOption<string>[]> => CREATION_TYPES);
  r.get('/v1/creation/type', { config: { access: 'super' } }, async (): Promise<readonly KindOption<string>[]> => CREATION_TYPES);
  // Static kinds: the organisations' contest forms read them too (the spec names no org-scoped path).
  r.get('/v1/contest/type', { config: { access: 'authenticated' } }, async (): Promise<readonly KindOption<number>[]> => CONTEST_TYPES);

  // The cascader of spec §3: the organisation itself with its units below it…
  r.get('/v1/:org/unit', { config, schema: { params: orgParams } }, async (request): Promise<OrgTreeNode[]> => orgTree(await subtree(orgOf(request).id)));
  // …or only the units below it.
  r.get('/v1/:org/under/unit', { config, schema: { params: orgParams } }, async (request): Promise<OrgTreeNode[]> => {
    const self = orgOf(request).id;
    return orgTree((await subtree(self)).filter((o) => o.id !== self));
  });

  r.get('/v1/:org/website/org', { config, schema: { params: orgParams } }, async (request): Promise<WebsiteOrg> => {
    const [o] = await db
      .select({ key: organizations.key, name: organizations.name, logo: organizations.logo, address: organizations.address, contact: organizations.contact, phone: organizations.phone })
      .from(organizations)
      .where(eq(organizations.id, orgOf(request).id));
    return o;
  });
}
