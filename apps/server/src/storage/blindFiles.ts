import { PassThrough } from 'node:stream';
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { buffer } from 'node:stream/consumers';

/**
 * What an expert downloads under blind review (design §2c "strip names from file names, document
 * metadata and EXIF"): a PDF without its document information and XMP metadata, an Office file
 * (docx, xlsx, pptx) without the author, company, last editor and comment authors of its parts.
 * Pictures are re-encoded elsewhere (kinds/judging/expertRoutes.ts, sharp writes no metadata).
 */

/** A file blind review cannot clean (a PDF or Office file that does not parse, an encrypted one). */
export class NotCleanable extends Error {}

/**
 * A PDF rewritten without identity: the trailer's document information emptied (title, author,
 * subject, keywords, creator, producer, dates, custom keys), every XMP metadata stream (the
 * catalog's and any page's or image's) removed from the file, and the older revisions an
 * incremental save kept left out (pdf-lib writes the current objects only). Encrypted or broken
 * files are NotCleanable.
 */
async function stripPdf(bytes: Uint8Array): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    throw new NotCleanable((err as Error).message);
  }
  const { context } = doc;
  // The document information: a fresh, empty dictionary (custom keys such as a company go too).
  const info = context.trailerInfo.Info;
  if (info instanceof PDFRef) context.delete(info);
  context.trailerInfo.Info = context.register(context.obj({}));
  // XMP metadata streams, wherever they hang (catalog, pages, images, fonts), and the keys naming them.
  const metadata = PDFName.of('Metadata');
  const pieceInfo = PDFName.of('PieceInfo');
  for (const [ref, obj] of context.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    if (dict.get(PDFName.of('Type')) === metadata) {
      context.delete(ref);
      continue;
    }
    dict.delete(metadata);
    dict.delete(pieceInfo);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
/** docProps/core.xml with nothing in it: no creator, last editor, title, subject, keywords, dates or revision. */
const EMPTY_CORE =
  `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"></cp:coreProperties>';
/** docProps/custom.xml emptied (custom properties often carry a name, a department, a client). */
const EMPTY_CUSTOM =
  `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" ` +
  'xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"></Properties>';
/** app.xml elements that name a person, an organisation or a path (a template under C:\Users\name). */
const APP_IDENTITY = /<(Company|Manager|Template|HyperlinkBase)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g;
/** Attributes naming the author of a comment, a tracked change or a person (Word, Excel, PowerPoint). */
const AUTHOR_ATTRS = /\b((?:\w+:)?(?:author|initials|userId|providerId|displayName))="[^"]*"/g;
/** Elements holding an author's name (Excel's comment authors). */
const AUTHOR_ELEMENTS = /<((?:\w+:)?author)>[^<]*<\/\1>/g;
/** Parts that carry people: the document bodies (tracked changes), comments, people and comment authors. */
const PEOPLE_PARTS = /^(word\/(document|comments\w*|people|footnotes|endnotes|header\d*|footer\d*)\.xml|xl\/(comments\d*|persons\/person|threadedComments\/\w+)\.xml|ppt\/(commentAuthors|authors|comments\/\w+)\.xml)$/i;

/** PowerPoint's lists of comment authors, where a person's name is the `name` attribute. */
const AUTHOR_LISTS = /^ppt\/(commentAuthors|authors)\.xml$/i;

/** The new text of an Office part, or null to keep it as it is. */
function cleanPart(name: string, text: () => string): string | null {
  if (name === 'docProps/core.xml') return EMPTY_CORE;
  if (name === 'docProps/custom.xml') return EMPTY_CUSTOM;
  if (name === 'docProps/app.xml') return text().replace(APP_IDENTITY, '');
  if (AUTHOR_LISTS.test(name)) return text().replace(AUTHOR_ATTRS, '$1=""').replace(/\bname="[^"]*"/g, 'name=""');
  if (PEOPLE_PARTS.test(name)) return text().replace(AUTHOR_ATTRS, '$1=""').replace(AUTHOR_ELEMENTS, '<$1></$1>');
  return null;
}

/**
 * An Office Open XML file (docx, xlsx, pptx) rewritten part by part, in its order: the core and
 * custom properties emptied, the company, manager and template dropped from app.xml, and the
 * author attributes of comments, tracked changes and people blanked. Every other part is copied
 * unchanged. An encrypted or broken package is NotCleanable.
 */
async function stripOffice(bytes: Buffer): Promise<Buffer> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  } catch (err) {
    throw new NotCleanable((err as Error).message);
  }
  const out = new yazl.ZipFile();
  const result = buffer(out.outputStream.pipe(new PassThrough()));
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted() || !entry.canDecodeFileData()) throw new NotCleanable(`encrypted part ${entry.fileName}`);
      const data = await buffer(await zip.openReadStreamPromise(entry));
      const cleaned = cleanPart(entry.fileName, () => data.toString('utf8'));
      const mtime = new Date(Date.UTC(2000, 0, 1));
      out.addBuffer(cleaned === null ? data : Buffer.from(cleaned, 'utf8'), entry.fileName, { mtime, compress: entry.compressionMethod !== 0 });
    }
  } catch (err) {
    throw err instanceof NotCleanable ? err : new NotCleanable((err as Error).message);
  }
  out.end();
  return result;
}

export const OFFICE_EXTS = new Set(['docx', 'xlsx', 'pptx']);

/** The bytes an expert receives of a document under blind review, or null when the type carries no metadata we strip. */
export async function blindDocument(ext: string, bytes: Buffer): Promise<Buffer | null> {
  if (ext === 'pdf') return stripPdf(bytes);
  if (OFFICE_EXTS.has(ext)) return stripOffice(bytes);
  return null;
}
