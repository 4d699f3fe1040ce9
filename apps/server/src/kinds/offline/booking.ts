import { randomUUID } from 'node:crypto';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { ACTIVE_RESERVATION, formatSeconds, GATE, OFFLINE_LIMITS, RESERVATION_STATUS, SEAT_HOLDING, type OfflineConfig, type ReservationStatus, type SignupField } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { offlineAddresses, offlineReservations, offlineSessions, organizations, readers } from '../../db/schema.js';
import { rowsOf } from '../../db/rows.js';
import { HttpError, pgErrorCode, validationError } from '../../http/errors.js';
import { refuseWhenFull } from '../../participation/gate.js';
import { newSecret } from './sessions.js';

/**
 * Booking a session of an offline activity (design §7b, issue 23): the checks of a booking body
 * against the activity's settings, and the booking itself as ONE statement that takes the seats
 * (`taken + seats <= capacity` on the session's row), or a place on the waiting list when the
 * session is full and the list is on, and inserts the reservation. The session's row lock puts
 * concurrent bookings in line and each re-reads `taken`: no concurrency overbooks a session.
 */

// ---- The body ---------------------------------------------------------------------------------------

const PHONE = /^1\d{10}$/;
const ID_CARD = /^\d{17}[\dXx]$/;

export const companionSchema = z.object({
  name: z.string({ error: '请填写同行人姓名' }).trim().min(1, '请填写同行人姓名').max(30, '同行人姓名不能超过30个字符'),
  phone: z.string({ error: '同行人手机号不正确' }).trim().regex(PHONE, '同行人手机号不正确').optional(),
});
export type Companion = z.infer<typeof companionSchema>;

/** What a booking carries beyond its request id: seats, the named companions, the sign-up answers. */
export const bookingFields = {
  seats: z.number({ error: '预约座位数必须是整数' }).int('预约座位数必须是整数').min(1, '预约座位数至少为1').max(OFFLINE_LIMITS.seatsPerReader, `预约座位数不能超过${OFFLINE_LIMITS.seatsPerReader}`).optional(),
  companions: z.array(companionSchema, { error: '同行人不正确' }).max(OFFLINE_LIMITS.seatsPerReader - 1, `同行人最多${OFFLINE_LIMITS.seatsPerReader - 1}位`).optional(),
  answers: z.record(z.string(), z.string({ error: '报名项填写不正确' }).max(200, '报名项不能超过200个字符'), { error: '报名项填写不正确' }).optional(),
};
export const bookingBody = z.object(bookingFields);
export type BookingBody = z.infer<typeof bookingBody>;

/** A 422 naming the field, its message as written (it names the field already). */
export const fieldRefusal = (field: string, message: string) => new HttpError(422, message, { errors: [{ field, message }] });

/**
 * The booking body checked against the activity's settings: seats within `seats_per_user`, one
 * named companion per seat beyond the reader's own, the answers of the sign-up fields (required
 * ones given, a choice among its options, a phone or an id card number well formed, no unknown
 * key). `required: false` (an administrator booking for a reader) asks for no field.
 */
export function checkedBooking(body: BookingBody, config: OfflineConfig, opts: { required?: boolean } = {}): { seats: number; companions: Companion[]; answers: Record<string, string> } {
  const seats = body.seats ?? 1;
  if (seats > config.seats_per_user) throw validationError([{ field: 'seats', message: `每人最多预约${config.seats_per_user}个座位` }]);
  const companions = body.companions ?? [];
  if (companions.length !== seats - 1) throw fieldRefusal('companions', seats > 1 ? `预约${seats}个座位需填写${seats - 1}位同行人姓名` : '预约1个座位不需要填写同行人');
  const answers: Record<string, string> = {};
  const given = body.answers ?? {};
  const byKey = new Map<string, SignupField>(config.signup_fields.map((f) => [f.key, f]));
  for (const key of Object.keys(given)) if (!byKey.has(key)) throw fieldRefusal(`answers.${key}`, `报名项不存在：${key}`);
  for (const f of config.signup_fields) {
    const v = (given[f.key] ?? '').trim();
    const field = `answers.${f.key}`;
    if (!v) {
      if (f.required && opts.required !== false) throw fieldRefusal(field, `请填写${f.label}`);
      continue;
    }
    if (f.type === 'choice' && !(f.options ?? []).includes(v)) throw fieldRefusal(field, `${f.label}：请选择给出的选项`);
    if (f.type === 'phone' && !PHONE.test(v)) throw fieldRefusal(field, `${f.label}：手机号格式不正确`);
    if (f.type === 'id_card' && !ID_CARD.test(v)) throw fieldRefusal(field, `${f.label}：身份证号格式不正确`);
    if (f.type === 'text' && v.length > 100) throw fieldRefusal(field, `${f.label}不能超过100个字符`);
    answers[f.key] = v;
  }
  return { seats, companions, answers };
}

