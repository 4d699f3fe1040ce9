import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import {
  ACTIVITY_KINDS,
  ACTIVITY_TYPE_NOT_AUTHORISED,
  activitiesAlterCountBody,
  activitiesBatchCreateBody,
  activitiesBatchUpdateBody,
  platformActivitiesResource,
} from '@huodong/domain';
import { activities, activityJoinShards, organizations } from '../../db/schema.js';
import { callerOf } from '../../auth/access.js';
import { validationError } from '../../http/errors.js';
import { audit } from '../audit.js';
import { bind, type ReadContext, type Row } from '../binding.js';
import { activityStateWhere, withActFacts } from './activities.js';
import { operateTimeRoutes } from './operateTime.js';

const nowSec = () => Math.floor(Date.now() / 1000);

/** Platform lists of rows of many organisations: each row with its organisation's name (`org_name`). */
export async function withOrgName(rows: Row[], { request }: ReadContext): Promise<Row[]> {
  const orgIds = [...new Set(rows.map((r) => r.org_id as number | null).filter((id): id is number => id !== null))];
  if (orgIds.length === 0) return rows.map((r) => ({ ...r, org_name: '' }));
  const names = new Map(
    (await request.server.database.db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, orgIds))).map((o) => [o.id, o.name]),
  );
  return rows.map((r) => ({ ...r, org_name: names.get(r.org_id as number) ?? '' }));
}

/** Rows of every organisation's activities with their state and their organisation's name. */
export async function withOrgNames(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  return withOrgName(await withActFacts(rows, ctx), ctx);
}

/**
 * The platform's list of every organisation's activities (spec `actManage`): all types, deleted
 * ones hidden, the computed state and the organisation's name on each row. Recommending and
 * pausing set the same `is_rec`/`rec_at` and `is_pause` the organisation's own lists show.
 */
export const platformActivitiesBinding = bind({
  def: platformActivitiesResource,
  table: activities,
  softDelete: 'is_delete',
  // Every organisation's rows: the state filters' counts read activities_list_idx alone.
  countInListOrder: true,
  filters: { act_state: (value) => activityStateWhere(value as number) },
  present: withOrgNames,
  async after(action, rows, { tx }) {
    // A batch's `set` is fixed data: the recommendation time is stamped here, as the toggle does.
    if (action === 'batchRecommend' && rows.length) await tx.update(activities).set({ rec_at: nowSec() }).where(inArray(activities.id, rows.map((r) => r.id)));
  },
  async routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const config = { access: 'super' as const };
    const service = () => app.resources.get(platformActivitiesResource.name)!;

    /** The spec's batchUpdate: recommend (stamping `rec_at`) and/or pause many activities. */
    r.post('/v1/activities/batchUpdate', { config, schema: { body: activitiesBatchUpdateBody } }, async (request) => {
      const { ids, is_rec, is_pause } = request.body;
      const values: Record<string, unknown> = {};
      if (is_rec !== undefined) Object.assign(values, { is_rec, rec_at: is_rec === 1 ? nowSec() : null });
      if (is_pause !== undefined) values.is_pause = is_pause;
      return { updated: await service().setMany(request, 'batchUpdate', [...new Set(ids)], values) };
    });

    /**
     * The same draft in several organisations, in one transaction: every organisation must exist
     * and be authorised for the type, or nothing is created (422 naming the organisation). The
     * type's own preparation runs per organisation (a third-party activity gets its own secret).
     */
    r.post('/v1/activities/batchCreate', { config, schema: { body: activitiesBatchCreateBody } }, async (request) => {
      const { org_ids, type, activity } = request.body;
      const kind = app.resources.get(ACTIVITY_KINDS[type].name)!;
      return db.transaction(async (tx) => {
        const orgs = await tx
          .select({ id: organizations.id, key: organizations.key, name: organizations.name, is_pause: organizations.is_pause, types: organizations.activity_types })
          .from(organizations)
          .where(inArray(organizations.id, org_ids));
        const byId = new Map(orgs.map((o) => [o.id, o]));
        const missing = org_ids.find((id) => !byId.has(id));
        if (missing !== undefined) throw validationError([{ field: 'org_ids', message: `机构不存在：${missing}` }]);
        const refused = org_ids.map((id) => byId.get(id)!).find((o) => !o.types.includes(type));
        if (refused) throw validationError([{ field: 'org_ids', message: ACTIVITY_TYPE_NOT_AUTHORISED(refused.name) }]);
        const rows: Record<string, unknown>[] = [];
        for (const id of org_ids) {
          const { types: _types, ...org } = byId.get(id)!;
          let values: Record<string, unknown> = { ...activity };
          if (kind.binding.prepare) values = await kind.binding.prepare(values, { request, caller: callerOf(request), org, parentId: null, tx });
          rows.push({ ...values, org_id: org.id, type, is_tmp: 1 });
        }
        const made = (await tx.insert(activities).values(rows as never).returning({ id: activities.id })).map((x) => x.id);
        await audit(tx, request, 'batchCreate', platformActivitiesResource.name, made);
        return { created: made.length, ids: made };
      });
    });

    /** Correct an activity's view and join counters (audited as `alterCount`). */
    r.post('/v1/activities/alter/count', { config, schema: { body: activitiesAlterCountBody } }, async (request): Promise<Row> => {
      const { id, view_count, join_num } = request.body;
      return service().setRow(request, 'alterCount', id, async (_row, { tx }) => {
        // The count set is the whole count: the joins counted in shards are dropped with it.
        if (join_num !== undefined) await tx.delete(activityJoinShards).where(eq(activityJoinShards.act_id, id));
        return {
        ...(view_count !== undefined ? { view_count } : {}),
        ...(join_num !== undefined ? { join_num } : {}),
        };
      });
    });

    operateTimeRoutes(app);
  },
});
