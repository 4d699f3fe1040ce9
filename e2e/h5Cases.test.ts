import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { casePdfs } from '../apps/server/src/seed/casePdf';
import { ZOOM_IN, ZOOM_OUT } from '../apps/web/src/features/cases/texts';
import { phoneProblems } from './axe';
import { png } from './png';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Reading cases in the reader app (issue 27) on a phone (390 × 844), against the real server. Set
 * up through the admin API: an enabled case with its PDF and a disabled one. The signed-in reader
 * opens 阅读推广案例 from the home, sees the enabled case only, opens it and reads its PDF drawn
 * by pdf.js (the web's viewer, lazily loaded), opened as wide as the phone; the back office's case shows
 * the reader's view counted. Both pages are axe clean with 44 px touch targets.
 */
const KEY = 'h5case';
const ADMIN = { account: 'h5case_admin', real_name: '周馆长', password: 'H5#Admin123' };
const READER = { account: 'R7300001', real_name: '读案例的读者', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '社区书房共读计划';
const PAUSED = '已停用的案例';
const THIRD = '合作方阅读闯关';
const LINK = 'https://p.example.org/read';

async function upload(server: Server, token: string, path: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { url: string } }).data.url;
}

browserSuite('the reader app (h5): reading cases with the PDF reader', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let shown: number;
  let third: number;
  let page: Page;
  const found: string[] = [];

  /** axe (WCAG 2 A/AA), one h1, 44 px touch targets, nothing sideways (axe.ts phoneProblems). */
  const audit = async (where: string) => found.push(...(await phoneProblems(page, where)));

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [7] }, ADMIN);
    const [pdf] = await casePdfs([{ title: TITLE, org: '城南图书馆', sections: ['案例背景', '实施过程', '成效与经验'].map((heading) => ({ heading, paragraphs: [`${heading}：社区读者每周共读一本书。`] })) }]);
    const address = await upload(server, adminApi.token!, `/v1/${KEY}/upload/public`, 'case.pdf', pdf);
    const cover = await upload(server, adminApi.token!, `/v1/${KEY}/upload/cover`, 'cover.png', png([30, 80, 140], 320, 180));
    shown = (await adminApi.post<{ id: number }>(`/v1/${KEY}/readingCase/case`, { title: TITLE, cover, address, category: 3, origination: '城南图书馆', awardSituation: '市级优秀案例' })).id;
    const paused = (await adminApi.post<{ id: number }>(`/v1/${KEY}/readingCase/case`, { title: PAUSED, cover, address, category: 1 })).id;
    await adminApi.post(`/v1/${KEY}/readingCase/case/${paused}/disable`);

    third = (await adminApi.post<{ id: number }>(`/v1/${KEY}/third`, { title: THIRD, start_at: Math.floor(Date.now() / 1000) - 3600, end_at: Math.floor(Date.now() / 1000) + 30 * 86_400, config: { link: LINK } })).id;
    await adminApi.post(`/v1/${KEY}/third/${third}/publish`, {});
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the enabled cases from the home, reads one in the PDF reader; the back office counts the view', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5`);
    await page.getByTestId('h5-home').waitFor();
    await page.getByRole('link', { name: '阅读推广案例' }).click();
    await page.getByTestId('h5-cases').waitFor();
    await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    expect(await page.getByText(PAUSED).count()).toBe(0);
    await audit('cases');

    await page.getByRole('link', { name: new RegExp(TITLE) }).click();
    await page.getByTestId('h5-case').waitFor();
    await expectText(page, '市级优秀案例');
    const first = page.locator('[data-testid="pdf-page"][data-page="1"]');
    await first.and(page.locator('[data-rendered="true"]')).waitFor({ timeout: 30_000 });
    // opened as wide as the phone's screen (its panel's margins aside), the zoom buttons still there
    const screen = page.viewportSize()!.width;
    const canvas = first.getByRole('img');
    const opened = (await canvas.boundingBox())!.width;
    expect(opened).toBeGreaterThan(screen * 0.85);
    expect(opened).toBeLessThanOrEqual(screen);
    const fitted = await page.getByTestId('pdf-zoom').innerText();
    await page.getByRole('button', { name: ZOOM_OUT }).click();
    await expect.poll(async () => (await canvas.boundingBox())!.width).toBeLessThan(opened * 0.95);
    expect(await page.getByTestId('pdf-zoom').innerText()).not.toBe(fitted);
    await page.getByRole('button', { name: ZOOM_IN }).click();
    await expect.poll(() => page.getByTestId('pdf-zoom').innerText()).toBe(fitted);
    await expectText(page, /第 1 \/ \d+ 页/);
    await audit('case');
    expect(found).toEqual([]);

    // the back office's case shows the view
    await expect.poll(async () => (await adminApi.get<{ views: number }>(`/v1/${KEY}/readingCase/case/${shown}/detail`)).views).toBe(1);
  });

  it('launches a third-party activity: the partner page opens, the back office counts the launch', { timeout: 120_000 }, async () => {
    await page.route('https://p.example.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<html lang="zh-CN"><title>合作方</title><h1>合作方</h1></html>' }));
    await page.goto(`/${KEY}/h5/activities/${third}`);
    await page.getByRole('link', { name: '进入活动' }).click();
    await page.getByTestId('h5-third').waitFor();
    await audit('third');
    expect(found).toEqual([]);
    await page.getByRole('button', { name: '进入活动' }).click();
    await page.waitForURL(`${LINK}**`);
    const counted = await adminApi.get<{ totals: { launches: number; joins: number } }>(`/v1/${KEY}/third/${third}/count`);
    expect(counted.totals).toMatchObject({ launches: 1, joins: 1 });
  });
});
