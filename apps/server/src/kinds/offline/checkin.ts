import { postPoints, type PointsConfigView } from '../../points/ledger.js';
import { and, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { CHECKIN_RESULTS, checkinTimeRefusal, offlineConfigOf, outsideFence, type CheckinMethod, type CheckinResult, type OfflineConfig } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { offlineAddresses, offlineCheckins, offlineReservations, offlineSessions, readers } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, notFound, pgErrorCode } from '../../http/errors.js';
import { codeAccepted } from './signCode.js';
import { offlineActivityById } from './sessions.js';

/**
 * Checking in and out of a session (issue 23, design §7b, modelled on pretix's redeem): the staff
 * scanning a reader's ticket, the reader scanning the session's code (trainSign), an administrator
 * by hand. Every attempt is decided in one order, recorded in `offline_checkins` with its result
 * and answered as HTTP 200 with `result` (a refusal too); the nonce makes a retried scan one.
 */

export type SessionRow = typeof offlineSessions.$inferSelect;
export type ReservationRow = typeof offlineReservations.$inferSelect;
type Db_ = Db | Tx;

/** A session of the organisation (not deleted) with its venue's name and coordinates; 404 when missing. */
export async function sessionOf(db: Db_, orgId: number, id: number): Promise<SessionRow & { venue_name: string; lng: number | null; lat: number | null }> {
  const [s] = await db
    .select({ s: offlineSessions, venue_name: offlineAddresses.name, lng: offlineAddresses.lng, lat: offlineAddresses.lat })
    .from(offlineSessions)
    .leftJoin(offlineAddresses, eq(offlineAddresses.id, offlineSessions.venue_id))
    .where(and(eq(offlineSessions.org_id, orgId), eq(offlineSessions.id, id), eq(offlineSessions.is_delete, 0)));
  if (!s) throw notFound('场次不存在');
  return { ...s.s, venue_name: s.venue_name ?? '', lng: s.lng, lat: s.lat };
}

/** What a check-in answer shows of the session. */
export const sessionView = (s: SessionRow & { venue_name: string }) => ({
  id: s.id,
  act_id: s.act_id,
  title: s.title,
  speaker: s.speaker,
  start_at: s.start_at,
  end_at: s.end_at,
  address: s.address,
  venue_name: s.venue_name,
});

export interface Attempt {
  method: CheckinMethod;
  type: 1 | 2;
  config: OfflineConfig;
  session: SessionRow & { lng: number | null; lat: number | null };
  reservation: ReservationRow | undefined;
  /** A blacklist entry covering reserving is in force for the reader. */
  banned: boolean;
  /** The moment checked (a forced offline scan: its own time). */
  at: number;
  /** A staff scan made offline, uploaded later: recorded whatever the time. */
  force?: boolean;
  /** The reader's scan: the code of the link, and where the reader is. */
  code?: string | null;
  position?: { lng: number; lat: number } | null;
}

/**
 * Why a check-in is refused (null: it may be recorded), in this order: the reservation (another
 * session's ticket, cancelled, not approved, on the waiting list), the blacklist, the check-in
 * mode, sign-out switched off, the window (not for an administrator by hand nor a forced scan),
 * the rotating code and the geofence (the reader's scan), then what was recorded already.
 */
export function checkinRefusal(a: Attempt): CheckinResult | null {
  const r = a.reservation;
  if (!r) return 'not_reserved';
  if (r.session_id !== a.session.id) return 'wrong_session';
  if (r.status === 'cancelled') return 'canceled';
  if (r.status === 'pending' || r.status === 'rejected') return 'not_approved';
  if (r.status !== 'confirmed' && r.status !== 'no_show') return 'not_reserved';
  if (a.banned && a.method !== 'admin') return 'blocked';
  const mode = a.config.checkin_mode;
  if (a.method !== 'admin' && mode !== 'both' && mode !== a.method) return 'mode_refused';
  if (a.type === 2 && !a.config.sign_out) return 'sign_out_off';
  if (a.method !== 'admin' && !a.force) {
    const time = checkinTimeRefusal(a.at, a.session, a.config, a.type);
    if (time) return time;
  }
  if (a.method === 'self') {
    if (a.config.rotating_code && !codeAccepted(a.session.checkin_secret, a.code, a.at)) return 'code_expired';
    if (a.config.geofence && a.session.lng !== null && a.session.lat !== null) {
      if (outsideFence(a.position, { lng: a.session.lng, lat: a.session.lat }, a.config.geofence_m)) return 'out_of_range';
    }
  }
  if (a.type === 1) return r.checked_in_at ? 'already_checked_in' : null;
  if (!r.checked_in_at) return 'not_checked_in';
  return r.checked_out_at ? 'already_checked_out' : null;
}

