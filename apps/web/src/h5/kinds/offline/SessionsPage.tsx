import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { chinaDateTime, RESERVATION_STATUS } from '@huodong/domain';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { BookingForm, type BookingSettings } from './BookingForm';
import { ReservationActions } from './Reservation';
import { ACTIVE, type ReservationState, type ShownSession } from './types';
import { OFFLINE_TEXTS as T } from './texts';

interface Sessions {
  activity: BookingSettings;
  items: (ShownSession & { open: boolean; mine: ReservationState | null })[];
}

const statusText = (s: string) => RESERVATION_STATUS[s as keyof typeof RESERVATION_STATUS] ?? s;

/** A session's time, place and speaker. */
export function SessionFacts({ s }: { s: ShownSession }) {
  const place = [s.venue_name, s.address].filter(Boolean).join(' · ');
  return (
    <dl className="h5-facts">
      <dt>{T.time}</dt>
      <dd>
        {chinaDateTime(s.start_at)} 至 {chinaDateTime(s.end_at)}
      </dd>
      {place && (
        <>
          <dt>{T.venue}</dt>
          <dd>{place}</dd>
        </>
      )}
      {s.speaker && (
        <>
          <dt>{T.speaker}</dt>
          <dd>{s.speaker}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * Offline events (type 5, `GET /client/activities/{id}/sessions`): the sessions with seats left,
 * booking one (or the whole series when it is booked as one) with companions and the sign-up
 * fields, the waiting list when full (the place in line, an offer to take up), cancelling, and the
 * link to the ticket. Every refusal is the server's message.
 */
export function SessionsPage() {
  const { org } = useReaderSession();
  const id = useParams().id!;
  const { data, error, reload } = useReaderRead<Sessions>(`/activities/${id}/sessions`);
  /** The session whose form is open ('series': the whole series). */
  const [booking, setBooking] = useState<number | 'series' | null>(null);
  const [done, setDone] = useState('');
  const booked = useCallback(
    (message: string) => {
      setBooking(null);
      setDone(message);
      reload();
    },
    [reload],
  );
  const changed = useCallback(() => {
    setDone('');
    reload();
  }, [reload]);
  const series = data?.activity.booking_scope === 'series';
  const seriesMine = data?.items.some((s) => s.mine && ACTIVE.includes(s.mine.status));
  return (
    <H5Page title={data?.activity.title ?? T.sessionsTitle} testId="h5-offline" error={error} loading={!data}>
      {data && (
        <>
          {done && (
            <p role="status" className="h5-ok">
              {done}
            </p>
          )}
          <p className="h5-muted">
            {series ? `${T.seriesHint}。` : ''}
            {data.activity.cancel_before_min > 0 ? T.cancelDeadline(data.activity.cancel_before_min) : ''}
          </p>
          {series && !seriesMine && (
            <section className="h5-panel" aria-label={T.bookSeries}>
              {booking === 'series' ? (
                <BookingForm settings={data.activity} sessionId={null} full={false} onBooked={booked} onCancel={() => setBooking(null)} />
              ) : (
                <Button block size="large" color="primary" onClick={() => setBooking('series')}>
                  {T.bookSeries}
                </Button>
              )}
            </section>
          )}
          {data.items.length === 0 && <p className="h5-muted">{T.noSessions}</p>}
          {data.items.map((s) => {
            const full = s.seats_left === 0;
            return (
              <section key={s.id} className="h5-panel" aria-label={s.title}>
                <h2>{s.title}</h2>
                <SessionFacts s={s} />
                <p>
                  <strong>{T.seatsLeft(s.seats_left, s.capacity)}</strong>
                  {s.waiting > 0 && <span className="h5-muted"> · {T.waiting(s.waiting)}</span>}
                </p>
                {s.mine && <ReservationActions r={s.mine} statusText={statusText(s.mine.status)} onChanged={changed} />}
                {!series && (!s.mine || !ACTIVE.includes(s.mine.status)) &&
                  (booking === s.id ? (
                    <BookingForm settings={data.activity} sessionId={s.id} full={full} onBooked={booked} onCancel={() => setBooking(null)} />
                  ) : s.open && (!full || data.activity.waitlist) ? (
                    <Button block size="large" color="primary" onClick={() => setBooking(s.id)} aria-label={`${full ? T.joinWaitlist : T.book} ${s.title}`}>
                      {full ? T.joinWaitlist : T.book}
                    </Button>
                  ) : (
                    <p className="h5-muted">{T.closed}</p>
                  ))}
              </section>
            );
          })}
          <Link className="h5-link" to={`/${org}/h5/me/bookings`}>
            {T.myBookings}
          </Link>
        </>
      )}
    </H5Page>
  );
}
