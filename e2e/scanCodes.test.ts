import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import * as T from '../apps/web/src/features/scanCodes/texts';
import { rowControl } from './rowControl';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * The administrator's scan campaign page (积分记录, `adminAct/adminIntegralWork?actID=`, issue 24)
 * in the browser. Set up through the API: an organisation authorised for type 16, its
 * administrator, a published campaign. From 扫码积分 the row's 二维码与记录 opens the page; a
 * batch of five codes is added in the declared form; 查看二维码 lists its codes; a reader scans
 * one through the reader API; 扫码记录 shows the scan and 积分排行 the reader; 作废 voids the batch.
 */
const KEY = 'scanweb';
const ADMIN = { account: 'scan_admin', real_name: '周馆长', password: 'Scan#Admin123' };
const TITLE = '世界读书日扫码集积分';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const OK = /^确\s?定$/;
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });

browserSuite('scan campaign: batches, codes, scan log, leaderboard, void', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [16] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/integral`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY })).id;
    await adminApi.post(`/v1/${KEY}/integral/${act}/publish`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('二维码与记录 → 新增批次 → 查看二维码 → 扫码记录 → 积分排行 → 作废', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    await page.goto(`/${KEY}/adminAct/adminIntegral`);
    await expectText(page, TITLE);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TITLE }), '二维码与记录')).click();
    await page.waitForURL(`**/adminAct/adminIntegralWork?actID=${act}`);
    await expect.poll(() => page.locator('h1').innerText()).toContain('积分记录');
    await expectText(page, TITLE);

    // 新增 a batch of five codes of 8 points.
    await button(page, '新增').click();
    const form = await dialogWith(page, '新增');
    await form.getByLabel('批次名称').fill('阅览室海报');
    await form.getByLabel('二维码数量').fill('5');
    await form.getByLabel('每次积分').fill('8');
    await button(form, OK).click();
    await form.waitFor({ state: 'hidden' });
    const batchRow = page.getByRole('row').filter({ hasText: '阅览室海报' });
    await batchRow.waitFor();

    // 查看二维码: its five codes with their links.
    await (await rowControl(page, batchRow, T.CODES)).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: '/scanweb/scan?code=' }).count()).toBe(5);

    // A reader scans the first code through the reader API.
    const codes = (await adminApi.get<{ items: { link: string }[] }>(`/v1/${KEY}/integral/${act}/code?sort=id`)).items;
    const link = new URL(codes[0].link);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, { account: 'R1600001', real_name: '许小读', first: READER_FIRST, password: READER_PASSWORD });
    const scanned = await reader.post<{ result: string; points: number }>(`/v1/${KEY}/client/scan`, { code: link.searchParams.get('code'), sign: link.searchParams.get('sign'), nonce: `e2e-${randomUUID()}` });
    expect(scanned).toMatchObject({ result: 'ok', points: 8 });

    // 扫码记录 shows it; 积分排行 ranks the reader.
    await page.getByRole('tab', { name: T.TAB_LOG }).click();
    const logRow = page.getByRole('row').filter({ hasText: 'R1600001' });
    await logRow.waitFor();
    await expect.poll(() => logRow.innerText()).toContain('成功');
    await page.getByRole('tab', { name: T.TAB_RANKING }).click();
    const ranked = page.getByRole('row').filter({ hasText: '许小读' });
    await ranked.waitFor();
    expect(await ranked.innerText()).toContain('8');

    // 作废 the batch.
    await page.getByRole('tab', { name: T.TAB_BATCHES }).click();
    await batchRow.waitFor();
    await (await rowControl(page, batchRow, '作废')).click();
    await button(await dialogWith(page, '作废后本批'), OK).click();
    await expect.poll(() => batchRow.innerText()).toContain('已作废');
    const again = await reader.post<{ result: string }>(`/v1/${KEY}/client/scan`, { code: link.searchParams.get('code'), sign: link.searchParams.get('sign'), nonce: `e2e-${randomUUID()}` });
    expect(again.result).toBe('invalid');
  });
});
