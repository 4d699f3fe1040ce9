import type { FastifyInstance } from 'fastify';
import { and, asc, eq, lte } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { canOffer, offerExpiry, offlineConfigOf, SEAT_HOLDING, type ReservationStatus } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { activities, offlineReservations, offlineSessions } from '../../db/schema.js';
import type { JobRunner } from '../../jobs/runner.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError } from '../../http/errors.js';
import { fieldRefusal } from './booking.js';
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

export const PROMOTE_NO_ONE = '候补名单中没有座位数合适的读者';
export const PROMOTE_FULL = '该场次没有空余座位，不能递补';

/**
 * An administrator promotes the first in line by hand (automatic promotion off, issue 23): ONE
 * statement takes the first waiting reservation whose seats fit the free seats (one locked by a
 * reader's cancel is skipped, never waited for), adds its seats to the session under
 * `taken + seats <= capacity` (re-checked on the session's row lock: parallel promotes never
 * overbook) and makes it an offer until `offerExpiry` — or confirms it when no offer can run before
 * the start any more. The offer's expiry job is queued in the same transaction. The session must
 * be of the organisation; 422 naming `sid` when no seat is free or no one fits.
 */
export async function promoteFirst(tx: Tx, jobs: JobRunner, orgId: number, sessionId: number, now: number): Promise<Reservation> {
  const [s] = await tx
    .select({ start_at: offlineSessions.start_at, end_at: offlineSessions.end_at, config: activities.config })
    .from(offlineSessions)
    .innerJoin(activities, eq(activities.id, offlineSessions.act_id))
    .where(and(eq(offlineSessions.id, sessionId), eq(offlineSessions.org_id, orgId), eq(offlineSessions.is_delete, 0)))
    // Promotes of the session in line, each reading the line as the one before left it: the first in line first.
    .for('update', { of: offlineSessions });
  if (!s) throw new HttpError(404, '场次不存在');
  const cfg = offlineConfigOf(s.config);
  const offer = canOffer(now, s, cfg);
  const expires = offer ? offerExpiry(now, s, cfg) : null;
  const [found] = rowsOf<{ free: number; next_id: number | null; promoted: Reservation | null }>(
    await tx.execute(sql`
      with free as (
        select capacity - taken as n from ${offlineSessions} where id = ${sessionId}
      ), next as (
        select id, seats from ${offlineReservations}
        where session_id = ${sessionId} and status = 'waitlisted' and seats <= (select n from free)
        order by waitlisted_at, id limit 1
        for update skip locked
      ), seat as (
        update ${offlineSessions} set taken = taken + (select seats from next), waiting = greatest(waiting - 1, 0)
        where id = ${sessionId} and exists (select 1 from next) and taken + (select seats from next) <= capacity
        returning id
      ), promoted as (
        update ${offlineReservations}
        set status = ${offer ? 'offered' : 'confirmed'}::varchar, offer_expires_at = ${expires}::bigint, updated_at = ${now}::bigint
        where id = (select id from next) and exists (select 1 from seat)
        returning *
      )
      select (select n from free)::int as free, (select id from next) as next_id, (select to_jsonb(p) from promoted p) as promoted`),
  );
  if (!found?.promoted) throw fieldRefusal('sid', (found?.free ?? 0) <= 0 || found?.next_id ? PROMOTE_FULL : PROMOTE_NO_ONE);
  const row = found.promoted;
  if (offer) await jobs.enqueue(tx, OFFER_JOB, { reservation_id: row.id }, { key: `${OFFER_JOB}.${row.id}`, runAt: (expires as number) * 1000, orgId });
  return row;
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
