import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { rowControl } from './rowControl.js';
import * as XLSX from '@e965/xlsx';
import {
  DOWNLOAD_TEMPLATE,
  IMPORT_CHECKING,
  ERROR_MODAL_TITLE,
  IDENTITY_CATEGORIES,
  IDENTITY_SHEET,
  IMPORT_MODAL_WIDTH,
  IMPORT_SUCCESS,
  ORG_USER_IMPORT,
  SEX_HINT,
  SEX_INVALID,
  STUDENT_IMPORT,
  importSuccessMessage,
  importTemplate,
  missingFieldMessage,
} from '@huodong/domain';
import { SUPER_ACCOUNT, SUPER_PASSWORD, api, browserSuite, launchBrowser, loginViaPage, newPage, settled, startServer, superToken, type Server } from './harness.js';

/** The choose button's normal text (apps/web/src/shared/spreadsheet/ImportModal.tsx). */
const CHOOSE_FILE = '选择文件';

/** Spreadsheet files made with SheetJS, as a user's spreadsheet program would save them. */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-imports-'));
function sheetFile(name: string, aoa: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Sheet1');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: name.endsWith('.xls') ? 'biff8' : 'xlsx' }));
  return file;
}
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const userHeaders = importTemplate(ORG_USER_IMPORT).headers;
const userHint = importTemplate(ORG_USER_IMPORT).hintRow;
const studentHeaders = importTemplate(STUDENT_IMPORT).headers;

const ORG = 'impschool';
const MANAGER = { account: 'impadmin', password: 'Imp#Admin123' };

