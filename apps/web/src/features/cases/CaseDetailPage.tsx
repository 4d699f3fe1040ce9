import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { SUPER_SCOPE, type CaseDetail } from '@huodong/domain';
import { api, useApiQuery } from '../../shared/api';
import { idFromQuery } from '../../shared/idFromQuery';
import { PagePanel } from '../../shared/PagePanel';
import { useScope } from '../../shared/session';
import { CaseSummary } from './CaseSummary';
import { PdfViewer } from './PdfViewer';

type Counts = { views: number; download: number };

/**
 * 案例详情 (`caseManage/pdfDetail?id=`, `pdfDetail?id=` for the platform's cases;
 * `adminCase/adminpdfDetail?id=`, `adminpdfDetail?id=` for the organisation's): the case and its
 * document, opened from the list's 查看. Opening it counts the administrator's view (once a day).
 */
export default function CaseDetailPage() {
  const { scope } = useScope();
  const [params] = useSearchParams();
  const id = idFromQuery(params.get('id')) ?? 0;
  const base = scope === SUPER_SCOPE ? `/v1/readingCase/case/${id}` : `/v1/${scope}/readingCase/case/${id}`;
  const q = useApiQuery<CaseDetail>(['readingCase', scope, id], id ? `${base}/detail` : null);
  const [counts, setCounts] = useState<Counts | null>(null);
  useEffect(() => {
    if (!q.data) return;
    void api.post<Counts>(`${base}/view`, undefined, { silent: true }).then(setCounts, () => undefined);
  }, [q.data, base]);
  if (!q.data) return <PagePanel>{q.isPending ? <Spin /> : null}</PagePanel>;
  const download = () => void api.post<Counts>(`${base}/download`, undefined, { silent: true }).then(setCounts, () => undefined);
  return (
    <PagePanel testId="case-detail">
      <CaseSummary item={q.data} counts={counts ?? q.data} onDownload={download} />
      <PdfViewer url={q.data.address} />
    </PagePanel>
  );
}
