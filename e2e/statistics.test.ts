import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, report } from './axe';
import { SUPER_ACCOUNT, SUPER_PASSWORD, api, browserSuite, expectText, launchBrowser, orgWithAdmin, settled, signedInPage, startServer, superToken, type Server, signedInReaderApi } from './harness';

/**
 * The statistics of the platform and the organisation (issue 26) in the browser. Set up through the
 * API: an organisation authorised for votes, its administrator, a published vote with two sources
 * and two readers' ballots and a comment, the rollups folded (`POST /v1/count/refresh`). The
 * platform's 机构统计, 活动统计 (→ 点赞统计), 分布图 and the organisation's 活动统计 (→ 活动统计详情, the
 * vote's own 投票评论统计) show those figures; a table exports; every page has one h1 and passes axe.
 * Two questions in its bank: the platform's 答题统计 shows them by month and organisation (→ the
 * organisation's 机构答题统计), the organisation's 答题统计 its months.
 */
const KEY = 'statweb';
const ORG_NAME = '城西统计图书馆';
const ADMIN = { account: 'stat_admin', real_name: '钱馆长', password: 'Stat#Admin1' };
const TITLE = '十月好书投票';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
/** The first figures of a page wait for the lazy figures page and ECharts on a loaded machine. */
const SLOW = 60_000;

