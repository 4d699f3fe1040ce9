import fs from 'node:fs';
import { EventEmitter } from 'node:events';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import * as fontkit from 'fontkit';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { CertElement, CertFieldKey } from '@huodong/domain';
import type { Storage } from '../storage/storage.js';
import { buffer } from 'node:stream/consumers';

/**
 * One PDF page laid out from positioned elements (a certificate, design §12b; a session's poster,
 * issue 23): the page in millimetres, its background image, and each element — text, a field of
 * the given values, the date, an image or seal, a QR code — at its position (x, y from the
 * top-left corner; `align` about x, or inside `width_mm` when given). Text is set in Noto CJK
 * (fonts-noto-cjk), embedded as a subset of the glyphs used, so every viewer shows the Chinese.
 */

const FONT_DIR = process.env.CJK_FONT_DIR ?? '/usr/share/fonts/opentype/noto';
/** The template's font names → a face of the Noto CJK collections (no 楷体 is installed: `kai` is set in the serif face). */
const FACES = {
  sans: { file: 'NotoSansCJK-Regular.ttc', name: 'NotoSansCJKsc-Regular' },
  serif: { file: 'NotoSerifCJK-Regular.ttc', name: 'NotoSerifCJKsc-Regular' },
  kai: { file: 'NotoSerifCJK-Regular.ttc', name: 'NotoSerifCJKsc-Regular' },
} as const;
type Face = keyof typeof FACES;

const fontBytes = new Map<string, Buffer>();
const bytesOf = (file: string) => {
  let b = fontBytes.get(file);
  if (!b) {
    b = fs.readFileSync(`${FONT_DIR}/${file}`);
    fontBytes.set(file, b);
  }
  return b;
};

/**
 * pdf-lib's fontkit slot filled with upstream fontkit 2 (the `@pdf-lib/fontkit` fork writes
 * broken subsets of CID-keyed CFF fonts such as Noto CJK: pdf-lib#1232): the face is picked out of
 * the collection by name, and the subset's `encode()` is offered as the stream pdf-lib reads.
 */
const fontkitFor = (face: Face) => ({
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes), FACES[face].name) as fontkit.Font & { createSubset(): { encode(): Uint8Array } };
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset() {
        const subset = createSubset() as { encode(): Uint8Array; encodeStream?: () => EventEmitter };
        subset.encodeStream = () => {
          const out = new EventEmitter();
          setImmediate(() => {
            try {
              out.emit('data', subset.encode());
              out.emit('end');
            } catch (err) {
              out.emit('error', err);
            }
          });
          return out;
        };
        return subset;
      },
    });
  },
});

/** A Noto CJK face embedded in `doc` as a subset of the glyphs used (a reading case's document, seed/casePdf.ts). */
export async function embedCjkFont(doc: PDFDocument, face: Face = 'sans'): Promise<PDFFont> {
  doc.registerFontkit(fontkitFor(face) as never);
  return doc.embedFont(bytesOf(FACES[face].file), { subset: true });
}

const MM = 72 / 25.4;
const hex = (c: string) => rgb(parseInt(c.slice(1, 3), 16) / 255, parseInt(c.slice(3, 5), 16) / 255, parseInt(c.slice(5, 7), 16) / 255);
const FILE_URL = /^\/v1\/files\/([A-Za-z0-9_./-]+)$/;

export interface RenderInput {
  /** The document's title (its metadata). */
  title: string;
  width_mm: number;
  height_mm: number;
  bg_image: string;
  elements: CertElement[];
  /** The values `field` and `date` elements show (a certificate's snapshot). */
  fields: Partial<Record<CertFieldKey, string>>;
  /** What the `qrcode` elements hold (a certificate's public verification address, a sign-in link). */
  verify_url: string;
}

async function imageOf(doc: PDFDocument, storage: Storage, url: string | undefined): Promise<PDFImage | null> {
  const key = url ? FILE_URL.exec(url)?.[1] : undefined;
  if (!key) return null;
  const obj = await storage.get(key);
  if (!obj) return null;
  // Any stored picture as PNG (keeps transparency for seals), without its metadata.
  return doc.embedPng(await sharp(await buffer(obj.body)).rotate().png().toBuffer());
}

/** Draw one line of text at (x, y from the top) with the element's alignment. */
function drawText(page: PDFPage, font: PDFFont, text: string, e: CertElement, pageHeight: number) {
  if (!text) return;
  const width = font.widthOfTextAtSize(text, e.size_pt);
  const boxX = e.x_mm * MM;
  const boxW = e.width_mm ? e.width_mm * MM : 0;
  let x = boxX;
  if (boxW) x = e.align === 'center' ? boxX + (boxW - width) / 2 : e.align === 'right' ? boxX + boxW - width : boxX;
  else x = e.align === 'center' ? boxX - width / 2 : e.align === 'right' ? boxX - width : boxX;
  page.drawText(text, { x, y: pageHeight - e.y_mm * MM - e.size_pt, size: e.size_pt, font, color: hex(e.color) });
}

/** The PDF bytes of one page. */
export async function renderPage(storage: Storage, input: RenderInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator('huodong');
  const pageW = input.width_mm * MM;
  const pageH = input.height_mm * MM;
  const page = doc.addPage([pageW, pageH]);
  const fonts = new Map<Face, PDFFont>();
  const fontOf = async (face: Face) => {
    let f = fonts.get(face);
    if (!f) {
      f = await embedCjkFont(doc, face);
      fonts.set(face, f);
    }
    return f;
  };

  const bg = await imageOf(doc, storage, input.bg_image);
  if (bg) page.drawImage(bg, { x: 0, y: 0, width: pageW, height: pageH });

  for (const e of input.elements) {
    if (e.type === 'text' || e.type === 'field' || e.type === 'date') {
      const text = e.type === 'text' ? (e.text ?? '') : e.type === 'date' ? (input.fields.issue_date ?? '') : (input.fields[e.field_key as CertFieldKey] ?? '');
      drawText(page, await fontOf(e.font as Face), text, e, pageH);
    } else if (e.type === 'image' || e.type === 'seal') {
      const img = await imageOf(doc, storage, e.image);
      if (!img) continue;
      const w = (e.width_mm ?? 40) * MM;
      const h = (w * img.height) / img.width;
      const x = e.align === 'center' ? e.x_mm * MM - w / 2 : e.align === 'right' ? e.x_mm * MM - w : e.x_mm * MM;
      page.drawImage(img, { x, y: pageH - e.y_mm * MM - h, width: w, height: h });
    } else if (e.type === 'qrcode') {
      const qr = QRCode.create(input.verify_url, { errorCorrectionLevel: 'M' });
      const n = qr.modules.size;
      const size = (e.width_mm ?? 25) * MM;
      const cell = size / (n + 2); // a quiet zone of one module each side
      const left = (e.align === 'center' ? e.x_mm * MM - size / 2 : e.align === 'right' ? e.x_mm * MM - size : e.x_mm * MM) + cell;
      const top = pageH - e.y_mm * MM - cell;
      page.drawRectangle({ x: left - cell, y: top - size + cell, width: size, height: size, color: rgb(1, 1, 1) });
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          if (qr.modules.get(row, col)) page.drawRectangle({ x: left + col * cell, y: top - (row + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
        }
      }
    }
  }
  // Plain cross-reference table: older viewers read it, and the font dictionaries stay readable.
  return doc.save({ useObjectStreams: false });
}
