import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Spin } from 'antd';
import { SCAN_RESULTS, type ScanResult } from '@huodong/domain';
import { useScope } from '../../shared/useScope';
import { SubjectApiError } from '../../shared/subjectClient';
import { READER_TEXTS, readerClient, readerPosition } from '../../shared/readerClient';
import { readerPanel, ReaderGate, ReaderPage, RESULT_COLOUR } from '../../shared/readerSignIn';
import { useReaderAttempt } from '../../shared/readerAttempt';
import * as T from './texts';

/** What `POST /v1/{org}/client/scan` answers: a refusal is still an answer (HTTP 200, `result` ≠ ok). */
interface ScanAnswer {
  result: ScanResult;
  message?: string;
  points: number;
  activity?: { id: number; title: string } | null;
  batch?: { id: number; name: string } | null;
}

/** Results after which scanning the same code again cannot change anything: no button to try again. */
const FINAL: readonly string[] = ['ok', 'duplicate', 'exhausted', 'invalid', 'blocked', 'cap_reached', 'expired'];
const colourOf = (result: string) => RESULT_COLOUR[result === 'ok' ? 'ok' : result === 'duplicate' ? 'soft' : 'refused'];
/** The server asks for the position of a geofenced batch's code with a 422 naming `lng`/`lat`. */
const needsPosition = (e: SubjectApiError) => e.status === 422 && e.errors.some((f) => f.field === 'lng' || f.field === 'lat');

/**
 * 扫码积分 (`/{org}/scan?code=&sign=`, design activities §10, issue 24): the page a scan code's QR
 * opens on a phone. It signs the READER in, then posts the scan (`POST /v1/{org}/client/scan`)
 * with a nonce kept for retries of the same attempt, the reader's position only when the server
 * asks for it (a geofenced batch), and shows the result in large Chinese text (SCAN_RESULTS).
 */
export default function ScanPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() ?? '';
  const sign = params.get('sign')?.trim() ?? '';
  return (
    <ReaderPage title={T.SCAN_TITLE} testId="scan-page">
      {!code || !sign ? (
        <Alert type="error" showIcon message={T.SCAN_BAD_LINK} />
      ) : (
        <ReaderGate org={org} hint={T.SCAN_LOGIN_HINT}>
          {(signOut) => <ScanPanel key={`${code}:${sign}`} org={org} code={code} sign={sign} onSignedOut={signOut} />}
        </ReaderGate>
      )}
    </ReaderPage>
  );
}

function ScanPanel({ org, code, sign, onSignedOut }: { org: string; code: string; sign: string; onSignedOut: () => void }) {
  const send = useCallback(
    async (nonce: string) => {
      const post = (where: { lng: number; lat: number } | null) => readerClient.call<ScanAnswer>(org, 'POST', '/scan', { code, sign, nonce, ...(where ?? {}) });
      try {
        return await post(null);
      } catch (e) {
        if (!(e instanceof SubjectApiError) || !needsPosition(e)) throw e;
        // nothing was written: the same attempt, now with the position
        const where = await readerPosition();
        return where ? post(where) : READER_TEXTS.locationDenied;
      }
    },
    [org, code, sign],
  );
  // Opening the link is the request to scan: one automatic attempt.
  const { answer, failure, busy, attempt: scan } = useReaderAttempt(send, onSignedOut);

  const title = answer?.activity?.title;
  return (
    <>
      {title && (
        <div style={readerPanel}>
          <div style={{ fontSize: 18, fontWeight: 600 }}>{title}</div>
          {answer?.batch?.name && <div style={{ color: '#595959', marginTop: 4 }}>{answer.batch.name}</div>}
        </div>
      )}
      <div style={{ ...readerPanel, textAlign: 'center', padding: '28px 16px' }} aria-live="polite">
        {answer ? (
          <>
            <div data-testid="scan-result" data-result={answer.result} style={{ fontSize: 32, lineHeight: 1.3, fontWeight: 700, color: colourOf(answer.result) }}>
              {SCAN_RESULTS[answer.result] ?? answer.message}
            </div>
            {answer.result === 'ok' && (
              <div data-testid="scan-points" style={{ marginTop: 12, fontSize: 28, fontWeight: 700, color: RESULT_COLOUR.ok }}>
                {T.SCAN_POINTS(answer.points)}
              </div>
            )}
          </>
        ) : failure ? (
          <div data-testid="scan-result" data-result="error" style={{ fontSize: 24, lineHeight: 1.4, fontWeight: 700, color: RESULT_COLOUR.refused }}>
            {failure}
          </div>
        ) : (
          <Spin tip={READER_TEXTS.loading}>
            <div style={{ height: 60 }} />
          </Spin>
        )}
        {(failure || (answer && !FINAL.includes(answer.result))) && (
          <Button type="primary" size="large" block style={{ marginTop: 20 }} loading={busy} onClick={() => void scan()}>
            {failure ? READER_TEXTS.retry : T.SCAN_AGAIN}
          </Button>
        )}
      </div>
      <div style={{ textAlign: 'center' }}>
        <Button type="link" onClick={onSignedOut}>
          {READER_TEXTS.signOutAccount}
        </Button>
      </div>
    </>
  );
}
