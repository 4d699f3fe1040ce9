import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SCAN_RESULTS } from '@huodong/domain';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server } from './harness';
import { axeViolations, quiet, report } from './axe';

/**
 * The reader's scan page (`/{org}/scan?code=&sign=`, issue 24; the reader app's `/{org}/h5/scan?…`,
 * where the address redirects) on a phone (390×844, Chromium).
 * Set up through the API: an organisation authorised for scan campaigns (type 16), its
 * administrator, a published campaign with a batch of codes, and a new reader (first password
 * given by the administrator). The reader opens one code's link as the codes list gives it, signs
 * in, changes the first password and is credited (扫码成功 with the points); opening the link again
 * shows 您已扫过该码; a forged sign shows 无效的二维码; a link without its sign says so.
 */
const KEY = 'scanlib';
const ADMIN = { account: 'scan_admin', real_name: '陆馆长', password: 'Scan#Admin12' };
const READER = { account: 'R60000001', real_name: '程一禾', first: 'First#Pass1', password: 'Reader#2027' };
const SIGN_IN = /^登\s?录$/;
const POINTS = 15;

browserSuite('scan page: a reader opens a code’s link on a phone, signs in and is credited', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let link: string;
  let actId: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [16] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    actId = (await adminApi.post<{ id: number }>(`/v1/${KEY}/integral`, { title: '世界读书日扫码寻宝', start_at: now - 3600, end_at: now + 30 * 86400 })).id;
    await adminApi.post(`/v1/${KEY}/integral/${actId}/publish`);
    const batch = await adminApi.post<{ id: number }>(`/v1/${KEY}/integral/${actId}/batch`, { name: '馆内书架', count: 3, points: POINTS });
    const codes = await adminApi.get<{ items: { code: string; link: string }[] }>(`/v1/${KEY}/integral/${actId}/code?batch_id=${batch.id}&page=1&pageSize=20`);
    const url = new URL(codes.items[0].link);
    expect(url.pathname).toBe(`/${KEY}/scan`);
    link = `${url.pathname}${url.search}`;
    await adminApi.post(`/v1/${KEY}/readers`, { account: READER.account, password: READER.first, real_name: READER.real_name });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let phone: BrowserContext;
  let page: Page;
  const result = () => page.getByTestId('scan-result');

  it('the link signs the new reader in (first password changed), then scans: 扫码成功 and the points in large text', async () => {
    phone = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await phone.newPage();
    await page.goto(link);
    await expectText(page, '读者登录');
    // the spec's address opens the reader app's page with the query: its sign-in first
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(link.replace(`/${KEY}/scan`, `/${KEY}/h5/scan`));
    expect(await page.locator('h1').allInnerTexts()).toEqual(['阅读活动']);
    await quiet(page);
    expect(report('scan (sign-in)', await axeViolations(page))).toEqual([]);
    await page.getByLabel('账号').fill(READER.account);
    await page.getByLabel('密码').fill(READER.first);
    await page.getByRole('button', { name: SIGN_IN }).click();
    await expectText(page, '首次登录请修改密码');
    await page.getByLabel('新密码').fill(READER.password);
    await page.getByRole('button', { name: /保存并继续/ }).click();
    await expect.poll(() => result().getAttribute('data-result'), { timeout: 15_000 }).toBe('ok');
    expect(await result().textContent()).toBe(SCAN_RESULTS.ok);
    expect(await page.getByTestId('scan-points').textContent()).toBe(`+${POINTS} 积分`);
    await expectText(page, '世界读书日扫码寻宝');
    expect(await result().evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.locator('h1').allInnerTexts()).toEqual(['扫码积分']);
    await quiet(page);
    expect(report('scan (result)', await axeViolations(page))).toEqual([]);
    // credited once, to this reader, as the administrator's scan log shows
    const log = await adminApi.get<{ items: { result: string; points: number }[] }>(`/v1/${KEY}/integral/${actId}/scan?page=1&pageSize=20`);
    expect(log.items.map((i) => [i.result, i.points])).toEqual([['ok', POINTS]]);
    // the administrator's token store was never written: the reader is no administrator
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it('opening the link again shows 您已扫过该码 in orange, still signed in', async () => {
    await page.goto(link);
    await expect.poll(() => result().getAttribute('data-result'), { timeout: 15_000 }).toBe('duplicate');
    expect(await result().textContent()).toBe(SCAN_RESULTS.duplicate);
    expect(await result().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(212, 107, 8)');
    expect(await page.getByTestId('scan-points').count()).toBe(0);
    expect(await page.getByText('读者登录').count()).toBe(0);
  });

  it('a forged sign shows 无效的二维码 in red; a link without its sign says the link is incomplete', async () => {
    const forged = link.replace(/sign=[^&]+/, 'sign=0000000000000000');
    await page.goto(forged);
    await expect.poll(() => result().getAttribute('data-result'), { timeout: 15_000 }).toBe('invalid');
    expect(await result().textContent()).toBe(SCAN_RESULTS.invalid);
    expect(await result().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
    await page.goto(`/${KEY}/scan?code=ABC`);
    await expectText(page, '二维码链接不完整，请重新扫码');
    await quiet(page);
    expect(report('scan (bad link)', await axeViolations(page))).toEqual([]);
    await phone.close();
  });
});
