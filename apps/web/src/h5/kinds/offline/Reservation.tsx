import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { chinaDateTime } from '@huodong/domain';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderSession } from '../../reader';
import { WriteOutcome } from '../../H5Page';
import { ACTIVE, HAS_TICKET, type ReservationState } from './types';
import { OFFLINE_TEXTS as T } from './texts';

/** One write on a reservation (`request_id` kept across retries of the same attempt), the list read again when answered. */
function useReservationWrite(method: 'POST' | 'DELETE', path: string, onChanged: () => void) {
  const { org, signOut } = useReaderSession();
  const send = useCallback((nonce: string) => readerClient.call<object>(org, method, path, { request_id: nonce }), [org, method, path]);
  const write = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (write.answer) onChanged();
  }, [write.answer, onChanged]);
  return write;
}

/**
 * A reservation's state in the reader's words (the place in line, an offer to take up before it
 * expires) and what may be done with it: take up the offer, see the ticket, cancel (the server
 * refuses after the deadline, saying when it was). Refusals show the server's message.
 */
export function ReservationActions({ r, statusText, onChanged, ticketLink = true }: { r: ReservationState; statusText: string; onChanged: () => void; ticketLink?: boolean }) {
  const { org } = useReaderSession();
  const accept = useReservationWrite('POST', `/reservations/${r.id}/accept-offer`, onChanged);
  const cancel = useReservationWrite('DELETE', `/reservations/${r.id}`, onChanged);
  /** Cancelling is asked once more in place (no overlay to find on a small screen). */
  const [asking, setAsking] = useState(false);
  const failure = accept.failure || cancel.failure;
  return (
    <div className="h5-booking">
      <p>
        {T.status}：<strong>{statusText}</strong>
        {r.status === 'waitlisted' && r.waitlist_place !== null && <span>（{T.place(r.waitlist_place)}）</span>}
      </p>
      {r.status === 'offered' && r.offer_expires_at !== null && <p className="h5-ok">{T.offerUntil(chinaDateTime(r.offer_expires_at))}</p>}
      <WriteOutcome failure={failure} />
      <div className="h5-actions">
        {r.status === 'offered' && (
          <Button color="primary" loading={accept.busy} onClick={() => void accept.attempt()}>
            {T.acceptOffer}
          </Button>
        )}
        {ticketLink && HAS_TICKET.includes(r.status) && (
          <Link className="h5-link" to={`/${org}/h5/me/bookings/${r.id}`}>
            {T.showTicket}
          </Link>
        )}
        {ACTIVE.includes(r.status) && !asking && <Button onClick={() => setAsking(true)}>{T.cancelBooking}</Button>}
      </div>
      {ACTIVE.includes(r.status) && asking && (
        <div role="group" aria-label={T.cancelConfirm} className="h5-actions">
          <span>{T.cancelConfirm}</span>
          <Button onClick={() => setAsking(false)}>{T.keep}</Button>
          <Button
            loading={cancel.busy}
            onClick={() => {
              setAsking(false);
              void cancel.attempt();
            }}
          >
            {T.confirmCancel}
          </Button>
        </div>
      )}
    </div>
  );
}
