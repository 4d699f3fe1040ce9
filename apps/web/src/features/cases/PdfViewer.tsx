import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, InputNumber, Space, Spin, Typography, theme } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from './pdfjs';
import * as T from './texts';

/** Zoom steps (1 = the page at 72 dpi CSS size). */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** Pages this far below or above the visible area are drawn ahead of being scrolled to. */
const AHEAD = '300px 0px';

interface Size {
  w: number;
  h: number;
}

/**
 * A PDF shown in the browser with pdf.js (spec §2 pdfDetail): page by page, each page drawn only
 * when it comes near the visible area (and again at a new zoom), with zoom steps and a jump to a
 * page number. Until a page is drawn it holds its place at the first page's size.
 */
export function PdfViewer({ url, zoom: firstZoom = 1 }: { url: string; /** The first zoom step (a phone: 0.5). */ zoom?: number }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [zoomAt, setZoomAt] = useState(Math.max(0, ZOOMS.indexOf(firstZoom)));
  const [current, setCurrent] = useState(1);
  const [target, setTarget] = useState<number | null>(1);
  const [error, setError] = useState('');
  const zoom = ZOOMS[zoomAt];

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setDoc(null);
    setError('');
    openPdf(url)
      .then(async (d) => {
        opened = d;
        const first = (await d.getPage(1)).getViewport({ scale: 1 });
        if (cancelled) return;
        setSize({ w: first.width, h: first.height });
        setDoc(d);
      })
      .catch(() => !cancelled && setError(T.LOAD_FAILED));
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);

  const jump = (n: number | null) => {
    if (!doc || !n) return;
    const page = Math.min(Math.max(1, Math.round(n)), doc.numPages);
    document.getElementById(`pdf-page-${page}`)?.scrollIntoView({ block: 'start' });
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
          <PdfPage key={i + 1} doc={doc} n={i + 1} zoom={zoom} size={size} onShown={setCurrent} />
        ))}
      </Flex>
    </div>
  );
}

/** One page: a placeholder until it comes near the visible area, then drawn into a canvas at the zoom. */
function PdfPage({ doc, n, zoom, size, onShown }: { doc: PDFDocumentProxy; n: number; zoom: number; size: Size; onShown: (n: number) => void }) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [own, setOwn] = useState<Size | null>(null);
  const [drawnAt, setDrawnAt] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ahead = new IntersectionObserver(([e]) => setNear(e.isIntersecting), { rootMargin: AHEAD });
    // The page holding the middle of the window is the current one.
    const middle = new IntersectionObserver(([e]) => e.isIntersecting && onShown(n), { rootMargin: '-50% 0px -50% 0px' });
    ahead.observe(el);
    middle.observe(el);
    return () => {
      ahead.disconnect();
      middle.disconnect();
    };
  }, [n, onShown]);

  useEffect(() => {
    if (!near || drawnAt === zoom || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    void (async () => {
      const page = await doc.getPage(n);
      if (cancelled || !canvas.current) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: zoom * ratio });
      const c = canvas.current;
      c.width = Math.floor(viewport.width);
      c.height = Math.floor(viewport.height);
      setOwn({ w: viewport.width / ratio / zoom, h: viewport.height / ratio / zoom });
      task = page.render({ canvas: c, canvasContext: c.getContext('2d')!, viewport });
      try {
        await task.promise;
        if (!cancelled) setDrawnAt(zoom);
      } catch {
        // cancelled by a new zoom or by leaving the page
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, zoom, drawnAt, doc, n]);

  const s = own ?? size;
  const width = s.w * zoom;
  const height = s.h * zoom;
  return (
    <div
      ref={box}
      id={`pdf-page-${n}`}
      data-testid="pdf-page"
      data-page={n}
      data-rendered={drawnAt === zoom ? 'true' : 'false'}
      style={{ width, height, flex: 'none', background: '#fff', boxShadow: token.boxShadowTertiary, scrollMarginTop: 56 }}
    >
      <canvas ref={canvas} role="img" aria-label={T.pageLabel(n)} style={{ width, height, display: 'block' }} />
    </div>
  );
}
