import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { REWARD_TEXT, WECHATPAY_NOT_CONFIGURED } from '@huodong/domain';
import { api, browserSuite, expectText, launchBrowser, signedInPage, startServer, SUPER_ACCOUNT, SUPER_PASSWORD, superToken, type ApiClient, type Server } from './harness';
import { axeViolations, quiet, report } from './axe';
import { rowControl, rowOffers } from './rowControl';

/**
 * Red packets (issue 26) in the browser, on a server without a WeChat Pay merchant: 红包统计
 * (`adminCount/adminRedpackCount`) says nothing is sent and why, lists the batch above ¥1,000 the
 * first administrator asked for, which only the second may approve; the payouts then read 待发放 on
 * 红包发放记录, and the configuration is on 红包配置. Each page has one h1 and axe finds nothing serious.
 */
const KEY = 'redpacklib';
const A = { account: 'rp_admin_a', real_name: '甲管理员', password: 'Redpack#Admin1' };
const B = { account: 'rp_admin_b', real_name: '乙管理员', password: 'Redpack#Admin2' };

async function shell(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  await quiet(page);
  expect(report(title, await axeViolations(page))).toEqual([]);
}

browserSuite('red packets: the figures page, the second administrator, the lists', () => {
  let server: Server;
  let browser: Browser;
  let adminA: ApiClient;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城东图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [7] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...A, type: 'admin' });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...B, type: 'admin' });
    adminA = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: A.account, password: A.password })).access_token);
    const now = Math.floor(Date.now() / 1000);
    const act = await adminA.post<{ id: number }>(`/v1/${KEY}/third`, { title: '读书月红包活动', start_at: now - 86_400, end_at: now + 86_400, config: { link: 'https://p.example.org/x' } });
    const cfg = await adminA.post<{ id: number }>(`/v1/amount/${KEY}`, { act_id: act.id, mode: 'fixed', amount_fen: 20_000, trigger: 'manual', budget_fen: 500_000 });
    const readers: number[] = [];
    for (let i = 1; i <= 6; i++) readers.push((await adminA.post<{ id: number }>(`/v1/${KEY}/readers`, { account: `RP00${i}`, password: 'First#Pass1', real_name: `读者${i}` })).id);
    await adminA.post(`/v1/amount/${KEY}/${cfg.id}/send`, { reader_ids: readers, reason: '读书月志愿者' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('红包统计 says no merchant is configured and lets only the other administrator approve; the lists show 待发放', { timeout: 240_000 }, async () => {
    const a = await signedInPage(browser, server.url, { org: KEY, account: A.account, password: A.password });
    await a.goto(`/${KEY}/adminCount/adminRedpackCount`);
    await shell(a, '红包统计');
    await expectText(a, WECHATPAY_NOT_CONFIGURED);
    await expectText(a, '本人发起，需另一位管理员审批');
    expect(await a.getByRole('button', { name: '通过' }).count()).toBe(0);
    await a.close();

    const b = await signedInPage(browser, server.url, { org: KEY, account: B.account, password: B.password });
    await b.goto(`/${KEY}/adminCount/adminRedpackCount`);
    await shell(b, '红包统计');
    await b.getByTestId('redpack-batches').getByRole('button', { name: '通过' }).click();
    await b.getByTestId('redpack-batches').waitFor({ state: 'detached' });
    expect(await adminA.get<{ status: string }[]>(`/v1/amount/${KEY}/batches`)).toEqual([expect.objectContaining({ status: 'approved' })]);

    await b.goto(`/${KEY}/adminCount/adminRedpackCount/adminRedpackList`);
    await shell(b, '红包发放记录');
    await expectText(b, REWARD_TEXT.PENDING);
    await b.goto(`/${KEY}/adminCount/adminRedpackCount/adminRedpackConfig`);
    await shell(b, '红包配置');
    await expectText(b, '读书月红包活动');
  });

  it('the platform’s 红包金额 lists every organisation’s amounts and pauses one', { timeout: 180_000 }, async () => {
    const p = await signedInPage(browser, server.url, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await p.goto('/super/system/amountManage');
    await shell(p, '红包金额');
    const row = p.getByRole('row').filter({ hasText: '读书月红包活动' }).filter({ hasText: '城东图书馆' });
    await row.waitFor();
    await (await rowControl(p, row, '暂停')).click();
    const confirm = p.getByRole('dialog').getByRole('button', { name: '确定', exact: true });
    await confirm.waitFor({ timeout: 2_000 }).then(() => confirm.click(), () => undefined);
    await rowOffers(p, row, '启用');
    const [cfg] = await adminA.get<{ is_pause: number }[]>(`/v1/amount/${KEY}`).then((l) => (l as unknown as { items: { is_pause: number }[] }).items);
    expect(cfg!.is_pause).toBe(1);
  });
});
