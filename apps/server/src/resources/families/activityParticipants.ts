import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { activityParticipantsResource, idParam, isAnonymousSurvey, orgActivitiesResource, type ActivityCount } from '@huodong/domain';
import { activities, activityJoins, readers } from '../../db/schema.js';
import { perDaySeries, todayOf } from '../../figures/index.js';
import { bind } from '../binding.js';
import { keywordWhere } from '../keyword.js';
import { tenantWhere } from '../tenant.js';
import { notFound } from '../../http/errors.js';
import { activityStateWhere, withActFacts } from './activities.js';


/**
 * The organisation's activities of every type, read only (the type declarations own them): the
 * detail page's activity by id, the participants' parent, and the figures of one activity.
 */
export const orgActivitiesBinding = bind({
  def: orgActivitiesResource,
  table: activities,
  softDelete: 'is_delete',
  present: withActFacts,
  filters: { act_state: (value) => activityStateWhere(value as number) },
  routes(app: FastifyInstance) {
    const { db } = app.database;
    /**
     * `GET /v1/{org}/activity/{id}/count`: the counters, today's joins and the joins per China-time
     * day, every day from the first join to the last (or to today while the activity runs).
     */
    app.withTypeProvider<ZodTypeProvider>().get(
      '/v1/:org/activity/:id/count',
      { config: { access: 'org' }, schema: { params: z.object({ org: z.string(), id: idParam }) } },
      async (request): Promise<ActivityCount> => {
        // Through the declaration's service: another organisation's or a deleted activity is 404.
        const act = await app.resources.get(orgActivitiesResource.name)!.get(request, request.params.id);
        const joinsOf = and(tenantWhere(activityJoins, request), eq(activityJoins.act_id, act.id));
        // From the first join to the last, and on to today while the activity runs.
        const [days, [byStatus]] = await Promise.all([
          perDaySeries(db, { table: activityJoins, at: activityJoins.created_at, where: joinsOf, key: 'joins', running: act.act_state === 2 }),
          db
            .select({
              cancelled: sql<number>`count(*) filter (where ${activityJoins.status} = 2)`.mapWith(Number),
              disqualified: sql<number>`count(*) filter (where ${activityJoins.status} = 3)`.mapWith(Number),
            })
            .from(activityJoins)
            .where(joinsOf),
        ]);
        return {
          activity: { id: act.id, title: act.title as string, type: act.type as number, act_state: act.act_state as number },
          totals: {
            joins: act.join_num as number,
            views: act.view_count as number,
            today: todayOf(days, 'joins'),
            cancelled: byStatus.cancelled,
            disqualified: byStatus.disqualified,
          },
          days,
        };
      },
    );
  },
});

/**
 * An activity's participants: its join rows (snapshots of the real name and phone) with the
 * reader's account and unit; the account filter goes through the readers of the organisation.
 */
export const activityParticipantsBinding = bind({
  def: activityParticipantsResource,
  table: activityJoins,
  filters: {
    account: (value, { request }) =>
      inArray(
        activityJoins.reader_id,
        request.server.database.db
          .select({ id: readers.id })
          .from(readers)
          .where(and(tenantWhere(readers, request), keywordWhere([readers.account], value as string))),
      ),
  },
  async present(rows, { request, parentId }) {
    if (rows.length === 0) return rows;
    const { db } = request.server.database;
    const [found, [act]] = await Promise.all([
      db
        .select({ id: readers.id, account: readers.account, unit: readers.unit })
        .from(readers)
        .where(and(tenantWhere(readers, request), inArray(readers.id, [...new Set(rows.map((r) => r.reader_id as number))]))),
      db.select({ type: activities.type, config: activities.config }).from(activities).where(eq(activities.id, parentId ?? 0)),
    ]);
    const byId = new Map(found.map((r) => [r.id, r]));
    const out = rows.map((r) => {
      const reader = byId.get(r.reader_id as number);
      return { ...r, account: reader?.account ?? '', unit: reader?.unit ?? '' };
    });
    // An anonymous questionnaire's joins carry their day only (joinTimeOf); within a day they are
    // listed by account, so the order of the page does not tell the order of the answers.
    if (!act || !isAnonymousSurvey(act)) return out;
    // Join ids follow the order of the answers, as response ids do: an anonymous questionnaire's
    // joins are not read one by id, and its rows go by the reader's id (unique in the list).
    if (request.routeOptions.url?.endsWith('/:id')) throw notFound();
    for (const r of out) r.id = (r as Record<string, unknown>).reader_id as number;
    const at = (r: (typeof out)[number]) => (r as Record<string, unknown>).created_at;
    const dayAt = new Map<unknown, number>();
    out.forEach((r, i) => dayAt.has(at(r)) || dayAt.set(at(r), i));
    return out.sort((a, b) => dayAt.get(at(a))! - dayAt.get(at(b))! || a.account.localeCompare(b.account));
  },
});
