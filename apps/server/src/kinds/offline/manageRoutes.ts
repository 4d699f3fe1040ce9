import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { ACTIVE_RESERVATION, CHECKIN_METHODS, formatSeconds, idParam, idRef, offlineConfigOf, plainText, RESERVATION_STATUS, type CheckinMethod, type ReservationStatus } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activityJoins, offlineReservations, offlineSessions, readers } from '../../db/schema.js';
import { joinLast } from '../../participation/gate.js';
import { HttpError } from '../../http/errors.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { sendXlsx } from '../../exports/xlsxStream.js';
import { nowSec } from '../../participation/clock.js';
import type { ActivityRow } from '../kind.js';
import { bookingFields, bookSession, checkedBooking, fieldRefusal, reservationsWithWho, shownReservation, statusText } from './booking.js';
import { leave, promoteFirst } from './offers.js';
import { offlineActivityById } from './sessions.js';
import { RESERVATION_MISSING } from './readerRoutes.js';

export const manageBody = z.object({ reader_id: idRef('读者'), session_id: idRef('场次'), ...bookingFields });
export const adminCancelBody = z.object({ reason: plainText('取消原因').trim().max(255, '取消原因不能超过255个字符').optional() });

/** An offline activity (single or series) of the caller's organisation, not deleted, or 404. */
export const offlineActivity = (db: Db | Tx, request: FastifyRequest, id: number): Promise<ActivityRow> => offlineActivityById(db, orgOf(request).id, id);

/** The bookings of an activity in batches, with who booked and the session (the export). */
async function* bookingsOf(db: Db, actId: number, batch = 2000) {
  for (let after = 0; ; ) {
    const rows = await reservationsWithWho(db, and(eq(offlineReservations.act_id, actId), gt(offlineReservations.id, after)), [asc(offlineReservations.id)], batch);
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].r.id;
  }
}

const at = (v: number | null) => (v ? formatSeconds(v) : '');

/**
 * What an administrator does with bookings (spec §7 train: manage, reserve cancel; exports
 * reserve): book for a reader (confirmed at once, the capacity still enforced by the one
 * statement), cancel a reader's booking (no deadline; the seats pass to the waiting list),
 * promote the first in line by hand, and download the bookings of an activity.
 */
export async function offlineManageRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const orgParams = z.object({ org: z.string() });

  /** `POST /train/{act}/manage {reader_id, session_id, seats?, companions?, answers?}`: book on a reader's behalf. */
  r.post('/v1/:org/train/:act/manage', { config, schema: { params: orgParams.extend({ act: idParam }), body: manageBody } }, async (request) =>
    db.transaction(async (tx) => {
      const act = await offlineActivity(tx, request, request.params.act);
      const now = nowSec();
      const [session] = await tx.select().from(offlineSessions).where(and(eq(offlineSessions.id, request.body.session_id), eq(offlineSessions.act_id, act.id), eq(offlineSessions.is_delete, 0)));
      if (!session) throw fieldRefusal('session_id', '场次不存在');
      if (now >= session.start_at) throw fieldRefusal('session_id', '场次已开始，不能预约');
      const [found] = await tx
        .select({ reader: { id: readers.id, real_name: readers.real_name, phone: readers.phone }, joined: { id: activityJoins.id, status: activityJoins.status } })
        .from(readers)
        .leftJoin(activityJoins, and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, readers.id)))
        .where(and(eq(readers.id, request.body.reader_id), eq(readers.org_id, act.org_id)));
      if (!found) throw fieldRefusal('reader_id', '读者不存在');
      const { reader, joined } = found;
      const body = checkedBooking(request.body, offlineConfigOf(act.config), { required: false });
      // The booking joins the reader as the reader's own does (design §1.4): points first, the join in the booking's statement.
      const join = await joinLast(tx, request.server.database, act, reader, joined, now);
      const made = await bookSession(tx, session.id, { ...body, org_id: act.org_id, act_id: act.id, reader_id: reader.id, status: 'confirmed', waitlist: false, booked_by: callerOf(request).id, byAdministrator: true, now, join });
      await audit(tx, request, 'manage', 'offlineReservations', [made.id]);
      return made;
    }),
  );

  /** `POST /train/reserve/{id}/cancel {reason?}`: cancel a reader's booking (no deadline). */
  r.post('/v1/:org/train/reserve/:id/cancel', { config, schema: { params: orgParams.extend({ id: idParam }), body: adminCancelBody } }, async (request) =>
    db.transaction(async (tx) => {
      const [own] = await tx.select({ id: offlineReservations.id, status: offlineReservations.status }).from(offlineReservations).where(and(eq(offlineReservations.id, request.params.id), eq(offlineReservations.org_id, orgOf(request).id)));
      if (!own) throw new HttpError(404, RESERVATION_MISSING);
      const left = await leave(tx, request.server.jobs, own.id, ACTIVE_RESERVATION, 'cancelled', { cancel_reason: request.body.reason ?? '' });
      if (!left) throw fieldRefusal('id', `该预约${statusText(own.status)}，不能取消`);
      await audit(tx, request, 'cancel', 'offlineReservations', [own.id]);
      request.server.jobs.kickAfter(request);
      return shownReservation(left.row);
    }),
  );

  /**
   * `POST /train/session/{sid}/promote`: the first in line whose seats fit gets the free seats by
   * hand (automatic promotion off): an offer until its expiry, or confirmed when no offer can run
   * before the start. One statement under the capacity (offers.ts promoteFirst).
   */
  r.post('/v1/:org/train/session/:sid/promote', { config, schema: { params: orgParams.extend({ sid: idParam }) } }, async (request) =>
    db.transaction(async (tx) => {
      const row = await promoteFirst(tx, request.server.jobs, orgOf(request).id, request.params.sid, nowSec());
      await audit(tx, request, 'promote', 'offlineReservations', [row.id]);
      request.server.jobs.kickAfter(request);
      return shownReservation(row);
    }),
  );

  /** `GET /export/reserve?act=`: the bookings of an activity (every state), one row each. */
  r.get('/v1/:org/export/reserve', { config: { ...config, rawBody: true }, schema: { params: orgParams, querystring: z.object({ act: idParam, reflesh: z.unknown().optional() }) } }, async (request, reply) => {
    const act = await offlineActivity(db, request, request.query.act);
    const headers = ['预约ID', '场次', '场次时间', '读者账号', '姓名', '手机号', '单位', '座位数', '同行人', '报名信息', '状态', '预约时间', '签到时间', '签退时间', '签到方式', '取消时间', '取消原因'];
    const fields = offlineConfigOf(act.config).signup_fields;
    const answersText = (a: Record<string, string>) => fields.filter((f) => a[f.key]).map((f) => `${f.label}：${a[f.key]}`).join('；');
    async function* rows() {
      for await (const batch of bookingsOf(db, act.id))
        yield batch.map(({ r: x, ...w }) => [
          x.id,
          w.session_title,
          at(w.session_start_at),
          w.account,
          w.real_name,
          w.phone,
          w.unit ?? '',
          x.seats,
          x.companions.map((c) => (c.phone ? `${c.name}（${c.phone}）` : c.name)).join('、'),
          answersText(x.answers),
          RESERVATION_STATUS[x.status as ReservationStatus] ?? x.status,
          at(x.created_at),
          at(x.checked_in_at),
          at(x.checked_out_at),
          x.checkin_method ? CHECKIN_METHODS[x.checkin_method as CheckinMethod] : '',
          at(x.cancelled_at),
          x.cancel_reason,
        ]);
    }
    return sendXlsx(reply, '预约名单', act, headers, rows());
  });
}
