import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { CHECKIN_RESULTS, RESERVATION_STATUS, chinaDateTime, sessionTimeText, type CheckinResult } from '@huodong/domain';
import { READER_TEXTS, readerClient, readerPosition } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page, LinkOutcome } from '../../H5Page';
import { OFFLINE_TEXTS as T } from './texts';

/** What `GET /v1/{org}/client/sign/session` answers (read leniently: only what the page shows). */
interface SignInfo {
  activity?: { id: number; title: string; sign_out?: number };
  session?: { id: number; title?: string; speaker?: string; start_at: number; end_at: number; address?: string; venue_name?: string };
  mine?: { status: string; seats?: number; checked_in_at?: number | null; checked_out_at?: number | null } | null;
  /** A geofenced session with the venue's coordinates: the sign-in sends the reader's position. */
  needs_position?: boolean;
}
/** What `POST /v1/{org}/client/sign` answers: a refusal is still an answer (HTTP 200, `result` ≠ ok). */
interface SignAnswer {
  result: CheckinResult;
  message?: string;
  checked_in_at?: number | null;
  checked_out_at?: number | null;
}
interface SignLink {
  actId: number;
  sessionId: number;
  type: 1 | 2;
  code?: string;
}

const OK_RESULTS: readonly string[] = ['ok', 'ok_out'];
const SOFT_RESULTS: readonly string[] = ['already_checked_in', 'already_checked_out'];
const toneOf = (result: string) => (OK_RESULTS.includes(result) ? 'ok' : SOFT_RESULTS.includes(result) ? 'soft' : 'refused');

/** The link's query: `actId`, `sessionId`, `type` (1 sign in, 2 sign out), `code` with a rotating code; null when incomplete. */
function useSignLink(): SignLink | null {
  const [params] = useSearchParams();
  const actId = Number(params.get('actId'));
  const sessionId = Number(params.get('sessionId'));
  const code = params.get('code') ?? undefined;
  const valid = Number.isInteger(actId) && actId > 0 && Number.isInteger(sessionId) && sessionId > 0;
  return valid ? { actId, sessionId, type: params.get('type') === '2' ? 2 : 1, code } : null;
}

/**
 * 活动签到 in the reader app (`/{org}/h5/trainSign?actId=&sessionId=&type=1|2[&code=]`; the spec's
 * `/{org}/trainSign?…` a session's QR carries redirects here, and 扫一扫 opens it): the session and
 * the reader's booking, then the sign-in or sign-out (`POST /v1/{org}/client/sign`) tried once by
 * itself with a nonce kept for retries of the same attempt; the result in large text (CHECKIN_RESULTS).
 */
export function SignPage() {
  const link = useSignLink();
  const [params] = useSearchParams();
  const type = params.get('type') === '2' ? 2 : 1;
  if (!link)
    return (
      <H5Page title={T.signTitle[type]} testId="train-sign-page">
        <p role="alert" className="h5-refusal">
          {T.badSignLink}
        </p>
      </H5Page>
    );
  return <SignPanel key={`${link.actId}:${link.sessionId}:${link.type}:${link.code ?? ''}`} link={link} />;
}

function SignPanel({ link }: { link: SignLink }) {
  const { org, signOut } = useReaderSession();
  const { data: info, error } = useReaderRead<SignInfo>(`/sign/session?actId=${link.actId}&sessionId=${link.sessionId}`);
  const send = useCallback(
    async (nonce: string) => {
      const geofence = !!info?.needs_position;
      const where = geofence ? await readerPosition() : null;
      if (geofence && !where) return READER_TEXTS.locationDenied;
      const body = { actId: link.actId, sessionId: link.sessionId, type: link.type, nonce, ...(link.code ? { code: link.code } : {}), ...(where ?? {}) };
      return readerClient.call<SignAnswer>(org, 'POST', '/sign', body);
    },
    [org, link, info],
  );
  // The scan itself is the request to sign in: one automatic attempt once the session is read.
  const { answer, failure, busy, attempt: sign } = useReaderAttempt(send, signOut, !!info);
  const s = info?.session;
  const mine = info?.mine;
  const at = answer ? (link.type === 1 ? answer.checked_in_at : answer.checked_out_at) : null;
  const again = failure || (answer && !OK_RESULTS.includes(answer.result) && !SOFT_RESULTS.includes(answer.result) && answer.result !== 'code_expired');
  return (
    <H5Page title={T.signTitle[link.type]} testId="train-sign-page" error={error} loading={!info}>
      <section className="h5-panel" aria-label={info?.activity?.title}>
        <h2>{info?.activity?.title}</h2>
        {s?.title && s.title !== info?.activity?.title && <p>{s.title}</p>}
        <dl className="h5-facts">
          {s && (
            <>
              <dt>{T.time}</dt>
              <dd>{sessionTimeText(s)}</dd>
            </>
          )}
          {s && (s.venue_name || s.address) && (
            <>
              <dt>{T.venue}</dt>
              <dd>{[s.venue_name, s.address].filter(Boolean).join(' ')}</dd>
            </>
          )}
          {s?.speaker && (
            <>
              <dt>{T.speaker}</dt>
              <dd>{s.speaker}</dd>
            </>
          )}
          <dt>{T.myReservation}</dt>
          <dd>{mine ? `${RESERVATION_STATUS[mine.status as keyof typeof RESERVATION_STATUS] ?? mine.status}${mine.seats ? `（${T.seatCount(mine.seats)}）` : ''}` : T.noReservation}</dd>
        </dl>
      </section>
      <LinkOutcome
        testId="sign-result"
        result={answer?.result}
        text={answer ? (CHECKIN_RESULTS[answer.result] ?? answer.message) : undefined}
        tone={answer ? toneOf(answer.result) : undefined}
        failure={failure}
        extra={at ? <p className="h5-muted">{T.signedAt(link.type, chinaDateTime(at))}</p> : null}
        action={
          again && (
            <Button block color="primary" size="large" loading={busy} onClick={() => void sign()}>
              {failure ? READER_TEXTS.retry : T.signButton[link.type]}
            </Button>
          )
        }
      />
      <Link className="h5-link h5-panel" to={`/${org}/h5/scan`}>
        {T.scanAgain}
      </Link>
    </H5Page>
  );
}
