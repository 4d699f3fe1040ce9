import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedCjkFont } from '../pdf/page.js';

/**
 * The document of a demo reading case: an A4 PDF of a few pages (title page, then one page per
 * section with its paragraphs), its Chinese set in the Noto CJK face the certificates use.
 */
export interface CaseDocument {
  title: string;
  org: string;
  sections: { heading: string; paragraphs: string[] }[];
}

const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 64;
const INK = rgb(0.13, 0.13, 0.13);
const ACCENT = rgb(0.11, 0.29, 0.47);

/** `text` broken into lines that fit `width` at `size` (CJK text breaks between any two characters). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const ch of text) {
    if (line && font.widthOfTextAtSize(line + ch, size) > width) {
      out.push(line);
      line = '';
    }
    line += ch;
  }
  if (line) out.push(line);
  return out;
}

function footer(page: PDFPage, font: PDFFont, n: number, total: number) {
  const text = `${n} / ${total}`;
  page.drawText(text, { x: (A4.w - font.widthOfTextAtSize(text, 10)) / 2, y: 36, size: 10, font, color: INK });
}

/** The pages of one document, drawn into `pdf` with `font`: title page, then a page per section. */
function drawDocument(pdf: PDFDocument, font: PDFFont, doc: CaseDocument): PDFPage[] {
  const width = A4.w - MARGIN * 2;
  const cover = pdf.addPage([A4.w, A4.h]);
  cover.drawRectangle({ x: 0, y: A4.h - 300, width: A4.w, height: 300, color: ACCENT });
  wrap(font, doc.title, 30, width).forEach((l, i) => cover.drawText(l, { x: MARGIN, y: A4.h - 140 - i * 42, size: 30, font, color: rgb(1, 1, 1) }));
  cover.drawText(doc.org, { x: MARGIN, y: A4.h - 360, size: 16, font, color: INK });
  cover.drawText('阅读推广案例', { x: MARGIN, y: A4.h - 390, size: 14, font, color: ACCENT });
  const pages = [cover];
  for (const section of doc.sections) {
    const page = pdf.addPage([A4.w, A4.h]);
    let y = A4.h - MARGIN - 22;
    page.drawText(section.heading, { x: MARGIN, y, size: 22, font, color: ACCENT });
    y -= 40;
    for (const p of section.paragraphs) {
      for (const l of wrap(font, `　　${p}`, 13, width)) {
        if (y < 70) break;
        page.drawText(l, { x: MARGIN, y, size: 13, font, color: INK });
        y -= 22;
      }
      y -= 10;
    }
    pages.push(page);
  }
  pages.forEach((p, i) => footer(p, font, i + 1, pages.length));
  return pages;
}

/**
 * The documents, each its own PDF. Subsetting the CJK face is what costs (a few hundred ms a
 * time), so every document is drawn into one scratch PDF with one embedded subset, and each
 * document's pages are then copied out into a PDF of its own, with that subset.
 */
export async function casePdfs(docs: CaseDocument[]): Promise<Buffer[]> {
  if (docs.length === 0) return [];
  const scratch = await PDFDocument.create();
  const font = await embedCjkFont(scratch, 'sans');
  const drawn = docs.map((d) => drawDocument(scratch, font, d));
  // The font is written (subset) when the scratch document is saved: load it back to copy from.
  const source = await PDFDocument.load(await scratch.save({ useObjectStreams: false }));
  const out: Buffer[] = [];
  let first = 0;
  for (const [i, doc] of docs.entries()) {
    const pdf = await PDFDocument.create();
    pdf.setTitle(doc.title);
    pdf.setCreator('huodong');
    const indices = drawn[i].map((_, k) => first + k);
    first += drawn[i].length;
    for (const page of await pdf.copyPages(source, indices)) pdf.addPage(page);
    out.push(Buffer.from(await pdf.save({ useObjectStreams: false })));
  }
  return out;
}