// ---- A session and whether it takes bookings ----------------------------------------------------------

export type SessionRow = typeof offlineSessions.$inferSelect;

/** A session of the organisation (not deleted), or 404 `场次不存在`. */
export async function sessionOf(tx: Tx, orgId: number, id: number): Promise<SessionRow> {
  const [s] = await tx.select().from(offlineSessions).where(and(eq(offlineSessions.id, id), eq(offlineSessions.org_id, orgId), eq(offlineSessions.is_delete, 0)));
  if (!s) throw new HttpError(404, '场次不存在');
  return s;
}

/** When sign-up closes: `signup_end_at`, or the start. */
export const signupEnd = (s: Pick<SessionRow, 'signup_end_at' | 'start_at'>): number => s.signup_end_at ?? s.start_at;

/** Why the session takes no booking now (null: it does). */
export function bookingRefusal(s: Pick<SessionRow, 'is_pause' | 'start_at' | 'signup_start_at' | 'signup_end_at'>, now: number): string | null {
  if (s.is_pause) return '该场次已暂停预约';
  if (now >= s.start_at) return '场次已开始，不能预约';
  if (s.signup_start_at !== null && now < s.signup_start_at) return `报名尚未开始（${formatSeconds(s.signup_start_at)}开始）`;
  if (now >= signupEnd(s)) return '报名已截止';
  return null;
}

// ---- A reservation as readers get it ------------------------------------------------------------------

/** The reservation's fields a reader gets (never the ticket secret but through the ticket). */
const SHOWN = ['id', 'act_id', 'session_id', 'status', 'seats', 'companions', 'answers', 'series_ref', 'waitlisted_at', 'offer_expires_at', 'checked_in_at', 'checked_out_at', 'cancelled_at', 'created_at'] as const;
export type ShownReservation = Pick<typeof offlineReservations.$inferSelect, (typeof SHOWN)[number]>;

/** The reservation `alias` (a row of a statement) as the jsonb a reader gets. */
export const reservationJson = (alias: string): SQL => sql.raw(`jsonb_build_object(${SHOWN.map((k) => `'${k}', ${alias}.${k}`).join(', ')})`);
export const shownReservation = (r: typeof offlineReservations.$inferSelect): ShownReservation => Object.fromEntries(SHOWN.map((k) => [k, r[k]])) as ShownReservation;

/** A session as readers get it: times, place (the venue's when one is chosen) and seats. */
export async function shownSessions(tx: Db | Tx, where: SQL | undefined) {
  return tx
    .select({
      id: offlineSessions.id,
      act_id: offlineSessions.act_id,
      title: offlineSessions.title,
      speaker: offlineSessions.speaker,
      start_at: offlineSessions.start_at,
      end_at: offlineSessions.end_at,
      address: sql<string>`coalesce(nullif(${offlineSessions.address}, ''), ${offlineAddresses.address}, '')`,
      venue_name: sql<string>`coalesce(${offlineAddresses.name}, '')`,
      capacity: offlineSessions.capacity,
      seats_left: sql<number>`greatest(${offlineSessions.capacity} - ${offlineSessions.taken}, 0)::int`,
      waiting: offlineSessions.waiting,
      signup_start_at: offlineSessions.signup_start_at,
      signup_end_at: offlineSessions.signup_end_at,
      is_pause: offlineSessions.is_pause,
    })
    .from(offlineSessions)
    .leftJoin(offlineAddresses, eq(offlineAddresses.id, offlineSessions.venue_id))
    .where(and(eq(offlineSessions.is_delete, 0), where))
    .orderBy(asc(offlineSessions.start_at), asc(offlineSessions.id));
}

// ---- Booking --------------------------------------------------------------------------------------------

export const ALREADY_BOOKED = '您已预约该场次，请勿重复预约';
export const FULL = GATE.full.message;
const full = () => new HttpError(422, FULL, { errors: [{ field: 'seats', message: FULL }], gate: GATE.full.gate });

