import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { orgTagsResource, tagsResource } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, tags } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { orgOf } from '../../auth/access.js';
import { orgParams } from '../../participation/params.js';
import { bind, type ResourceContext, type Row } from '../binding.js';

/** A table holding the platform's rows (`org_id` null) and each organisation's own. */
interface PlatformAndOrg {
  id: PgColumn;
  org_id: PgColumn;
  sort: PgColumn;
  is_pause: PgColumn;
}

/** The rows an organisation uses: the platform's and its own. */
export const platformOrOwn = (t: PlatformAndOrg, orgId: number): SQL => or(isNull(t.org_id), eq(t.org_id, orgId))!;

/** The enabled rows an organisation is offered (tags in activity forms, quick replies in reviews): the platform's first, each in its order. */
export const offeredTo = (t: PlatformAndOrg, orgId: number) => ({
  where: and(platformOrOwn(t, orgId), eq(t.is_pause, 0))!,
  order: [sql`${t.org_id} is not null`, asc(t.sort), asc(t.id)],
});

/** The tags an activity of the organisation may carry, as the form and the lists' filters offer them. */
export async function tagChoices(db: Db | Tx, orgId: number) {
  const { where, order } = offeredTo(tags, orgId);
  const rows = await db.select({ id: tags.id, name: tags.name, org_id: tags.org_id }).from(tags).where(where).orderBy(...order);
  return rows.map(({ org_id, ...r }) => ({ ...r, source: org_id === null ? ('platform' as const) : ('org' as const) }));
}

export const TAG_MISSING = '标签不存在';

/** An activity body's tags: each the platform's or the organisation's own (deduplicated, in the order picked). */
export async function assertTags(tx: Tx, orgId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = await tx.select({ id: tags.id }).from(tags).where(and(platformOrOwn(tags, orgId), inArray(tags.id, unique)));
  if (found.length !== unique.length) throw validationError([{ field: 'tag_ids', message: TAG_MISSING }]);
  return unique;
}

/** A deleted tag leaves the activities that carried it (one statement per tag, through the GIN index). */
async function untag(action: string, rows: Row[], { tx }: ResourceContext) {
  if (action !== 'delete') return;
  for (const row of rows) {
    const one = JSON.stringify([row.id]);
    await tx
      .update(activities)
      .set({ tag_ids: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from jsonb_array_elements(${activities.tag_ids}) with ordinality as x(e, n) where e <> ${String(row.id)}::jsonb)` })
      .where(sql`${activities.tag_ids} @> ${one}::jsonb`);
  }
}

/** The platform's tags (`/v1/tags`): the rows without an organisation. */
export const tagsBinding = bind({ def: tagsResource, table: tags, narrow: isNull(tags.org_id), hidden: ['org_id'], after: untag });

/**
 * The organisation's own tags (`/v1/{org}/tags`, adminTag) on the same table, and
 * `GET /v1/{org}/tags/choices`: the platform's and the organisation's enabled tags an activity may carry.
 */
export const orgTagsBinding = bind({
  def: orgTagsResource,
  table: tags,
  after: untag,
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/v1/:org/tags/choices', { config: { access: 'org' }, schema: { params: orgParams } }, async (request) => ({
      items: await tagChoices(app.database.db, orgOf(request).id),
    }));
  },
});