/** A check-in's answer: the result in Chinese, the session, and who (the staff screen shows them). */
export interface CheckinAnswer {
  result: CheckinResult;
  message: string;
  session: ReturnType<typeof sessionView>;
  reservation_id: number | null;
  reader: { real_name: string; account: string } | null;
  seats: number;
  companions: { name: string; phone?: string }[];
  checked_in_at: number | null;
  checked_out_at: number | null;
}

async function answerOf(db: Db_, result: CheckinResult, session: SessionRow & { venue_name: string }, reservationId: number | null): Promise<CheckinAnswer> {
  const [r] = reservationId
    ? await db
        .select({ r: offlineReservations, real_name: readers.real_name, account: readers.account })
        .from(offlineReservations)
        .innerJoin(readers, eq(readers.id, offlineReservations.reader_id))
        .where(eq(offlineReservations.id, reservationId))
    : [];
  return {
    result,
    message: CHECKIN_RESULTS[result],
    session: sessionView(session),
    reservation_id: r?.r.id ?? null,
    reader: r ? { real_name: r.real_name, account: r.account } : null,
    seats: r?.r.seats ?? 0,
    companions: r?.r.companions ?? [],
    checked_in_at: r?.r.checked_in_at ?? null,
    checked_out_at: r?.r.checked_out_at ?? null,
  };
}

export const NONCE_REUSED = '该扫码编号已用于另一次扫码';

/** The answer kept for a nonce of the organisation, when it was one already (409 when it named another session, ticket or direction). */
async function keptAnswer(db: Db_, orgId: number, nonce: string, same: { session_id: number; type: 1 | 2; reservation_id: number | null }, session: SessionRow & { venue_name: string }): Promise<CheckinAnswer | null> {
  const [kept] = await db.select().from(offlineCheckins).where(and(eq(offlineCheckins.org_id, orgId), eq(offlineCheckins.nonce, nonce)));
  if (!kept) return null;
  if (kept.session_id !== same.session_id || kept.type !== same.type || kept.reservation_id !== same.reservation_id)
    throw new HttpError(409, NONCE_REUSED, { errors: [{ field: 'nonce', message: NONCE_REUSED }] });
  return answerOf(db, kept.result as CheckinResult, session, kept.reservation_id);
}

export interface Record_ {
  orgId: number;
  attempt: Attempt;
  session: SessionRow & { venue_name: string; lng: number | null; lat: number | null };
  nonce: string;
  readerId: number | null;
  managerId: number | null;
  /** A ticket that is none of the organisation's (invalid): nothing else is decided. */
  result?: CheckinResult;
  /** The organisation's points configuration (rememberedPointsConfig); else read when a check-in pays. */
  points?: PointsConfigView;
}

/**
 * Decide and record one check-in attempt. A nonce used before answers its first result. An
 * accepted one is one statement: the reservation's time (only while it is not set, so two scans
 * at once record one), the session's `checked_in` seats, and the log row carrying `ok` — or, when
 * another scan came first, the `already_*` result. A forced scan of a reservation the no-show job
 * had closed turns it back into a confirmed one.
 */
