import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { rowControl } from './rowControl';
import { axeViolations, quiet, report } from './axe';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * The organisation's home and content settings (issue 25) in the browser. Set up through the API:
 * an organisation with a published activity in an activity group, an audiobook a reader listened
 * to through the reader API. The administrator adds a home module on 首页配置, picks its 专辑 and
 * its 样式; adds the activity to 阅读展示; writes 规则设置 (what the server keeps is sanitised);
 * reads 有声书统计; the reader's home then shows all of it. Every page has one h1 and passes axe.
 */
const KEY = 'homeweb';
const ADMIN = { account: 'home_admin', real_name: '沈馆长', password: 'Home#Admin1' };
const ACT = '春季读书会';
const GROUP = '热门活动';
const BOOK = '城南旧事（有声书）';
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Pick an option of an open searchable select by typing it and pressing Enter. */
async function pick(page: Page, label: string): Promise<void> {
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

browserSuite('home settings: modules and albums, reading show, rules, audiobook figures', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let reader: ApiClient;
  let act: number;
  let group: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城东图书馆', types: [7] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/third`, { title: ACT, start_at: now - 3600, end_at: now + 30 * 86_400, config: { link: 'https://p.example.org/x' } })).id;
    await adminApi.post(`/v1/${KEY}/third/${act}/publish`, {});
    group = (await adminApi.post<{ id: number }>(`/v1/${KEY}/actcate`, { name: GROUP })).id;
    await adminApi.post(`/v1/${KEY}/actcate/${group}/acts`, { act_id: act });
    const book = (await adminApi.post<{ id: number }>(`/v1/${KEY}/digitalresource`, { title: BOOK, kind: 2, author: '林海音' })).id;
    reader = await signedInReaderApi(server.url, adminApi, KEY, { account: 'R9000001', real_name: '读者甲', first: READER_FIRST, password: READER_PASSWORD });
    for (const body of [{ play: true, seconds: 0 }, { seconds: 30 }, { seconds: 30 }, { play: true, seconds: 0 }]) {
      await reader.post(`/v1/${KEY}/client/audiobooks/${book}/listen`, { request_id: randomUUID(), ...body });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('首页配置 → 专辑 and 样式; 阅读展示; 规则设置; the reader home shows them; 有声书统计', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // 首页配置: a new module of activity albums.
    await page.goto(`/${KEY}/adminSystem/adminIndexConfig`);
    await page.getByTestId('resource-homeModules').waitFor();
    await button(page, '新增').click();
    const create = await dialogWith(page, '新增首页模块');
    await create.getByLabel('模块名称').fill('精选活动');
    await create.getByLabel('模块类型', { exact: true }).click();
    await pick(page, '活动专辑');
    await button(create, '确定').click();
    await row(page, '精选活动').waitFor();

    // 专辑: the organisation's activity groups, added and saved in order.
    await (await rowControl(page, row(page, '精选活动'), '专辑')).click();
    const albums = await dialogWith(page, '专辑：精选活动');
    await albums.getByLabel('添加专辑').click();
    await pick(page, GROUP);
    await albums.getByTestId('album-item').filter({ hasText: GROUP }).waitFor();
    await button(albums, '保存').click();
    await albums.waitFor({ state: 'hidden' });
    const [module] = (await adminApi.get<{ items: { id: number; albums: number[]; album_count: number }[] }>(`/v1/${KEY}/indexConfig`)).items;
    expect(module.albums).toEqual([group]);

    // 样式: the declared row update.
    await (await rowControl(page, row(page, '精选活动'), '样式')).click();
    const style = await dialogWith(page, '选择展示样式');
    await style.getByLabel('展示样式', { exact: true }).click();
    await pick(page, '宫格');
    await button(style, '确定').click();
    await style.waitFor({ state: 'hidden' });
    await row(page, '精选活动').getByText('宫格').waitFor();

    // 阅读展示: a published activity picked from chooseList.
    await page.goto(`/${KEY}/adminSystem/adminReadingShow`);
    await page.getByTestId('resource-readingShow').waitFor();
    await button(page, '新增').click();
    const show = await dialogWith(page, '新增阅读展示');
    await show.getByLabel('展示内容', { exact: true }).click();
    await pick(page, ACT);
    await button(show, '确定').click();
    await row(page, ACT).waitFor();

    // 规则设置: written in the rich-text editor, saved, kept as the server sanitised it.
    await page.goto(`/${KEY}/adminSystem/adminRule`);
    const editor = page.getByRole('textbox', { name: '规则内容' });
    await editor.click();
    await page.keyboard.type('每位读者每天可参加一次活动。');
    await button(page, '保存').click();
    await expectText(page, '规则已保存');
    expect((await adminApi.get<{ content: string }>(`/v1/${KEY}/rule`)).content).toContain('每位读者每天可参加一次活动。');

    // The reader's home: the module with its album and style, the reading show, the rules.
    const home = await reader.get<{ modules: { title: string; style: number; albums: { name: string; items: { title: string }[] }[] }[]; reading_show: { title: string }[]; rules: string }>(`/v1/${KEY}/client/home`);
    expect(home.modules).toEqual([expect.objectContaining({ title: '精选活动', style: 3, albums: [expect.objectContaining({ name: GROUP, items: [expect.objectContaining({ title: ACT })] })] })]);
    expect(home.reading_show.map((s) => s.title)).toEqual([ACT]);
    expect(home.rules).toContain('每位读者每天可参加一次活动。');

    // 有声书统计: plays, listeners, the top titles, with no activity to pick.
    await page.goto(`/${KEY}/adminCount/adminAudiobookCount`);
    await page.getByTestId('audiobook-count').waitFor();
    await page.getByTestId('total-plays').getByText('2', { exact: true }).waitFor();
    await page.getByTestId('total-listeners').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('audiobook-top').getByRole('cell', { name: BOOK }).waitFor();
  });

  it('every page of the home settings has one h1 and no serious axe violation', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    const found: string[] = [];
    for (const path of ['adminSystem/adminIndexConfig', 'adminSystem/adminReadingShow', 'adminSystem/adminRule', 'adminSystem/adminTag', 'adminSystem/adminQuick', 'adminCount/adminAudiobookCount']) {
      await page.goto(`/${KEY}/${path}`);
      await page.locator('h1').first().waitFor();
      await quiet(page);
      found.push(...report(path, await axeViolations(page)));
      const h1 = await page.locator('h1').allInnerTexts();
      if (h1.length !== 1) found.push(`${path}: h1 ${JSON.stringify(h1)}`);
    }
    expect(found).toEqual([]);
  });
});
