import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Spin } from 'antd';
import type { CaseDetail, CaseSource } from '@huodong/domain';
import { useScope } from '../../shared/useScope';
import { idFromQuery } from '../../shared/idFromQuery';
import { CaseSummary } from './CaseSummary';
import { PdfViewer } from './PdfViewer';
import * as T from './texts';

type Counts = { views: number; download: number };

/** The envelope's data of a login-free call, or its message. */
async function call<D>(url: string, body?: unknown): Promise<D> {
  const res = await fetch(url, body ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {});
  const env = (await res.json().catch(() => null)) as { code: number; message: string; data: D } | null;
  if (!res.ok || env?.code !== 200) throw new Error(env?.message ?? T.NO_CASE);
  return env.data;
}

/**
 * 阅读推广详情 without sign-in (spec §2): `/{org}/readPromotion/pdfDetail?id=` shows an enabled
 * case of the organisation, `/{org}/readPromotion/adminPdfDetail?id=` an enabled case of the
 * platform; the reader's view and download are counted once a day by their address.
 */
export function ReadPromotionPage({ source }: { source: CaseSource }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id'));
  const [item, setItem] = useState<CaseDetail | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState('');
  const count = (type: 'view' | 'download') =>
    call<Counts>(`/v1/${org}/readingCase/add/count`, { id, type, source }).then(setCounts, () => undefined);

  useEffect(() => {
    if (!id) return setError(T.NO_CASE);
    call<CaseDetail>(`/v1/${org}/readingCase/detail/${id}?source=${source}`).then(
      (c) => {
        setItem(c);
        document.title = `${c.title} - ${T.PROMOTION_TITLE}`;
        void count('view');
      },
      (e: Error) => setError(e.message),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [org, id, source]);

  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 16 }}>
      <Card>
        <h1 style={{ fontSize: 22, marginTop: 0 }}>{item?.title ?? T.PROMOTION_TITLE}</h1>
        {error && <Alert type="error" showIcon message={error} />}
        {!item && !error && <Spin />}
        {item && (
          <>
            <CaseSummary item={item} counts={counts ?? item} onDownload={() => void count('download')} />
            <PdfViewer url={item.address} />
          </>
        )}
      </Card>
    </main>
  );
}

export const OrgCasePage = () => <ReadPromotionPage source="org" />;
export const PlatformCasePage = () => <ReadPromotionPage source="platform" />;
