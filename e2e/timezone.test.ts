import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, fillPicker, launchBrowser, loginViaPage, newPage, pickerText, startServer, superToken, type ApiClient, type Server } from './harness';

/**
 * One time zone everywhere (issue 20): with the browser on UTC or on New York time, an activity
 * created with start 09:00 is stored as 09:00 Shanghai time, listed at 09:00, shows 09:00 in its
 * edit form, and a day filter on 开始时间 selects the rows of that Shanghai day (not of the
 * browser's day).
 */
const KEY = 'tzlib';
const ADMIN = { account: 'tz_admin', real_name: '时区馆长', password: 'Tz#Admin123' };
const LINK = 'https://partner.example.com/act/tz';

/** Shanghai wall clock → Unix seconds (UTC+8). */
const cst = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h - 8, mi) / 1000;

const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

interface Activity {
  id: number;
  title: string;
  start_at: number;
  end_at: number;
}

browserSuite('one time zone: the organisation’s, whatever the browser’s', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '时区图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [7] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const byTitle = async (title: string) => (await adminApi.get<{ items: Activity[] }>(`/v1/${KEY}/third?page_size=100`)).items.find((a) => a.title === title);

  for (const timezoneId of ['UTC', 'America/New_York']) {
    it(`with the browser on ${timezoneId}: 09:00 entered is 09:00 in the list, the edit form and the day filter`, { timeout: 180_000 }, async () => {
      const at9 = `定时活动${timezoneId}`;
      // Either side of the browser's day: 10 March 07:30 in Shanghai is still the 9th in UTC and New
      // York; 11 March 07:00 in Shanghai is the 10th there.
      const early = `清晨活动${timezoneId}`;
      const nextDay = `次日活动${timezoneId}`;
      for (const [title, start] of [
        [early, cst(2026, 3, 10, 7, 30)],
        [nextDay, cst(2026, 3, 11, 7)],
      ] as const) {
        await adminApi.post(`/v1/${KEY}/third`, { title, start_at: start, end_at: start + 10 * 86_400, config: { link: LINK } });
      }

      const page = await newPage(browser, server.url, { timezoneId });
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId === 'UTC' ? 'UTC' : timezoneId);
      await loginViaPage(page, { org: KEY, account: ADMIN.account, password: ADMIN.password });
      await page.waitForURL(`**/${KEY}/functionIndex`);
      await page.goto(`/${KEY}/adminAct/adminThirdParty`);
      await page.getByTestId('resource-third').waitFor();

      // 新增 with start 09:00 and end 18:00 typed into the pickers
      await button(page, '新增').click();
      const create = await dialogWith(page, '新增第三方活动');
      await create.getByLabel('活动名称', { exact: true }).fill(at9);
      await fillPicker(page, create.getByLabel('开始时间', { exact: true }), '2026-03-10 09:00:00');
      await fillPicker(page, create.getByLabel('结束时间', { exact: true }), '2026-03-20 18:00:00');
      await create.getByLabel('活动链接', { exact: true }).fill(LINK);
      await button(create, '确定').click();
      await row(page, at9).waitFor();
      await create.waitFor({ state: 'detached' });

      // Stored as 09:00 Shanghai time, listed at 09:00 (and the API-made rows at their Shanghai times)
      expect(await byTitle(at9)).toMatchObject({ start_at: cst(2026, 3, 10, 9), end_at: cst(2026, 3, 20, 18) });
      await row(page, at9).getByRole('cell', { name: '2026-03-10 09:00', exact: true }).waitFor();
      await row(page, early).getByRole('cell', { name: '2026-03-10 07:30', exact: true }).waitFor();
      await row(page, nextDay).getByRole('cell', { name: '2026-03-11 07:00', exact: true }).waitFor();

      // The edit form shows 09:00 too
      await button(row(page, at9), '编辑').click();
      const edit = await dialogWith(page, '编辑第三方活动');
      await expect.poll(() => edit.getByLabel('开始时间', { exact: true }).inputValue()).toBe(pickerText(cst(2026, 3, 10, 9)));
      expect(await edit.getByLabel('结束时间', { exact: true }).inputValue()).toBe('2026-03-20 18:00:00');
      // saved unchanged, it stays 09:00
      await button(edit, '确定').click();
      await edit.waitFor({ state: 'detached' });
      expect((await byTitle(at9))?.start_at).toBe(cst(2026, 3, 10, 9));

      // 开始时间 from 10 March to 10 March: the Shanghai day's rows, whatever the browser's day
      const search = page.locator('#third-search');
      await search.getByLabel('开始时间', { exact: true }).click();
      await page.keyboard.type('2026-03-10');
      await page.keyboard.press('Enter');
      await page.keyboard.type('2026-03-10');
      await page.keyboard.press('Enter');
      await button(search, '查询').click();
      await expect.poll(async () => (await row(page, nextDay).count()) === 0 && (await row(page, at9).count()) === 1, { timeout: 15_000 }).toBe(true);
      await row(page, early).waitFor();
      await page.context().close();
    });
  }
});
