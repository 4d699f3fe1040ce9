import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { ENABLE, IS_PAUSE, PAUSE } from '@huodong/domain';
import { api, browserSuite, dialogWith, expectText, launchBrowser, startServer, superToken, tick, type ApiClient, type Server, signedInPage } from './harness';

/**
 * The carousel (spec `adminSystem/adminCarousel`), a page made from its declaration alone: an
 * organisation administrator uploads pictures, pauses one, reorders them by dragging, exports the
 * list and deletes them in one go.
 */
const KEY = 'carolib';
const ADMIN = { account: 'caro_admin', real_name: '林馆长', password: 'Caro#Admin1' };
const FIRST = '春季阅读节';
const SECOND = '夏日书单';

/** A 1×1 PNG, as a user's picture would be saved. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

interface Slide {
  id: number;
  title: string;
  image: string;
  sort: number;
  is_pause: number;
}

browserSuite('carousel: a page from its declaration', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let dir: string;
  let png: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    await superApi.post('/v1/organizations', { key: KEY, name: '城北图书馆' });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-carousel-'));
    png = path.join(dir, 'slide.png');
    fs.writeFileSync(png, PNG);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const slides = async () => (await adminApi.get<{ items: Slide[] }>(`/v1/${KEY}/carousel?sort=sort`)).items;

  /** 新增 → upload the picture (thumbnail shown) → title → 确定. */
  const create = async (page: Page, title: string) => {
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = await dialogWith(page, '新增轮播图');
    await dialog.locator('input[type=file]').setInputFiles(png);
    const thumb = dialog.getByRole('img', { name: '图片' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/^\/v1\/files\/.+\?width=200$/);
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, title).waitFor();
  };

  it('an administrator uploads two pictures, pauses one, reorders them by drag, exports the list and batch-deletes them', async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // The page is in the menu (系统设置 → 轮播图) and needs no web file of its own.
    await page.goto(`/${KEY}/adminSystem/adminCarousel`);
    await page.getByTestId('resource-carousel').waitFor();

    // A picture is required, checked before anything is sent
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const empty = await dialogWith(page, '新增轮播图');
    await empty.getByLabel('标题').fill(FIRST);
    await empty.getByRole('button', { name: '确定', exact: true }).click();
    await empty.getByText('请上传图片').waitFor();
    await empty.getByRole('button', { name: '取消', exact: true }).click();
    await empty.waitFor({ state: 'hidden' });

    await create(page, FIRST);
    await create(page, SECOND);
    const created = await slides();
    expect(created.map((s) => s.title).sort()).toEqual([FIRST, SECOND].sort());
    expect(created.every((s) => /^\/v1\/files\//.test(s.image))).toBe(true);

    // The table shows the thumbnail, and it loads
    const cellThumb = row(page, FIRST).getByRole('img', { name: '图片' });
    await cellThumb.waitFor();
    expect(await cellThumb.getAttribute('src')).toMatch(/\?width=200$/);
    await expect
      .poll(() => cellThumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);

    // Deleting the picture in the edit form asks first (spec §5)
    await row(page, FIRST).getByRole('button', { name: '编辑', exact: true }).click();
    const edit = await dialogWith(page, '编辑轮播图');
    await edit.getByRole('button', { name: '删除图片' }).click();
    const ask = await dialogWith(page, '确定删除图片吗？');
    await ask.getByRole('button', { name: '确定', exact: true }).click();
    await edit.getByRole('img', { name: '图片' }).waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: '上传图片' }).waitFor();
    await edit.getByRole('button', { name: '取消', exact: true }).click();
    await edit.waitFor({ state: 'hidden' });

    // Pause one (the declared toggle: 暂停 → 启用)
    await row(page, SECOND).getByRole('button', { name: PAUSE, exact: true }).click();
    await row(page, SECOND).getByRole('button', { name: ENABLE, exact: true }).waitFor();
    await row(page, SECOND).getByText(IS_PAUSE[1], { exact: true }).waitFor();
    expect((await slides()).find((s) => s.title === SECOND)?.is_pause).toBe(1);

    // Reorder: the sort mode's drag handles; dropping the last row on the first saves the new order
    const before = (await slides()).map((s) => s.title);
    await page.getByRole('button', { name: '排序', exact: true }).click();
    const handles = page.getByRole('button', { name: /^拖动排序/ });
    await expect.poll(() => handles.count()).toBe(2);
    await handles.nth(1).dragTo(row(page, before[0]));
    await expectText(page, '排序已保存');
    await expect.poll(async () => (await slides()).map((s) => s.title)).toEqual([...before].reverse());
    expect((await slides()).map((s) => s.sort)).toEqual([1, 2]);
    // and back with the keyboard: the handle of the (now) second row, arrow up
    await handles.nth(1).focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await slides()).map((s) => s.title)).toEqual(before);
    await page.getByRole('button', { name: '完成排序', exact: true }).click();

    // Export: the list as .xlsx, named by the server
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出轮播图' }).click()]);
    expect(download.suggestedFilename()).toBe('轮播图.xlsx');
    const book = XLSX.read(fs.readFileSync((await download.path())!), { type: 'buffer' });
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(sheet.map((r) => r['标题'])).toEqual(before);
    expect(sheet.find((r) => r['标题'] === SECOND)?.['状态']).toBe(IS_PAUSE[1]);

    // Batch delete both
    await tick(row(page, FIRST).getByRole('checkbox'));
    await tick(row(page, SECOND).getByRole('checkbox'));
    await page.getByRole('button', { name: '批量删除', exact: true }).click();
    const confirmDelete = await dialogWith(page, '确定删除选中的2条轮播图吗？');
    await confirmDelete.getByRole('button', { name: '确定', exact: true }).click();
    await expectText(page, '已删除2条轮播图');
    await row(page, FIRST).waitFor({ state: 'detached' });
    expect(await slides()).toEqual([]);
  });
});
