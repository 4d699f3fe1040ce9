import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { excelSafeCell } from '@huodong/domain';

/**
 * The app's one spreadsheet writer: an .xlsx streamed row by row (the sheet XML is produced while
 * the zip is sent), so an export of a million rows keeps memory flat. Text cells are inline
 * strings; a text that a spreadsheet would run as a formula (= + - @ tab CR) gets a leading
 * apostrophe (`excelSafeCell`); numbers stay numbers.
 */
export type Cell = string | number | null | undefined;

// XML 1.0 has no place for most control characters; they are dropped.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const escapeXml = (s: string) =>
  s.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A1-style column letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function rowXml(cells: readonly Cell[], r: number): string {
  let xml = `<row r="${r}">`;
  cells.forEach((value, i) => {
    if (value === null || value === undefined || value === '') return;
    const ref = `${columnName(i)}${r}`;
    if (typeof value === 'number' && Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`;
    else xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(excelSafeCell(String(value))))}</t></is></c>`;
  });
  return xml + '</row>';
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs></styleSheet>`;
const workbookXml = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetNameOf = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** One sheet: a header row, then every row the source yields (in batches), as an .xlsx stream. */
export function xlsxStream(sheetName: string, headers: readonly string[], rows: AsyncIterable<readonly Cell[][]>): Readable {
  const zip = new yazl.ZipFile();
  const fixedTime = new Date(0);
  const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text), name, { mtime: fixedTime });
  add('[Content_Types].xml', CONTENT_TYPES);
  add('_rels/.rels', ROOT_RELS);
  add('xl/workbook.xml', workbookXml(sheetNameOf(sheetName)));
  add('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  add('xl/styles.xml', STYLES);
  async function* sheet() {
    yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
    yield rowXml(headers, 1);
    let r = 1;
    for await (const batch of rows) {
      let chunk = '';
      for (const cells of batch) chunk += rowXml(cells, ++r);
      yield chunk;
    }
    yield '</sheetData></worksheet>';
  }
  zip.addReadStream(Readable.from(sheet()), 'xl/worksheets/sheet1.xml', { mtime: fixedTime });
  zip.end();
  return zip.outputStream as Readable;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `Content-Disposition` of a download named in Chinese (RFC 5987), with an ASCII fallback. */
export const attachment = (name: string, fallback = 'export.xlsx') => `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** An activity's download: the sheet `title`, named `{title}_{activity title}.xlsx`, never cached. */
export const sendXlsx = (reply: FastifyReply, title: string, act: { title: string }, headers: string[], rows: AsyncIterable<Cell[][]>) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('cache-control', 'no-store')
    .header('content-disposition', attachment(`${title}_${act.title}.xlsx`))
    .send(xlsxStream(title, headers, rows));
