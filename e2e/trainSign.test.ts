import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHECKIN_RESULTS } from '@huodong/domain';
import { api, browserSuite, expectText, launchBrowser, startServer, superToken, type ApiClient, type Server, signedInReaderApi } from './harness';

/**
 * The reader's sign-in page (`/{org}/trainSign`, issue 23; the reader app's `/{org}/h5/trainSign`,
 * where the address redirects) on a phone (390 px wide, Chromium).
 * Set up through the API: an organisation authorised for offline activities, its administrator,
 * two talks starting in ten minutes (sign-in open), the second with a rotating code, and a reader
 * who booked both through the reader API. The reader opens the poster's link, signs in with the
 * reader account on the page, and is checked in (签到成功, checked through the API); scanning
 * again shows 已签到; an expired rotating code is refused with 请重新扫码, the screen's current one
 * accepted. Then the staff's 现场签到 screen redeems a ticket typed at the door.
 */
const KEY = 'signlib';
const ADMIN = { account: 'sign_admin', real_name: '顾馆长', password: 'Sign#Admin12' };
const READER = { account: 'R50000001', real_name: '沈知秋', first: 'First#Pass1', password: 'Reader#2025' };
const WALK_IN = { account: 'R50000002', real_name: '许南星', first: 'First#Pass1', password: 'Reader#2026' };
const MIN = 60;
const SIGN_IN = /^登\s?录$/;

interface Talk {
  act: number;
  sid: number;
}

browserSuite('trainSign: a reader signs in on a phone and checks in; the staff redeem a ticket', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let readerApi: ApiClient;
  let walkInApi: ApiClient;
  let plain: Talk;
  let rotating: Talk;
  const reservations: Record<string, number> = {};

  /** A reader made by the administrator, the first password changed through the reader API. */
  async function readerOf(r: typeof READER): Promise<ApiClient> {
    const client = await signedInReaderApi(server.url, adminApi, KEY, { account: r.account, real_name: r.real_name, first: r.first, password: r.password });
    return client;
  }

  async function talk(title: string, config: Record<string, unknown>): Promise<Talk> {
    const now = Math.floor(Date.now() / 1000);
    const act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offline`, { title, start_at: now + 10 * MIN, end_at: now + 130 * MIN, person_limit: 20, address: '一楼报告厅', config })).id;
    await adminApi.post(`/v1/${KEY}/offline/${act}/publish`);
    const sessions = await readerApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/client/activities/${act}/sessions`);
    return { act, sid: sessions.items[0].id };
  }

  const book = async (client: ApiClient, t: Talk) => (await client.post<{ id: number; status: string }>(`/v1/${KEY}/client/sessions/${t.sid}/reservations`, { request_id: randomUUID() })).id;
  const link = (t: Talk, extra = '') => `/${KEY}/trainSign?actId=${t.act}&sessionId=${t.sid}&type=1${extra}`;
  const result = (page: Page) => page.getByTestId('sign-result');

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城西图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [5] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    adminApi = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token);
    readerApi = await readerOf(READER);
    walkInApi = await readerOf(WALK_IN);
    plain = await talk('“书与城”主题讲座', {});
    rotating = await talk('古籍修复体验课', { rotating_code: 1 });
    reservations.plain = await book(readerApi, plain);
    reservations.rotating = await book(readerApi, rotating);
    reservations.walkIn = await book(walkInApi, plain);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let phone: BrowserContext;
  let page: Page;

  it('the link signs the reader in with the reader account, then checks in: 签到成功 in large text', async () => {
    phone = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await phone.newPage();
    await page.goto(link(plain));
    await expectText(page, '读者登录');
    // the spec's address opens the reader app's page with the query (its sign-in first)
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(link(plain).replace(`/${KEY}/trainSign`, `/${KEY}/h5/trainSign`));
    await page.getByLabel('账号').fill(READER.account);
    await page.getByLabel('密码').fill(READER.password);
    await page.getByRole('button', { name: SIGN_IN }).click();
    await expectText(page, '“书与城”主题讲座');
    await expect.poll(() => result(page).getAttribute('data-result'), { timeout: 15_000 }).toBe('ok');
    expect(await result(page).textContent()).toBe(CHECKIN_RESULTS.ok);
    expect(await result(page).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
    // the page fits the phone: nothing scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const mine = await readerApi.get<{ checked_in_at: number | null; status: string }>(`/v1/${KEY}/client/reservations/${reservations.plain}`);
    expect(mine.checked_in_at).not.toBeNull();
    // the administrator's token store was never written: the reader is no administrator
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  });

  it('scanning the code again shows 已签到, and the reader is still signed in', async () => {
    await page.goto(link(plain));
    await expect.poll(() => result(page).getAttribute('data-result'), { timeout: 15_000 }).toBe('already_checked_in');
    expect(await result(page).textContent()).toBe(CHECKIN_RESULTS.already_checked_in);
    expect(await page.getByText('读者登录').count()).toBe(0);
  });

  it('with a rotating code an expired code is refused (请重新扫码); the screen’s current code is accepted', async () => {
    await page.goto(link(rotating, '&code=AAAAAAAA'));
    await expect.poll(() => result(page).getAttribute('data-result'), { timeout: 15_000 }).toBe('code_expired');
    expect(await result(page).textContent()).toContain('请重新扫码');
    expect((await readerApi.get<{ checked_in_at: number | null }>(`/v1/${KEY}/client/reservations/${reservations.rotating}`)).checked_in_at).toBeNull();
    const current = await adminApi.get<{ link: string; rotating: boolean }>(`/v1/${KEY}/train/session/${rotating.sid}/signcode?type=1`);
    expect(current.rotating).toBe(true);
    const url = new URL(current.link);
    await page.goto(`${url.pathname}${url.search}`);
    await expect.poll(() => result(page).getAttribute('data-result'), { timeout: 15_000 }).toBe('ok');
    await phone.close();
  });

  it('the staff’s 现场签到 screen redeems a typed ticket and shows the reader’s name and seats', async () => {
    const desk = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const staff = await desk.newPage();
    await staff.goto(`/${KEY}/login`);
    await staff.getByLabel('账号').fill(ADMIN.account);
    await staff.getByLabel('密码').fill(ADMIN.password);
    await staff.getByLabel('验证码').fill('0000');
    await staff.getByRole('button', { name: SIGN_IN }).click();
    await staff.waitForURL(/functionIndex|index/);
    await staff.goto(`/${KEY}/adminAct/adminOfflineCheckin?actID=${plain.act}`);
    await expectText(staff, '扫描票码');
    const ticket = await walkInApi.get<{ secret: string }>(`/v1/${KEY}/client/reservations/${reservations.walkIn}/ticket`);
    const code = staff.getByRole('textbox', { name: '票码' });
    await code.fill(ticket.secret);
    await code.press('Enter');
    const shown = staff.getByTestId('redeem-result');
    await expect.poll(() => shown.getAttribute('data-result'), { timeout: 15_000 }).toBe('ok');
    await expectText(staff, WALK_IN.real_name);
    // the same ticket again: already in
    await code.fill(ticket.secret);
    await code.press('Enter');
    await expect.poll(() => shown.getAttribute('data-result'), { timeout: 15_000 }).toBe('already_checked_in');
    // 签到大屏 shows the session's sign-in QR
    await staff.getByText('签到大屏', { exact: true }).first().click();
    const qr = staff.locator('svg[data-qr]');
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.getAttribute('data-qr')).toContain(`/${KEY}/trainSign?actId=${plain.act}&sessionId=${plain.sid}&type=1`);
    await desk.close();
  });
});
