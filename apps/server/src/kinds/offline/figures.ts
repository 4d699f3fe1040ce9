import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { activityStateOf, CHECKIN_METHODS, formatSeconds, idParam, RESERVATION_STATUS, type CheckinMethod, type ReservationStatus } from '@huodong/domain';
import { z } from 'zod';
import { sendXlsx, type Cell } from '../../exports/xlsxStream.js';
import type { Db } from '../../db/client.js';
import { offlineReservations as R, offlineSessions as S, organizations, readers } from '../../db/schema.js';
import { figuresActivity, noGapDays, perDayCounts, type ActivityRow } from '../../figures/index.js';
import { notFound } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';
import { actParams } from '../../participation/params.js';

/**
 * The figures of offline activities (issue 23, design §7b "Stats"): bookings, fill rate, the
 * waiting list and its conversion, attendance and no-shows, late cancellations, in total, per
 * session, per unit and per reader. Every figure is one count over the reservations:
 * - booked: pending, confirmed or no-show (a seat was held to the end); seats: their seats;
 * - confirmed: confirmed or no-show (the base of the attendance and no-show rates);
 * - waitlisted: ever joined the waiting list; offered: of those, offered a seat (an offer now,
 *   expired, or accepted); accepted: of those, holding a seat; conversion = accepted / offered;
 * - attended: checked in; signed out; late cancellation: cancelled less than 24 h before the start.
 * Percentages have 2 decimals (null without a base, shown as —).
 */
const OFFLINE = [5];
const LATE_CANCEL_SECONDS = 86_400;

const n = (cond: SQL) => sql<number>`count(${R.id}) filter (where ${cond})`.mapWith(Number);
const seats = (cond: SQL) => sql<number>`coalesce(sum(${R.seats}) filter (where ${cond}), 0)`.mapWith(Number);
const pct = (part: SQL, whole: SQL) => sql<number | null>`round((${part}) * 100.0 / nullif(${whole}, 0), 2)`.mapWith((v) => (v === null ? null : Number(v)));

const BOOKED = sql`${R.status} in ('pending', 'confirmed', 'no_show')`;
const CONFIRMED = sql`${R.status} in ('confirmed', 'no_show')`;
const WAITLISTED = sql`${R.waitlisted_at} is not null`;
const OFFERED = sql`${R.waitlisted_at} is not null and (${R.offer_expires_at} is not null or ${R.status} in ('offered', 'expired', 'pending', 'confirmed', 'no_show'))`;
const ACCEPTED = sql`${R.waitlisted_at} is not null and ${R.status} in ('pending', 'confirmed', 'no_show')`;
const ATTENDED = sql`${R.checked_in_at} is not null`;
const countOf = (cond: SQL) => sql`count(${R.id}) filter (where ${cond})`;

/** The reservation figures, as select columns (over reservations joined to their session `S`). */
const METRICS = {
  reservations: sql<number>`count(${R.id})`.mapWith(Number),
  booked: n(BOOKED),
  booked_seats: seats(BOOKED),
  pending: n(sql`${R.status} = 'pending'`),
  confirmed: n(CONFIRMED),
  waiting: n(sql`${R.status} = 'waitlisted'`),
  waitlisted: n(WAITLISTED),
  offered: n(OFFERED),
  accepted: n(ACCEPTED),
  conversion_rate: pct(countOf(ACCEPTED), countOf(OFFERED)),
  attended: n(ATTENDED),
  attended_seats: seats(ATTENDED),
  signed_out: n(sql`${R.checked_out_at} is not null`),
  no_shows: n(sql`${R.status} = 'no_show'`),
  attendance_rate: pct(countOf(ATTENDED), countOf(CONFIRMED)),
  no_show_rate: pct(countOf(sql`${R.status} = 'no_show'`), countOf(CONFIRMED)),
  cancelled: n(sql`${R.status} = 'cancelled'`),
  late_cancellations: n(sql`${R.status} = 'cancelled' and ${R.cancelled_at} > ${S.start_at} - ${LATE_CANCEL_SECONDS}`),
};
type Metrics = { [K in keyof typeof METRICS]: (typeof METRICS)[K] extends SQL<infer T> ? T : never };

const live = (actId: number) => and(eq(S.act_id, actId), eq(S.is_delete, 0));
const unitName = sql<string>`coalesce(${organizations.name}, '')`;

