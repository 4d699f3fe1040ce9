import { and, asc, count, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { offlineConfigOf, type CheckDecision } from '@huodong/domain';
import { activities, offlineReservations, offlineSessions, readers } from '../../db/schema.js';
import { pagedList } from '../../http/pagination.js';
import { nowSec } from '../../participation/clock.js';
import type { CheckKind } from '../../routes/checkQueue.js';
import { fieldRefusal, statusText } from './booking.js';
import { leave } from './offers.js';

/**
 * Bookings waiting for approval (manual approval, `pending`) in the review queue (spec
 * `/check/{id}/offline`, pages adminCheck/adminCheckOffline and adminCheckOfflineWorkIndex, the
 * queue `/check/offline/activity`): approving confirms the booking, rejecting gives its seats back
 * to the waiting list at once. All or nothing: a booking no longer pending refuses the batch.
 */
export const offlineCheckKind: CheckKind = {
  kind: 'offline',
  label: '线下活动报名',
  queue: 'offline',
  types: [5],
  page: 'adminCheck/adminCheckOffline/adminCheckOfflineWorkIndex',
  async pending(db, orgId) {
    return db
      .select({ act_id: offlineReservations.act_id, pending: count() })
      .from(offlineReservations)
      .innerJoin(activities, eq(activities.id, offlineReservations.act_id))
      .where(and(eq(offlineReservations.org_id, orgId), eq(offlineReservations.status, 'pending'), eq(activities.is_delete, 0)))
      .groupBy(offlineReservations.act_id);
  },
  moderation: (act) => (offlineConfigOf(act.config).approval === 'manual' ? 'pre' : 'none'),
  async items(db, request, act, query) {
    // Pending ones; with `all` every booking that was or is to be reviewed.
    const where = and(
      eq(offlineReservations.org_id, act.org_id),
      eq(offlineReservations.act_id, act.id),
      query.all ? or(eq(offlineReservations.status, 'pending'), isNotNull(offlineReservations.reviewed_at)) : eq(offlineReservations.status, 'pending'),
    );
    return pagedList(
      query,
      request.url,
      async () => (await db.select({ n: count() }).from(offlineReservations).where(where))[0].n,
      async (limit, offset) => {
        const rows = await db
          .select({
            id: offlineReservations.id,
            session_id: offlineReservations.session_id,
            session_title: offlineSessions.title,
            session_start_at: offlineSessions.start_at,
            reader_id: offlineReservations.reader_id,
            account: readers.account,
            real_name: readers.real_name,
            phone: readers.phone,
            seats: offlineReservations.seats,
            companions: offlineReservations.companions,
            answers: offlineReservations.answers,
            status: offlineReservations.status,
            review_reason: offlineReservations.review_reason,
            reviewed_at: offlineReservations.reviewed_at,
            created_at: offlineReservations.created_at,
          })
          .from(offlineReservations)
          .innerJoin(offlineSessions, eq(offlineSessions.id, offlineReservations.session_id))
          .innerJoin(readers, eq(readers.id, offlineReservations.reader_id))
          .where(where)
          .orderBy(desc(eq(offlineReservations.status, 'pending')), asc(offlineReservations.id))
          .limit(limit)
          .offset(offset);
        return rows.map((x) => ({ ...x, status_text: statusText(x.status) }));
      },
    );
  },
  async decide(tx, request, act, decision: CheckDecision) {
    const now = nowSec();
    const rows = await tx
      .select({ id: offlineReservations.id, status: offlineReservations.status })
      .from(offlineReservations)
      .where(and(eq(offlineReservations.act_id, act.id), inArray(offlineReservations.id, decision.ids)))
      .for('update');
    const missing = decision.ids.find((id) => !rows.some((x) => x.id === id && x.status === 'pending'));
    if (missing !== undefined) throw fieldRefusal('ids', `预约${missing}不是待审核状态`);
    if (decision.status === 1) {
      await tx.update(offlineReservations).set({ status: 'confirmed', reviewed_at: now, review_reason: decision.reason, updated_at: now }).where(inArray(offlineReservations.id, decision.ids));
    } else {
      for (const id of decision.ids) await leave(tx, request.server.jobs, id, ['pending'], 'rejected', { reviewed_at: now, review_reason: decision.reason }, now);
    }
    request.server.jobs.kickAfter(request);
    return decision.ids;
  },
};
