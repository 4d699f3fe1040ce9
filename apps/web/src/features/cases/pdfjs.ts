import type { PDFDocumentProxy } from 'pdfjs-dist';

/**
 * pdf.js (pdfjs-dist) and its worker, loaded when a case's document is first shown: neither is
 * part of any page's first load (e2e/budgets.test.ts). `eval` stays off (the CSP allows none).
 */
export async function openPdf(url: string): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise;
}
