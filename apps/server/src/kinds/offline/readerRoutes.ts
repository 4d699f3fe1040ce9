import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { cancelDeadline, formatSeconds, idParam, OFFLINE_VARIANT, offlineConfigOf, pageQuerySchema, plainText, requestIdSchema, type OfflineConfig, type ReservationStatus } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, offlineReservations, offlineSessions, readers } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { orgOf, readerIdSql, readerOf, settleReader } from '../../auth/access.js';
import { factsRefusal, firstJoinAtOnce, GatePassed, gateFacts, gateReaderParts, passGate, plainGate, seenBy } from '../../participation/gate.js';
import { atOnce, idempotent, keptFrom, undoneUnless } from '../../participation/idempotency.js';
import { earningsInStatement, earningsOnly, rememberedPointsConfig } from '../../points/ledger.js';
import { nowSec } from '../../participation/clock.js';
import { actParams, orgParams } from '../../participation/params.js';
import type { ActivityRow } from '../kind.js';
import {
  bookingFields,
  bookingRefusal,
  bookSeries,
  bookSession,
  checkedBooking,
  fieldRefusal,
  sessionOf,
  shownReservation,
  shownSessions,
  statusText,
  type Booking,
  type ShownReservation,
} from './booking.js';
import { leave } from './offers.js';

const OFFLINE_TYPE = 5;
const config = { access: 'reader' as const };
const sessionParams = orgParams.extend({ sid: idParam });
const reservationParams = orgParams.extend({ rid: idParam });
const bookBody = z.object({ request_id: requestIdSchema, access_code: plainText('参与口令').max(32, '参与口令不正确').optional(), ...bookingFields });
const requestBody = z.object({ request_id: requestIdSchema });

export const RESERVATION_MISSING = '预约不存在';
export const SERIES_ONLY = '本系列需整体预约，请预约整个系列';
export const SESSIONS_ONLY = '本活动按场次预约，请选择场次';

/** What readers see of the activity's settings (the booking form needs them). */
const bookingSettings = (act: ActivityRow, c: OfflineConfig) => ({
  id: act.id,
  title: act.title,
  variant: act.variant,
  booking_scope: act.variant === OFFLINE_VARIANT.series ? c.booking_scope : 'session',
  seats_per_user: c.seats_per_user,
  signup_fields: c.signup_fields,
  waitlist: c.waitlist,
  approval: c.approval,
  training: c.training,
  sign_out: c.sign_out,
  cancel_before_min: c.cancel_before_min,
});

/**
 * The reader calls of offline activities (type 5, design §15 offline row, issue 23): the sessions
 * with seats left and the reader's own reservation, booking a session (or a series as a whole),
 * the reader's reservations, cancelling, accepting a waiting-list offer, the ticket. Writes go
 * through the participation gate (blacklist action `reserve`; a booking may come before the
 * activity starts, each session has its sign-up window) and are idempotent by `request_id`. A
 * booking that holds or waits for a seat joins the reader (design §1.4), once, in its transaction.
 */