browserSuite('spreadsheet imports in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let importCalls: string[];
  let superApi: ReturnType<typeof api>;

  beforeAll(async () => {
    server = await startServer();
    superApi = api(server.url, await superToken(server.url));
    await superApi.post('/v1/organizations', { key: ORG, name: '导入测试学校' });
    await superApi.post(`/v1/org/${ORG}/managers`, { account: MANAGER.account, password: MANAGER.password, real_name: '导入管理员', type: 'admin' });
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
    importCalls = [];
    page.on('request', (r) => {
      if (r.url().includes('/import')) importCalls.push(r.url());
    });
    await loginViaPage(page, { org: ORG, ...MANAGER });
    await page.waitForURL(`**/${ORG}/functionIndex`);
    await page.goto(`/${ORG}/adminCount/adminUserCount`);
    await page.getByTestId('resource-orgUsers').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const usersInOrg = async () => (await superApi.get<{ _meta: { totalCount: number } }>(`/v1/${ORG}/users`))._meta.totalCount;
  const openImport = async (title: '导入用户' | '导入学生') => {
    await page.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await settled(page);
    return dialog;
  };
  const closeDialog = async (title: string) => {
    await page.getByRole('dialog', { name: title }).locator('.ant-modal-close').click();
    await page.getByRole('dialog', { name: title }).waitFor({ state: 'hidden' });
  };

  it('a file with bad rows shows every message in the 错误提示 modal and uploads nothing', async () => {
    const dialog = await openImport('导入用户');
    expect(await dialog.evaluate((el) => (el.closest('.ant-modal') as HTMLElement).offsetWidth)).toBe(IMPORT_MODAL_WIDTH);
    const file = sheetFile('bad.xls', [
      userHeaders,
      userHint,
      ['2024001', '张三', 1, '计算机学院', 6],
      ['2024002', '李四', 5, '数学学院', 6],
      ['2024003', '', 2, '物理学院', 99],
    ]);
    await dialog.locator('input[type=file]').setInputFiles(file);
    const errors = page.getByRole('dialog', { name: ERROR_MODAL_TITLE });
    await errors.waitFor();
    await expect.poll(() => errors.getByTestId('import-errors').innerText()).toBe(
      [`第4行: ${SEX_INVALID}`, `第5行: ${missingFieldMessage('真实姓名')}`, '第5行: 用户身份类别信息填写错误'].join('\n'),
    );
    await errors.getByRole('button').last().click();
    expect(importCalls).toEqual([]);
    expect(await usersInOrg()).toBe(0);
    await closeDialog('导入用户');
  });

  it('a duplicate column aborts with its message', async () => {
    const dialog = await openImport('导入用户');
    await dialog.locator('input[type=file]').setInputFiles(sheetFile('dup.xlsx', [[...userHeaders, '学号'], ['2024001', '张三', 1, '计算机学院', 6, '2024009']]));
    const errors = page.getByRole('dialog', { name: ERROR_MODAL_TITLE });
    await expect.poll(() => errors.getByTestId('import-errors').innerText()).toBe("本用户列表excel的'学号'字段存在重复");
    await errors.getByRole('button').last().click();
    expect(importCalls).toEqual([]);
    await closeDialog('导入用户');
  });

  it('a file that is not a spreadsheet is silently ignored', async () => {
    const dialog = await openImport('导入用户');
    const txt = path.join(tmp, 'users.txt');
    fs.writeFileSync(txt, '学号,真实姓名\n1,张三\n');
    await dialog.locator('input[type=file]').setInputFiles(txt);
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog', { name: ERROR_MODAL_TITLE }).count()).toBe(0);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    expect(importCalls).toEqual([]);
    await closeDialog('导入用户');
  });

  it('下载模板 gives the header row and the hint row, and a second sheet saying what each 身份类别 number means', async () => {
    const dialog = await openImport('导入用户');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: DOWNLOAD_TEMPLATE }).click()]);
    const book = XLSX.read(fs.readFileSync((await download.path())!), { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
    expect(aoa).toEqual([userHeaders, userHint]);
    expect(aoa[1]).toContain(SEX_HINT);
    expect(book.SheetNames[1]).toBe(IDENTITY_SHEET);
    const legend = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[IDENTITY_SHEET], { header: 1 }).slice(1);
    expect(legend).toEqual(Object.entries(IDENTITY_CATEGORIES).map(([n, name]) => [Number(n), name]));
    await closeDialog('导入用户');
  });

  it('a valid .xlsx import succeeds and its users appear in the list', async () => {
    const dialog = await openImport('导入用户');
    const rows = Array.from({ length: 25 }, (_, i) => [`2024${String(i + 1).padStart(3, '0')}`, `学员${i + 1}`, i % 3, '文学院', 6]);
    await dialog.locator('input[type=file]').setInputFiles(sheetFile('good.xlsx', [userHeaders, userHint, ...rows]));
    await page.getByText(importSuccessMessage(25, 0), { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(importCalls).toHaveLength(1);
    expect(await usersInOrg()).toBe(25);
    const table = page.getByTestId('resource-orgUsers');
    await table.getByText('共 25 条').waitFor();
    await table.getByPlaceholder('请输入真实姓名/学号').fill('2024007');
    await table.getByRole('button', { name: '查询' }).click();
    await table.getByRole('cell', { name: '学员7', exact: true }).waitFor();
    await table.getByText('共 1 条').waitFor();
  });

  it('a valid student .xls import succeeds and the 学生 list appears', async () => {
    const dialog = await openImport('导入学生');
    const file = sheetFile('students.xls', [
      studentHeaders,
      importTemplate(STUDENT_IMPORT).hintRow,
      ['王小明', '30001', '男', 3, 2, 2022, '第一实验小学'],
      ['赵小红', '30002', '女', 4, 1, 2021, '第一实验小学'],
    ]);
    await dialog.locator('input[type=file]').setInputFiles(file);
    await page.getByText(IMPORT_SUCCESS).first().waitFor();
    await page.getByRole('tab', { name: '学生列表' }).click();
    const table = page.getByTestId('resource-students');
    await table.getByRole('cell', { name: '赵小红', exact: true }).waitFor();
    await table.getByText('共 2 条').waitFor();
  });

  it('用户管理 › 用户列表 offers the same import: a re-import says how many users it added and how many it updated; 批量设置初始密码 shows a lock', async () => {
    await page.getByRole('menuitem', { name: '用户管理', exact: true }).click();
    await page.getByRole('menu').getByRole('link', { name: '用户列表', exact: true }).click();
    await page.waitForURL(`**/${ORG}/adminUser/adminUserList`);
    await page.getByTestId('resource-orgUsers').getByText('共 25 条').waitFor();
    const batch = page.getByRole('button', { name: '批量设置初始密码' });
    expect(await batch.locator('.anticon-lock').count()).toBe(1);
    expect(await batch.locator('.anticon-search, .anticon-key').count()).toBe(0);
    const dialog = await openImport('导入用户');
    // Two users already there (one renamed), one new.
    const rows = [['2024001', '学员1改', 1, '文学院', 6], ['2024002', '学员2', 1, '文学院', 6], ['2024901', '新学员', 2, '理学院', 1]];
    await dialog.locator('input[type=file]').setInputFiles(sheetFile('again.xlsx', [userHeaders, userHint, ...rows]));
    await page.getByText(importSuccessMessage(1, 2), { exact: true }).waitFor();
    expect(await usersInOrg()).toBe(26);
    await page.getByTestId('resource-orgUsers').getByText('共 26 条').waitFor();
  });

  it('the super administrator imports from /super/orgManage; the button shows 正在校验 meanwhile, then returns to normal', async () => {
    const superPage = await newPage(browser, server.url);
    await loginViaPage(superPage, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await superPage.waitForURL('**/super/functionIndex');
    await superPage.goto('/super/orgManage');
    const row = superPage.getByRole('row').filter({ hasText: '导入测试学校' });
    // The row's 导入用户: among its buttons, or under 更多 when the row has more controls than it shows.
    const openRowImport = async () => {
      await row.getByRole('button').first().waitFor();
      await (await rowControl(superPage, row, '导入用户')).click();
    };
    await openRowImport();
    const dialog = superPage.getByRole('dialog', { name: '导入用户' });
    await dialog.waitFor();
    // Record every text the choose button shows (the check is too quick to poll for).
    await dialog.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(...[...el.querySelectorAll('button')].map((b) => b.textContent ?? ''))).observe(el, { subtree: true, childList: true, characterData: true });
    });
    const rows = Array.from({ length: 3000 }, (_, i) => [`S9${String(i).padStart(5, '0')}`, `平台导入${i}`, 1, '图书馆', 12]);
    await dialog.locator('input[type=file]').setInputFiles(sheetFile('platform.xlsx', [userHeaders, ...rows]));
    await superPage.getByText(importSuccessMessage(3000, 0), { exact: true }).waitFor();
    expect(await superPage.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain(IMPORT_CHECKING);
    expect(await usersInOrg()).toBe(26 + 3000);
    // The dialog closed; opened again, its button is back to normal.
    await openRowImport();
    await superPage.getByRole('dialog', { name: '导入用户' }).getByRole('button', { name: CHOOSE_FILE }).waitFor();
    await superPage.context().close();
  });
});

browserSuite('uploadMore helper page', () => {
  let server: Server;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the rows of a spreadsheet without signing in, quotes and line breaks replaced, and exports CSV', async () => {
    const page = await newPage(browser, server.url);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/')) calls.push(r.url());
    });
    await page.goto('/uploadMore');
    await page.getByTestId('upload-more-page').waitFor();
    const file = sheetFile('list.xlsx', [
      ['姓名', '备注'],
      ['张三', '他说"你好"'],
      ['李四', '第一行\n第二行'],
    ]);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('cell', { name: "他说'你好'", exact: true }).waitFor();
    await page.getByRole('cell', { name: '第一行 第二行', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/uploadMore');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('list.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.trim().split('\n')).toEqual(['姓名,备注', "张三,他说'你好'", '李四,第一行 第二行']);
    expect(calls).toEqual([]);
  });
});
