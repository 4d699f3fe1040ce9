import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import * as XLSX from '@e965/xlsx';
import { ERROR_MODAL_TITLE, QUESTION_IMPORT_HEADERS as H } from '@huodong/domain';
import { api, browserSuite, dialogWith, expectText, launchBrowser, loginViaPage, newPage, settled, startServer, superToken, SUPER_ACCOUNT, SUPER_PASSWORD, type ApiClient, type Server } from './harness';

/**
 * The organisation's question bank in the browser (issue 13): a fill-in question with synonyms made
 * through the form that follows the type, and an import whose sheet has an error row (nothing
 * imported, 第N行 in 错误提示), then the corrected sheet warning of a duplicate side by side.
 */
const KEY = 'qbe2e';
const MANAGER = { account: 'qbe2eadmin', password: 'Qb#Admin123' };
const PAGE = `/${KEY}/adminQuestion/adminQuestionManage`;
const OK = /^确\s?定$/;
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-questions-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
/** A sheet with the template's headers and these rows (cells by API key). */
function sheet(name: string, rows: Record<string, string>[]): string {
  const headers = Object.values(H);
  const aoa = [headers, ...rows.map((r) => Object.keys(H).map((k) => r[k] ?? ''))];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Sheet1');
  const file = path.join(tmp, name);
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  return file;
}

interface Question {
  id: number;
  type: number;
  stem: string;
  answer: string;
}

