import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { rowControl } from './rowControl';
import { axeViolations, quiet, report } from './axe';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * The administrator's check-in records (issue 24) in the browser. Set up through the API: an
 * organisation authorised for type 8, its administrator, a check-in activity under pre moderation
 * and two readers who marked today through the reader API. On 打卡记录 (`adminReadClockRecord?actID=`)
 * the administrator sees both marks waiting, approves one with 批量通过, comments on it (点评, the
 * quick replies offered) and features it (精选); every page of the kind has one h1 and passes axe.
 */
const KEY = 'clockweb';
const ADMIN = { account: 'clock_admin', real_name: '周馆长', password: 'Clock#Admin1' };
const TITLE = '寒假21天阅读打卡';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const OK = /^确\s?定$/;
const TEXTS = ['今天读完了《小王子》的前五章，很感动。', '今天和爸爸一起读了《西游记》第一回。'];
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });

browserSuite('check-in records: batch approve, comment, feature, filter', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [8] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/mark`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, config: { moderation: 'pre' } })).id;
    await adminApi.post(`/v1/${KEY}/mark/${act}/publish`, {});
    for (const [i, content] of TEXTS.entries()) {
      const account = `R800000${i + 1}`;
      const reader = await signedInReaderApi(server.url, adminApi, KEY, { account, real_name: `读者${i + 1}`, first: READER_FIRST, password: READER_PASSWORD });
      await reader.post(`/v1/${KEY}/client/activities/${act}/marks`, { request_id: randomUUID(), content });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('打卡记录 → 批量通过 → 点评 → 精选', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // The activity list links to its records.
    await page.goto(`/${KEY}/adminAct/adminReadClock`);
    await expectText(page, TITLE);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TITLE }), '打卡记录')).click();
    await page.waitForURL(`**/adminAct/adminReadClockRecord?actID=${act}`);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    const first = page.getByRole('row').filter({ hasText: TEXTS[0] });
    const second = page.getByRole('row').filter({ hasText: TEXTS[1] });
    await first.waitFor();
    expect(await second.getByText('待审核').count()).toBe(1);

    // 批量通过 the first.
    await first.getByRole('checkbox').check();
    await button(page, '批量通过').click();
    await first.getByText('已通过').waitFor();
    expect(await second.getByText('待审核').count()).toBe(1);

    // 点评 with its own words, then 精选.
    await (await rowControl(page, first, '点评')).click();
    const dialog = await dialogWith(page, '点评打卡');
    await dialog.getByRole('textbox').first().fill('读得很认真，继续加油！');
    await button(dialog, OK).click();
    await first.getByText('读得很认真，继续加油！').waitFor();
    await (await rowControl(page, first, '精选')).click();
    await rowControl(page, first, '取消精选');

    // The approved marks: only the first, featured and commented on.
    const marks = await adminApi.get<{ items: { status: number; is_featured: number; teacher_comment: string }[] }>(`/v1/${KEY}/mark/${act}/markRecords?status=1`);
    expect(marks.items).toEqual([expect.objectContaining({ status: 1, is_featured: 1, teacher_comment: '读得很认真，继续加油！' })]);
  });

  it('连续打卡奖励 on the activity form: the defaults shown, a row edited and saved, days out of order refused naming it', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminReadClock`);
    await expectText(page, TITLE);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TITLE }), '编辑')).click();
    const dialog = await dialogWith(page, '连续打卡奖励');
    const days = (n: number) => dialog.getByLabel(`连续打卡天数（第${n}档）`);
    const points = (n: number) => dialog.getByLabel(`奖励积分（第${n}档）`);
    // Not set: the design's defaults (7 days 40, 21 days 160) are shown.
    expect([await days(1).inputValue(), await points(1).inputValue(), await days(2).inputValue(), await points(2).inputValue()]).toEqual(['7', '40', '21', '160']);
    await days(1).fill('30');
    await button(dialog, OK).click();
    await dialog.getByText('连续打卡奖励的天数需从小到大排列，且不能重复').waitFor();
    await days(1).fill('3');
    await points(1).fill('15');
    await button(dialog, OK).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = await adminApi.get<{ config: { milestones: { days: number; points: number }[] } }>(`/v1/${KEY}/mark/${act}`);
    expect(saved.config.milestones).toEqual([{ days: 3, points: 15 }, { days: 21, points: 160 }]);
  });

  it('every page of the kind has one h1 and no serious axe violation', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    const found: string[] = [];
    for (const path of [
      'adminAct/adminReadClock',
      `adminAct/adminReadClockRecord?actID=${act}`,
      `adminAct/adminReadClockSource?actID=${act}`,
      `adminCheck/adminCheckAct/adminCheckMarkIndex?actID=${act}`,
      `adminCount/adminActCount/actCountRead?actID=${act}`,
      `adminCount/adminActCount/actCountReadRecord?actID=${act}`,
    ]) {
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
