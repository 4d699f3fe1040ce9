import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { CASE_CATEGORIES, chinaDateTime, type CaseDetail, type CaseSource } from '@huodong/domain';
import * as C from '../../../features/cases/texts';
import { PdfPage, scrollToPage, usePdfDocument, zoomStepsWith } from '../../../features/cases/pdfPages';
import { usePublicCase } from '../../../features/cases/publicCall';
import { useReaderSession } from '../../reader';
import { H5Page, WriteOutcome } from '../../H5Page';
import { CASES_TEXTS as T } from './texts';
import './cases.css';

/**
 * One reading case in the reader app: the case's fields with its counters and download, and its
 * PDF read page by page with pdf.js (the web's page drawing, features/cases/pdfPages.tsx, loaded
 * with this page only; the controls in antd-mobile, no antd), starting with the page as wide as the phone's screen.
 * A view and a download are counted as on the public page. Open without a reader's sign-in (the
 * shell lets it in), as spec §2's readPromotion pages are.
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
        <div className="h5-panel h5-case">
          <Summary item={item} counts={counts} onDownload={download} />
          <Reader url={item.address} />
        </div>
      )}
    </H5Page>
  );
}

/** A case of the platform's (`readPromotion/adminPdfDetail?id=`). */
export const PlatformCasePage = () => <CasePage source="platform" />;

function Summary({ item, counts, onDownload }: { item: CaseDetail; counts: { views: number; download: number }; onDownload: () => void }) {
  return (
    <>
      {item.cover && <img className="h5-case-cover" src={item.cover} alt={item.title} />}
      <dl className="h5-facts">
        <dt>{C.CATEGORY}</dt>
        <dd>
          {CASE_CATEGORIES[item.category] ?? ''}
          {item.is_rec === 1 && <span className="h5-case-rec">{C.RECOMMENDED}</span>}
        </dd>
        <dt>{C.ORIGINATION}</dt>
        <dd>{item.origination || item.org_name || '—'}</dd>
        <dt>{C.AWARD}</dt>
        <dd>{item.awardSituation || '—'}</dd>
        <dt>{C.CREATED}</dt>
        <dd>{chinaDateTime(item.created_at)}</dd>
        <dt>{C.VIEWS}</dt>
        <dd data-testid="case-views">{counts.views}</dd>
        <dt>{C.DOWNLOADS}</dt>
        <dd data-testid="case-downloads">{counts.download}</dd>
      </dl>
      {item.profile && <p>{item.profile}</p>}
      <div className="h5-actions">
        <a className="h5-link" href={item.address} download={`${item.title}.pdf`} onClick={onDownload}>
          {C.DOWNLOAD}
        </a>
        {item.certificate && <img src={item.certificate} alt={C.CERTIFICATE} width={80} />}
      </div>
    </>
  );
}

/** The PDF with zoom steps (opening at the column's width), a jump to a page number and the page in view. */
function Reader({ url }: { url: string }) {
  const { doc, size, error } = usePdfDocument(url);
  // The column's width, measured once it is laid out: the page opens as wide as it.
  const [width, setWidth] = useState(0);
  const measure = useCallback((el: HTMLDivElement | null) => {
    if (el) setWidth((w) => w || el.clientWidth);
  }, []);
  // The zoom the buttons chose; none: fitted to the width.
  const [chosen, setChosen] = useState<number | null>(null);
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState('1');
  if (error) return <WriteOutcome failure={error} />;
  if (!doc || !size) return <p className="h5-muted">{C.LOADING}</p>;
  const fit = width ? width / size.w : 1;
  const steps = zoomStepsWith(fit);
  const zoom = chosen ?? fit;
  const at = steps.indexOf(zoom);
  const jump = () => {
    const n = Number(target);
    if (!n) return;
    const page = scrollToPage(doc, n);
    setCurrent(page);
    setTarget(String(page));
  };
  return (
    <div data-testid="pdf-viewer" ref={measure}>
      <div className="h5-pdf-bar">
        <Button aria-label={C.ZOOM_OUT} disabled={at <= 0} onClick={() => setChosen(steps[at - 1])}>
          −
        </Button>
        <span aria-label={C.ZOOM} data-testid="pdf-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <Button aria-label={C.ZOOM_IN} disabled={at === steps.length - 1} onClick={() => setChosen(steps[at + 1])}>
          +
        </Button>
        <input className="h5-input" aria-label={C.PAGE_NUMBER} type="number" inputMode="numeric" min={1} max={doc.numPages} value={target} onChange={(e) => setTarget(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && jump()} />
        <Button onClick={jump}>{C.GO}</Button>
        <span data-testid="pdf-current">{C.pageOf(current, doc.numPages)}</span>
      </div>
      <div className="h5-pdf-pages">
        {width > 0 && Array.from({ length: doc.numPages }, (_, i) => (
          <PdfPage key={i + 1} doc={doc} n={i + 1} zoom={zoom} size={size} shadow="0 1px 4px rgba(0, 0, 0, 0.12)" onShown={setCurrent} />
        ))}
      </div>
    </div>
  );
}
