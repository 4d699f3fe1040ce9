import { describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { IDENTITY_CATEGORIES, IDENTITY_SHEET, IDENTITY_SHEET_HEADERS, IMPORT_SUCCESS, buildMenu, importSuccessMessage, importTemplate, ORG_USER_IMPORT, validateImportSheet } from '@huodong/domain';
import { templateWorkbook } from '../src/shared/spreadsheet/parseWorkbook';
import { PAGES } from '../src/app/pages';

const read = (bytes: Uint8Array) => XLSX.read(bytes, { type: 'array' });
const rows = (book: XLSX.WorkBook, name: string) => XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name], { header: 1 });

/** The user import: its template, its success message and its place under 用户管理 (issue 20). */
describe('the user import', () => {
  it('the template has a second sheet listing what the 身份类别 numbers 1–14 mean', () => {
    const book = read(templateWorkbook('org_user'));
    expect(book.SheetNames).toEqual(['Sheet1', IDENTITY_SHEET]);
    const legend = rows(book, IDENTITY_SHEET);
    expect(legend[0]).toEqual([...IDENTITY_SHEET_HEADERS]);
    expect(legend.slice(1)).toEqual(Array.from({ length: 14 }, (_, i) => [i + 1, IDENTITY_CATEGORIES[i + 1]]));
    // The first sheet is still the header and the hint row, whose 身份类别 cell points to the list.
    expect(rows(book, 'Sheet1')).toEqual([importTemplate(ORG_USER_IMPORT).headers, importTemplate(ORG_USER_IMPORT).hintRow]);
    expect(importTemplate(ORG_USER_IMPORT).hintRow[4]).toContain(IDENTITY_SHEET);
    // The template filled in still imports (its hint row skipped, the legend sheet not read).
    XLSX.utils.sheet_add_aoa(book.Sheets.Sheet1, [['2024001', '张三', 1, '文学院', 6]], { origin: -1 });
    const keyed = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Sheet1, { raw: true });
    expect(validateImportSheet(ORG_USER_IMPORT, keyed, 1)).toMatchObject({ ok: true, rows: [{ academic_num: '2024001', identity: 6 }] });
  });

  it('the school template, without a 身份类别 column, has no such sheet', () => {
    expect(read(templateWorkbook('student')).SheetNames).toEqual(['Sheet1']);
  });

  it('says how many users were added and how many updated, after the spec’s text', () => {
    expect(importSuccessMessage(3, 2)).toBe('导入用户信息成功！新增 3 人，更新 2 人');
    expect(importSuccessMessage(3, 2).startsWith(IMPORT_SUCCESS)).toBe(true);
  });

  it('has its place in the menu under 用户管理, the same page as 用户统计 under 数据统计', () => {
    const menu = buildMenu({ scope: 'szlib', managerType: 'admin' });
    expect(menu.find((g) => g.title === '用户管理')?.children).toEqual([{ path: 'adminUser/adminUserList', title: '用户列表' }]);
    expect(menu.find((g) => g.title === '数据统计')?.children).toContainEqual({ path: 'adminCount/adminUserCount', title: '用户统计' });
    expect(PAGES['adminUser/adminUserList'].toString()).toBe(PAGES['adminCount/adminUserCount'].toString());
    expect(buildMenu({ scope: 'super' }).some((g) => g.title === '用户管理')).toBe(false);
  });
});
