import { lazy, Suspense, useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { chinaDateTime } from '@huodong/domain';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { ReservationActions } from './Reservation';
import { SessionFacts } from './SessionsPage';
import { HAS_TICKET, type MyReservation } from './types';
import { OFFLINE_TEXTS as T } from './texts';

const QrCode = lazy(() => import('../../../shared/QrCode'));

interface Ticket {
  secret: string;
  status_text: string;
}

/** The QR of a seat held: it encodes the ticket's secret, which the staff's check-in page scans (`POST /checkin/redeem`). */
function TicketCode({ rid }: { rid: number }) {
  const { data, error } = useReaderRead<Ticket>(`/reservations/${rid}/ticket`);
  if (error)
    return (
      <p role="alert" className="h5-refusal">
        {error}
      </p>
    );
  if (!data) return null;
  return (
    <figure className="h5-ticket">
      <Suspense fallback={null}>
        <QrCode value={data.secret} size={220} title={T.ticketCode} />
      </Suspense>
      <figcaption>{T.ticketHint}</figcaption>
    </figure>
  );
}

/** 入场票 (`GET /client/reservations/{rid}` and its ticket): the QR, the session, seats and companions, cancelling. */
export function TicketPage() {
  const { org } = useReaderSession();
  const rid = Number(useParams().rid);
  const { data, error, reload } = useReaderRead<MyReservation>(`/reservations/${rid}`);
  const changed = useCallback(() => reload(), [reload]);
  return (
    <H5Page title={T.ticket} testId="h5-ticket" error={error} loading={!data}>
      {data && (
        <>
          <section className="h5-panel" aria-label={T.ticket}>
            <h2>{data.activity?.title}</h2>
            {data.session && (
              <>
                <p>{data.session.title}</p>
                <SessionFacts s={data.session} />
              </>
            )}
            <p>
              {T.seatsOf(data.seats)}
              {data.companions.length > 0 && ` · ${T.companions}：${data.companions.map((c) => c.name).join('、')}`}
            </p>
            {data.checked_in_at !== null && (
              <p className="h5-ok">
                {T.checkedIn} {chinaDateTime(data.checked_in_at)}
              </p>
            )}
            {HAS_TICKET.includes(data.status) && <TicketCode rid={rid} />}
          </section>
          <section className="h5-panel">
            <ReservationActions r={data} statusText={data.status_text} onChanged={changed} ticketLink={false} />
          </section>
          <Link className="h5-link" to={`/${org}/h5/me/bookings`}>
            {T.myBookings}
          </Link>
        </>
      )}
    </H5Page>
  );
}
