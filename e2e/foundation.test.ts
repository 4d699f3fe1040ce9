import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LOGIN_FIRST, NO_PERMISSION_PAGE, ORG_NOT_FOUND } from '@huodong/domain';
import {
  api,
  browserSuite,
  expectText,
  launchBrowser,
  loginViaPage,
  newPage,
  startServer,
  superToken,
  SUPER_ACCOUNT,
  SUPER_PASSWORD,
  type Server,
} from './harness';

const ORG = 'elib';
const ORG_NAME = '东湖图书馆';
const OTHER_ORG = 'wlib';
const MANAGER = { account: 'emgr', password: 'Mgr#Pass123' };
const superLogin = { account: SUPER_ACCOUNT, password: SUPER_PASSWORD };
const orgLogin = { org: ORG, ...MANAGER };

/** The token the page stored for a scope (localStorage `adminToken`, spec §3). */
async function storedToken(page: Page, scope: string): Promise<{ access_token: string; endTime: number } | undefined> {
  return page.evaluate((s) => JSON.parse(localStorage.getItem('adminToken') ?? '{}')[s], scope);
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

browserSuite('foundation in the browser', () => {
  let server: Server;
  let browser: Browser;
  const pages: Page[] = [];
  const open = async () => {
    const page = await newPage(browser, server.url);
    pages.push(page);
    return page;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const root = api(server.url, await superToken(server.url));
    await root.post('/v1/organizations', { key: ORG, name: ORG_NAME });
    await root.post('/v1/organizations', { key: OTHER_ORG, name: '西湖图书馆' });
    await root.post(`/v1/org/${ORG}/managers`, { account: MANAGER.account, password: MANAGER.password, real_name: '东湖管理员', type: 'admin' });
  });

  afterAll(async () => {
    await Promise.all(pages.map((p) => p.context().close()));
    await browser?.close();
    await server?.stop();
  });

  it('the super administrator signs in through the login page and lands on /super/functionIndex', async () => {
    const page = await open();
    await page.goto('/super/login');
    await expectText(page, '超级管理后台');
    await loginViaPage(page, superLogin);
    await page.waitForURL('**/super/functionIndex');
    await page.getByTestId('function-index').waitFor();
    const token = await storedToken(page, 'super');
    expect(token?.access_token).toBeTruthy();
    expect(token!.endTime).toBeGreaterThan(Date.now());
    // The stored token is a real one.
    expect((await api(server.url, token!.access_token).request('GET', '/v1/supers/self')).data.account).toBe(SUPER_ACCOUNT);
  });

  it("an organisation manager signs in on the organisation's login page", async () => {
    const page = await open();
    await page.goto(`/${ORG}/login`);
    await expectText(page, `${ORG_NAME}管理后台`);
    await loginViaPage(page, orgLogin);
    await page.waitForURL(`**/${ORG}/functionIndex`);
    await page.getByTestId('current-user').getByText('东湖管理员').waitFor();
    expect(await storedToken(page, ORG)).toBeDefined();
    expect(await storedToken(page, 'super')).toBeUndefined();
  });

  it('a wrong password shows 账号或密码错误 and stays on the login page without a token', async () => {
    const page = await open();
    await loginViaPage(page, { org: ORG, account: MANAGER.account, password: 'wrong-password' });
    await expectText(page, '账号或密码错误');
    expect(pathOf(page)).toBe(`/${ORG}/login`);
    expect(await storedToken(page, ORG)).toBeUndefined();
  });

  it('a protected page without a token shows 请先进行登录, goes to login with redirect, and returns there after login', async () => {
    const page = await open();
    await page.goto(`/${ORG}/adminManager?tab=1`);
    await expectText(page, LOGIN_FIRST);
    await page.waitForURL(`**/${ORG}/login?**`);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/${ORG}/adminManager?tab=1`);
    await loginViaPage(page, orgLogin);
    await page.waitForURL(`**/${ORG}/adminManager?tab=1`);
    // The message is a 3 s notice, gone afterwards.
    await page.getByText(LOGIN_FIRST).waitFor({ state: 'hidden', timeout: 6_000 });
  });

  it('a redirect to another site is not followed after login', async () => {
    const page = await open();
    await page.goto('/super/login?redirect=' + encodeURIComponent('//evil.example/x'));
    await loginViaPage(page, superLogin);
    await page.waitForURL('**/super/functionIndex');
    expect(new URL(page.url()).host).toBe(new URL(server.url).host);
  });

  it('a redirect with a tab or a line break is not followed: the sign-in lands on the function index', async () => {
    // A URL parser drops tabs and line breaks: `/\t/evil.example/` would be `//evil.example/`.
    for (const redirect of ['/\t/evil.example/', '/\n/evil.example/']) {
      const page = await open();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('/super/login?redirect=' + encodeURIComponent(redirect));
      await loginViaPage(page, superLogin);
      await page.waitForURL('**/super/functionIndex');
      await page.getByTestId('function-index').waitFor();
      expect(new URL(page.url()).host).toBe(new URL(server.url).host);
      expect(errors).toEqual([]);
    }
  });

  it('/ goes to /super/functionIndex once signed in (and to the login page before)', async () => {
    const page = await open();
    await page.goto('/');
    await page.waitForURL('**/super/login?**');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/super/functionIndex');
    await loginViaPage(page, superLogin);
    await page.waitForURL('**/super/functionIndex');
    await page.goto('/');
    await page.waitForURL('**/super/functionIndex');
    await page.goto(`/${ORG}`);
    await page.waitForURL(`**/${ORG}/functionIndex`); // a super token is accepted for any scope
  });

  it('a page of the other kind of back office shows 您没有权限进入该页面 and the error page', async () => {
    const page = await open();
    await loginViaPage(page, orgLogin);
    await page.waitForURL(`**/${ORG}/functionIndex`);
    await page.goto(`/${ORG}/orgManage`); // a platform page
    await expectText(page, NO_PERMISSION_PAGE);
    await page.waitForURL(`**/${ORG}/errorPage`);
    await page.getByTestId('error-page').waitFor();
  });

  it("a manager signed in to one organisation gets 您没有权限进入该页面 in another organisation's back office", async () => {
    const page = await open();
    await loginViaPage(page, orgLogin);
    await page.waitForURL(`**/${ORG}/functionIndex`);
    await page.goto(`/${OTHER_ORG}/functionIndex`);
    await expectText(page, NO_PERMISSION_PAGE);
    await page.waitForURL(`**/${OTHER_ORG}/errorPage`);
    await page.getByTestId('error-page').waitFor();
    expect(await storedToken(page, OTHER_ORG)).toBeUndefined();
    // The token of the own organisation is kept and still works there.
    await page.goto(`/${ORG}/functionIndex`);
    await page.getByTestId('function-index').waitFor();
  });

  it('an unknown path goes to the error page of its scope', async () => {
    const page = await open();
    await page.goto('/super/no-such-page');
    await page.waitForURL((url) => url.pathname === '/super/errorPage');
    await page.getByTestId('error-page').waitFor();
    await page.goto(`/${ORG}/adminAct/no/such/page`);
    await page.waitForURL((url) => url.pathname === `/${ORG}/errorPage`);
    await page.getByTestId('error-page').waitFor();
  });

  it('the login page of an unknown organisation leads to 机构不存在', async () => {
    const page = await open();
    await page.goto('/nosuchorg/login');
    await page.waitForURL('**/error404?reason=org');
    await page.getByTestId('not-found-page').getByText(ORG_NOT_FOUND).waitFor();
  });

  it('退出登录 revokes the token, forgets it and shows the login page', async () => {
    const page = await open();
    await loginViaPage(page, orgLogin);
    await page.waitForURL(`**/${ORG}/functionIndex`);
    const token = (await storedToken(page, ORG))!.access_token;
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`**/${ORG}/login`);
    expect(await storedToken(page, ORG)).toBeUndefined();
    const after = await api(server.url, token).request('GET', `/v1/${ORG}/self`);
    expect([after.status, after.message]).toEqual([401, '登录已退出，请重新登录']);
    // Protected pages need a new sign-in.
    await page.goto(`/${ORG}/functionIndex`);
    await page.waitForURL(`**/${ORG}/login?**`);
  });
});
