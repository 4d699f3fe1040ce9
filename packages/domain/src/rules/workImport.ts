/**
 * An administrator's batch upload of works on readers' behalf (issue 12: "a batch from a
 * spreadsheet plus a zip of files, with row-numbered errors in the spec's import style"): the
 * spreadsheet's columns, how a row is read, and the checks of every row against the activity's
 * work configuration once the zip's files are known by their bytes. All or nothing: any error
 * and nothing is imported; every message starts with 第N行 (the row the user sees, header row 1).
 */
import { rowPrefix } from './messages.js';
import { AUTHOR_FIELDS, workProblems, type AuthorField, type WorkConfig, type WorkFile } from './works.js';

export interface WorkImportColumn {
  key: 'account' | 'creation_type' | 'group' | 'title' | 'content' | 'link' | 'files' | AuthorField;
  header: string;
  required: boolean;
}

/** The spreadsheet's columns, in the template's order. The author columns override the reader's own profile. */
export const WORK_IMPORT_COLUMNS: readonly WorkImportColumn[] = [
  { key: 'account', header: '读者账号', required: true },
  { key: 'creation_type', header: '创作类型', required: true },
  { key: 'group', header: '组别', required: false },
  { key: 'title', header: '作品标题', required: true },
  { key: 'content', header: '作品内容', required: false },
  { key: 'link', header: '作品链接', required: false },
  { key: 'files', header: '文件名', required: false },
  { key: 'real_name', header: AUTHOR_FIELDS.real_name, required: false },
  { key: 'unit', header: AUTHOR_FIELDS.unit, required: false },
  { key: 'grade', header: AUTHOR_FIELDS.grade, required: false },
  { key: 'phone', header: AUTHOR_FIELDS.phone, required: false },
  { key: 'instructor', header: AUTHOR_FIELDS.instructor, required: false },
];

/** Most works one import takes. */
export const WORK_IMPORT_MAX_ROWS = 1000;
/** Several files of one work in the 文件名 cell: separated by |, ；, ; or a line break. */
export const FILE_NAME_SEPARATORS = /[|｜;；\r\n]+/;
export const WORK_IMPORT_EMPTY = '表格中没有作品信息';
export const WORK_IMPORT_TOO_MANY = `单次最多导入${WORK_IMPORT_MAX_ROWS}件作品`;
export const WORK_IMPORT_NO_SHEET = '请上传作品表格（xlsx或xls）';
export const WORK_IMPORT_NO_ZIP = '表格中填写了文件名，请同时上传作品文件压缩包（zip）';
export const duplicateWorkColumn = (header: string) => `本作品表格的'${header}'字段存在重复`;
const TITLE_MAX = 50;

/** A row as read: the values of the configuration (type and group ids) and the files it names. */
export interface WorkImportRow {
  /** The row number the user sees. */
  row: number;
  account: string;
  creation_type_id: number;
  group_id: number | null;
  title: string;
  content: string;
  link: string;
  files: string[];
  /** Author fields filled in the sheet (the rest come from the reader's profile). */
  author: Partial<Record<AuthorField, string>>;
}

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim());

/** SheetJS rows carry their 0-based sheet row in the hidden `__rowNum__`; else the header is row 1. */
const rowNumberOf = (raw: object, index: number): number => {
  const n = (raw as { __rowNum__?: unknown }).__rowNum__;
  return typeof n === 'number' && Number.isInteger(n) ? n + 1 : index + 2;
};

/**
 * The sheet's rows (header-keyed, as SheetJS `sheet_to_json` gives them) read against the
 * configuration: required cells, the creation type and group by name (or number / code), the
 * title's length, file names each used once. Blank rows are skipped.
 */
