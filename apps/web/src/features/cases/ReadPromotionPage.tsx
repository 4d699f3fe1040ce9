import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Spin } from 'antd';
import type { CaseSource } from '@huodong/domain';
import { useScope } from '../../shared/useScope';
import { idFromQuery } from '../../shared/idFromQuery';
import { CaseSummary } from './CaseSummary';
import { PdfViewer } from './PdfViewer';
import { usePublicCase } from './publicCall';
import * as T from './texts';

/**
 * 阅读推广详情 without sign-in (spec §2): `/{org}/readPromotion/pdfDetail?id=` shows an enabled
 * case of the organisation, `/{org}/readPromotion/adminPdfDetail?id=` an enabled case of the
 * platform; the reader's view and download are counted once a day by their address.
 */
export function ReadPromotionPage({ source }: { source: CaseSource }) {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const { item, counts, error, download } = usePublicCase(org, idFromQuery(params.get('id')), source);
  useEffect(() => {
    if (item) document.title = `${item.title} - ${T.PROMOTION_TITLE}`;
  }, [item]);

  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 16 }}>
      <Card>
        <h1 style={{ fontSize: 22, marginTop: 0 }}>{item?.title ?? T.PROMOTION_TITLE}</h1>
        {error && <Alert type="error" showIcon message={error} />}
        {!item && !error && <Spin />}
        {item && counts && (
          <>
            <CaseSummary item={item} counts={counts} onDownload={download} />
            <PdfViewer url={item.address} />
          </>
        )}
      </Card>
    </main>
  );
}

export const OrgCasePage = () => <ReadPromotionPage source="org" />;
export const PlatformCasePage = () => <ReadPromotionPage source="platform" />;
