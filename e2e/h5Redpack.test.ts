import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REWARD_TEXT } from '@huodong/domain';
import { startLocalMerchant, type LocalMerchant } from '../apps/server/src/payouts/localMerchant';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server } from './harness';
import { expectPhonePageClean as checkPage, firstReaderSignIn } from './h5Reader';

/**
 * My red packets in the reader app (issue 26/27) on a phone (390 × 844), against the real server
 * paying through the real WeChat Pay client to the local merchant (which speaks the protocol and
 * WeChat's web authorisation). Two manual payouts wait for the reader's WeChat: 我的 opens 我的红包,
 * which lists them under 待领取 with spec §4's text; 领取红包 goes to WeChat's authorisation (answered
 * here as WeChat would, back to the page with a code), the page binds the openid through the reader
 * call, the payouts are sent and read 已到账. The page has one h1, 44 px targets and no axe violation.
 */
const KEY = 'h5redpack';
const ADMIN = { account: 'h5rp_admin', real_name: '钱馆长', password: 'H5rp#Admin123' };
const READER = { account: 'R8000001', real_name: '读者丙', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '读书月红包';

browserSuite('the reader app (h5): my red packets, claimed by binding WeChat', () => {
  let merchant: LocalMerchant;
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let phone: BrowserContext;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    merchant = await startLocalMerchant();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5rp-keys-'));
    const c = merchant.config;
    fs.writeFileSync(path.join(dir, 'merchant.pem'), c.privateKey);
    fs.writeFileSync(path.join(dir, 'platform.pem'), c.platformKey);
    server = await startServer({
      env: {
        WECHATPAY_MCHID: c.mchid,
        WECHATPAY_SERIAL: c.serial,
        WECHATPAY_PRIVATE_KEY_FILE: path.join(dir, 'merchant.pem'),
        WECHATPAY_PLATFORM_CERT_FILE: path.join(dir, 'platform.pem'),
        WECHATPAY_PLATFORM_SERIAL: c.platformSerial,
        WECHATPAY_APPID: c.appid,
        WECHATPAY_BASE_URL: c.baseUrl,
        WECHAT_APP_SECRET: c.appSecret,
        WECHAT_OAUTH_BASE_URL: c.oauthBaseUrl,
      },
    });
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [7] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    const act = await adminApi.post<{ id: number }>(`/v1/${KEY}/third`, { title: TITLE, start_at: now - 86_400, end_at: now + 86_400, config: { link: 'https://p.example.org/x' } });
    const cfg = await adminApi.post<{ id: number }>(`/v1/amount/${KEY}`, { act_id: act.id, mode: 'fixed', amount_fen: 500, trigger: 'manual', budget_fen: 100_000, per_user_max: 0 });
    const reader = await adminApi.post<{ id: number }>(`/v1/${KEY}/readers`, { account: READER.account, real_name: READER.real_name, password: READER.first });
    await adminApi.post(`/v1/amount/${KEY}/${cfg.id}/send`, { reader_ids: [reader.id], reason: '志愿服务' });
    await adminApi.post(`/v1/amount/${KEY}/${cfg.id}/send`, { reader_ids: [reader.id], amount_fen: 800, reason: '征文奖励' });
    phone = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    page = await phone.newPage();
    // WeChat's web authorisation, answered as WeChat does: back to redirect_uri with a code.
    await phone.route('https://open.weixin.qq.com/**', async (route) => {
      const asked = new URL(route.request().url());
      expect(asked.searchParams.get('appid')).toBe(c.appid);
      expect(asked.searchParams.get('scope')).toBe('snsapi_base');
      await route.fulfill({ status: 302, headers: { location: `${asked.searchParams.get('redirect_uri')}?code=demoH5RP0001&state=redpack` } });
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await merchant?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('我的 opens 我的红包: two wait to be claimed; 领取红包 binds WeChat and both arrive', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5/me`);
    await firstReaderSignIn(page, READER);
    await page.getByTestId('h5-me').waitFor();
    await page.getByRole('link', { name: '我的红包' }).click();

    const pending = page.getByTestId('h5-redpack-pending');
    await pending.waitFor();
    await expectText(page, '待领取（2）');
    expect(await pending.getByText(new RegExp(` · ${REWARD_TEXT.PENDING}$`)).count()).toBe(2);
    await expectText(page, '¥5.00');
    await expectText(page, '¥8.00');
    await checkPage(page, 'before claiming');

    await page.getByRole('button', { name: '领取红包' }).click();
    await expectText(page, /微信已绑定/);
    expect(new URL(page.url()).search).toBe('');
    // The send job pays both, one job each (they may land on different ticks): read the page again until
    // none waits, not merely until the first arrived.
    const waiting = async () => (await page.getByTestId('h5-redpack-received').count()) === 0 || (await page.getByTestId('h5-redpack-pending').count()) > 0;
    for (let i = 0; i < 60 && (await waiting()); i++) {
      await new Promise((r) => setTimeout(r, 500));
      await page.reload();
      await page.getByTestId('h5-redpack').locator('h1').waitFor();
      await page.getByText('正在加载...').waitFor({ state: 'detached' });
    }
    await expectText(page, '已到账（2）');
    expect(await page.getByTestId('h5-redpack-received').getByText(new RegExp(` · ${REWARD_TEXT.RECEIVED}$`)).count()).toBe(2);
    expect(await page.getByTestId('h5-redpack-pending').count()).toBe(0);
    expect(await page.getByRole('button', { name: '领取红包' }).count()).toBe(0);
    expect(merchant.oauthCalls).toBe(1);
    expect([...merchant.posts.values()]).toEqual([1, 1]);
    await checkPage(page, 'after claiming');
  });
});

