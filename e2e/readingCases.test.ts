import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { casePdfs } from '../apps/server/src/seed/casePdf';
import { png } from './png';
import { rowControl } from './rowControl';
import { api, browserSuite, describePage, launchBrowser, loginApi, newPage, orgWithAdmin, signedInPage, startServer, type ApiClient, type Server } from './harness';

/**
 * Reading cases in the browser (spec §2 pdfDetail, readPromotion): a reader with no sign-in
 * opens an organisation's case on its readPromotion page and pdf.js draws the document page by
 * page (only the pages near the window), jumps to a page and zooms; a paused case is not shown;
 * an administrator opens a case's document from the 阅读案例 list.
 */
const KEY = 'caselib';
const ADMIN = { account: 'case_admin', real_name: '顾馆长', password: 'Case#Admin12' };
const TITLE = '城市书房共读计划';

/** A page of the viewer by number. */
const pdfPage = (page: Page, n: number) => page.locator(`[data-testid="pdf-page"][data-page="${n}"]`);

/** Has the page's canvas been drawn with something dark (text), not left blank? */
const inked = (box: Locator) =>
  box.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) return true;
    return false;
  });

async function upload(server: Server, token: string, path: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { code: number; message: string; data: { url: string } };
  if (body.code !== 200) throw new Error(`upload ${name}: ${body.message}`);
  return body.data.url;
}

browserSuite('reading cases: their documents in the browser', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let shown: number;
  let paused: number;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城东图书馆', types: [] }, ADMIN);
    const token = await loginApi(server.url, ADMIN.account, ADMIN.password, KEY);
    const [pdf] = await casePdfs([
      {
        title: TITLE,
        org: '城东图书馆',
        sections: ['案例背景', '实施过程', '成效与经验', '经验总结'].map((heading) => ({ heading, paragraphs: [`${heading}：社区读者每周共读一本书。`] })),
      },
    ]);
    const address = await upload(server, token, `/v1/${KEY}/upload/public`, 'case.pdf', pdf);
    const cover = await upload(server, token, `/v1/${KEY}/upload/cover`, 'cover.png', png([30, 80, 140], 320, 180));
    shown = (await adminApi.post<{ id: number }>(`/v1/${KEY}/readingCase/case`, { title: TITLE, cover, address, category: 3, origination: '城东图书馆', awardSituation: '市级优秀案例' })).id;
    paused = (await adminApi.post<{ id: number }>(`/v1/${KEY}/readingCase/case`, { title: '暂停的案例', cover, address, category: 1 })).id;
    await adminApi.post(`/v1/${KEY}/readingCase/case/${paused}/disable`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a reader without signing in reads a case: pages drawn as they come near, a jump to the last page, zoom', { timeout: 120_000 }, async () => {
    const page = await newPage(browser, server.url);
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(`/${KEY}/readPromotion/pdfDetail?id=${shown}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      // the spec's address opens the reader app's page (no reader's sign-in asked), the query kept
      expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/${KEY}/h5/readPromotion/pdfDetail?id=${shown}`);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
      // five pages: the first drawn, the last only held in place
      await expect.poll(() => page.getByTestId('pdf-page').count()).toBe(5);
      await pdfPage(page, 1).and(page.locator('[data-rendered="true"]')).waitFor();
      expect(await inked(pdfPage(page, 1))).toBe(true);
      expect(await pdfPage(page, 5).getAttribute('data-rendered')).toBe('false');
      await expect.poll(() => page.getByTestId('case-views').innerText()).toBe('1');

      await page.getByLabel('页码').fill('5');
      await page.getByRole('button', { name: '跳转', exact: true }).click();
      await pdfPage(page, 5).and(page.locator('[data-rendered="true"]')).waitFor();
      expect(await inked(pdfPage(page, 5))).toBe(true);
      await expect.poll(() => page.getByTestId('pdf-current').innerText()).toBe('第 5 / 5 页');

      const before = (await pdfPage(page, 5).boundingBox())!.width;
      // the app's case page opens as wide as its column (the fitted zoom, h5Cases checks it on a phone); 放大 goes a step up
      const zoomOf = async () => Number((await page.getByTestId('pdf-zoom').innerText()).replace('%', ''));
      const fitted = await zoomOf();
      await page.getByRole('button', { name: '放大' }).click();
      await expect.poll(zoomOf).toBeGreaterThan(fitted);
      const larger = await zoomOf();
      // the zooms shown are rounded to a percent: the width follows their ratio within 2 %
      await expect.poll(async () => (await pdfPage(page, 5).boundingBox())!.width / ((before * larger) / fitted)).toBeGreaterThan(0.98);
      expect((await pdfPage(page, 5).boundingBox())!.width / ((before * larger) / fitted)).toBeLessThan(1.02);
      await pdfPage(page, 5).and(page.locator('[data-rendered="true"]')).waitFor();

      // a paused case is not shown
      await page.goto(`/${KEY}/readPromotion/pdfDetail?id=${paused}`);
      await page.getByText('案例不存在或未启用').waitFor();
      expect(await page.getByTestId('pdf-viewer').count()).toBe(0);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
  });

  it("an administrator opens a case's document from the 阅读案例 list", { timeout: 120_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    try {
      await page.goto(`/${KEY}/adminCase`);
      const row = page.getByRole('row').filter({ hasText: TITLE });
      await row.waitFor();
      expect(await page.getByRole('row').filter({ hasText: '暂停的案例' }).count()).toBe(1);
      await (await rowControl(page, row, '查看')).click();
      await page.waitForURL(`**/${KEY}/adminCase/adminpdfDetail?id=${shown}`);
      await pdfPage(page, 1).and(page.locator('[data-rendered="true"]')).waitFor();
      expect(await inked(pdfPage(page, 1))).toBe(true);
      expect(await page.locator('h1').allInnerTexts()).toEqual(['案例详情']);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${await describePage(page)}`, { cause: err });
    }
    await page.context().close();
    expect((await api(server.url).request('GET', `/v1/${KEY}/readingCase/detail/${shown}`)).data.views).toBe(2);
  });
});