/** Per unit of the readers (their unit's name; blank: none given). */
function perUnit(db: Db, where: SQL | undefined) {
  return db
    .select({ unit_id: readers.unit_id, unit_name: unitName, ...METRICS })
    .from(R)
    .innerJoin(S, eq(S.id, R.session_id))
    .innerJoin(readers, eq(readers.id, R.reader_id))
    .leftJoin(organizations, eq(organizations.id, readers.unit_id))
    .where(where)
    .groupBy(readers.unit_id, organizations.name)
    .orderBy(desc(sql`count(${R.id})`));
}

const withFill = <T extends { booked_seats: number }>(row: T, capacity: number) => ({ ...row, capacity, fill_rate: capacity ? Math.round((row.booked_seats * 10000) / capacity) / 100 : null });

const activityOf = (act: ActivityRow) => ({ id: act.id, title: act.title, variant: act.variant, training: (act.config as { training?: number }).training ? 1 : 0, start_at: act.start_at, end_at: act.end_at });

/**
 * `GET /v1/{org}/offline/{act}/count` (actCountOffline, actCountOffineS, actCountTrain): the
 * activity's totals, each session's figures, the figures per unit and the reservations made per
 * China-time day.
 */
export async function offlineCount(db: Db, act: ActivityRow) {
  const running = activityStateOf({ start_at: act.start_at, end_at: act.end_at, state: act.state }, nowSec()) === 2;
  const [[totals], [cap], sessions, units, days] = await Promise.all([
    db.select(METRICS).from(R).innerJoin(S, eq(S.id, R.session_id)).where(live(act.id)),
    db.select({ capacity: sql<number>`coalesce(sum(${S.capacity}), 0)`.mapWith(Number), sessions: count() }).from(S).where(live(act.id)),
    db
      .select({ id: S.id, title: S.title, speaker: S.speaker, start_at: S.start_at, end_at: S.end_at, capacity: S.capacity, closed_at: S.closed_at, ...METRICS })
      .from(S)
      .leftJoin(R, eq(R.session_id, S.id))
      .where(live(act.id))
      .groupBy(S.id)
      .orderBy(asc(S.start_at), asc(S.id)),
    perUnit(db, live(act.id)),
    perDayCounts(db, { table: R, at: R.created_at, where: eq(R.act_id, act.id), columns: { reservations: count(), waitlisted: n(WAITLISTED) } }),
  ]);
  return {
    activity: activityOf(act),
    totals: { ...withFill(totals as Metrics, cap.capacity), sessions: cap.sessions },
    sessions: sessions.map((s) => withFill(s, s.capacity)),
    units,
    days: noGapDays(days, { reservations: 0, waitlisted: 0 }, running),
  };
}

/** `GET /v1/{org}/offline/{act}/session/{sid}/count` (actCountOfflineMore): one session's figures, per unit and by how readers checked in. */
export async function offlineSessionCount(db: Db, act: ActivityRow, sessionId: number) {
  const [session] = await db.select({ id: S.id, title: S.title, speaker: S.speaker, start_at: S.start_at, end_at: S.end_at, address: S.address, capacity: S.capacity, closed_at: S.closed_at }).from(S).where(and(live(act.id), eq(S.id, sessionId)));
  if (!session) throw notFound('场次不存在');
  const ofSession = and(live(act.id), eq(R.session_id, sessionId));
  const [[totals], units, methods] = await Promise.all([
    db.select(METRICS).from(R).innerJoin(S, eq(S.id, R.session_id)).where(ofSession),
    perUnit(db, ofSession),
    db.select({ method: R.checkin_method, n: count() }).from(R).where(and(eq(R.session_id, sessionId), sql`${R.checked_in_at} is not null`)).groupBy(R.checkin_method),
  ]);
  return { activity: activityOf(act), session, totals: withFill(totals as Metrics, session.capacity), units, methods: methods.map((m) => ({ name: CHECKIN_METHODS[m.method as CheckinMethod] ?? m.method ?? '', n: m.n })) };
}

/**
 * `GET /v1/{org}/offline/{act}/count/readers` (actCountTrain/actCountTrainPaper): per reader, the
 * sessions booked, attended, signed out of and missed, and the attendance rate — what a training
 * manager checks before a certificate of completion.
 */
