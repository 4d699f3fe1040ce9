import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, expectText, launchBrowser, loginViaPage, newPage, settled, startServer, superToken, type ApiClient, type Server, signedInPage } from './harness';

/**
 * Points (issue 24) in the browser: 积分规则 (`adminScore/adminIntRule`) saves the organisation's
 * daily cap and a rule's points and reads them back; 积分列表 (`adminScore/adminIntegralList`)
 * lists readers by balance, adjusts one (above the threshold: waiting) and shows a reader's ledger;
 * 积分审核 lets the second administrator approve what the first asked. Each page has its h1 and
 * axe finds nothing serious on it.
 */
const KEY = 'pointslib';
const A = { account: 'pt_admin_a', real_name: '甲管理员', password: 'Points#Admin1' };
const B = { account: 'pt_admin_b', real_name: '乙管理员', password: 'Points#Admin2' };

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
async function shell(page: Page, title: string) {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  // As the every-page sweep does (pageShell.test.ts): requests, spinners and animations done first.
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0);
  // After a navigation inside the app, the progress bar (nprogress, role="bar") until it is gone.
  await page.waitForFunction(() => !document.getElementById('nprogress'));
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

browserSuite('points: rules, the readers list with adjustments, the second administrator', () => {
  let server: Server;
  let browser: Browser;
  let adminA: ApiClient;
  let readerId = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城西图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [1] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...A, type: 'admin' });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...B, type: 'admin' });
    adminA = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: A.account, password: A.password })).access_token);
    readerId = (await adminA.post<{ id: number }>(`/v1/${KEY}/readers`, { account: 'P1001', password: 'First#Pass1', real_name: '积分读者' })).id;
    await adminA.post(`/v1/${KEY}/set_integral`, { reader_id: readerId, points: 60, reason: '讲座签到补录' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('积分规则 saves and reads back; 积分列表 adjusts above the threshold; 积分审核 approves by the other administrator', { timeout: 240_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: A.account, password: A.password });

    await page.goto(`/${KEY}/adminScore/adminIntRule`);
    await shell(page, '积分规则');
    await page.getByLabel('每人每日积分上限（0为不限）').fill('300');
    await page.getByLabel('投票积分', { exact: true }).fill('2');
    await page.getByTestId('int-rule-save').click();
    await expectText(page, '积分规则已保存');
    const saved = await adminA.get<{ daily_cap: number; rules: { vote: { points: number } } }>(`/v1/${KEY}/config`);
    expect(saved.daily_cap).toBe(300);
    expect(saved.rules.vote.points).toBe(2);
    await page.reload();
    await page.getByTestId('int-rule').waitFor();
    expect(await page.getByLabel('每人每日积分上限（0为不限）').inputValue()).toBe('300');

    await page.goto(`/${KEY}/adminScore/adminIntegralList`);
    await shell(page, '积分列表');
    const row = page.getByRole('row').filter({ hasText: 'P1001' });
    await row.getByRole('cell', { name: '60', exact: true }).first().waitFor();
    await row.getByRole('button', { name: '调整积分' }).click();
    const adjust = await dialogWith(page, '调整积分（负数为扣减）');
    await adjust.getByLabel('调整积分（负数为扣减）').fill('900');
    await adjust.getByLabel('调整原因').fill('年度阅读之星');
    await adjust.getByRole('button', { name: /确\s?定/ }).click();
    await expectText(page, '调整超过审批阈值，已提交等待另一位管理员审核');
    await row.getByRole('button', { name: '积分明细' }).click();
    const ledger = await dialogWith(page, '积分明细：积分读者');
    await ledger.getByText('待审核').waitFor();
    await ledger.getByText('讲座签到补录').waitFor();

    const other = await newPage(browser, server.url);
    await loginViaPage(other, { org: KEY, account: B.account, password: B.password });
    await other.waitForURL(`**/${KEY}/functionIndex`);
    await other.goto(`/${KEY}/adminScore/adminCheckIntegral`);
    await shell(other, '积分审核');
    await other.getByRole('row').filter({ hasText: '年度阅读之星' }).getByRole('button', { name: '审核' }).click();
    await shell(other, '积分审核详情');
    await other.getByTestId('integral-approve').click();
    await other.waitForURL(`**/${KEY}/adminScore/adminCheckIntegral`);
    const account = await adminA.get<{ balance: number }>(`/v1/${KEY}/integral/userIntegral/${readerId}`);
    expect(account.balance).toBe(960);
  });
});
