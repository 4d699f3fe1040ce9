import { useParams, useSearchParams } from 'react-router';
import type { CaseSource } from '@huodong/domain';
import { ConfigProvider } from 'antd';
import { antdConfig } from '../../../app/theme';
import { CaseSummary } from '../../../features/cases/CaseSummary';
import { PdfViewer } from '../../../features/cases/PdfViewer';
import { usePublicCase } from '../../../features/cases/publicCall';
import { useReaderSession } from '../../reader';
import { H5Page } from '../../H5Page';
import { CASES_TEXTS as T } from './texts';
import './cases.css';

/**
 * One reading case in the reader app: the case's fields with its counters and download (the web's
 * CaseSummary) and its PDF read page by page with pdf.js (the web's PdfViewer, loaded with this
 * page only; antd in the back office's theme, as the sign-in), starting at half size to fit a phone. A view and a download are counted as on the
 * public page. Open without a reader's sign-in (the shell lets it in), as spec §2's readPromotion pages are.
 */
export function CasePage({ source = 'org' }: { source?: CaseSource }) {
  const { org } = useReaderSession();
  const [query] = useSearchParams();
  // `cases/:id`, or the spec's `readPromotion/pdfDetail?id=` (redirected here)
  const id = Number(useParams().id ?? query.get('id')) || null;
  const { item, counts, error, download } = usePublicCase(org, id, source);
  return (
    <H5Page title={item?.title ?? T.cases} testId="h5-case" error={error} loading={!item}>
      {item && counts && (
        <ConfigProvider {...antdConfig}>
          <div className="h5-panel h5-case">
            <CaseSummary item={item} counts={counts} onDownload={download} />
            <PdfViewer url={item.address} zoom={0.5} />
          </div>
        </ConfigProvider>
      )}
    </H5Page>
  );
}

/** A case of the platform's (`readPromotion/adminPdfDetail?id=`). */
export const PlatformCasePage = () => <CasePage source="platform" />;