export function readWorkSheet(config: Pick<WorkConfig, 'creation_types' | 'groups'>, sheet: readonly Record<string, unknown>[]): { rows: WorkImportRow[]; errors: string[] } {
  const errors: string[] = [];
  const headers = new Set(sheet.flatMap((r) => Object.keys(r)));
  for (const h of headers) {
    const base = h.replace(/_\d+$/, '');
    if (h !== base && WORK_IMPORT_COLUMNS.some((c) => c.header === base)) return { rows: [], errors: [duplicateWorkColumn(base)] };
  }
  const cells = (raw: Record<string, unknown>) => (key: WorkImportColumn['key']) => cellText(raw[WORK_IMPORT_COLUMNS.find((c) => c.key === key)!.header]);
  // Blank rows are skipped but keep their number.
  const filled = sheet.map((raw, index) => ({ raw, row: rowNumberOf(raw, index) })).filter(({ raw }) => WORK_IMPORT_COLUMNS.some((c) => cells(raw)(c.key) !== ''));
  if (filled.length === 0) return { rows: [], errors: [WORK_IMPORT_EMPTY] };
  if (filled.length > WORK_IMPORT_MAX_ROWS) return { rows: [], errors: [WORK_IMPORT_TOO_MANY] };
  const rows: WorkImportRow[] = [];
  const fileRow = new Map<string, number>();
  for (const { raw, row } of filled) {
    const cell = cells(raw);
    const problems: string[] = [];
    for (const c of WORK_IMPORT_COLUMNS) if (c.required && cell(c.key) === '') problems.push(`缺少${c.header}`);
    const typeText = cell('creation_type');
    const type = typeText ? config.creation_types.find((t) => t.name === typeText || String(t.id) === typeText) : undefined;
    if (typeText && !type) problems.push(`创作类型“${typeText}”不存在`);
    const groupText = cell('group');
    const group = groupText ? config.groups.find((g) => g.name === groupText || g.code === groupText) : undefined;
    if (groupText && !config.groups.length) problems.push('本活动未设组别');
    else if (groupText && !group) problems.push(`组别“${groupText}”不存在`);
    const title = cell('title');
    if ([...title].length > TITLE_MAX) problems.push(`作品标题不能超过${TITLE_MAX}个字符`);
    const files = [...new Set(cell('files').split(FILE_NAME_SEPARATORS).map((f) => f.trim()).filter(Boolean))];
    for (const f of files) {
      const first = fileRow.get(f);
      if (first !== undefined) problems.push(`文件“${f}”已在第${first}行使用`);
      else fileRow.set(f, row);
    }
    const author: Partial<Record<AuthorField, string>> = {};
    for (const key of Object.keys(AUTHOR_FIELDS) as AuthorField[]) if (cell(key)) author[key] = cell(key);
    if (problems.length) errors.push(...problems.map((p) => `${rowPrefix(row)}${p}`));
    else rows.push({ row, account: cell('account'), creation_type_id: type!.id, group_id: group?.id ?? null, title, content: cell('content'), link: cell('link'), files, author });
  }
  return { rows, errors };
}

/** A file of the zip as the server found it: told by its bytes (null: not a type we accept or unreadable). */
export type ImportedFile = (WorkFile & { name: string }) | null;

/**
 * The rows against the work configuration with their files as the zip holds them (type by the
 * bytes, size, duration) and the author they will carry: what a reader's submission must meet
 * (`workProblems`), each message with its row and, for a file, its name.
 */
export function workImportProblems(
  config: WorkConfig,
  rows: readonly (WorkImportRow & { author_all: Partial<Record<AuthorField, string>> })[],
  files: ReadonlyMap<string, ImportedFile>,
): string[] {
  const errors: string[] = [];
  for (const r of rows) {
    const at = rowPrefix(r.row);
    const found: WorkFile[] = [];
    for (const name of r.files) {
      if (!files.has(name)) errors.push(`${at}压缩包中没有文件“${name}”`);
      else if (files.get(name) === null) errors.push(`${at}文件“${name}”已损坏或不是可接受的文件类型`);
      else found.push(files.get(name)!);
    }
    if (found.length !== r.files.length) continue;
    const problems = workProblems(config, { creation_type_id: r.creation_type_id, group_id: r.group_id, content: r.content, link: r.link, files: found, author: r.author_all, pledge: true }, { draft: false });
    for (const p of problems) {
      const file = /^media\.(\d+)$/.exec(p.field);
      errors.push(file ? `${at}文件“${r.files[Number(file[1])]}”：${p.message}` : `${at}${p.message}`);
    }
  }
  return errors;
}

/** Messages ordered by their row (a message without a row first), for one list in the 错误提示 modal. */
export function byRow(errors: readonly string[]): string[] {
  const rowOf = (m: string) => Number(/^第(\d+)行/.exec(m)?.[1] ?? 0);
  return [...errors].sort((a, b) => rowOf(a) - rowOf(b));
}
