/**
 * Bulk import of user lists from spreadsheets (spec §3, §5, §8).
 *
 * Each import kind is declared once as data (headers, API keys, which fields
 * are required, how a cell is parsed). The browser validates the rows SheetJS
 * read (`validateImportSheet`, header-keyed); the server re-runs the very same
 * rules on the JSON it receives (`validateImportRows`, API-keyed). Both feed
 * one core, so a rule exists once.
 */
import { z } from 'zod';
import { IDENTITY_CATEGORIES, IDENTITY_MAX, IDENTITY_MIN, IMPORT_MAX_ROWS, SPREADSHEET_EXTENSIONS } from './constants.js';
import {
  CLASS_INVALID,
  ENROLLMENT_DATE_INVALID,
  GRADE_INVALID,
  IDENTITY_INVALID,
  IMPORT_EMPTY,
  SEX_HINT,
  SEX_INVALID,
  duplicateAccountMessage,
  duplicateColumnMessage,
  missingFieldMessage,
  rowPrefix,
  tooManyRowsMessage,
} from './messages.js';

// ---------------------------------------------------------------- cells

/** A cell as trimmed text; numbers keep their digits (2021001 → '2021001'). */
function cellText(v: unknown): string {
  return v === null || v === undefined ? '' : String(v).trim();
}
const isBlank = (v: unknown): boolean => cellText(v) === '';

// Parsers take the non-blank cell text and return the typed value, or
// undefined when the text is not acceptable.
type Parse = (text: string) => unknown;

const asText: Parse = (t) => t;
/** Organisation users: 0, 1 or 2 (numeric cell or numeric text). */
const asSexCode: Parse = (t) => (/^[012]$/.test(t) ? Number(t) : undefined);
/**
 * School students: 男/女 (spec). We also accept 未知 and the codes 0/1/2,
 * because the template's hint row — which must read '0-未知 1-男 2-女' to be
 * recognised — advertises them. A blank cell is handled as unknown (0).
 */
const STUDENT_SEX: Readonly<Record<string, number>> = { 未知: 0, 男: 1, 女: 2, '0': 0, '1': 1, '2': 2 };
const asSexWord: Parse = (t) => STUDENT_SEX[t];
const asIdentity: Parse = (t) => {
  if (!/^\d+$/.test(t)) return undefined; // rejects 1.5, -1, '一'
  const n = Number(t);
  return n >= IDENTITY_MIN && n <= IDENTITY_MAX ? n : undefined;
};
/** Grade and class: one digit 1..9, as the template header says. */
const asDigit: Parse = (t) => (/^[1-9]$/.test(t) ? Number(t) : undefined);
/** Enrollment year: four digits, kept as a string. */
const asYear: Parse = (t) => (/^\d{4}$/.test(t) ? t : undefined);

// ---------------------------------------------------------------- kinds

export interface ImportField {
  /** Header text in the spreadsheet. */
  header: string;
  /** API field name. */
  key: string;
  /** A blank cell yields 第N行: 用户缺少X字段的信息. */
  required: boolean;
  parse: Parse;
  /** Message when parse rejects the cell (text fields never reject). */
  invalid?: string;
  /** Value of a blank, non-required cell. */
  blankValue?: unknown;
  /** Checked only when the file has this column; then a blank cell is invalid. */
  onlyIfColumn?: boolean;
  /** Hint-row text in the downloadable template; absent = not in the template. */
  hint?: string;
}

export interface ImportKind<Row> {
  id: 'org_user' | 'student';
  fields: readonly ImportField[];
  /** API key of the 学号 column, unique within one file. */
  uniqueKey: string;
  /** Shape of a validated row (also the upload payload after validation). */
  rowSchema: z.ZodType<Row>;
}

const sexSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const identitySchema = z.number().int().min(IDENTITY_MIN).max(IDENTITY_MAX);
const required = z.string().min(1);
/** Spreadsheet row number the user sees (header is row 1). */
const rowNumberSchema = z.number().int().min(2);

export const orgUserImportRowSchema = z.object({
  academic_num: required,
  real_name: required,
  sex: sexSchema,
  department: required,
  identity: identitySchema,
  org_id: z.number().int(),
  _row: rowNumberSchema,
});
export type OrgUserImportRow = z.infer<typeof orgUserImportRowSchema>;

export const studentImportRowSchema = z.object({
  name: required,
  account: required,
  sex: sexSchema,
  grade: z.number().int().min(1).max(9),
  class: z.number().int().min(1).max(9),
  enrollment_date: z.string().regex(/^\d{4}$/),
  school_name: required,
  identity: identitySchema.optional(),
  org_id: z.number().int(),
  _row: rowNumberSchema,
});
export type StudentImportRow = z.infer<typeof studentImportRowSchema>;

export type ImportedRow = OrgUserImportRow | StudentImportRow;

/** The template's second sheet, listing what each 身份类别 number means. */
export const IDENTITY_SHEET = '身份类别说明';
export const IDENTITY_SHEET_HEADERS = ['身份类别', '含义'] as const;

