import { rememberedPointsConfig } from '../../points/ledger.js';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { checkinWindow, GATE, idParam, manualCheckinSchema, readerSignSchema, readRefusal, redeemSchema, signCodeQuery, signSessionQuery, type GateActivity } from '@huodong/domain';
import { offlineReservations } from '../../db/schema.js';
import { callerOf, orgOf, readerOf } from '../../auth/access.js';
import { notFound, refused, validationError } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { activeBan, gateFacts } from '../../participation/gate.js';
import { orgParams } from '../../participation/params.js';
import { offlineActivityOf, readerReservation, recordCheckin, sessionOf, sessionView, type Record_ } from './checkin.js';
import { currentCode, signLink } from './signCode.js';

/** Blacklist entries covering reserving (design §14) also stop a check-in (`blocked`). */
const BAN_ACTION = 'reserve';
const OFFLINE_TYPE = 5;

/**
 * Check-in routes (issue 23): the reader's trainSign call and what its page shows, the staff's
 * redeem of a ticket, an administrator's check-in by hand and the session's sign-in link (with the
 * current rotating code). Refusals answer 200 with `result` (like pretix); bad input 422, a
 * missing session or activity 404.
 */
export async function offlineCheckinRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const reader = { access: 'reader' as const };
  const admin = { access: 'org' as const };

  /** The activity of the reader's call (published, of the organisation, type 5) with the reader and the ban in force; 404 otherwise. */
  const readerActivity = async (request: Parameters<typeof readerOf>[0], actId: number) => {
    const facts = await gateFacts(db, request, actId, OFFLINE_TYPE, { action: BAN_ACTION });
    if (!facts.act || readRefusal(facts.act as GateActivity)) throw refused(GATE.missing);
    return facts;
  };

  /** A check-in recorded with the organisation's points configuration at hand (a sign-in pays offline_attend). */
  const record = async (request: FastifyRequest, rec: Omit<Record_, 'points'>) => recordCheckin(db, { ...rec, points: await rememberedPointsConfig(request.server.database, rec.orgId) });

  r.post('/v1/:org/client/sign', { config: reader, schema: { params: orgParams, body: readerSignSchema } }, async (request) => {
    const body = request.body;
    const org = orgOf(request);
    const facts = await readerActivity(request, body.actId);
    const { config } = await offlineActivityOf(db, org.id, body.actId);
    const session = await sessionOf(db, org.id, body.sessionId);
    const position = body.lng !== undefined && body.lat !== undefined ? { lng: body.lng, lat: body.lat } : null;
    if (config.geofence && session.lng !== null && session.lat !== null && !position) throw validationError([{ field: body.lng === undefined ? 'lng' : 'lat', message: '请允许获取位置后再签到' }]);
    const reservation = session.act_id === body.actId ? await readerReservation(db, session.id, facts.reader.id) : undefined;
    return record(request, {
      orgId: org.id,
      session,
      nonce: body.nonce,
      readerId: facts.reader.id,
      managerId: null,
      result: session.act_id === body.actId ? undefined : 'wrong_session',
      attempt: { method: 'self', type: body.type, config, session, reservation, banned: !!facts.ban, at: nowSec(), code: body.code ?? null, position },
    });
  });

  /** What the trainSign page shows: the activity's check-in settings, the session with its windows, and the reader's reservation. */
  r.get('/v1/:org/client/sign/session', { config: reader, schema: { params: orgParams, querystring: signSessionQuery } }, async (request) => {
    const org = orgOf(request);
    const { actId, sessionId } = request.query;
    const facts = await readerActivity(request, actId);
    const { act, config } = await offlineActivityOf(db, org.id, actId);
    const session = await sessionOf(db, org.id, sessionId);
    if (session.act_id !== act.id) throw notFound('场次不存在');
    const mine = await readerReservation(db, session.id, facts.reader.id);
    return {
      activity: { id: act.id, title: act.title, checkin_mode: config.checkin_mode, sign_out: config.sign_out, rotating_code: config.rotating_code, geofence: config.geofence, geofence_m: config.geofence_m },
      session: sessionView(session),
      sign_in: checkinWindow(session, config, 1),
      sign_out: config.sign_out ? checkinWindow(session, config, 2) : null,
      needs_position: !!config.geofence && session.lng !== null && session.lat !== null,
      mine: mine ? { id: mine.id, status: mine.status, seats: mine.seats, checked_in_at: mine.checked_in_at, checked_out_at: mine.checked_out_at } : null,
      now: nowSec(),
    };
  });

  r.post('/v1/:org/checkin/redeem', { config: admin, schema: { params: orgParams, body: redeemSchema } }, async (request) => {
    const body = request.body;
    const org = orgOf(request);
    const session = await sessionOf(db, org.id, body.session_id);
    const { config } = await offlineActivityOf(db, org.id, session.act_id);
    const [reservation] = await db.select().from(offlineReservations).where(and(eq(offlineReservations.org_id, org.id), eq(offlineReservations.ticket_secret, body.secret)));
    const banned = reservation ? !!(await activeBan(db, reservation.reader_id, OFFLINE_TYPE, BAN_ACTION)) : false;
    return record(request, {
      orgId: org.id,
      session,
      nonce: body.nonce,
      readerId: reservation?.reader_id ?? null,
      managerId: callerOf(request).id,
      result: reservation ? undefined : 'invalid',
      attempt: { method: 'staff', type: body.type === 'exit' ? 2 : 1, config, session, reservation, banned, force: body.force, at: body.force && body.datetime ? body.datetime : nowSec() },
    });
  });

  r.post('/v1/:org/train/reserve/:id/checkin', { config: admin, schema: { params: orgParams.extend({ id: idParam }), body: manualCheckinSchema } }, async (request) => {
    const org = orgOf(request);
    const [reservation] = await db.select().from(offlineReservations).where(and(eq(offlineReservations.org_id, org.id), eq(offlineReservations.id, request.params.id)));
    if (!reservation) throw notFound('预约不存在');
    const session = await sessionOf(db, org.id, reservation.session_id);
    const { config } = await offlineActivityOf(db, org.id, session.act_id);
    return record(request, {
      orgId: org.id,
      session,
      nonce: `admin-${randomUUID()}`,
      readerId: reservation.reader_id,
      managerId: callerOf(request).id,
      attempt: { method: 'admin', type: request.body.type, config, session, reservation, banned: false, at: nowSec() },
    });
  });

  r.get('/v1/:org/train/session/:sid/signcode', { config: admin, schema: { params: orgParams.extend({ sid: idParam }), querystring: signCodeQuery } }, async (request) => {
    const org = orgOf(request);
    const session = await sessionOf(db, org.id, request.params.sid);
    const { config } = await offlineActivityOf(db, org.id, session.act_id);
    const type = Number(request.query.type) as 1 | 2;
    const code = config.rotating_code ? currentCode(session.checkin_secret, nowSec()) : null;
    return { link: signLink(request, org.key, session, type, code?.code), code: code?.code ?? null, expires_at: code?.expires_at ?? null, rotating: !!config.rotating_code };
  });
}
