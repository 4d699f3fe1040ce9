import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { Db } from '../../db/client.js';
import { activities, offlineReservations, offlineSessions } from '../../db/schema.js';
import { nowSec } from '../../participation/clock.js';
import { recordOffence } from '../../participation/offences.js';
import { defineSweep } from '../../jobs/sweep.js';

/**
 * No-shows (issue 23, design §7b and §14): when a session has ended, its confirmed reservations
 * never checked in become `no_show`, each recorded as the reader's offence (`recordOffence`, the
 * organisation's automatic blacklist rule), and the session is closed (`closed_at`). A sweep over
 * the open sessions (`offline_sessions_open_idx`) runs on the job runner every 10 minutes, on the
 * grid (a job keyed by its slot: every instance queues the same one).
 */
export const NO_SHOW_JOB = 'offline.noShows';
export const NO_SHOW_SWEEP_SECONDS = 600;

/** One session closed in its own transaction; nothing when another sweep closed it first. */
async function closeSession(db: Db, s: { id: number; org_id: number; act_id: number; live: boolean }, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(offlineSessions)
      .set({ closed_at: now })
      .where(and(eq(offlineSessions.id, s.id), isNull(offlineSessions.closed_at)))
      .returning({ id: offlineSessions.id });
    // A deleted activity's sessions are closed without blaming anyone.
    if (!closed || !s.live) return 0;
    const missed = await tx
      .update(offlineReservations)
      .set({ status: 'no_show', updated_at: now })
      .where(and(eq(offlineReservations.session_id, s.id), eq(offlineReservations.status, 'confirmed'), isNull(offlineReservations.checked_in_at)))
      .returning({ id: offlineReservations.id, reader_id: offlineReservations.reader_id });
    for (const m of missed) await recordOffence(tx, { org_id: s.org_id, reader_id: m.reader_id, kind: 'no_show', act_id: s.act_id, act_type: 5, ref: `reservation:${m.id}` });
    return missed.length;
  });
}

/** Close every session that has ended by `now`, oldest first: the sessions closed and the no-shows marked. */
export async function closeEndedSessions(db: Db, now: number = nowSec()): Promise<{ sessions: number; no_shows: number }> {
  let sessions = 0;
  let noShows = 0;
  for (;;) {
    const due = await db
      .select({ id: offlineSessions.id, org_id: offlineSessions.org_id, act_id: offlineSessions.act_id, live: sql<boolean>`${activities.is_delete} = 0` })
      .from(offlineSessions)
      .innerJoin(activities, eq(activities.id, offlineSessions.act_id))
      .where(and(isNull(offlineSessions.closed_at), eq(offlineSessions.is_delete, 0), lte(offlineSessions.end_at, now)))
      .orderBy(asc(offlineSessions.end_at))
      .limit(100);
    for (const s of due) {
      noShows += await closeSession(db, s, now);
      sessions++;
    }
    if (due.length < 100) return { sessions, no_shows: noShows };
  }
}

/** The sweep's job kind on the app's runner, every 10 minutes on the grid. */
export function defineNoShowJob(app: FastifyInstance): void {
  defineSweep(app, NO_SHOW_JOB, NO_SHOW_SWEEP_SECONDS, () => closeEndedSessions(app.database.db));
}