export async function offlineReaderCount(db: Db, act: ActivityRow) {
  const [[cap], rows] = await Promise.all([
    db.select({ sessions: count() }).from(S).where(live(act.id)),
    db
      .select({
        reader_id: R.reader_id,
        account: readers.account,
        real_name: readers.real_name,
        unit_name: unitName,
        confirmed: METRICS.confirmed,
        attended: METRICS.attended,
        signed_out: METRICS.signed_out,
        no_shows: METRICS.no_shows,
        attendance_rate: METRICS.attendance_rate,
      })
      .from(R)
      .innerJoin(S, eq(S.id, R.session_id))
      .innerJoin(readers, eq(readers.id, R.reader_id))
      .leftJoin(organizations, eq(organizations.id, readers.unit_id))
      .where(and(live(act.id), CONFIRMED))
      .groupBy(R.reader_id, readers.account, readers.real_name, organizations.name)
      .orderBy(desc(sql`count(${R.id}) filter (where ${ATTENDED})`), asc(readers.account)),
  ]);
  return { activity: activityOf(act), sessions: cap.sessions, readers: rows.map((r) => ({ ...r, completed: cap.sessions > 0 && r.attended >= cap.sessions })) };
}

/** The count pages' routes and the sign-in records' export. */
export async function offlineFiguresRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  await offlineExportRoutes(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'org' as const };
  r.get('/v1/:org/offline/:id/count', { config, schema: { params: actParams } }, async (request) => offlineCount(db, await figuresActivity(db, request, request.params.id, OFFLINE)));
  r.get('/v1/:org/offline/:id/count/readers', { config, schema: { params: actParams } }, async (request) => offlineReaderCount(db, await figuresActivity(db, request, request.params.id, OFFLINE)));
  r.get('/v1/:org/offline/:id/session/:sid/count', { config, schema: { params: actParams.extend({ sid: idParam }) } }, async (request) =>
    offlineSessionCount(db, await figuresActivity(db, request, request.params.id, OFFLINE), request.params.sid),
  );
}

export const TRAIN_EXPORT_TITLE = '签到记录';
const TRAIN_EXPORT_HEADERS = ['场次', '场次开始时间', '读者账号', '姓名', '单位', '手机号', '座位数', '同行人', '预约状态', '签到时间', '签退时间', '签到方式'];
const time = (v: number | null) => (v ? formatSeconds(v) : '');

/**
 * `GET /v1/{org}/export/train?act=` (sign-in and sign-out records): every confirmed reservation of
 * the activity's sessions (attended or a no-show), in the order they were made, with its times and how
 * the reader checked in. Streamed in pages of 1,000.
 */
export async function offlineExportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.database;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/v1/:org/export/train',
    { config: { access: 'org', rawBody: true }, schema: { params: z.object({ org: z.string() }), querystring: z.object({ act: idParam, reflesh: z.unknown().optional() }) } },
    async (request, reply) => {
      const act = await figuresActivity(db, request, request.query.act, OFFLINE);
      async function* rows(): AsyncGenerator<Cell[][]> {
        let last = 0;
        for (;;) {
          const page = await db
            .select({ id: R.id, title: S.title, start_at: S.start_at, account: readers.account, real_name: readers.real_name, unit_name: unitName, phone: readers.phone, seats: R.seats, companions: R.companions, status: R.status, checked_in_at: R.checked_in_at, checked_out_at: R.checked_out_at, method: R.checkin_method })
            .from(R)
            .innerJoin(S, eq(S.id, R.session_id))
            .innerJoin(readers, eq(readers.id, R.reader_id))
            .leftJoin(organizations, eq(organizations.id, readers.unit_id))
            .where(and(live(act.id), CONFIRMED, gt(R.id, last)))
            .orderBy(asc(R.id))
            .limit(1000);
          if (!page.length) return;
          last = page[page.length - 1].id;
          yield page.map((x) => [
            x.title,
            time(x.start_at),
            x.account,
            x.real_name,
            x.unit_name,
            x.phone,
            x.seats,
            x.companions.map((c) => c.name).join('、'),
            RESERVATION_STATUS[x.status as ReservationStatus] ?? x.status,
            time(x.checked_in_at),
            time(x.checked_out_at),
            x.method ? (CHECKIN_METHODS[x.method as CheckinMethod] ?? x.method) : '',
          ]);
          if (page.length < 1000) return;
        }
      }
      return sendXlsx(reply, TRAIN_EXPORT_TITLE, act, TRAIN_EXPORT_HEADERS, rows());
    },
  );
}
