import type { FastifyInstance } from 'fastify';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { canOffer, offerExpiry, offlineConfigOf, SEAT_HOLDING, type ReservationStatus } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { activities, offlineReservations, offlineSessions } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/runner.js';
import { nowSec } from '../../participation/clock.js';

/**
 * The waiting list (design §7b, pretix's waiting list): seats given back (a cancellation, a
 * rejection, an offer expired) are offered at once to the first in line (`waitlisted_at`, `id`)
 * whose seats fit, when the activity's `waitlist_auto` is on and the offer can still run before
 * the start (`canOffer`). An offer holds the seats until `offer_expires_at`; the job `offline.offer`,
 * queued in the same transaction for that moment, expires it and the seats pass on.
 */

export const OFFER_JOB = 'offline.offer';

type Reservation = typeof offlineReservations.$inferSelect;

/** Offer the session's free seats to the line, first in line first (skipping one whose seats do not fit); the session's row is locked first. */
export async function offerNext(tx: Tx, jobs: JobRunner, sessionId: number, now: number): Promise<number[]> {
  const [s] = await tx
    .select({ id: offlineSessions.id, org_id: offlineSessions.org_id, capacity: offlineSessions.capacity, taken: offlineSessions.taken, start_at: offlineSessions.start_at, end_at: offlineSessions.end_at, config: activities.config })
    .from(offlineSessions)
    .innerJoin(activities, eq(activities.id, offlineSessions.act_id))
    .where(eq(offlineSessions.id, sessionId))
    .for('update', { of: offlineSessions });
  if (!s) return [];
  const cfg = offlineConfigOf(s.config);
  if (!cfg.waitlist || !cfg.waitlist_auto || !canOffer(now, s, cfg)) return [];
  const expires = offerExpiry(now, s, cfg);
  const offered: number[] = [];
  for (let free = s.capacity - s.taken; free > 0; ) {
    const [next] = await tx
      .select({ id: offlineReservations.id, seats: offlineReservations.seats })
      .from(offlineReservations)
      .where(and(eq(offlineReservations.session_id, sessionId), eq(offlineReservations.status, 'waitlisted'), lte(offlineReservations.seats, free)))
      .orderBy(asc(offlineReservations.waitlisted_at), asc(offlineReservations.id))
      .limit(1);
    if (!next) break;
    await tx.update(offlineReservations).set({ status: 'offered', offer_expires_at: expires, updated_at: now }).where(eq(offlineReservations.id, next.id));
    await tx.update(offlineSessions).set({ taken: sql`${offlineSessions.taken} + ${next.seats}`, waiting: sql`${offlineSessions.waiting} - 1` }).where(eq(offlineSessions.id, sessionId));
    await jobs.enqueue(tx, OFFER_JOB, { reservation_id: next.id }, { key: `${OFFER_JOB}.${next.id}`, runAt: expires * 1000, orgId: s.org_id });
    offered.push(next.id);
    free -= next.seats;
  }
  return offered;
}

/**
 * A reservation leaves its active state (cancelled, rejected, expired): locked and changed only
 * when it is in one of `from` (null otherwise: another change came first); the seats it held are
 * given back at once and offered to the line, the place it held in the line is freed.
 */
export async function leave(
  tx: Tx,
  jobs: JobRunner,
  id: number,
  from: readonly ReservationStatus[],
  to: Extract<ReservationStatus, 'cancelled' | 'rejected' | 'expired'>,
  set: Partial<Pick<Reservation, 'cancel_reason' | 'review_reason' | 'reviewed_at'>> = {},
  now: number = nowSec(),
): Promise<{ was: ReservationStatus; row: Reservation } | null> {
  const [r] = await tx.select().from(offlineReservations).where(eq(offlineReservations.id, id)).for('update');
  if (!r || !from.includes(r.status as ReservationStatus)) return null;
  const [row] = await tx
    .update(offlineReservations)
    .set({ ...set, status: to, updated_at: now, offer_expires_at: null, ...(to === 'cancelled' ? { cancelled_at: now } : {}) })
    .where(eq(offlineReservations.id, id))
    .returning();
  const was = r.status as ReservationStatus;
  if (SEAT_HOLDING.includes(was)) {
    await tx.update(offlineSessions).set({ taken: sql`greatest(${offlineSessions.taken} - ${r.seats}, 0)` }).where(eq(offlineSessions.id, r.session_id));
    await offerNext(tx, jobs, r.session_id, now);
  } else if (was === 'waitlisted') {
    await tx.update(offlineSessions).set({ waiting: sql`greatest(${offlineSessions.waiting} - 1, 0)` }).where(eq(offlineSessions.id, r.session_id));
  }
  return { was, row };
}

/** An offer not taken up by its time expires (its seats pass to the next in line); an offer taken up or early is left alone. */
export function defineOfferJob(app: FastifyInstance): void {
  app.jobs.define<{ reservation_id: number }>(OFFER_JOB, {
    async run(job) {
      await app.database.db.transaction(async (tx) => {
        const now = nowSec();
        const [r] = await tx.select({ status: offlineReservations.status, offer_expires_at: offlineReservations.offer_expires_at }).from(offlineReservations).where(eq(offlineReservations.id, job.payload.reservation_id));
        if (!r || r.status !== 'offered') return;
        // Run early (a clock ahead of the database's): retried after the back-off.
        if ((r.offer_expires_at ?? 0) > now) throw new Error('offer not yet expired');
        await leave(tx, app.jobs, job.payload.reservation_id, ['offered'], 'expired', {}, now);
      });
    },
  });
}
