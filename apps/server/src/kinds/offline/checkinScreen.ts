import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, eq } from 'drizzle-orm';
import { idParam, offlineConfigOf } from '@huodong/domain';
import { activities, offlineSessions } from '../../db/schema.js';
import { orgOf } from '../../auth/access.js';
import { notFound } from '../../http/errors.js';

export const OFFLINE_ACT_NOT_FOUND = '活动不存在';

/**
 * What the staff check-in screen (`adminAct/adminOfflineCheckin?actID=[&sessionID=]`, issue 23)
 * opens with, for a single activity and a series alike: `GET /v1/{org}/offline/{act}/checkin-sessions`
 * → the activity's title and check-in settings, and its sessions in order of start with their seats
 * and sign-ins (the screen picks the one nearest now unless the link names one).
 */
export async function checkinScreenRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const params = z.object({ org: z.string(), act: idParam });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/v1/:org/offline/:act/checkin-sessions', { config: { access: 'org' }, schema: { params, querystring: z.object({ reflesh: z.unknown().optional() }) } }, async (request) => {
      const org = orgOf(request);
      const [act] = await db
        .select({ id: activities.id, title: activities.title, variant: activities.variant, config: activities.config })
        .from(activities)
        .where(and(eq(activities.org_id, org.id), eq(activities.id, request.params.act), eq(activities.type, 5), eq(activities.is_delete, 0)));
      if (!act) throw notFound(OFFLINE_ACT_NOT_FOUND);
      const c = offlineConfigOf(act.config);
      const items = await db
        .select({
          id: offlineSessions.id,
          title: offlineSessions.title,
          speaker: offlineSessions.speaker,
          start_at: offlineSessions.start_at,
          end_at: offlineSessions.end_at,
          address: offlineSessions.address,
          capacity: offlineSessions.capacity,
          taken: offlineSessions.taken,
          checked_in: offlineSessions.checked_in,
        })
        .from(offlineSessions)
        .where(and(eq(offlineSessions.org_id, org.id), eq(offlineSessions.act_id, act.id), eq(offlineSessions.is_delete, 0)))
        .orderBy(asc(offlineSessions.start_at), asc(offlineSessions.id));
      return {
        activity: { id: act.id, title: act.title, variant: act.variant, checkin_mode: c.checkin_mode, sign_out: c.sign_out, rotating_code: c.rotating_code },
        items,
      };
    });
}
