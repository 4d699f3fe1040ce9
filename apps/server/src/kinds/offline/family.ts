import { inArray, isNotNull, isNull } from 'drizzle-orm';
import { offlineReservationsResource, offlineSessionsResource, seriesReservationsResource, type ResourceDef } from '@huodong/domain';
import { offlineReservations, offlineSessions } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { bind, type ReadContext, type Row } from '../../resources/binding.js';
import { inReaderUnit, readersOfRows } from '../../participation/readerRows.js';
import { assertVenue, newSecret } from './sessions.js';

/**
 * The sessions of a series (spec §7 train sessions). A new one gets its check-in secret; a
 * capacity below the seats already held is refused; a session with reservations is deleted softly
 * (its bookings stay for the figures and exports).
 */
export const offlineSessionsBinding = bind({
  def: offlineSessionsResource,
  table: offlineSessions,
  softDelete: 'is_delete',
  hidden: ['is_delete', 'checkin_secret', 'closed_at'],
  async prepare(values, { existing, tx, org }) {
    await assertVenue(tx, org!.id, values.venue_id, 'venue_id');
    const taken = Number((existing as { taken?: number } | undefined)?.taken ?? 0);
    if (existing && typeof values.capacity === 'number' && values.capacity < taken) throw validationError([{ field: 'capacity', message: `座位数不能少于已预约的${taken}个座位` }]);
    return existing ? values : { ...values, checkin_secret: newSecret() };
  },
});

/** Who booked: account, name, phone, unit (the reader's), and the session's title and time. */
async function presentReservations(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  if (!rows.length) return rows;
  const db = ctx.request.server.database.db;
  const readerIds = rows.map((r) => r.reader_id as number);
  const sessionIds = [...new Set(rows.map((r) => r.session_id as number))];
  const [who, sessions] = await Promise.all([
    readersOfRows(db, readerIds),
    db.select({ id: offlineSessions.id, title: offlineSessions.title, start_at: offlineSessions.start_at }).from(offlineSessions).where(inArray(offlineSessions.id, sessionIds)),
  ]);
  const bySession = new Map(sessions.map((s) => [s.id, s]));
  return rows.map((r) => {
    const s = bySession.get(r.session_id as number);
    const companions = (r.companions as { name: string }[]).map((c) => c.name).join('、');
    return { ...r, ...who(r.reader_id as number), session_title: s?.title ?? '', session_start_at: s?.start_at ?? null, companions };
  });
}

const reservationsBinding = (def: ResourceDef) =>
  bind({
    def,
    table: offlineReservations,
    hidden: ['ticket_secret'],
    present: presentReservations,
    filters: {
      checked_in: (v) => (Number(v) === 1 ? isNotNull(offlineReservations.checked_in_at) : isNull(offlineReservations.checked_in_at)),
      unit_id: (v) => inReaderUnit(offlineReservations.reader_id, v),
    },
  });

/** 线下活动报名 and 场次报名: the reservations of one activity (`?session_id=` narrows to a session). */
export const offlineReservationsBinding = reservationsBinding(offlineReservationsResource);
export const seriesReservationsBinding = reservationsBinding(seriesReservationsResource);

