import * as XLSX from '@e965/xlsx';
import { USER_IMPORTS, helperPageCell, importTemplate, importTemplateLegends, validateImport, type ImportResult, type UserImportId } from '@huodong/domain';

/**
 * Reading spreadsheets, shared by the Web Worker (parse.worker.ts) and the benchmark, so what is
 * measured is what the browser runs. Pure apart from SheetJS; no DOM.
 */

/** The first sheet of an .xlsx or .xls file. */
function firstSheet(data: ArrayBuffer | Uint8Array): XLSX.WorkSheet {
  const book = XLSX.read(data, { type: 'array', dense: true });
  const name = book.SheetNames[0];
  if (!name) throw new Error('no sheet');
  return book.Sheets[name];
}

/**
 * Read and validate an import file: SheetJS rows keyed by header (with their hidden row numbers),
 * then the domain's import rules (validateImport), exactly as the server re-checks them.
 */
export function validateWorkbook(data: ArrayBuffer | Uint8Array, kind: UserImportId, orgId: number): ImportResult<Record<string, unknown>> {
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(firstSheet(data), { raw: true });
  return validateImport(USER_IMPORTS[kind] as never, 'sheet', rows, orgId) as ImportResult<Record<string, unknown>>;
}

export interface SheetTable {
  /** Header row (first row), blank headers named 列N. */
  headers: string[];
  /** Data rows, as many cells as headers, each cell as the helper page hands it on. */
  rows: string[][];
}

/** Every row of the first sheet for the uploadMore helper page (spec §5: quotes and line breaks replaced). */
export function readTable(data: ArrayBuffer | Uint8Array): SheetTable {
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(firstSheet(data), { header: 1, raw: false, defval: '', blankrows: false });
  const width = aoa.reduce((w, r) => Math.max(w, r.length), 0);
  const text = (v: unknown) => String(helperPageCell(v ?? ''));
  const headers = Array.from({ length: width }, (_, i) => text(aoa[0]?.[i]) || `列${i + 1}`);
  const rows = aoa.slice(1).map((r) => Array.from({ length: width }, (_, i) => text(r[i])));
  return { headers, rows };
}

/** An .xlsx or .csv file of a table (uploadMore export). */
export function writeTable(table: SheetTable, format: 'xlsx' | 'csv'): Uint8Array | string {
  const sheet = XLSX.utils.aoa_to_sheet([table.headers, ...table.rows]);
  if (format === 'csv') return XLSX.utils.sheet_to_csv(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** The template of an import (下载模板): the header row and the hint row, then the domain's legend sheets (身份类别说明). */
export function templateWorkbook(kind: UserImportId): Uint8Array {
  const { headers, hintRow } = importTemplate(USER_IMPORTS[kind].kind as never);
  const sheet = XLSX.utils.aoa_to_sheet([headers, hintRow]);
  sheet['!cols'] = headers.map((h) => ({ wch: Math.max(12, h.length * 2 + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  for (const legend of importTemplateLegends(USER_IMPORTS[kind].kind as never)) {
    const extra = XLSX.utils.aoa_to_sheet(legend.rows);
    extra['!cols'] = [{ wch: 10 }, { wch: 16 }];
    XLSX.utils.book_append_sheet(book, extra, legend.name);
  }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

/** The first sheet's rows keyed by header text, cells as shown, each with `_row`: the row number the user sees (question import). */
export function readKeyedRows(data: ArrayBuffer | Uint8Array): Record<string, unknown>[] {
  const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(firstSheet(data), { raw: false, defval: '' });
  return rows.map((r, i) => ({ ...r, _row: ((r as { __rowNum__?: number }).__rowNum__ ?? i + 1) + 1 }));
}