/** The constraint a unique violation met (node-postgres and PGlite both name it), or ''. */
function constraintOf(err: unknown): string {
  for (let e = err as { constraint?: unknown; message?: unknown; cause?: unknown } | undefined, d = 0; e && d < 5; e = e.cause as never, d++) {
    if (typeof e.constraint === 'string') return e.constraint;
    if (typeof e.message === 'string' && e.message.includes('offline_reservations_active_uq')) return 'offline_reservations_active_uq';
  }
  return '';
}

/** A unique violation of the one active reservation per reader and session becomes 422 (others go on: a kept request id). */
async function oneActive<T>(run: () => Promise<T>, message = ALREADY_BOOKED): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (pgErrorCode(err) === '23505' && constraintOf(err) === 'offline_reservations_active_uq') throw fieldRefusal('session_id', message);
    throw err;
  }
}

export interface Booking {
  org_id: number;
  act_id: number;
  /** The reader's id, or a write's SQL for it (`readerIdSql`: a token checked in the statement). */
  reader_id: number | SQL;
  seats: number;
  companions: Companion[];
  answers: Record<string, string>;
  /** The state a booking with a seat gets: `confirmed`, or `pending` with manual approval. */
  status: Extract<ReservationStatus, 'confirmed' | 'pending'>;
  /** Full: join the waiting list (else refused 名额已满). */
  waitlist: boolean;
  booked_by: number | null;
  /** An administrator books outside the sign-up window (until the start) and on a paused session. */
  byAdministrator?: boolean;
  now: number;
  /** The keeping of the answer by its request id as a part of the statement (`keptFrom` over `r`). */
  keep?: (answer: SQL, from: SQL) => SQL;
  /** A condition the statement writes under, beside the session's (the gate's, `gateStillHolds`, when no read came first). */
  guard?: SQL;
  /**
   * Common table expressions before the seats (a booking in one statement: the reader, the first
   * join's points), so that `guard` may name them: the reader's points rows are then taken before
   * the session's row, in the long way's order (decisions: one lock order for every booking).
   */
  lead?: SQL;
  /**
   * The reader's first join as parts of the statement (passGate `joinPart`, design §1.4: a booking
   * joins the reader), after the seats: a booking refused rolls it back with its transaction.
   */
  join?: { parts: SQL; outcome: SQL } | null;
}

/** The join's parts and its select list in a booking's statement (none without a join). */
const joinParts = (b: Booking): { parts: SQL; outcome: SQL } => (b.join ? { parts: sql`, ${b.join.parts}`, outcome: sql`, ${b.join.outcome}` } : { parts: sql``, outcome: sql`` });

const insertColumns = sql.raw('org_id, act_id, session_id, reader_id, seats, companions, answers, status, series_ref, waitlisted_at, ticket_secret, booked_by, created_at, updated_at');

/**
 * Book one session in one statement: the seats on the session's row when they fit, else (with the
 * waiting list) one more waiting; the reservation `confirmed`/`pending` or `waitlisted`; the
 * reader's first join (`join`); the answer kept by its request id (`keep`). Full without a waiting
 * list (or the session closed since the caller read it): 422 名额已满.
 */
export async function bookSession(tx: Db | Tx, sessionId: number, b: Booking): Promise<ShownReservation> {
  const join = joinParts(b);
  const keep = b.keep ? sql`, k as (${b.keep(reservationJson('r'), sql`r`)})` : sql``;
  // The session of the activity, taking bookings now (the caller checked it with its messages; a
  // booking in one statement without a transaction before it relies on these alone).
  const open = sql`id = ${sessionId} and org_id = ${b.org_id} and act_id = ${b.act_id} and is_delete = 0 and start_at > ${b.now}::bigint
    ${b.byAdministrator ? sql`` : sql`and is_pause = 0 and coalesce(signup_start_at, 0) <= ${b.now}::bigint and coalesce(signup_end_at, start_at) > ${b.now}::bigint`}
    ${b.guard ? sql`and ${b.guard}` : sql``}`;
  const rows = await oneActive(async () =>
    rowsOf<{ reservation: ShownReservation; join_id?: unknown; join_num?: unknown }>(
      await tx.execute(sql`
        with ${b.lead ? sql`${b.lead},` : sql``} seat as (
          update ${offlineSessions} set taken = taken + ${b.seats}::int
          where ${open} and taken + ${b.seats}::int <= capacity
          returning id
        ), line as (
          update ${offlineSessions} set waiting = waiting + 1
          where ${open} and ${b.waitlist}::boolean and not exists (select 1 from seat)
          returning id
        ), r as (
          insert into ${offlineReservations} (${insertColumns})
          select ${b.org_id}::int, ${b.act_id}::int, ${sessionId}::int, ${b.reader_id}::int, ${b.seats}::int, ${JSON.stringify(b.companions)}::jsonb, ${JSON.stringify(b.answers)}::jsonb,
            case when exists (select 1 from seat) then ${b.status}::varchar else 'waitlisted' end, null,
            case when exists (select 1 from seat) then null else ${b.now}::bigint end,
            ${newSecret()}::varchar, ${b.booked_by}::int, ${b.now}::bigint, ${b.now}::bigint
          where exists (select 1 from seat) or exists (select 1 from line)
          returning *
        )${join.parts}${keep}
        select ${reservationJson('r')} as reservation${join.outcome} from r`),
    ),
  );
  if (!rows[0]) throw full();
  refuseWhenFull(rows[0]);
  return rows[0].reservation;
}

