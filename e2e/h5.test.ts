import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, phoneProblems, quiet, report } from './axe';
import { firstReaderSignIn } from './h5Reader';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage } from './harness';

/**
 * The reader app (issue 27, first slice) on a phone (390 × 844), against the real server. Set up
 * through the API: an organisation authorised for reading check-in (type 8), its administrator, a
 * check-in activity in an activity album shown by a home module, a reader with a first password.
 * The reader opens `/{org}/h5`, signs in and changes the first password, sees the home with the
 * album, opens the activity, marks today (its first answer lost: the retry counts once), makes up
 * yesterday and sees the streak; an activity not started shows the gate's reason; the administrator's records page
 * shows the mark; every page of the app has one h1 and no axe (WCAG 2 A/AA) violation.
 */
const KEY = 'h5app';
const ADMIN = { account: 'h5_admin', real_name: '吴馆长', password: 'H5#Admin123' };
const READER = { account: 'R7000001', real_name: '读者乙', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '暑期阅读21天打卡';
const LATER = '秋季阅读打卡（未开始）';
const ALBUM = '本月推荐';
const MODULE = '精选活动';
const CONTENT = '今天读完了《草房子》第三章，桑桑真勇敢。';
const MAKEUP = '昨天读了《城南旧事》的《惠安馆》，补上打卡。';
const DAY = 24 * 3600;

browserSuite('the reader app (h5): sign in, home, check-in, the back office sees the mark', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let later: number;
  let phone: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城北图书馆', types: [8] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    // marks published at once (先发后审), so today's counts in the streak
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/mark`, { title: TITLE, start_at: now - 3 * DAY, end_at: now + 30 * DAY, config: { moderation: 'post' } })).id;
    await adminApi.post(`/v1/${KEY}/mark/${act}/publish`, {});
    later = (await adminApi.post<{ id: number }>(`/v1/${KEY}/mark`, { title: LATER, start_at: now + 2 * DAY, end_at: now + 30 * DAY })).id;
    await adminApi.post(`/v1/${KEY}/mark/${later}/publish`, {});
    const group = (await adminApi.post<{ id: number }>(`/v1/${KEY}/actcate`, { name: ALBUM })).id;
    await adminApi.post(`/v1/${KEY}/actcate/${group}/acts`, { act_id: act });
    const mod = await adminApi.post<{ id: number }>(`/v1/${KEY}/indexConfig`, { title: MODULE, kind: 2, sort: 1 });
    await adminApi.post(`/v1/${KEY}/indexConfig/${mod.id}/sort_albums`, { ids: [group] });
    const { first, ...fields } = READER;
    await adminApi.post(`/v1/${KEY}/readers`, { account: fields.account, real_name: fields.real_name, password: first });
    phone = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await phone.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs in (first password changed), sees the home, opens the check-in, marks today, sees the streak', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5`);
    await firstReaderSignIn(page, READER);

    // the home as configured: the module, its album, the activity in it
    await page.getByTestId('h5-home').waitFor();
    await expectText(page, MODULE);
    await expectText(page, ALBUM);
    await page.getByRole('link', { name: TITLE }).click();

    // the activity with the reader's own status, then its check-in
    await page.getByTestId('h5-activity').waitFor();
    await expectText(page, '未参加');
    await page.getByRole('link', { name: '去打卡' }).click();
    await page.getByTestId('h5-checkin').waitFor();
    const streak = page.getByRole('region', { name: '阅读打卡' });
    expect(await streak.textContent()).toContain('0天当前连续');
    await page.getByLabel('打卡内容').fill(CONTENT);
    // The first try reaches the server, but its answer is lost: the retry sends the same request id
    // and the mark counts once.
    const sent: string[] = [];
    let lose = true;
    await page.route(`**/v1/${KEY}/client/activities/${act}/marks`, async (route) => {
      sent.push((route.request().postDataJSON() as { request_id: string }).request_id);
      const answer = await route.fetch();
      if (lose) {
        lose = false;
        return route.abort('failed');
      }
      return route.fulfill({ response: answer });
    });
    await page.getByRole('button', { name: /^打\s?卡$/ }).click();
    await expectText(page, '网络异常，请点击重试');
    await page.getByRole('button', { name: /^打\s?卡$/ }).click();
    await expectText(page, '打卡成功');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    await expect.poll(() => streak.textContent()).toContain('1天当前连续');
    await expectText(page, `今日已打卡：${CONTENT}`);
    // a missed day made up from the calendar (yesterday: the activity began three days ago), the streak grows
    await expectText(page, '剩余补卡次数：3');
    await page.getByRole('button', { name: /^补卡 / }).last().click();
    await page.getByLabel('打卡内容').fill(MAKEUP);
    await page.getByRole('button', { name: /^补\s?卡$/ }).click();
    await expectText(page, '剩余补卡次数：2');
    await expect.poll(() => streak.textContent()).toContain('2天当前连续');
    expect(await streak.textContent()).toContain('2天累计打卡');
    // the page fits the phone: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the mark counted once on the server
    const marks = await adminApi.get<{ items: { content: string }[] }>(`/v1/${KEY}/mark/${act}/markRecords`);
    expect(marks.items.map((m) => m.content).sort()).toEqual([CONTENT, MAKEUP].sort());

    // an activity the gate refuses: the server's reason, in Chinese, and no way to check in
    await page.getByRole('link', { name: '活动', exact: true }).click();
    await page.getByRole('link', { name: LATER }).click();
    await page.getByTestId('h5-activity').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe('活动未开始');

    // the back office's records page shows it
    const admin = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await admin.goto(`/${KEY}/adminAct/adminReadClockRecord?actID=${act}`);
    await admin.getByRole('row').filter({ hasText: CONTENT }).waitFor();
    await admin.getByRole('row').filter({ hasText: MAKEUP }).waitFor();
    expect(await admin.getByRole('row').filter({ hasText: READER.real_name }).count()).toBe(2);
  });

  it('every page of the reader app has one h1, touch targets of 44 px and no axe violation (WCAG 2 A/AA)', { timeout: 180_000 }, async () => {
    const found: string[] = [];
    for (const [path, testId] of [
      ['', 'h5-home'],
      ['/activities', 'h5-activities'],
      [`/activities/${act}`, 'h5-activity'],
      [`/activities/${act}/checkin`, 'h5-checkin'],
      [`/activities/${later}`, 'h5-activity'],
      ['/points', 'h5-points'],
      ['/me', 'h5-me'],
    ]) {
      await page.goto(`/${KEY}/h5${path}`);
      await page.getByTestId(testId).locator('h1').waitFor();
      await page.getByText('正在加载...').waitFor({ state: 'detached' });
      // axe, one h1, touch targets at least 44 px high
      found.push(...(await phoneProblems(page, path || '/')));
    }
    // the sign-in page too, after signing out from the profile
    await page.getByRole('button', { name: '退出登录' }).click();
    await expectText(page, '读者登录');
    await quiet(page);
    found.push(...report('sign-in', await axeViolations(page)));
    expect(found).toEqual([]);
  });
});
