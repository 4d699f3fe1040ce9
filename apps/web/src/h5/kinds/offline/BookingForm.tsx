import { useCallback, useEffect, useState } from 'react';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderSession } from '../../reader';
import { H5Form } from '../../H5Page';
import { OFFLINE_TEXTS as T } from './texts';

export interface BookingSettings {
  id: number;
  title: string;
  booking_scope: 'session' | 'series';
  seats_per_user: number;
  signup_fields: { key: string; label: string; type: 'text' | 'choice' | 'phone' | 'id_card'; required: number; options?: string[] }[];
  waitlist: number;
  approval: string;
  cancel_before_min: number;
}

/** What a booking answered: one reservation, or a series' (each session's). */
type Booked = { status: string } | { items: { status: string }[] };
const statusOf = (b: Booked) => ('items' in b ? (b.items[0]?.status ?? '') : b.status);

/**
 * The booking form of a session (`POST /client/sessions/{sid}/reservations`) or of a whole series
 * (`POST /client/activities/{id}/reservations`): seats up to the activity's limit, one named
 * companion per seat beyond the reader's own, the sign-up fields as configured. A lost answer is
 * sent again with the same `request_id`; the server's refusal (full, closed, a field) is shown.
 */
export function BookingForm({ settings, sessionId, full, onBooked, onCancel }: { settings: BookingSettings; sessionId: number | null; full: boolean; onBooked: (message: string) => void; onCancel: () => void }) {
  const { org, signOut } = useReaderSession();
  const [seats, setSeats] = useState(1);
  const [companions, setCompanions] = useState<{ name: string; phone: string }[]>([]);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const send = useCallback(
    (nonce: string) => {
      const body = {
        request_id: nonce,
        seats,
        companions: companions.slice(0, seats - 1).map((c) => ({ name: c.name, ...(c.phone.trim() ? { phone: c.phone.trim() } : {}) })),
        answers: Object.fromEntries(Object.entries(answers).filter(([, v]) => v.trim())),
      };
      return readerClient.call<Booked>(org, 'POST', sessionId === null ? `/activities/${settings.id}/reservations` : `/sessions/${sessionId}/reservations`, body);
    },
    [org, settings.id, sessionId, seats, companions, answers],
  );
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (!answer) return;
    const s = statusOf(answer);
    onBooked(s === 'waitlisted' ? T.waitlisted : s === 'pending' ? T.pendingReview : T.booked);
  }, [answer, onBooked]);
  const setCompanion = (i: number, key: 'name' | 'phone', value: string) =>
    setCompanions((got) => {
      const next = Array.from({ length: Math.max(got.length, i + 1) }, (_, k) => got[k] ?? { name: '', phone: '' });
      next[i] = { ...next[i], [key]: value };
      return next;
    });
  const id = (k: string) => `h5-book-${k}`;
  return (
    <H5Form label={T.submit} failure={failure} busy={busy} submitText={full && settings.waitlist ? T.joinWaitlist : T.submit} cancelText={T.cancel} onSubmit={() => void attempt()} onCancel={onCancel}>
      {settings.seats_per_user > 1 && (
        <>
          <label htmlFor={id('seats')}>{T.seats}</label>
          <select id={id('seats')} className="h5-input" value={seats} onChange={(e) => setSeats(Number(e.target.value))}>
            {Array.from({ length: settings.seats_per_user }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </>
      )}
      {Array.from({ length: seats - 1 }, (_, i) => (
        <div key={i}>
          <label htmlFor={id(`c${i}`)}>{T.companion(i + 1)}</label>
          <input id={id(`c${i}`)} className="h5-input" value={companions[i]?.name ?? ''} onChange={(e) => setCompanion(i, 'name', e.target.value)} maxLength={30} />
          <label htmlFor={id(`cp${i}`)}>{T.companionPhone(i + 1)}</label>
          <input id={id(`cp${i}`)} className="h5-input" type="tel" inputMode="numeric" value={companions[i]?.phone ?? ''} onChange={(e) => setCompanion(i, 'phone', e.target.value)} maxLength={11} />
        </div>
      ))}
      {settings.signup_fields.map((f) => {
        const label = `${f.label}${f.required ? '' : T.optional}`;
        const value = answers[f.key] ?? '';
        const set = (v: string) => setAnswers((a) => ({ ...a, [f.key]: v }));
        return (
          <div key={f.key}>
            <label htmlFor={id(f.key)}>{label}</label>
            {f.type === 'choice' ? (
              <select id={id(f.key)} className="h5-input" value={value} onChange={(e) => set(e.target.value)} required={!!f.required}>
                <option value="">{T.choose}</option>
                {(f.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id(f.key)}
                className="h5-input"
                value={value}
                onChange={(e) => set(e.target.value)}
                required={!!f.required}
                type={f.type === 'phone' ? 'tel' : 'text'}
                inputMode={f.type === 'phone' ? 'numeric' : undefined}
                maxLength={f.type === 'phone' ? 11 : f.type === 'id_card' ? 18 : 100}
              />
            )}
          </div>
        );
      })}
    </H5Form>
  );
}
