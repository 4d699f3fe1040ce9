import { inArray } from 'drizzle-orm';
import { digitalGroupResourcesResource, digitalGroupsResource, digitalResourcesResource } from '@huodong/domain';
import { digitalGroupResources, digitalGroups, digitalResources } from '../../db/schema.js';
import { bind } from '../binding.js';

export const digitalResourcesBinding = bind({ def: digitalResourcesResource, table: digitalResources });
export const digitalGroupsBinding = bind({ def: digitalGroupsResource, table: digitalGroups });

/** A group's resources, listed with the resource's name and kind. */
export const digitalGroupResourcesBinding = bind({
  def: digitalGroupResourcesResource,
  table: digitalGroupResources,
  async present(rows, { request }) {
    if (rows.length === 0) return rows;
    const found = await request.server.database.db
      .select({ id: digitalResources.id, title: digitalResources.title, kind: digitalResources.kind })
      .from(digitalResources)
      .where(inArray(digitalResources.id, rows.map((r) => r.resource_id as number)));
    const byId = new Map(found.map((f) => [f.id, f]));
    return rows.map((r) => ({ ...r, title: byId.get(r.resource_id as number)?.title ?? '', kind: byId.get(r.resource_id as number)?.kind ?? null }));
  },
});
