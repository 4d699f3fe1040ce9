import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  ACTIVITY_NAMES_LIMIT,
  activityGroupActsResource,
  activityGroupsResource,
  activityStateOf,
  canWrite,
  chooseActivitiesBody,
  idParam,
  plainText,
  type ActivityName,
} from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { activities, activityGroupItems, activityGroups } from '../../db/schema.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { forbidden, validationError } from '../../http/errors.js';
import { audit } from '../audit.js';
import { bind } from '../binding.js';
import { keywordWhere } from '../keyword.js';
import { tenantWhere } from '../tenant.js';
import { withActState } from './activities.js';

export const ACT_NOT_FOUND = '活动不存在';
export const ACT_ALREADY_IN_GROUP = '该活动已在本分类中';

const nowSec = () => Math.floor(Date.now() / 1000);

export const activityGroupsBinding = bind({ def: activityGroupsResource, table: activityGroups });

/** The organisation's activities among `ids` that are not deleted (any type). */
async function ownActivities(tx: Tx, orgId: number, ids: number[]): Promise<Set<number>> {
  const rows = await tx
    .select({ id: activities.id })
    .from(activities)
    .where(and(inArray(activities.id, ids), eq(activities.org_id, orgId), eq(activities.is_delete, 0)));
  return new Set(rows.map((r) => r.id));
}

/** The next free position at the end of a group. */
async function nextSort(tx: Tx, groupId: number): Promise<number> {
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${activityGroupItems.sort}), 0)::integer` })
    .from(activityGroupItems)
    .where(eq(activityGroupItems.group_id, groupId));
  return Number(max) + 1;
}

/**
 * A group's activities: each added once, an activity of the organisation that is not deleted, at
 * the end unless a position is given; listed with the activity's title, type and state.
 */
export const activityGroupActsBinding = bind({
  def: activityGroupActsResource,
  table: activityGroupItems,
  async prepare(values, { tx, org, parentId, existing }) {
    if (existing) return values;
    const actId = values.act_id as number;
    if (!(await ownActivities(tx, org!.id, [actId])).has(actId)) throw validationError([{ field: 'act_id', message: ACT_NOT_FOUND }]);
    const [taken] = await tx
      .select({ id: activityGroupItems.id })
      .from(activityGroupItems)
      .where(and(eq(activityGroupItems.group_id, parentId!), eq(activityGroupItems.act_id, actId)));
    if (taken) throw validationError([{ field: 'act_id', message: ACT_ALREADY_IN_GROUP }]);
    if (values.sort === undefined || values.sort === null) values.sort = await nextSort(tx, parentId!);
    return values;
  },
  async present(rows, { request }) {
    if (rows.length === 0) return rows;
    const found = await request.server.database.db
      .select({ id: activities.id, title: activities.title, type: activities.type, start_at: activities.start_at, end_at: activities.end_at, state: activities.state })
      .from(activities)
      .where(inArray(activities.id, rows.map((r) => r.act_id as number)));
    const byId = new Map(withActState(found).map((a) => [a.id, a]));
    return rows.map((r) => {
      const a = byId.get(r.act_id as number);
      return { ...r, title: a?.title ?? '', type: a?.type ?? null, act_state: a?.act_state ?? null };
    });
  },
  async routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;

    /** The group's activity picker: the organisation's activities that are not deleted, newest first. */
    r.get(
      '/v1/:org/activity/names',
      {
        config: { access: 'org' },
        schema: { params: z.object({ org: z.string() }), querystring: z.object({ keyword: plainText('关键词').max(100, '关键词不能超过100个字符').optional() }) },
      },
      async (request): Promise<ActivityName[]> => {
        const rows = await db
          .select({ id: activities.id, title: activities.title, type: activities.type, start_at: activities.start_at, end_at: activities.end_at, state: activities.state })
          .from(activities)
          .where(and(tenantWhere(activities, request), eq(activities.is_delete, 0), keywordWhere([activities.title], request.query.keyword)))
          .orderBy(desc(activities.created_at), desc(activities.id))
          .limit(ACTIVITY_NAMES_LIMIT);
        const now = nowSec();
        return rows.map((a) => ({ id: a.id, title: a.title, type: a.type, state: activityStateOf(a, now) }));
      },
    );

    /**
     * `choose`: add several of the organisation's activities at the end of the group in one
     * transaction, skipping those already in it; one that is not the organisation's (or deleted)
     * refuses the whole call, naming `act_ids`.
     */
    r.post(
      '/v1/:org/actcate/:group/choose',
      { config: { access: 'org' }, schema: { params: z.object({ org: z.string(), group: idParam }), body: chooseActivitiesBody } },
      async (request): Promise<{ added: number }> => {
        const service = app.resources.get(activityGroupActsResource.name)!;
        if (!canWrite(service.def, callerOf(request))) throw forbidden();
        await service.assertParent(request);
        const orgId = orgOf(request).id;
        const groupId = request.params.group;
        const ids = [...new Set(request.body.act_ids)];
        return db.transaction(async (tx) => {
          const own = await ownActivities(tx, orgId, ids);
          const missing = ids.find((id) => !own.has(id));
          if (missing !== undefined) throw validationError([{ field: 'act_ids', message: `${ACT_NOT_FOUND}：${missing}` }]);
          // One choose at a time per group: the positions at the end are taken in turn.
          await tx.select({ id: activityGroups.id }).from(activityGroups).where(eq(activityGroups.id, groupId)).for('update');
          const inGroup = await tx
            .select({ act_id: activityGroupItems.act_id })
            .from(activityGroupItems)
            .where(and(eq(activityGroupItems.group_id, groupId), inArray(activityGroupItems.act_id, ids)));
          const present = new Set(inGroup.map((x) => x.act_id));
          const fresh = ids.filter((id) => !present.has(id));
          if (fresh.length === 0) return { added: 0 };
          const first = await nextSort(tx, groupId);
          const added = await tx
            .insert(activityGroupItems)
            .values(fresh.map((act_id, i) => ({ org_id: orgId, group_id: groupId, act_id, sort: first + i })))
            .onConflictDoNothing()
            .returning({ id: activityGroupItems.id });
          await audit(tx, request, 'choose', service.def.name, added.map((x) => x.id));
          return { added: added.length };
        });
      },
    );
  },
});
