import { useState } from 'react';
import { Alert, Button, Flex, InputNumber, Space, Spin, Typography, theme } from 'antd';
import { PdfPage, scrollToPage, usePdfDocument, ZOOMS } from './pdfPages';
import * as T from './texts';

/**
 * A PDF shown in the browser with pdf.js (spec §2 pdfDetail): page by page, each page drawn only
 * when it comes near the visible area (and again at a new zoom, pdfPages.tsx), with zoom steps and
 * a jump to a page number, in antd. Until a page is drawn it holds its place at the first page's size.
 */
export function PdfViewer({ url, zoom: firstZoom = 1 }: { url: string; /** The first zoom step (a phone: 0.5). */ zoom?: number }) {
  const { doc, size, error } = usePdfDocument(url);
  const { token } = theme.useToken();
  const [zoomAt, setZoomAt] = useState(Math.max(0, ZOOMS.indexOf(firstZoom)));
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState<number | null>(1);
  const zoom = ZOOMS[zoomAt];

  const jump = (n: number | null) => {
    if (!doc || !n) return;
    const page = scrollToPage(doc, n);
    setCurrent(page);
    setTarget(page);
  };

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!doc || !size) return <Spin tip={T.LOADING}><div style={{ minHeight: 200 }} /></Spin>;
  return (
    <div data-testid="pdf-viewer">
      <Flex gap={12} wrap align="center" style={{ position: 'sticky', top: 0, zIndex: 2, padding: '8px 0', background: 'inherit' }}>
        <Space.Compact>
          <Button aria-label={T.ZOOM_OUT} disabled={zoomAt === 0} onClick={() => setZoomAt((z) => z - 1)}>
            −
          </Button>
          <Button aria-label={T.ZOOM} tabIndex={-1} style={{ minWidth: 64, pointerEvents: 'none' }}>
            <span data-testid="pdf-zoom">{Math.round(zoom * 100)}%</span>
          </Button>
          <Button aria-label={T.ZOOM_IN} disabled={zoomAt === ZOOMS.length - 1} onClick={() => setZoomAt((z) => z + 1)}>
            +
          </Button>
        </Space.Compact>
        <Space.Compact>
          <InputNumber aria-label={T.PAGE_NUMBER} min={1} max={doc.numPages} precision={0} value={target} onChange={setTarget} onPressEnter={() => jump(target)} style={{ width: 90 }} />
          <Button onClick={() => jump(target)}>{T.GO}</Button>
        </Space.Compact>
        <Typography.Text data-testid="pdf-current">{T.pageOf(current, doc.numPages)}</Typography.Text>
      </Flex>
      <Flex vertical align="center" gap={12} style={{ overflowX: 'auto', padding: '8px 0' }}>
        {Array.from({ length: doc.numPages }, (_, i) => (
          <PdfPage key={i + 1} doc={doc} n={i + 1} zoom={zoom} size={size} shadow={token.boxShadowTertiary} onShown={setCurrent} />
        ))}
      </Flex>
    </div>
  );
}
