import { useCallback } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd-mobile';
import { SCAN_RESULTS, type ScanResult } from '@huodong/domain';
import { SubjectApiError } from '../../../shared/subjectClient';
import { READER_TEXTS, readerClient, readerPosition } from '../../../shared/readerClient';
import { RESULT_COLOUR, useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderSession } from '../../reader';
import { H5Page, LinkOutcome } from '../../H5Page';
import { SCAN_CODE_TEXTS as T } from './texts';

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
const toneOf = (result: string) => (result === 'ok' ? 'ok' : result === 'duplicate' ? 'soft' : 'refused');
/** The server asks for the position of a geofenced batch's code with a 422 naming `lng`/`lat`. */
const needsPosition = (e: SubjectApiError) => e.status === 422 && e.errors.some((f) => f.field === 'lng' || f.field === 'lat');

/**
 * 扫码积分 in the reader app (`/{org}/h5/scan?code=&sign=`; the spec's `/{org}/scan?…` a code's QR
 * carries redirects here, and 扫一扫 opens it): the scan (`POST /v1/{org}/client/scan`) tried once by
 * itself with a nonce kept for retries of the same attempt, the reader's position only when the
 * server asks for it (a geofenced batch); the result in large text (SCAN_RESULTS).
 */
export function CodeCreditPage({ code, sign }: { code: string; sign: string }) {
  if (!code || !sign)
    return (
      <H5Page title={T.title} testId="scan-page">
        <p role="alert" className="h5-refusal">
          {T.badLink}
        </p>
        <ScanNext />
      </H5Page>
    );
  return <Credit key={`${code}:${sign}`} code={code} sign={sign} />;
}

function ScanNext() {
  const { org } = useReaderSession();
  return (
    <Link className="h5-link h5-panel" to={`/${org}/h5/scan`}>
      {T.scanNext}
    </Link>
  );
}

function Credit({ code, sign }: { code: string; sign: string }) {
  const { org, signOut } = useReaderSession();
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
  const { answer, failure, busy, attempt: scan } = useReaderAttempt(send, signOut);
  const act = answer?.activity;
  return (
    <H5Page title={T.title} testId="scan-page">
      {act && (
        <section className="h5-panel">
          <h2>{act.title}</h2>
          {answer?.batch?.name && <p className="h5-muted">{answer.batch.name}</p>}
          <Link className="h5-link" to={`/${org}/h5/activities/${act.id}`}>
            {T.openActivity}
          </Link>
        </section>
      )}
      <LinkOutcome
        testId="scan-result"
        result={answer?.result}
        text={answer ? (SCAN_RESULTS[answer.result] ?? answer.message) : undefined}
        tone={answer ? toneOf(answer.result) : undefined}
        failure={failure}
        extra={
          answer?.result === 'ok' && (
            <p data-testid="scan-points" className="h5-result-text h5-result-points" style={{ color: RESULT_COLOUR.ok }}>
              {T.points(answer.points)}
            </p>
          )
        }
        action={
          (failure || (answer && !FINAL.includes(answer.result))) && (
            <Button block color="primary" size="large" loading={busy} onClick={() => void scan()}>
              {failure ? READER_TEXTS.retry : T.again}
            </Button>
          )
        }
      />
      <ScanNext />
    </H5Page>
  );
}