browserSuite('question bank in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    const su = api(server.url, await superToken(server.url));
    await su.post('/v1/organizations', { key: KEY, name: '题库测试馆' });
    await su.post(`/v1/org/${KEY}/managers`, { ...MANAGER, real_name: '题库管理员', type: 'admin' });
    admin = su;
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
    await loginViaPage(page, { org: KEY, ...MANAGER });
    await page.waitForURL(`**/${KEY}/functionIndex`);
    await page.goto(PAGE);
    await page.getByTestId('resource-bankQuestions').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const questions = async () => (await admin.get<{ items: Question[] }>(`/v1/${KEY}/question?page_size=100&sort=id`)).items;

  it('creates a fill-in question: the form asks for each blank of the stem with its synonyms', async () => {
    await button(page, '新增').click();
    const dialog = await dialogWith(page, '新增题目');
    await dialog.getByLabel('题型').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '填空题' }).click();
    await dialog.getByLabel('题干').fill('《呐喊》的作者是___，原名___。');
    const blanks = dialog.getByTestId('blanks-editor');
    await blanks.waitFor();
    // One input per blank of the stem.
    await expect.poll(() => blanks.getByRole('combobox').count()).toBe(2);
    const first = blanks.getByTestId('blank-0').getByRole('combobox');
    await first.fill('鲁迅');
    await first.press('Enter');
    await first.fill('周树人');
    await first.press('Enter');
    const second = blanks.getByTestId('blank-1').getByRole('combobox');
    await second.fill('周樟寿');
    await second.press('Enter');
    await button(dialog, OK).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, '鲁迅/周树人 | 周樟寿');
    const [made] = await questions();
    expect(made).toMatchObject({ type: 4, stem: '《呐喊》的作者是___，原名___。' });
    expect(JSON.parse(made.answer)).toEqual([['鲁迅', '周树人'], ['周樟寿']]);
  });

  it('an import with an error row names the row in 错误提示 and imports nothing; the corrected sheet warns of a duplicate, then imports', async () => {
    const importCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/batchCreate')) importCalls.push(r.url());
    });
    await page.getByTestId('import-questions').click();
    const dialog = await dialogWith(page, '导入题目');
    await settled(page);
    const good = { type: '单选题', stem: '《西游记》的作者是谁？', option_A: '吴承恩', option_B: '施耐庵', answer: 'A' };
    await dialog.locator('input[type=file]').setInputFiles(sheet('bad.xlsx', [good, { type: '单选题', stem: '两个答案的单选题', option_A: '甲', option_B: '乙', answer: 'A,B' }]));
    const errors = page.getByRole('dialog', { name: ERROR_MODAL_TITLE });
    await errors.waitFor();
    await expect.poll(() => errors.getByTestId('import-errors').innerText()).toBe('第3行: 答案：单选题只能有一个正确答案');
    await errors.getByRole('button').last().click();
    expect(importCalls).toEqual([]);
    expect(await questions()).toHaveLength(1);

    // Corrected, with the stem of the question made above: the duplicate is shown side by side first.
    await dialog.locator('input[type=file]').setInputFiles(
      sheet('good.xlsx', [
        good,
        { type: '填空题', stem: '《呐喊》的作者是___，原名___', answer: '鲁迅|周樟寿' },
        { type: '判断题', stem: '《朝花夕拾》是散文集。', answer: '正确' },
        { type: '单选题', stem: '《西游记》的作者是谁', option_A: '吴承恩', option_B: '罗贯中', answer: 'A' },
      ]),
    );
    const dup = await dialogWith(page, '发现相似题目');
    const shown = dup.getByTestId('duplicates');
    // Row 3 beside the bank's question, row 5 beside row 2 of the same sheet.
    await expect.poll(() => shown.innerText()).toContain('第3行');
    expect(await shown.innerText()).toContain('已有题目 #');
    expect(await shown.innerText()).toMatch(/第5行[\s\S]*第2行/);
    expect(await shown.innerText()).toContain('相似度 100%');
    await button(dup, '仍然导入').click();
    await expectText(page, '导入成功，共4道题目');
    expect(importCalls).toHaveLength(1);
    expect((await questions()).map((q) => q.type)).toEqual([4, 1, 4, 3, 1]);
    await expectText(page, '《西游记》的作者是谁？');
  });

  it('editing a choice question shows its options and answer, and saves a changed option', async () => {
    const row = page.getByTestId('resource-bankQuestions').getByRole('row').filter({ hasText: '《西游记》的作者是谁？' });
    await button(row, '编辑').click();
    const dialog = await dialogWith(page, '编辑题目');
    await expect.poll(() => dialog.getByLabel('选项内容A').inputValue()).toBe('吴承恩');
    expect(await dialog.getByLabel('选项内容B').inputValue()).toBe('施耐庵');
    expect(await dialog.getByRole('radio', { name: 'A' }).isChecked()).toBe(true);
    await dialog.getByLabel('选项内容B').fill('罗贯中');
    await button(dialog, OK).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await questions()).find((q) => q.stem === '《西游记》的作者是谁？') as Question & { options: { key: string; text: string }[] };
    expect(saved.options).toEqual([{ key: 'A', text: '吴承恩' }, { key: 'B', text: '罗贯中' }]);
    expect(saved.answer).toBe('A');
  });

  it('the organisation adds a public question to its bank, and its statistics count it', async () => {
    const made = await admin.post<{ id: number }>('/v1/public', { type: 3, stem: '每年的4月23日是世界读书日。', answer: '正确' });
    await page.goto(`/${KEY}/adminQuestion/adminPublicQuestionManage`);
    const list = page.getByTestId('public-for-org');
    const row = list.getByRole('row').filter({ hasText: '每年的4月23日是世界读书日。' });
    await button(row, '加入本馆题库').click();
    await expectText(page, '已加入1道题目');
    await expect.poll(() => row.getByText('已加入').count()).toBe(1);
    expect((await questions()).some((q) => q.stem === '每年的4月23日是世界读书日。' && q.id !== made.id)).toBe(true);
    await page.goto(`/${KEY}/adminCount/adminQuesCount`);
    const byType = page.getByTestId('by-type');
    await expect.poll(() => byType.getByRole('row').filter({ hasText: '判断题' }).first().innerText()).toMatch(/判断题\s+2\b/);
  });

  it("the platform opens an organisation's bank from the list of banks, the types and the default rule", async () => {
    const platform = await newPage(browser, server.url);
    await loginViaPage(platform, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await platform.waitForURL('**/super/functionIndex');
    await platform.goto('/super/questionManage/orgQuestion');
    const banks = platform.getByTestId('org-question-banks');
    const row = banks.getByRole('row').filter({ hasText: '题库测试馆' });
    await expect.poll(() => row.innerText()).toMatch(/qbe2e\s+6\b/);
    await button(row, '查看题库').click();
    await platform.waitForURL(`**/super/questionManage/orgQuestList?org=${KEY}`);
    await platform.getByTestId('resource-orgQuestions').getByText('《朝花夕拾》是散文集。').waitFor();
    await platform.goto('/super/questionManage/typeClassMana');
    await expect.poll(() => platform.getByTestId('question-types').getByRole('row').filter({ hasText: '填空题' }).innerText()).toMatch(/填空题\s+0\s+2/);
    await platform.goto('/super/questionManage/defaultRule');
    await expect.poll(() => platform.getByTestId('rule-row').count()).toBe(3);
    await expect.poll(() => platform.getByTestId('rule-total').innerText()).toBe('总分：100分');
    await platform.close();
  });
});
