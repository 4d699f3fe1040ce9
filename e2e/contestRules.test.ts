import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { CONTEST_AFTER_CREATE } from '@huodong/domain';
import { api, browserSuite, dialogWith, expectText, fillPicker, launchBrowser, loginViaPage, newPage, pickerText, settled, startServer, superToken, type ApiClient, type Server } from './harness';

/**
 * Issue 20 item 9: a random paper's rules name their categories through a tree of the
 * organisation's question categories (no typed ids), 题目数 says both what a reader gets and what
 * it is drawn from (抽取 5 / 题库 10), and a new contest leads to the page where its paper is made.
 */
const KEY = 'rulese2e';
const MANAGER = { account: 'rulese2eadmin', password: 'Ru#Admin123' };
const DAY = 86_400;
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const OK = /^确\s?定$/;

browserSuite('contest paper rules in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let su: ApiClient;
  let act: number;
  let literature: number;

  beforeAll(async () => {
    server = await startServer();
    su = api(server.url, await superToken(server.url));
    const org = await su.post<{ id: number }>('/v1/organizations', { key: KEY, name: '组卷测试馆' });
    await su.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [3, 6] });
    await su.post(`/v1/org/${KEY}/managers`, { ...MANAGER, real_name: '组卷管理员', type: 'admin' });
    literature = (await su.post<{ id: number }>(`/v1/${KEY}/category`, { name: '文学常识' })).id;
    await su.post(`/v1/${KEY}/category`, { name: '历史地理' });
    // Ten single-choice questions of 文学常识 in the bank, chosen into the contest: its pool.
    const options = ['甲', '乙', '丙', '丁'].map((text, i) => ({ key: 'ABCD'[i], text }));
    const ids: number[] = [];
    for (let i = 1; i <= 10; i++) ids.push((await su.post<{ id: number }>(`/v1/${KEY}/question`, { type: 1, stem: `文学题${i}`, options, answer: 'B', category_id: literature })).id);
    const now = Math.floor(Date.now() / 1000);
    act = (await su.post<{ id: number }>(`/v1/${KEY}/contest`, { title: '随机组卷竞赛', start_at: now - 3600, end_at: now + 30 * DAY })).id;
    await su.post(`/v1/${KEY}/contest/${act}/question/choose`, { ids });
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
    await loginViaPage(page, { org: KEY, ...MANAGER });
    await page.waitForURL(`**/${KEY}/functionIndex`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a random-paper rule takes its categories from a tree picker; 题目数 reads 抽取 5 / 题库 10', { timeout: 120_000 }, async () => {
    await page.goto(`/${KEY}/adminAct/adminContestWork?actID=${act}`);
    const paper = page.getByTestId('contest-paper');
    await paper.waitFor();
    await button(paper, '编辑组卷').click();
    const form = page.getByTestId('contest-rules-form');
    await form.getByText('随机组卷', { exact: true }).click();
    await button(form, /添加规则$/).click();
    // No typed ids: the category is picked from the tree of the organisation's categories.
    expect(await form.getByText(/分类ID/).count()).toBe(0);
    const picker = form.locator('.ant-select').filter({ hasText: '不限分类' });
    await picker.click();
    const tree = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await tree.getByText('机构题库分类', { exact: true }).waitFor();
    await tree.getByText('历史地理', { exact: true }).waitFor();
    await tree.getByText('文学常识', { exact: true }).click();
    // Close the tree only if it is still open: an Escape with nothing open would close the dialog itself.
    if (await tree.count()) await page.keyboard.press('Escape');
    // The choice is in the picker (a responsive tag list may fold it under +N while it measures); the saved rule is checked below.
    await form.getByText('文学常识').first().waitFor({ state: 'attached' });
    await settled(page);
    await button(form, '保存组卷').click();
    await form.waitFor({ state: 'hidden' });

    await expectText(page, '抽取 5 / 题库 10');
    await expectText(page, '题目充足，可以发布');
    // The rules table names the category.
    await paper.getByRole('cell', { name: '文学常识', exact: true }).waitFor();
    const saved = await su.get<{ contest_type: number; rules: { type: number; count: number; category_ids: number[] }[] }>(`/v1/${KEY}/contest/${act}/paper`);
    expect(saved.contest_type).toBe(2);
    expect(saved.rules).toMatchObject([{ type: 1, count: 5, category_ids: [literature] }]);
  });

  it('the create dialog says the paper is made on the question page, and saving leads there', { timeout: 120_000 }, async () => {
    await page.goto(`/${KEY}/adminAct/adminContest`);
    await page.getByTestId('resource-contest').waitFor();
    await button(page, '新增').click();
    const create = await dialogWith(page, '新增知识竞赛');
    await create.getByTestId('after-create-hint').getByText(CONTEST_AFTER_CREATE.hint).waitFor();
    const now = Math.floor(Date.now() / 1000);
    await create.getByLabel('活动名称', { exact: true }).fill('新建的随机竞赛');
    await fillPicker(page, create.getByLabel('开始时间', { exact: true }), pickerText(now - DAY));
    await fillPicker(page, create.getByLabel('结束时间', { exact: true }), pickerText(now + 30 * DAY));
    await button(create, OK).click();

    await page.waitForURL(`**/${KEY}/adminAct/adminContestWork?actID=*`);
    await expectText(page, CONTEST_AFTER_CREATE.message);
    const made = await su.get<{ items: { id: number; title: string }[] }>(`/v1/${KEY}/contest?keyword=${encodeURIComponent('新建的随机竞赛')}`);
    expect(made.items).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get('actID')).toBe(String(made.items[0].id));
    // The page it opened is where the paper is made.
    await button(page.getByTestId('contest-paper'), '编辑组卷').waitFor();
  });
});
