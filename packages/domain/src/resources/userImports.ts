import type { ResourceDef } from '../resource.js';
import {
  ORG_USER_IMPORT,
  STUDENT_IMPORT,
  validateImportRows,
  validateImportSheet,
  type ImportKind,
  type ImportResult,
  type OrgUserImportRow,
  type StudentImportRow,
} from '../rules/userImport.js';
import { rowPrefix } from '../rules/messages.js';
import { orgUsersResource } from './orgUsers.js';
import { studentsResource } from './students.js';

/**
 * The two spreadsheet imports, each tied to the resource whose rows it writes. The browser
 * worker and the server both validate through `validateImport`, so they report the same
 * messages for the same rows.
 */
export interface UserImport<Row> {
  kind: ImportKind<Row>;
  resource: ResourceDef;
  /** The 学号 column of the table (unique per organisation with org_id). */
  uniqueColumn: 'academic_num' | 'account';
  /** Button text and modal title. */
  title: string;
  /** Template file name (下载模板). */
  templateFile: string;
}

export const ORG_USER_IMPORT_DEF: UserImport<OrgUserImportRow> = {
  kind: ORG_USER_IMPORT,
  resource: orgUsersResource,
  uniqueColumn: 'academic_num',
  title: '导入用户',
  templateFile: '用户导入模板.xlsx',
};

export const STUDENT_IMPORT_DEF: UserImport<StudentImportRow> = {
  kind: STUDENT_IMPORT,
  resource: studentsResource,
  uniqueColumn: 'account',
  title: '导入学生',
  templateFile: '学生导入模板.xlsx',
};

export type UserImportId = 'org_user' | 'student';
export const USER_IMPORTS: { org_user: UserImport<OrgUserImportRow>; student: UserImport<StudentImportRow> } = {
  org_user: ORG_USER_IMPORT_DEF,
  student: STUDENT_IMPORT_DEF,
};

/**
 * The import rules (rules/userImport.ts), then the column widths of the resource's create
 * schema (e.g. 真实姓名 at most 50 characters), reported per row as `第N行: …`.
 * `from` says whether rows are SheetJS rows keyed by header ('sheet') or API rows ('rows').
 */
export function validateImport<Row extends { _row: number }>(
  def: UserImport<Row>,
  from: 'sheet' | 'rows',
  rows: Record<string, unknown>[],
  orgId: number,
): ImportResult<Row> {
  const result = from === 'sheet' ? validateImportSheet(def.kind, rows, orgId) : validateImportRows(def.kind, rows, orgId);
  if (!result.ok) return result;
  const errors: string[] = [];
  for (const row of result.rows) {
    const parsed = def.resource.create.safeParse(row);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        if (seen.has(issue.message)) continue;
        seen.add(issue.message);
        errors.push(rowPrefix(row._row) + issue.message);
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : result;
}