browserSuite('statistics: platform and organisation, drill-down, export', () => {
  let server: Server;
  let browser: Browser;
  let act: number;
  const found: string[] = [];

  const sweep = async (page: Page, path: string) => {
    expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
    found.push(...report(path, await axeViolations(page)));
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const admin = await orgWithAdmin(server.url, { key: KEY, name: ORG_NAME, types: [2] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await admin.post<{ id: number }>(`/v1/${KEY}/evaluation`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 3, max_select: 1 } })).id;
    await admin.post(`/v1/${KEY}/evaluation/${act}/publish`, {});
    const source = (await admin.post<{ id: number }>(`/v1/${KEY}/evaluation/${act}/source`, { title: '《边城》' })).id;
    for (const i of [1, 2]) {
      const account = `S900000${i}`;
      const reader = await signedInReaderApi(server.url, admin, KEY, { account, real_name: `读者${i}`, first: READER_FIRST, password: READER_PASSWORD });
      await reader.post(`/v1/${KEY}/client/activities/${act}/ballots`, { request_id: randomUUID(), source_ids: [source] });
      if (i === 1) await reader.post(`/v1/${KEY}/client/activities/${act}/comments`, { request_id: randomUUID(), source_id: source, content: '写得真好' });
    }
    const platform = api(server.url, await superToken(server.url));
    // Two questions added to the organisation's bank (a single choice and a true/false) for the questions series.
    await platform.post(`/v1/${KEY}/question`, { type: 1, stem: '《边城》的作者是谁？', options: [{ key: 'A', text: '沈从文' }, { key: 'B', text: '老舍' }], answer: 'A' });
    await platform.post(`/v1/${KEY}/question`, { type: 3, stem: '《边城》描写的是湘西小城茶峒。', answer: '正确' });
    await platform.post('/v1/count/refresh', {});
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the platform: 机构统计 → the organisation, 活动统计 → 点赞统计, 分布图; a table exports', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });

    await page.goto('/super/statistics/orgCount');
    const orgRow = page.getByTestId('stat-org-list').getByRole('row').filter({ hasText: ORG_NAME });
    await orgRow.waitFor({ timeout: SLOW });
    await settled(page);
    await sweep(page, 'statistics/orgCount');
    await page.goto('/super/statistics/ActCount');
    await page.getByTestId('total-like').getByText('2').waitFor();
    expect(await page.getByTestId('total-comment').innerText()).toContain('1');
    const actOrgRow = page.getByTestId('stat-act-orgs').getByRole('row').filter({ hasText: ORG_NAME });
    await actOrgRow.waitFor({ timeout: SLOW });
    await settled(page);
    await sweep(page, 'statistics/ActCount');
    const exportButton = page.getByTestId('stat-act-orgs').getByRole('button', { name: '导出：按机构统计' });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), exportButton.click({ timeout: SLOW })]);
    expect(download.suggestedFilename()).toBe('机构活动统计.csv');

    // Drill-down: the organisation's 活动统计 in its own back office.
    await actOrgRow.getByRole('button', { name: '活动统计' }).click();
    await page.waitForURL(`**/${KEY}/adminCount/adminActCount`);
    await page.getByTestId('org-act-list').getByRole('row').filter({ hasText: TITLE }).waitFor({ timeout: SLOW });

    await page.goto('/super/statistics/ActCount');
    await page.getByRole('button', { name: '点赞统计' }).click();
    await page.waitForURL('**/super/statistics/ActCount/staticLike');
    await page.getByTestId('total-total').getByText('2').waitFor();
    const likeRow = page.getByTestId('staticLike-org-table').getByRole('row').filter({ hasText: ORG_NAME });
    await likeRow.getByText('100.00%').waitFor();
    await settled(page);
    await sweep(page, 'statistics/ActCount/staticLike');

    await page.goto('/super/statistics/pieChart');
    await page.getByTestId('chart-pie-activity-types').locator('canvas, svg').first().waitFor();
    await page.getByTestId('pie-table-activity-types').getByRole('row').filter({ hasText: '投票评论活动' }).getByText('100.00%').waitFor();
    await settled(page);
    await sweep(page, 'statistics/pieChart');
    expect(found).toEqual([]);
  });

  it("the organisation: 活动统计 → 活动统计详情 and the vote's own statistics", { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminCount/adminActCount`);
    const row = page.getByTestId('org-act-list').getByRole('row').filter({ hasText: TITLE });
    await row.waitFor({ timeout: SLOW });
    await expectText(page, `活动统计：${ORG_NAME}`);
    expect(await page.getByTestId('total-like').innerText()).toContain('2');
    await settled(page);
    await sweep(page, 'adminCount/adminActCount');

    await row.getByRole('button', { name: '详情' }).click();
    await page.waitForURL(`**/${KEY}/adminCount/adminActCount/actCountMore?actID=${act}`);
    await expectText(page, `活动统计详情：${TITLE}`);
    await page.getByTestId('act-more-table').getByRole('row').nth(1).waitFor();
    await settled(page);
    await sweep(page, 'adminCount/adminActCount/actCountMore');

    await page.goto(`/${KEY}/adminCount/adminActCount`);
    await row.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(`**/${KEY}/adminCount/adminActCount/actCountEva?actID=${act}`);
    expect(found).toEqual([]);
  });

  it("the questions series: the platform's 答题统计 by month and organisation → staticOrgQuestion; the organisation's 答题统计", { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await page.goto('/super/statistics/quesCount');
    const series = page.getByTestId('stat-ques-series');
    await series.getByTestId('chart-stat-ques-series-months').locator('canvas, svg').first().waitFor({ timeout: SLOW });
    const orgRow = series.getByTestId('stat-ques-series-org-table').getByRole('row').filter({ hasText: ORG_NAME });
    await expect.poll(() => orgRow.innerText(), { timeout: SLOW }).toMatch(new RegExp(`${ORG_NAME}\\s+2\\s`));
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit' }).format(new Date()).slice(0, 7);
    expect(await series.getByTestId('stat-ques-series-type-table').getByRole('row').filter({ hasText: '判断题' }).innerText()).toMatch(/判断题\s+\d+/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: SLOW }), series.getByRole('button', { name: '导出：按机构统计' }).click()]);
    expect(download.suggestedFilename()).toBe('题目与答题统计-按机构.csv');

    await orgRow.getByRole('button', { name: '机构统计' }).click();
    await page.waitForURL(`**/super/statistics/quesCount/staticOrgQuestion?org=${KEY}`);
    const monthRow = page.getByTestId('org-ques-series-month-table').getByRole('row').filter({ hasText: month });
    await expect.poll(() => monthRow.innerText(), { timeout: SLOW }).toMatch(new RegExp(`${month}\\s+2\\s+0\\s+0\\s+0\\.00%`));
    await page.close();

    const own = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await own.goto(`/${KEY}/adminCount/adminQuesCount`);
    await own.getByTestId('org-ques-series').getByTestId('total-question').getByText('2').waitFor({ timeout: SLOW });
    await own.getByTestId('org-ques-series-month-table').getByRole('row').filter({ hasText: month }).waitFor();
    await own.close();
  });
});