export async function recordCheckin(db: Db, rec: Record_): Promise<CheckinAnswer> {
  const { attempt: a, session } = rec;
  const r = a.reservation;
  const same = { session_id: session.id, type: a.type, reservation_id: r?.id ?? null };
  const first = await keptAnswer(db, rec.orgId, rec.nonce, same, session);
  if (first) return first;
  const refusal = rec.result ?? checkinRefusal(a);
  const log = (result: SQL) =>
    sql`insert into ${offlineCheckins} (org_id, session_id, reservation_id, reader_id, type, method, result, nonce, manager_id)
      values (${rec.orgId}::int, ${session.id}::int, ${r?.id ?? null}::int, ${rec.readerId}::int, ${a.type}::smallint, ${a.method}::varchar, ${result}, ${rec.nonce}::varchar, ${rec.managerId}::int)
      returning result`;
  try {
    let result: CheckinResult;
    if (refusal || !r) {
      await db.execute(log(sql`${refusal ?? 'not_reserved'}::varchar`));
      result = refusal ?? 'not_reserved';
    } else {
      const mark =
        a.type === 1
          ? sql`update ${offlineReservations} set checked_in_at = ${a.at}::bigint, checkin_method = ${a.method}::varchar, status = 'confirmed', updated_at = extract(epoch from now())::bigint
              where ${offlineReservations.id} = ${r.id}::int and ${offlineReservations.status} in ('confirmed', 'no_show') and ${offlineReservations.checked_in_at} is null returning seats`
          : sql`update ${offlineReservations} set checked_out_at = ${a.at}::bigint, updated_at = extract(epoch from now())::bigint
              where ${offlineReservations.id} = ${r.id}::int and ${offlineReservations.checked_in_at} is not null and ${offlineReservations.checked_out_at} is null returning seats`;
      const already = a.type === 1 ? 'already_checked_in' : 'already_checked_out';
      const ok = a.type === 1 ? 'ok' : 'ok_out';
      const accept = async (conn: Db | Tx) => rowsOf<{ result: CheckinResult }>(
        await conn.execute(sql`
          with r as (${mark}),
          s as (
            update ${offlineSessions} set checked_in = ${offlineSessions.checked_in} + (select seats from r)
            where ${offlineSessions.id} = ${session.id}::int and ${a.type === 1}::boolean and exists (select 1 from r)
            returning 1
          ),
          c as (${log(sql`(case when exists (select 1 from r) then ${ok} else ${already} end)::varchar`)})
          select result from c`),
      )[0]!.result;
      // A sign-in is the attendance that pays \`offline_attend\` (design §10), in the check-in's
      // transaction, once per reservation (a sign-in is recorded once; a forced one cannot repeat it).
      result =
        a.type === 1
          ? await db.transaction(async (tx) => {
              const res = await accept(tx);
              if (res === 'ok') await postPoints(tx, { orgId: rec.orgId, readerId: r.reader_id, actId: session.act_id, rule: 'offline_attend', source: { type: 'reservation', id: r.id }, config: rec.points });
              return res;
            })
          : await accept(db);
    }
    return answerOf(db, result, session, r?.id ?? null);
  } catch (err) {
    // The same nonce sent twice at once: the one that came first answers both.
    if (pgErrorCode(err) !== '23505') throw err;
    const kept = await keptAnswer(db, rec.orgId, rec.nonce, same, session);
    if (!kept) throw err;
    return kept;
  }
}

/** The activity of a session (type 5, of the organisation, not deleted), read for its settings. */
export async function offlineActivityOf(db: Db_, orgId: number, actId: number) {
  const act = await offlineActivityById(db, orgId, actId);
  return { act, config: offlineConfigOf(act.config) };
}

/**
 * The reader's reservation of a session that a check-in is about: a confirmed (or closed as no-show)
 * one first, then one still in progress, then the newest.
 */
export async function readerReservation(db: Db_, sessionId: number, readerId: number): Promise<ReservationRow | undefined> {
  const [r] = await db
    .select()
    .from(offlineReservations)
    .where(and(eq(offlineReservations.session_id, sessionId), eq(offlineReservations.reader_id, readerId)))
    .orderBy(sql`case when ${offlineReservations.status} in ('confirmed', 'no_show') then 0 when ${offlineReservations.status} in ('pending', 'offered', 'waitlisted') then 1 else 2 end`, sql`${offlineReservations.id} desc`)
    .limit(1);
  return r;
}