const identityField = (onlyIfColumn: boolean): ImportField => ({
  header: '身份类别',
  key: 'identity',
  required: !onlyIfColumn,
  parse: asIdentity,
  invalid: IDENTITY_INVALID,
  onlyIfColumn,
  hint: onlyIfColumn ? undefined : `填写1-14的数字，含义见“${IDENTITY_SHEET}”表`,
});

/** Organisation users: every column required. */
export const ORG_USER_IMPORT: ImportKind<OrgUserImportRow> = {
  id: 'org_user',
  uniqueKey: 'academic_num',
  rowSchema: orgUserImportRowSchema,
  fields: [
    { header: '学号', key: 'academic_num', required: true, parse: asText, hint: '请使用文本格式' },
    { header: '真实姓名', key: 'real_name', required: true, parse: asText, hint: '如：张三' },
    { header: '性别', key: 'sex', required: true, parse: asSexCode, invalid: SEX_INVALID, hint: SEX_HINT },
    { header: '院系/专业', key: 'department', required: true, parse: asText, hint: '如：计算机学院' },
    identityField(false),
  ],
};

/**
 * School students: every template column is required except 性别 (blank
 * means unknown); 身份类别 is not in the template and is checked only when
 * a file has that column. See docs/decisions.md.
 */
export const STUDENT_IMPORT: ImportKind<StudentImportRow> = {
  id: 'student',
  uniqueKey: 'account',
  rowSchema: studentImportRowSchema,
  fields: [
    { header: '姓名', key: 'name', required: true, parse: asText, hint: '如：张三' },
    { header: '学号（文本格式）', key: 'account', required: true, parse: asText, hint: '请使用文本格式' },
    { header: '性别', key: 'sex', required: false, parse: asSexWord, invalid: SEX_INVALID, blankValue: 0, hint: SEX_HINT },
    { header: '年级（1位数字）', key: 'grade', required: true, parse: asDigit, invalid: GRADE_INVALID, hint: '如：3' },
    { header: '班级（1位数字）', key: 'class', required: true, parse: asDigit, invalid: CLASS_INVALID, hint: '如：2' },
    { header: '入学时间（四位数字）', key: 'enrollment_date', required: true, parse: asYear, invalid: ENROLLMENT_DATE_INVALID, hint: '如：2023' },
    { header: '学校名称', key: 'school_name', required: true, parse: asText, hint: '如：第一实验小学' },
    identityField(true),
  ],
};

export const IMPORT_KINDS = { org_user: ORG_USER_IMPORT, student: STUDENT_IMPORT } as const;

/**
 * Server payload rows before validation: API-keyed cells as JSON gives them,
 * plus the optional spreadsheet row number `_row`. Parse the body with this,
 * then run validateImportRows for the business rules and messages.
 */
function payloadSchema(kind: ImportKind<unknown>) {
  const cell = z.union([z.string(), z.number(), z.null()]).optional();
  const shape: Record<string, typeof cell> = {};
  for (const f of kind.fields) shape[f.key] = cell;
  const row = z.object(shape).extend({ _row: z.number().int().positive().optional() });
  return z.array(row).max(IMPORT_MAX_ROWS);
}
export const importRowsSchema = {
  org_user: payloadSchema(ORG_USER_IMPORT),
  student: payloadSchema(STUDENT_IMPORT),
};

// ---------------------------------------------------------------- validation

export type ImportResult<Row> = { ok: true; rows: Row[] } | { ok: false; errors: string[] };

/** One input row, already keyed by API field, with the row number the user sees. */
interface SourceRow {
  row: number;
  cells: Record<string, unknown>;
}

/** Keys that are bookkeeping, not user cells. */
const META_KEYS = new Set(['_row', 'org_id']);

