import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, expectText, launchBrowser, loginViaPage, newPage, settled, startServer, superToken, type ApiClient, type Server } from './harness';

/**
 * A contest's question page in the browser (issue 13, spec §2 route guard): while the paper is
 * short, leaving the page asks 题目数不足 with the shortfall and 确定离开当前页面？ — 取消 stays,
 * 确定 leaves; once a question is added through the page's own dialog the warning is gone and
 * leaving asks nothing.
 */
const KEY = 'quize2e';
const MANAGER = { account: 'quize2eadmin', password: 'Qz#Admin123' };
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const OK = /^确\s?定$/;
const CANCEL = /^取\s?消$/;

browserSuite('contest question page in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let su: ApiClient;
  let act: number;

  beforeAll(async () => {
    server = await startServer();
    su = api(server.url, await superToken(server.url));
    const org = await su.post<{ id: number }>('/v1/organizations', { key: KEY, name: '竞赛测试馆' });
    await su.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [3, 6] });
    await su.post(`/v1/org/${KEY}/managers`, { ...MANAGER, real_name: '竞赛管理员', type: 'admin' });
    const now = Math.floor(Date.now() / 1000);
    act = (await su.post<{ id: number }>(`/v1/${KEY}/contest`, { title: '读书知识竞赛', start_at: now - 3600, end_at: now + 30 * 86_400 })).id;
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
    await loginViaPage(page, { org: KEY, ...MANAGER });
    await page.waitForURL(`**/${KEY}/functionIndex`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks 题目数不足 when leaving while the paper is short; cancel stays, confirm leaves', async () => {
    await page.goto(`/${KEY}/adminAct/adminContestWork?actID=${act}`);
    await page.getByTestId('contest-shortfall').waitFor();
    await expectText(page, '试卷还没有题目，请先选题或添加题目');

    await button(page, '返回知识竞赛').click();
    let dialog = await dialogWith(page, '题目数不足');
    await expect(dialog.textContent()).resolves.toContain('试卷还没有题目，请先选题或添加题目。确定离开当前页面？');
    await button(dialog, CANCEL).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/${KEY}/adminAct/adminContestWork`);

    await button(page, '返回知识竞赛').click();
    dialog = await dialogWith(page, '题目数不足');
    await button(dialog, OK).click();
    await page.waitForURL(`**/${KEY}/adminAct/adminContest`);
  });

  it('a question added in the page completes the paper: leaving then asks nothing', async () => {
    await page.goto(`/${KEY}/adminAct/adminContestWork?actID=${act}`);
    await page.getByTestId('contest-shortfall').waitFor();
    await page.getByTestId('contest-add').click();
    const dialog = await dialogWith(page, '新增题目');
    await dialog.getByLabel('题干').fill('《朝花夕拾》的作者是谁？');
    await dialog.getByLabel(/^选项/).fill('鲁迅\n巴金\n老舍');
    await dialog.getByLabel('答案').fill('A');
    await settled(page);
    await button(dialog, OK).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, '题目充足，可以发布');
    await expectText(page, '《朝花夕拾》的作者是谁？');
    const saved = await su.get<{ items: { stem: string; answer: string }[] }>(`/v1/${KEY}/contest/${act}/question`);
    expect(saved.items.map((q) => [q.stem, q.answer])).toEqual([['《朝花夕拾》的作者是谁？', 'A']]);

    await button(page, '返回知识竞赛').click();
    await page.waitForURL(`**/${KEY}/adminAct/adminContest`);
    expect(await page.getByRole('dialog').filter({ hasText: '题目数不足' }).count()).toBe(0);
  });
});