/**
 * A series booked as a whole (`booking_scope: 'series'`): one seat set in every session still
 * open for sign-up, all or nothing, in one statement; the reservations share a `series_ref`. No
 * waiting list: a full session refuses the booking (decisions: offline bookings).
 */
export async function bookSeries(tx: Tx, b: Booking): Promise<{ series_ref: string; items: ShownReservation[] }> {
  const ref = randomUUID();
  const join = joinParts(b);
  const keep = b.keep ? sql`, k as (${b.keep(sql`jsonb_build_object('series_ref', ${ref}::varchar, 'items', (select jsonb_agg(${reservationJson('r')} order by r.session_id) from r))`, sql`(select 1) one`)})` : sql``;
  const rows = await oneActive(
    async () =>
      rowsOf<{ avail: number | string; items: ShownReservation[] | null; join_id?: unknown; join_num?: unknown }>(
        await tx.execute(sql`
          with avail as (
            select id from ${offlineSessions}
            where act_id = ${b.act_id} and is_delete = 0 and is_pause = 0 and start_at > ${b.now}::bigint
              and coalesce(signup_end_at, start_at) > ${b.now}::bigint and coalesce(signup_start_at, 0) <= ${b.now}::bigint
          ), seat as (
            update ${offlineSessions} set taken = taken + ${b.seats}::int
            where id in (select id from avail) and taken + ${b.seats}::int <= capacity
            returning id
          ), r as (
            insert into ${offlineReservations} (${insertColumns})
            select ${b.org_id}::int, ${b.act_id}::int, seat.id, ${b.reader_id}::int, ${b.seats}::int, ${JSON.stringify(b.companions)}::jsonb, ${JSON.stringify(b.answers)}::jsonb,
              ${b.status}::varchar, ${ref}::varchar, null, replace(gen_random_uuid()::text, '-', ''), ${b.booked_by}::int, ${b.now}::bigint, ${b.now}::bigint
            from seat where (select count(*) from seat) = (select count(*) from avail)
            returning *
          )${join.parts}${keep}
          select (select count(*) from avail) as avail, (select jsonb_agg(${reservationJson('r')} order by r.session_id) from r) as items${join.outcome}`),
      ),
    '您已预约本系列的场次，请勿重复预约',
  );
  const found = rows[0];
  if (!found || Number(found.avail) === 0) throw fieldRefusal('id', '本系列没有可预约的场次');
  // Some session was full: the seats taken in the others are undone with the transaction.
  if (!found.items) throw full();
  refuseWhenFull(found);
  return { series_ref: ref, items: found.items };
}

/** The statuses as SQL lists. */
export const holdingSql = sql.raw(SEAT_HOLDING.map((s) => `'${s}'`).join(', '));
export const activeSql = sql.raw(ACTIVE_RESERVATION.map((s) => `'${s}'`).join(', '));
export const statusText = (s: string): string => RESERVATION_STATUS[s as ReservationStatus] ?? s;

/** Reservations with their session and who booked (the review queue, the export), in `order`. */
export async function reservationsWithWho(db: Db | Tx, where: SQL | undefined, order: (SQL | PgColumn)[], limit: number, offset = 0) {
  return db
    .select({
      r: offlineReservations,
      session_title: offlineSessions.title,
      session_start_at: offlineSessions.start_at,
      account: readers.account,
      real_name: readers.real_name,
      phone: readers.phone,
      unit: organizations.name,
    })
    .from(offlineReservations)
    .innerJoin(offlineSessions, eq(offlineSessions.id, offlineReservations.session_id))
    .innerJoin(readers, eq(readers.id, offlineReservations.reader_id))
    .leftJoin(organizations, eq(organizations.id, readers.unit_id))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}