export async function offlineReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  const offlineOf = async (request: FastifyRequest, id: number, tx: Db | Tx = db): Promise<ActivityRow | undefined> =>
    (await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), eq(activities.type, OFFLINE_TYPE))))[0];
  const readerRow = async (id: number) => (await db.select().from(readers).where(eq(readers.id, id)))[0];

  /** The reader's own reservation of the organisation, or 404. */
  const ownReservation = async (request: FastifyRequest, rid: number, tx: Db | Tx = db) => {
    const [row] = await tx
      .select()
      .from(offlineReservations)
      .where(and(eq(offlineReservations.id, rid), eq(offlineReservations.org_id, orgOf(request).id), eq(offlineReservations.reader_id, readerOf(request).id)));
    if (!row) throw new HttpError(404, RESERVATION_MISSING);
    return row;
  };

  /** Each waitlisted reservation's place in line (1: offered the next free seat), in the order offers go (`waitlisted_at`, `id`; offers.ts). */
  const linePlaces = async (rows: (typeof offlineReservations.$inferSelect)[]): Promise<Map<number, number>> => {
    const waiting = rows.filter((x) => x.status === 'waitlisted').map((x) => x.id);
    if (!waiting.length) return new Map();
    const found = await db
      .select({
        id: offlineReservations.id,
        place: sql<number>`(select count(*)::int from offline_reservations o where o.session_id = offline_reservations.session_id and o.status = 'waitlisted' and (o.waitlisted_at, o.id) <= (offline_reservations.waitlisted_at, offline_reservations.id))`,
      })
      .from(offlineReservations)
      .where(inArray(offlineReservations.id, waiting));
    return new Map(found.map((f) => [f.id, f.place]));
  };

  /** A reservation with its session and activity (and its place in line while waitlisted), as the reader's list and detail show it. */
  const detailed = async (rows: (typeof offlineReservations.$inferSelect)[]) => {
    if (!rows.length) return [];
    const sessions = await shownSessions(db, inArray(offlineSessions.id, [...new Set(rows.map((x) => x.session_id))]));
    const acts = await db.select({ id: activities.id, title: activities.title }).from(activities).where(inArray(activities.id, [...new Set(rows.map((x) => x.act_id))]));
    const bySession = new Map(sessions.map((s) => [s.id, s]));
    const byAct = new Map(acts.map((a) => [a.id, a]));
    const places = await linePlaces(rows);
    return rows.map((x) => ({
      ...shownReservation(x),
      status_text: statusText(x.status),
      waitlist_place: places.get(x.id) ?? null,
      session: bySession.get(x.session_id) ?? null,
      activity: byAct.get(x.act_id) ?? null,
    }));
  };

  /** `GET /client/activities/{id}/sessions`: the activity's booking settings and its sessions with seats left and the reader's own reservation. */
  r.get('/v1/:org/client/activities/:id/sessions', { config, schema: { params: actParams } }, async (request) => {
    const { act } = await seenBy(db, await readerRow(readerOf(request).id), await offlineOf(request, request.params.id));
    const c = offlineConfigOf(act.config);
    const now = nowSec();
    const [sessions, mine] = await Promise.all([
      shownSessions(db, eq(offlineSessions.act_id, act.id)),
      db.select().from(offlineReservations).where(and(eq(offlineReservations.act_id, act.id), eq(offlineReservations.reader_id, readerOf(request).id))).orderBy(desc(offlineReservations.id)),
    ]);
    // The reader's reservation of a session: the active one, else the latest.
    const active = new Set<string>(['pending', 'confirmed', 'offered', 'waitlisted']);
    const ownOf = (sid: number) => mine.find((m) => m.session_id === sid && active.has(m.status)) ?? mine.find((m) => m.session_id === sid);
    const places = await linePlaces(mine);
    const perSession = act.variant !== OFFLINE_VARIANT.series || c.booking_scope === 'session';
    return {
      activity: bookingSettings(act, c),
      items: sessions
        .filter((s) => !s.is_pause)
        .map(({ is_pause: _p, act_id: _a, ...s }) => {
          const own = ownOf(s.id);
          return {
            ...s,
            open: perSession && bookingRefusal({ ...s, is_pause: 0 }, now) === null,
            mine: own ? { id: own.id, status: own.status, seats: own.seats, offer_expires_at: own.offer_expires_at, waitlist_place: places.get(own.id) ?? null } : null,
          };
        }),
    };
  });

  /** A session's activity (it never changes), remembered by organisation and session. */
  const actOfSession = new Map<string, number>();
  const sessionActivity = async (orgId: number, sid: number): Promise<number | undefined> => {
    const key = `${orgId}:${sid}`;
    const known = actOfSession.get(key);
    if (known !== undefined) return known;
    const [s] = await db.select({ act_id: offlineSessions.act_id }).from(offlineSessions).where(and(eq(offlineSessions.id, sid), eq(offlineSessions.org_id, orgId)));
    if (!s) return undefined;
    if (actOfSession.size >= 100_000) actOfSession.clear();
    actOfSession.set(key, s.act_id);
    return s.act_id;
  };

  /** A booking as the statement writes it, once the gate and the settings let it through. */
  const booking = (request: FastifyRequest<{ Body: z.infer<typeof bookBody> }>, act: ActivityRow, readerId: number | SQL, now: number) => {
    const c = offlineConfigOf(act.config);
    if (act.variant === OFFLINE_VARIANT.series && c.booking_scope === 'series') throw fieldRefusal('session_id', SERIES_ONLY);
    return {
      ...checkedBooking(request.body, c),
      org_id: act.org_id,
      act_id: act.id,
      reader_id: readerId,
      status: c.approval === 'manual' ? ('pending' as const) : ('confirmed' as const),
      waitlist: !!c.waitlist,
      booked_by: null,
      now,
      keep: (answer: SQL, from: SQL) => keptFrom(request, request.body.request_id, answer, from),
    };
  };

  /**
   * The activities this instance's bookings last passed the gate on, by id (at most 10,000): a
   * booking on one of them folds the gate into its statement (`plainGate`, `gateStillHolds`: the
   * row compared column by column, so a changed activity only sends the booking the long way).
   */
  const gateActs = new GatePassed();

  /**
   * The booking at once (issue 22's way for a write every reader makes at the same moment): the
   * booking and its kept answer in ONE statement without a transaction, so the session's row is
   * locked for that statement only. On an activity remembered from an earlier booking whose gate
   * asks nothing of the reader but the blacklist (issue 23), the gate is that statement's
   * condition (`gateStillHolds`) and nothing is read first; otherwise the gate's one read comes
   * first. A booking joins the reader (design §1.4): on a remembered activity the reader's first
   * booking is that one statement too (`firstJoinAtOnce`): the join's points first (the reader's
   * rows before the session's, the long way's lock order: the seats' condition names them), the
   * seats, the reservation, the join row and its count, the kept answer; anything not as planned
   * (full or closed, a cap reached, a duplicate posting) undoes the whole statement (the kept row
   * twice). After the gate's read, a reader not joined takes the long way. Null whenever anything
   * is not plain (a refusal, a replay, a unique key met, a deadlock's victim, the session closed or
   * full without a list, the activity changed, a cancelled join to renew): the long way below
   * answers it, with its message kept (and joins the reader).
   */
  const bookAtOnce = async (request: FastifyRequest<{ Params: z.infer<typeof sessionParams>; Body: z.infer<typeof bookBody> }>): Promise<ShownReservation | null> => {
    const actId = await sessionActivity(orgOf(request).id, request.params.sid);
    if (actId === undefined) return null;
    const attempt = async (act: ActivityRow, readerId: number | SQL, now: number, also: Partial<Booking> = {}) => {
      try {
        return await atOnce(() => bookSession(db, request.params.sid, { ...booking(request, act, readerId, now), ...also }));
      } catch (err) {
        if (err instanceof HttpError) return null;
        throw err;
      }
    };
    const known = gateActs.known(request, actId);
    const at = nowSec();
    if (known && plainGate(known, at, { accessCode: request.body.access_code })) {
      const config = await rememberedPointsConfig(app.database, known.org_id);
      // The reader by the token, checked in the statement when the access hook left it (tokenInWrite):
      // `rd` when the gate holds and no cancelled join is to renew (that takes the long way).
      const join = firstJoinAtOnce(known, sql`(select id from rd)`, sql`exists (select 1 from r)`, at, config);
      if (!earningsOnly(join.posting)) return null;
      const earnings = earningsInStatement(join.posting ? [{ p: join.posting, when: join.due }] : [], sql`(select id from rd)`);
      // The booking and a join written counted, the join's points (posted first, when the reader has to join) all written.
      const planned = sql`exists (select 1 from r) and ${earnings.complete} and ${join.planned}`;
      return attempt(known, sql`(select id from rd)`, at, {
        lead: sql`${gateReaderParts(known, readerIdSql(request), 'reserve', at)}${earnings.parts ? sql`, ${earnings.parts}` : sql``}`,
        // The points' rows taken before the session's row (the guard names them all): the long way's lock order.
        guard: sql`exists (select 1 from rd) and ${earnings.complete}`,
        join: { parts: join.parts, outcome: join.outcome },
        // Not as planned (full, closed, a cap or a duplicate posting): the kept row twice, whose unique
        // violation undoes the statement (points included); the long way answers with its messages.
        keep: (answer, from) => keptFrom(request, request.body.request_id, answer, sql`rd cross join ${undoneUnless(planned)} left join ${from} on true`, sql`rd.id`),
      });
    }
    await settleReader(request);
    const facts = await gateFacts(db, request, actId, OFFLINE_TYPE, { action: 'reserve', keptRequest: request.body.request_id });
    const now = nowSec();
    if (facts.act) gateActs.remember(facts.act);
    if (facts.kept || !facts.act || facts.joined?.status !== 1 || factsRefusal(facts, now, { accessCode: request.body.access_code })) return null;
    return attempt(facts.act, facts.reader.id, now);
  };

  /** `POST /client/sessions/{sid}/reservations`: book a session (full: the waiting list when it is on, else 422 名额已满). */
  r.post('/v1/:org/client/sessions/:sid/reservations', { config: { ...config, tokenInWrite: true }, schema: { params: sessionParams, body: bookBody } }, async (request) =>
    (await bookAtOnce(request)) ??
    // The token the statement checked (or the one left unchecked) resolved as the access hook would, refusals included.
    (await settleReader(request), idempotent(
      db,
      request,
      request.body.request_id,
      async (tx) => {
        const session = await sessionOf(tx, orgOf(request).id, request.params.sid);
        // The booking joins the reader (design §1.4), in its statement: refused, nothing of it stays.
        const { act, reader, now, joinPart } = await passGate(tx, request, session.act_id, OFFLINE_TYPE, { action: 'reserve', accessCode: request.body.access_code, join: 'last' });
        gateActs.remember(act);
        const b = booking(request, act, reader.id, now);
        const refusal = bookingRefusal(session, now);
        if (refusal) throw fieldRefusal('session_id', refusal);
        return bookSession(tx, session.id, { ...b, join: joinPart });
      },
      { keptByRun: true },
    )),
  );

  /** `POST /client/activities/{id}/reservations`: a series booked as a whole (one seat set in every open session, all or nothing). */
  r.post('/v1/:org/client/activities/:id/reservations', { config, schema: { params: actParams, body: bookBody } }, async (request) =>
    idempotent(
      db,
      request,
      request.body.request_id,
      async (tx) => {
        const { act, reader, now, joinPart } = await passGate(tx, request, request.params.id, OFFLINE_TYPE, { action: 'reserve', accessCode: request.body.access_code, join: 'last' });
        const c = offlineConfigOf(act.config);
        if (act.variant !== OFFLINE_VARIANT.series || c.booking_scope !== 'series') throw fieldRefusal('id', SESSIONS_ONLY);
        const body = checkedBooking(request.body, c);
        return bookSeries(tx, {
          ...body,
          org_id: act.org_id,
          act_id: act.id,
          reader_id: reader.id,
          status: c.approval === 'manual' ? 'pending' : 'confirmed',
          waitlist: false,
          booked_by: null,
          now,
          keep: (answer, from) => keptFrom(request, request.body.request_id, answer, from),
          join: joinPart,
        });
      },
      { keptByRun: true },
    ),
  );

  /** `GET /client/reservations`: the reader's own reservations, newest first. */
  r.get('/v1/:org/client/reservations', { config, schema: { params: orgParams, querystring: pageQuerySchema } }, async (request) => {
    const where = and(eq(offlineReservations.org_id, orgOf(request).id), eq(offlineReservations.reader_id, readerOf(request).id));
    return pagedList(
      request.query,
      request.url,
      async () => (await db.select({ n: count() }).from(offlineReservations).where(where))[0].n,
      async (limit, offset) => detailed(await db.select().from(offlineReservations).where(where).orderBy(desc(offlineReservations.id)).limit(limit).offset(offset)),
    );
  });

  /** `GET /client/reservations/{rid}`: one of the reader's own reservations. */
  r.get('/v1/:org/client/reservations/:rid', { config, schema: { params: reservationParams } }, async (request) => (await detailed([await ownReservation(request, request.params.rid)]))[0]);

  /**
   * `DELETE /client/reservations/{rid} {request_id}`: cancel. A seat held (confirmed or pending)
   * only until the cancellation deadline; a place in line or an offer any time before the start. A
   * series booking is cancelled as a whole (its sessions whose deadline has not passed).
   */
  r.delete('/v1/:org/client/reservations/:rid', { config, schema: { params: reservationParams, body: requestBody } }, async (request) =>
    idempotent(db, request, request.body.request_id, async (tx) => {
      const own = await ownReservation(request, request.params.rid, tx);
      const act = (await offlineOf(request, own.act_id, tx))!;
      const c = offlineConfigOf(act.config);
      const now = nowSec();
      const siblings = own.series_ref
        ? await tx.select().from(offlineReservations).where(and(eq(offlineReservations.series_ref, own.series_ref), eq(offlineReservations.reader_id, own.reader_id)))
        : [own];
      const sessions = await tx.select().from(offlineSessions).where(inArray(offlineSessions.id, siblings.map((s) => s.session_id)));
      const byId = new Map(sessions.map((s) => [s.id, s]));
      const refusalOf = (x: typeof own): string | null => {
        const s = byId.get(x.session_id)!;
        if (!['pending', 'confirmed', 'offered', 'waitlisted'].includes(x.status)) return `该预约${statusText(x.status)}，不能取消`;
        if (now >= s.start_at) return '场次已开始，不能取消';
        const deadline = cancelDeadline(s, c);
        if ((x.status === 'confirmed' || x.status === 'pending') && now > deadline) return `已过取消截止时间（${formatSeconds(deadline)}），不能取消`;
        return null;
      };
      const cancellable = siblings.filter((x) => refusalOf(x) === null);
      if (!cancellable.length) throw fieldRefusal('rid', refusalOf(own) ?? '该预约不能取消');
      const jobs = request.server.jobs;
      const done: ShownReservation[] = [];
      for (const x of cancellable) {
        const left = await leave(tx, jobs, x.id, ['pending', 'confirmed', 'offered', 'waitlisted'], 'cancelled', {}, now);
        if (left) done.push(shownReservation(left.row));
      }
      jobs.kickAfter(request);
      return done.find((d) => d.id === own.id) ?? done[0];
    }),
  );

  /** `POST /client/reservations/{rid}/accept-offer {request_id}`: take up a waiting-list offer before it expires (confirmed, or pending with manual approval). */
  r.post('/v1/:org/client/reservations/:rid/accept-offer', { config, schema: { params: reservationParams, body: requestBody } }, async (request) =>
    idempotent(db, request, request.body.request_id, async (tx) => {
      const own = await ownReservation(request, request.params.rid, tx);
      // Taking up a seat joins the reader (joined already when the place in line was booked).
      const { act, now, join } = await passGate(tx, request, own.act_id, OFFLINE_TYPE, { action: 'reserve', join: 'last' });
      const status: ReservationStatus = offlineConfigOf(act.config).approval === 'manual' ? 'pending' : 'confirmed';
      const [row] = await tx
        .update(offlineReservations)
        .set({ status, offer_expires_at: null, updated_at: now })
        .where(and(eq(offlineReservations.id, own.id), eq(offlineReservations.status, 'offered'), gt(offlineReservations.offer_expires_at, now)))
        .returning();
      if (row) {
        await join();
        return shownReservation(row);
      }
      if (own.status === 'offered' || own.status === 'expired') throw fieldRefusal('rid', '候补名额已过期');
      throw fieldRefusal('rid', `该预约${statusText(own.status)}，没有待确认的候补名额`);
    }),
  );

  /** `GET /client/reservations/{rid}/ticket`: the ticket of a reservation with a seat (its QR encodes `secret`). */
  r.get('/v1/:org/client/reservations/:rid/ticket', { config, schema: { params: reservationParams } }, async (request) => {
    const own = await ownReservation(request, request.params.rid);
    if (own.status !== 'confirmed' && own.status !== 'pending') throw fieldRefusal('rid', `该预约${statusText(own.status)}，没有入场票`);
    const [session] = await shownSessions(db, eq(offlineSessions.id, own.session_id));
    return { secret: own.ticket_secret, reservation_id: own.id, status: own.status, status_text: statusText(own.status), seats: own.seats, companions: own.companions, session };
  });
}

