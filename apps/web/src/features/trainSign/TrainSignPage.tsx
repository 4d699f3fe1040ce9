import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Spin } from 'antd';
import { CHECKIN_RESULTS, RESERVATION_STATUS, chinaDateTime, sessionTimeText, type CheckinResult } from '@huodong/domain';
import { useScope } from '../../shared/useScope';
import { SubjectApiError } from '../../shared/subjectClient';
import { readerClient, readerPosition as position } from '../../shared/readerClient';
import { readerPanel as panel, ReaderGate, ReaderPage, RESULT_COLOUR } from '../../shared/readerSignIn';
import { useReaderAttempt } from '../../shared/readerAttempt';
import * as T from './texts';

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

const OK_RESULTS: readonly string[] = ['ok', 'ok_out'];
const SOFT_RESULTS: readonly string[] = ['already_checked_in', 'already_checked_out'];
const colourOf = (result: string) => RESULT_COLOUR[OK_RESULTS.includes(result) ? 'ok' : SOFT_RESULTS.includes(result) ? 'soft' : 'refused'];

/** The link's query: `actId`, `sessionId`, `type` (1 sign in, 2 sign out), `code` with a rotating code. */
function useSignLink() {
  const [params] = useSearchParams();
  const actId = Number(params.get('actId'));
  const sessionId = Number(params.get('sessionId'));
  const type = params.get('type') === '2' ? 2 : 1;
  const code = params.get('code') ?? undefined;
  const valid = Number.isInteger(actId) && actId > 0 && Number.isInteger(sessionId) && sessionId > 0;
  return { actId, sessionId, type: type as 1 | 2, code, valid };
}

/**
 * 签到 (`/{org}/trainSign?actId=&sessionId=&type=1|2[&code=]`, spec §2, issue 23): the page the
 * session's QR opens on a phone. It signs the READER in (the reader account, never an
 * administrator's), shows the session and the reader's booking, and records the sign-in or
 * sign-out (`POST /v1/{org}/client/sign`) with a nonce kept for retries of the same attempt; the
 * result is shown in large Chinese text (CHECKIN_RESULTS).
 */
export default function TrainSignPage() {
  const { scope: org } = useScope();
  const link = useSignLink();
  return (
    <ReaderPage title={T.SIGN_TITLE[link.type]} testId="train-sign-page">
      {!link.valid ? (
        <Alert type="error" showIcon message={T.BAD_LINK} />
      ) : (
        <ReaderGate org={org} hint={T.READER_LOGIN_HINT}>
          {(signOut) => <SignPanel org={org} link={link} onSignedOut={signOut} />}
        </ReaderGate>
      )}
    </ReaderPage>
  );
}

function SignPanel({ org, link, onSignedOut }: { org: string; link: ReturnType<typeof useSignLink>; onSignedOut: () => void }) {
  const [info, setInfo] = useState<SignInfo | null>(null);
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    readerClient
      .call<SignInfo>(org, 'GET', `/sign/session?actId=${link.actId}&sessionId=${link.sessionId}`)
      .then(setInfo)
      .catch((e: SubjectApiError) => (e.status === 401 ? onSignedOut() : setLoadError(e.message)));
  }, [org, link.actId, link.sessionId, onSignedOut]);

  const send = useCallback(
    async (nonce: string) => {
      const geofence = !!info?.needs_position;
      const where = geofence ? await position() : null;
      if (geofence && !where) return T.LOCATION_DENIED;
      const body = { actId: link.actId, sessionId: link.sessionId, type: link.type, nonce, ...(link.code ? { code: link.code } : {}), ...(where ?? {}) };
      return readerClient.call<SignAnswer>(org, 'POST', '/sign', body);
    },
    [org, link, info],
  );
  // The scan itself is the request to sign in: one automatic attempt once the session is read.
  const { answer, failure, busy, attempt: sign } = useReaderAttempt(send, onSignedOut, !!info);

  if (loadError)
    return (
      <div style={panel}>
        <Alert type="error" showIcon message={loadError} />
      </div>
    );
  if (!info)
    return (
      <div style={{ ...panel, textAlign: 'center' }}>
        <Spin tip={T.LOADING}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  const s = info.session;
  const mine = info.mine;
  const at = answer ? (link.type === 1 ? answer.checked_in_at : answer.checked_out_at) : null;
  return (
    <>
      <div style={panel}>
        <div style={{ fontSize: 18, fontWeight: 600 }}>{info.activity?.title}</div>
        {s?.title && s.title !== info.activity?.title && <div style={{ fontSize: 16, marginTop: 4 }}>{s.title}</div>}
        {s && <div style={{ color: '#595959', marginTop: 8 }}>{`${T.TIME}：${sessionTimeText(s)}`}</div>}
        {s && (s.venue_name || s.address) && <div style={{ color: '#595959' }}>{`${T.VENUE}：${[s.venue_name, s.address].filter(Boolean).join(' ')}`}</div>}
        {s?.speaker && <div style={{ color: '#595959' }}>{`${T.SPEAKER}：${s.speaker}`}</div>}
        <div style={{ color: '#595959', marginTop: 8 }}>
          {`${T.MY_RESERVATION}：`}
          {mine ? `${RESERVATION_STATUS[mine.status as keyof typeof RESERVATION_STATUS] ?? mine.status}${mine.seats ? `（${T.SEATS(mine.seats)}）` : ''}` : T.NO_RESERVATION}
        </div>
      </div>
      <div style={{ ...panel, textAlign: 'center', padding: '28px 16px' }} aria-live="polite">
        {answer ? (
          <>
            <div data-testid="sign-result" data-result={answer.result} style={{ fontSize: 32, lineHeight: 1.3, fontWeight: 700, color: colourOf(answer.result) }}>
              {CHECKIN_RESULTS[answer.result] ?? answer.message}
            </div>
            {at ? <div style={{ marginTop: 12, color: '#595959' }}>{T.SIGNED_AT(link.type, chinaDateTime(at))}</div> : null}
          </>
        ) : failure ? (
          <div data-testid="sign-result" data-result="error" style={{ fontSize: 24, lineHeight: 1.4, fontWeight: 700, color: '#cf1322' }}>
            {failure}
          </div>
        ) : (
          <Spin />
        )}
        {(failure || (answer && !OK_RESULTS.includes(answer.result) && !SOFT_RESULTS.includes(answer.result) && answer.result !== 'code_expired')) && (
          <Button type="primary" size="large" block style={{ marginTop: 20 }} loading={busy} onClick={() => void sign()}>
            {failure ? T.RETRY : T.SIGN_BUTTON[link.type]}
          </Button>
        )}
      </div>
      <div style={{ textAlign: 'center' }}>
        <Button type="link" onClick={onSignedOut}>
          {T.SIGN_OUT_ACCOUNT}
        </Button>
      </div>
    </>
  );
}
