import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from './pdfjs';
import * as T from './texts';

/**
 * A PDF drawn with pdf.js without any UI library: the document's loading and its pages, each drawn
 * only when it comes near the visible area (and again at a new zoom). The back office's viewer
 * (PdfViewer.tsx, antd) and the reader app's (src/h5, antd-mobile) put their own controls around it.
 */

/** Zoom steps (1 = the page at 72 dpi CSS size). */
export const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/**
 * The zoom steps with the one fitting a page into a column of its own (`fit`, the page as wide as a
 * phone's screen) among them: a step too near it gives way to it.
 */
export function zoomStepsWith(fit: number): number[] {
  return [...ZOOMS.filter((z) => Math.abs(z - fit) > 0.05), fit].sort((a, b) => a - b);
}

/** Pages this far below or above the visible area are drawn ahead of being scrolled to. */
const AHEAD = '300px 0px';

export interface PdfSize {
  w: number;
  h: number;
}

/** The document at `url` and its first page's size (every page holds that place until drawn), or the load's failure. */
export function usePdfDocument(url: string) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [size, setSize] = useState<PdfSize | null>(null);
  const [error, setError] = useState('');
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
  return { doc, size, error };
}

/** Scrolls to page `n` (kept within the document) and gives the page scrolled to. */
export function scrollToPage(doc: PDFDocumentProxy, n: number): number {
  const page = Math.min(Math.max(1, Math.round(n)), doc.numPages);
  document.getElementById(`pdf-page-${page}`)?.scrollIntoView({ block: 'start' });
  return page;
}

/** One page: a placeholder until it comes near the visible area, then drawn into a canvas at the zoom. */
export function PdfPage({ doc, n, zoom, size, shadow, onShown }: { doc: PDFDocumentProxy; n: number; zoom: number; size: PdfSize; shadow: string; onShown: (n: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [own, setOwn] = useState<PdfSize | null>(null);
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
      style={{ width, height, flex: 'none', background: '#fff', boxShadow: shadow, scrollMarginTop: 56 }}
    >
      <canvas ref={canvas} role="img" aria-label={T.pageLabel(n)} style={{ width, height, display: 'block' }} />
    </div>
  );
}
