import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, fillPicker, launchBrowser, orgWithAdmin, pickerText, readerPhone, signedInPage, signedInReaderApi, startServer, superToken, type ApiClient, type Server } from './harness';

/**
 * Tags in the activity form (issue 25): an administrator picks a platform tag and one of the
 * organisation's own in the shared activity form; the list shows both; filtering by one keeps
 * only the activities carrying it. Another organisation's tag is never offered. A reader's
 * 活动 shows each activity's tags and filters by one.
 */
const KEY = 'taglib';
const ADMIN = { account: 'tag_admin', real_name: '标签管理员', password: 'Tag#Admin123' };
const OTHER_ADMIN = { account: 'tag_other', real_name: '他馆管理员', password: 'Tag#Other123' };
const PLATFORM_TAG = '全民阅读';
const OWN_TAG = '本馆书香';
const FOREIGN_TAG = '他馆专属';
const TAGGED = '书香月主题活动';
const PLAIN = '普通阅读活动';
const DAY = 24 * 3600;
const READER = { account: 'R20260101', real_name: '林读者', first: 'First#Pass1', password: 'Reader#2026' };

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Pick an option of an open searchable select by typing it and pressing Enter (the first match is active). */
async function pick(page: Page, label: string): Promise<void> {
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

browserSuite('tags: picked in the activity form, shown and filtered in the list', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '标签图书馆', types: [7] }, ADMIN);
    await superApi.post('/v1/tags', { name: PLATFORM_TAG });
    await adminApi.post(`/v1/${KEY}/tags`, { name: OWN_TAG });
    const otherApi = await orgWithAdmin(server.url, { key: 'taglibb', name: '另一馆', types: [7] }, OTHER_ADMIN);
    await otherApi.post('/v1/taglibb/tags', { name: FOREIGN_TAG });
    const now = Math.floor(Date.now() / 1000);
    const plain = await adminApi.post<{ id: number }>(`/v1/${KEY}/third`, { title: PLAIN, start_at: now - DAY, end_at: now + DAY, config: { link: 'https://partner.example.com/p' } });
    await adminApi.post(`/v1/${KEY}/third/${plain.id}/publish`, {});
    await signedInReaderApi(server.url, adminApi, KEY, READER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('picks two tags in the form; the list shows them; filtering by one keeps only the tagged activity', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await page.getByTestId('resource-third').waitFor();
    await row(page, PLAIN).waitFor();

    const now = Math.floor(Date.now() / 1000);
    await button(page, '新增').click();
    const create = await dialogWith(page, '新增第三方活动');
    await create.getByLabel('活动名称', { exact: true }).fill(TAGGED);
    await fillPicker(page, create.getByLabel('开始时间', { exact: true }), pickerText(now - DAY));
    await fillPicker(page, create.getByLabel('结束时间', { exact: true }), pickerText(now + 30 * DAY));
    await create.getByLabel('活动链接', { exact: true }).fill('https://partner.example.com/t');
    // 标签: the platform's and the organisation's own are offered, another organisation's not.
    await create.getByLabel('标签', { exact: true }).click();
    const option = (name: string) => page.locator('.ant-select-item-option').filter({ hasText: name }).filter({ visible: true });
    await option(PLATFORM_TAG).waitFor();
    await option(OWN_TAG).waitFor();
    expect(await page.locator('.ant-select-item-option').filter({ hasText: FOREIGN_TAG }).count()).toBe(0);
    await option(PLATFORM_TAG).click();
    await option(OWN_TAG).click();
    await page.keyboard.press('Escape');
    await button(create, '确定').click();
    await create.waitFor({ state: 'hidden' });

    // The list shows both tags on the row.
    await row(page, TAGGED).getByRole('cell', { name: `${PLATFORM_TAG}、${OWN_TAG}`, exact: true }).waitFor();
    const saved = (await adminApi.get<{ items: { title: string; tag_ids: number[] }[] }>(`/v1/${KEY}/third?page_size=100`)).items.find((a) => a.title === TAGGED);
    expect(saved?.tag_ids).toHaveLength(2);

    // 查询 by 标签 (the organisation's): only the tagged activity stays.
    const search = page.locator('#third-search');
    await search.getByLabel('标签', { exact: true }).click();
    await pick(page, OWN_TAG);
    await button(search, '查询').or(button(search, '查 询')).first().click();
    await row(page, PLAIN).waitFor({ state: 'detached' });
    await row(page, TAGGED).waitFor();
    expect(await page.getByRole('row').filter({ has: page.getByRole('cell') }).count()).toBe(1);
    await page.context().close();
  });

  it('the reader app’s 活动 shows the tags and filters by one', { timeout: 180_000 }, async () => {
    const tagged = (await adminApi.get<{ items: { id: number; title: string }[] }>(`/v1/${KEY}/third?page_size=100`)).items.find((a) => a.title === TAGGED)!;
    await adminApi.post(`/v1/${KEY}/third/${tagged.id}/publish`, {});
    const page = await readerPhone(browser, server.url, KEY, READER);
    await page.goto(`/${KEY}/h5/activities`);
    const list = page.getByTestId('h5-activities');
    await list.getByRole('link', { name: PLAIN }).waitFor();
    const item = list.locator('.adm-list-item').filter({ has: page.getByRole('link', { name: TAGGED }) });
    await item.getByText(PLATFORM_TAG, { exact: true }).waitFor();
    await item.getByText(OWN_TAG, { exact: true }).waitFor();
    // 按标签筛选: the organisation's tag keeps the tagged activity only.
    await list.getByLabel('按标签筛选').getByText(OWN_TAG, { exact: true }).click();
    await list.getByRole('link', { name: PLAIN }).waitFor({ state: 'detached' });
    await list.getByRole('link', { name: TAGGED }).waitFor();
    await page.context().close();
  });
});
