import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { chinaDate } from '@huodong/domain';
import { READER_TEXTS, readerClient } from '../shared/readerClient';
import { saveFile } from '../shared/saveFile';
import { useReaderRead, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

interface Certificate {
  id: number;
  act_title: string;
  work_title: string;
  kind_label: string;
  award_level: string;
  cert_no: string;
  verify_code: string;
  issued_at: number;
  status: 'valid' | 'revoked' | 'expired';
  status_label: string;
  download: string;
}

/**
 * 我的证书 (`GET /client/certificates`): each certificate with its level, number, date and status;
 * its PDF downloaded with the reader's token, and the public verification page of its code
 * (`/{org}/certVerify?code=`, the page the certificate's own QR opens).
 */
export function CertificatesPage() {
  const { org, signOut } = useReaderSession();
  const { data, error } = useReaderRead<Certificate[]>('/certificates');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const download = async (c: Certificate) => {
    setFailure('');
    setBusy(c.id);
    try {
      // The PDF read with the reader's token (a link cannot send it), then saved under its number.
      const res = await fetch(c.download, { headers: { authorization: `Bearer ${readerClient.token.get(org) ?? ''}` } });
      if (res.status === 401) return signOut();
      if (!res.ok) return setFailure(((await res.json().catch(() => null)) as { message?: string } | null)?.message ?? T.downloadFailed);
      saveFile(await res.blob(), `${c.cert_no}.pdf`, 'application/pdf');
    } catch {
      setFailure(READER_TEXTS.networkRetry);
    } finally {
      setBusy(null);
    }
  };
  return (
    <H5Page title={T.myCertificates} testId="h5-certificates" error={error} loading={!data}>
      {failure && (
        <p role="alert" className="h5-refusal">
          {failure}
        </p>
      )}
      {data && data.length === 0 && <p className="h5-muted">{T.noCertificates}</p>}
      {data?.map((c) => (
        <section key={c.id} className="h5-panel" aria-label={`${c.act_title} ${c.kind_label}`}>
          <h2>{c.act_title}</h2>
          <p>
            {c.kind_label}
            {c.award_level && ` · ${c.award_level}`} <Tag color={c.status === 'valid' ? 'success' : 'danger'}>{c.status_label}</Tag>
          </p>
          {c.work_title && <p className="h5-muted">{c.work_title}</p>}
          <dl className="h5-facts">
            <dt>{T.certNo}</dt>
            <dd>{c.cert_no}</dd>
            <dt>{T.issuedAt}</dt>
            <dd>{chinaDate(c.issued_at)}</dd>
          </dl>
          <div className="h5-actions">
            {c.status !== 'revoked' && (
              <Button color="primary" loading={busy === c.id} onClick={() => void download(c)} aria-label={`${T.download} ${c.cert_no}`}>
                {T.download}
              </Button>
            )}
            <a className="h5-link" href={`/${org}/certVerify?code=${encodeURIComponent(c.verify_code)}`}>
              {T.verify}
            </a>
          </div>
        </section>
      ))}
    </H5Page>
  );
}
