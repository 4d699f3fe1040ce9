import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, expectText, launchBrowser, loginViaPage, newPage, startServer, superToken, SUPER_ACCOUNT, SUPER_PASSWORD, type ApiClient, type Server, signedInReaderApi } from './harness';

/**
 * Sensitive words (issue 12) in the browser: the super administrator adds platform words in one
 * go on 敏感词 (`system/sensitiveWord`, 批量添加); an organisation administrator adds its own word
 * on `adminSystem/adminSensitiveWord` (新增). A reader's comments through the reader API are then
 * screened by both lists — the organisation's risky word rejects, the platform's review word
 * holds — and the comment queue (`adminAct/adminEvaComment`) shows the words found.
 */
const KEY = 'wordslib';
const ADMIN = { account: 'words_admin', real_name: '何馆长', password: 'Words#Admin1' };
const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

browserSuite('sensitive words: the platform list, an organisation list, comments screened', () => {
  let server: Server;
  let browser: Browser;
  let reader: ApiClient;
  let adminApi: ApiClient;
  let act = 0;
  let source = 0;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城东图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [2] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    adminApi = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/evaluation`, { title: '好书推荐投票', start_at: now - 3600, end_at: now + 86_400, config: { captcha: 'off', comments: { min_interval_sec: 0 } } })).id;
    await adminApi.post(`/v1/${KEY}/evaluation/${act}/publish`);
    source = (await adminApi.post<{ id: number }>(`/v1/${KEY}/evaluation/${act}/source`, { title: '《城南旧事》' })).id;
    reader = await signedInReaderApi(server.url, adminApi, KEY, { account: 'W1001', real_name: '读者甲', first: 'First#Pass1', password: 'Reader#2025' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const comment = (content: string) => reader.post<{ id: number; status: number }>(`/v1/${KEY}/client/activities/${act}/comments`, { request_id: randomUUID(), source_id: source, content });

  it('批量添加 on the platform page, 新增 on the organisation page; comments are screened by both lists', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, server.url);
    await loginViaPage(page, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await page.waitForURL('**/super/functionIndex');
    await page.goto('/super/system/sensitiveWord');
    await page.getByTestId('resource-sensitiveWords').waitFor();
    await page.getByTestId('batch-words').click();
    const batch = await dialogWith(page, '批量添加敏感词');
    await batch.getByLabel('敏感词').fill('刷票\n加微信\n刷票');
    await batch.getByLabel('级别').click();
    await page.getByTitle('需审核').filter({ visible: true }).click();
    await batch.getByRole('button', { name: /^添\s?加$/ }).click();
    await expectText(page, '已添加2个敏感词');
    await row(page, '刷票').getByText('需审核', { exact: true }).waitFor();
    await row(page, '加微信').waitFor();

    const org = await newPage(browser, server.url);
    await loginViaPage(org, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await org.waitForURL(`**/${KEY}/functionIndex`);
    await org.goto(`/${KEY}/adminSystem/adminSensitiveWord`);
    await org.getByTestId('resource-orgSensitiveWords').waitFor();
    await org.getByRole('button', { name: '新增', exact: true }).click();
    const add = await dialogWith(org, '新增敏感词');
    await add.getByLabel('敏感词').fill('代写');
    await add.getByLabel('级别').click();
    await org.getByTitle('高风险').filter({ visible: true }).click();
    await add.getByRole('button', { name: '确定', exact: true }).click();
    await row(org, '代写').getByText('高风险', { exact: true }).waitFor();
    // The organisation's list is its own: the platform's words are not in it.
    expect(await row(org, '刷票').count()).toBe(0);

    // The reader's comments: clean, held by the platform's word (spaced out), rejected by the organisation's
    expect((await comment('这本书写得真好')).status).toBe(1);
    expect((await comment('求 刷 票，谢谢')).status).toBe(0);
    expect((await comment('可以帮忙代写读后感')).status).toBe(2);

    // The comment queue shows what the screen found
    await org.goto(`/${KEY}/adminAct/adminEvaComment?actID=${act}`);
    await org.getByTestId('resource-commentChecks').waitFor();
    const held = org.getByRole('row').filter({ hasText: '求 刷 票，谢谢' });
    await held.getByText('刷票', { exact: true }).waitFor();
    await held.getByText('待审核', { exact: true }).waitFor();
    const rejected = org.getByRole('row').filter({ hasText: '可以帮忙代写读后感' });
    await rejected.getByText('代写', { exact: true }).waitFor();
    await rejected.getByText('高风险', { exact: true }).waitFor();
  });
});
