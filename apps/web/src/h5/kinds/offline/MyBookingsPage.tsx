import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { useReaderList, useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { ReservationActions } from './Reservation';
import { SessionFacts } from './SessionsPage';
import type { MyReservation } from './types';
import { OFFLINE_TEXTS as T } from './texts';

/**
 * 我的预约 (`GET /client/reservations`, newest first): each booking with its activity, session,
 * state (the place in line, an offer), the ticket of a seat held, taking up an offer, cancelling.
 */
export function MyBookingsPage() {
  const { org } = useReaderSession();
  const { items, error, hasMore, more, reload } = useReaderList<MyReservation>('/reservations');
  return (
    <H5Page title={T.myBookings} testId="h5-bookings" error={error} loading={!items}>
      {items && items.length === 0 && <p className="h5-muted">{T.noBookings}</p>}
      {items?.map((r) => (
        <section key={r.id} className="h5-panel" aria-label={`${r.activity?.title ?? ''} ${r.session?.title ?? ''}`}>
          <h2>
            {r.activity ? (
              <Link className="h5-link" to={`/${org}/h5/activities/${r.activity.id}/sessions`}>
                {r.activity.title}
              </Link>
            ) : null}
          </h2>
          {r.session && (
            <>
              <p>{r.session.title}</p>
              <SessionFacts s={r.session} />
            </>
          )}
          <p className="h5-muted">{T.seatsOf(r.seats)}</p>
          <ReservationActions r={r} statusText={r.status_text} onChanged={reload} />
        </section>
      ))}
      {hasMore && (
        <Button block size="large" onClick={more}>
          {'加载更多'}
        </Button>
      )}
    </H5Page>
  );
}