function validateCore<Row>(
  kind: ImportKind<Row>,
  source: SourceRow[],
  columns: Set<string>,
  orgId: number,
): ImportResult<Row> {
  // The template's hint row is recognised by its sex cell and skipped.
  let data = source;
  if (data.length > 0 && cellText(data[0].cells.sex) === SEX_HINT) data = data.slice(1);
  data = data.filter((r) => Object.entries(r.cells).some(([k, v]) => !META_KEYS.has(k) && !isBlank(v)));

  if (data.length === 0) return { ok: false, errors: [IMPORT_EMPTY] };
  if (data.length > IMPORT_MAX_ROWS) return { ok: false, errors: [tooManyRowsMessage(IMPORT_MAX_ROWS)] };

  const fields = kind.fields.filter((f) => !f.onlyIfColumn || columns.has(f.key));
  const errors: string[] = [];
  const rows: Row[] = [];
  const firstRowOf = new Map<string, number>(); // 学号 → row it first appeared on

  for (const { row, cells } of data) {
    const out: Record<string, unknown> = {};
    const rowErrors: string[] = [];
    for (const f of fields) {
      const text = cellText(cells[f.key]);
      if (text === '') {
        if (f.required) rowErrors.push(missingFieldMessage(f.header));
        else if (f.onlyIfColumn) rowErrors.push(f.invalid ?? missingFieldMessage(f.header));
        else if (f.blankValue !== undefined) out[f.key] = f.blankValue;
        continue;
      }
      const value = f.parse(text);
      if (value === undefined) rowErrors.push(f.invalid ?? missingFieldMessage(f.header));
      else out[f.key] = value;
    }
    const id = out[kind.uniqueKey];
    if (typeof id === 'string') {
      const first = firstRowOf.get(id);
      if (first === undefined) firstRowOf.set(id, row);
      else rowErrors.push(duplicateAccountMessage(first));
    }
    if (rowErrors.length > 0) for (const e of rowErrors) errors.push(rowPrefix(row) + e);
    else rows.push({ ...out, org_id: orgId, _row: row } as Row);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

/**
 * Validate rows as SheetJS `sheet_to_json` returns them: keys are header
 * texts, a repeated header arrives as 'X_1'. Row numbers are those the user
 * sees (header row 1, first data row 2); SheetJS's hidden `__rowNum__` is used
 * when present so rows it dropped do not shift the numbers. Columns without a
 * header ('__EMPTY…') and unknown headers are ignored.
 */
export function validateImportSheet<Row>(
  kind: ImportKind<Row>,
  rows: Record<string, unknown>[],
  orgId: number,
): ImportResult<Row> {
  const byHeader = new Map(kind.fields.map((f) => [f.header, f.key]));
  const headers = new Set<string>();
  for (const r of rows) for (const k of Object.keys(r)) headers.add(k);

  const columns = new Set<string>();
  for (const raw of headers) {
    if (raw.startsWith('__EMPTY')) continue;
    const h = raw.trim();
    // SheetJS suffixes repeated headers with _N; any underscore aborts the import.
    if (h.includes('_')) return { ok: false, errors: [duplicateColumnMessage(h.replace(/_\d+$/, ''))] };
    const key = byHeader.get(h);
    if (key) columns.add(key);
  }

  const source = rows.map((r, i): SourceRow => {
    const cells: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r)) {
      if (k.startsWith('__EMPTY')) continue;
      // Unknown headers are kept (they count for the blank-row check) under a
      // prefix so a header such as 'name' can never pose as an API field.
      cells[byHeader.get(k.trim()) ?? `?${k}`] = v;
    }
    const rowNum = (r as { __rowNum__?: unknown }).__rowNum__;
    return { row: typeof rowNum === 'number' ? rowNum + 1 : i + 2, cells };
  });
  return validateCore(kind, source, columns, orgId);
}

/**
 * Server side: the same rules on API-keyed rows (see importRowsSchema). Row
 * numbers come from `_row` when it is a whole number ≥ 2, else index + 2.
 * The org_id of the rows is ignored; orgId (from the session) is used.
 */
export function validateImportRows<Row>(
  kind: ImportKind<Row>,
  apiRows: Record<string, unknown>[],
  orgId: number,
): ImportResult<Row> {
  const columns = new Set<string>();
  for (const r of apiRows) for (const k of Object.keys(r)) columns.add(k);
  const source = apiRows.map((r, i): SourceRow => {
    const n = r._row;
    return { row: typeof n === 'number' && Number.isInteger(n) && n >= 2 ? n : i + 2, cells: r };
  });
  return validateCore(kind, source, columns, orgId);
}

// ---------------------------------------------------------------- files and cells

/** Header and hint row of the downloadable template (下载模板). */
export function importTemplate(kind: ImportKind<unknown>): { headers: string[]; hintRow: string[] } {
  const inTemplate = kind.fields.filter((f) => f.hint !== undefined);
  return { headers: inTemplate.map((f) => f.header), hintRow: inTemplate.map((f) => f.hint ?? '') };
}

/**
 * The template's further sheets: the identity categories 1–14 with their names, for a template
 * that has the 身份类别 column (the school template has not). The import reads only the first sheet.
 */
export function importTemplateLegends(kind: ImportKind<unknown>): { name: string; rows: (string | number)[][] }[] {
  if (!importTemplate(kind).headers.includes('身份类别')) return [];
  const rows: (string | number)[][] = [];
  for (let n = IDENTITY_MIN; n <= IDENTITY_MAX; n++) rows.push([n, IDENTITY_CATEGORIES[n]]);
  return [{ name: IDENTITY_SHEET, rows: [[...IDENTITY_SHEET_HEADERS], ...rows] }];
}

/** Only .xlsx and .xls (any case) are imported; other files are ignored. */
export function isSpreadsheetFile(name: string): boolean {
  const m = /\.([^./\\]+)$/.exec(name.trim());
  return m !== null && SPREADSHEET_EXTENSIONS.includes(m[1].toLowerCase());
}

/**
 * Export cells: text that a spreadsheet would run as a formula (starting with
 * = + - @, tab or carriage return) gets a leading apostrophe (CSV injection).
 */
export function excelSafeCell<T>(v: T): T | string {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/**
 * Cells as the uploadMore helper page hands them on: double quotes become
 * single quotes and line breaks a space, so a cell stays one quoted line.
 */
export function helperPageCell<T>(v: T): T | string {
  return typeof v === 'string' ? v.replace(/"/g, "'").replace(/\r\n|\r|\n/g, ' ') : v;
}
