import { useParams } from 'react-router';
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
 * public page.
 */
export function CasePage() {
  const { org } = useReaderSession();
  const { item, counts, error, download } = usePublicCase(org, Number(useParams().id) || null, 'org');
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
