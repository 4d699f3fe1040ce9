import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router';
import { Button } from 'antd-mobile';
import { readerClient } from '../../../shared/readerClient';
import { useReaderAttempt } from '../../../shared/readerAttempt';
import { useReaderRead, useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { THIRD_TEXTS as T } from './texts';

/**
 * A third-party activity (type 7, `kinds/third/routes.ts`): the launch goes through the gate (the
 * first joins the reader, each is counted) and answers the partner's URL, signed with the reader's
 * short-lived token when the activity passes identity; the page then opens it. A launch without an
 * answer is sent again with the same request id (counted once); a refusal is shown in the server's words.
 */
export function LaunchPage() {
  const { org, signOut } = useReaderSession();
  const id = useParams().id!;
  const { data, error } = useReaderRead<{ title: string }>(`/activities/${id}`);
  const send = useCallback((nonce: string) => readerClient.call<{ url: string }>(org, 'POST', `/activities/${id}/launch`, { request_id: nonce }), [org, id]);
  const { answer, failure, busy, attempt } = useReaderAttempt(send, signOut, false);
  useEffect(() => {
    if (answer) window.location.assign(answer.url);
  }, [answer]);
  return (
    <H5Page title={data?.title ?? T.third} testId="h5-third" error={error} loading={!data}>
      {failure && (
        <p role="alert" className="h5-refusal">
          {failure}
        </p>
      )}
      <p className="h5-muted">{T.hint}</p>
      <Button block size="large" color="primary" loading={busy} onClick={attempt}>
        {T.launch}
      </Button>
    </H5Page>
  );
}
