import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhone, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * 我的 in the reader app (issue 27) on a phone (390 × 844) against the real server. Set up through
 * the API: an organisation authorised for works (type 1), its administrator, a published works
 * activity taking text works without moderation, a participation certificate's template set on
 * it, a reader who submitted a work (through the reader API) and was issued the certificate by
 * the administrator. The reader sees the activity under 我的活动 with its state, downloads the
 * certificate's PDF, opens its verification page (valid, the holder masked), and edits the
 * profile (a refusal names the field; the back office's reader list shows the change). Each new
 * page is axe clean with one h1 and 44 px touch targets.
 */
const KEY = 'h5me';
const ADMIN = { account: 'h5me_admin', real_name: '孙馆长', password: 'H5#Admin123' };
const READER = { account: 'R7200001', real_name: '读者戊', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '我和图书馆的故事征文';
const NEW_NAME = '读者戊己';
const NEW_UNIT = '城西中学';
const DAY = 24 * 3600;

browserSuite('the reader app (h5): my activities, my certificates, my profile', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let page: Page;
  let act: number;
  let certNo: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城西图书馆', types: [1] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/original`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, address: '线上', profile: '写下你和图书馆的故事。' })).id;
    await adminApi.put(`/v1/${KEY}/original/work/config?act=${act}`, {
      creation_types: [{ id: 1, name: '征文', media: 'text' }],
      author_fields: { real_name: 'required', unit: 'optional', phone: 'optional' },
      moderation: 'none',
    });
    await adminApi.post(`/v1/${KEY}/original/${act}/publish`);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    const work = await reader.post<{ id: number; status: string }>(`/v1/${KEY}/client/activities/${act}/works`, {
      request_id: randomUUID(),
      creation_type_id: 1,
      title: '借书证',
      content: '第一次拿到借书证的那天，我在书架间走了一下午，带回了三本童话书。',
      media: [],
      pledge: true,
      author: { real_name: READER.real_name },
    });
    expect(work.status).toBe('approved');
    const template = await adminApi.post<{ id: number }>(`/v1/${KEY}/cert/templates`, {
      name: '征文参与证书',
      kind: 'participation',
      elements: [
        { type: 'text', text: '参与证书', x_mm: 148, y_mm: 30, size_pt: 36 },
        { type: 'field', field_key: 'real_name', x_mm: 148, y_mm: 80 },
        { type: 'qrcode', x_mm: 250, y_mm: 160, width_mm: 30 },
      ],
    });
    await adminApi.post(`/v1/${KEY}/cert/${act}/config`, { template_id: template.id, issue_mode: 'manual' });
    const issued = await adminApi.post<{ issued: number }>(`/v1/${KEY}/cert/${act}/choose`, { work_ids: [work.id] });
    expect(issued.issued).toBe(1);
    certNo = (await adminApi.get<{ items: { cert_no: string }[] }>(`/v1/${KEY}/cert/${act}/index`)).items[0].cert_no;
    page = await readerPhone(browser, server.url, KEY, READER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('我的活动 lists the activity joined with its state; 我的证书 downloads the PDF and opens the verification', { timeout: 180_000 }, async () => {
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByTestId('h5-me').waitFor();
    const problems = await phoneProblems(page, 'me');
    await page.getByRole('link', { name: '我的活动' }).click();
    const mine = page.getByTestId('h5-my-activities');
    await mine.getByRole('link', { name: TITLE }).waitFor();
    await mine.getByText('进行中').waitFor();
    expect(await mine.getByRole('link').count()).toBe(1);
    problems.push(...(await phoneProblems(page, 'my activities')));

    await page.goto(`/${KEY}/h5/me`);
    await page.getByRole('link', { name: '我的证书' }).click();
    await page.getByTestId('h5-certificates').waitFor();
    const cert = page.getByRole('region', { name: new RegExp(`^${TITLE}`) });
    await cert.getByText(certNo).waitFor();
    await cert.getByText('参与证书').waitFor();
    problems.push(...(await phoneProblems(page, 'certificates')));
    expect(problems).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), cert.getByRole('button', { name: `下载证书 ${certNo}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${certNo}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file!).subarray(0, 5).toString()).toBe('%PDF-');
    // the verification page of its code: valid, the holder masked
    await cert.getByRole('link', { name: '查验证书' }).click();
    await page.waitForURL(/\/certVerify\?code=/);
    await expectText(page, '有效');
    await expectText(page, TITLE);
    expect(await page.content()).not.toContain(READER.real_name);
  });

  it('edits the profile: a refusal names the field; saved, the back office sees it', { timeout: 120_000 }, async () => {
    await page.goto(`/${KEY}/h5/me`);
    await page.getByTestId('h5-me').waitFor();
    await page.getByRole('button', { name: /^编\s?辑$/ }).click();
    await page.getByLabel('手机号').fill('138-abc');
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expectText(page, '联系电话只能包含数字、空格、+和-');
    expect(await phoneProblems(page, 'profile form')).toEqual([]);
    await page.getByLabel('姓名').fill(NEW_NAME);
    await page.getByLabel('手机号').fill('13800001111');
    await page.getByLabel('单位').fill(NEW_UNIT);
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expectText(page, '已保存');
    await expectText(page, NEW_NAME);
    const listed = await adminApi.get<{ items: { account: string; real_name: string; phone: string; unit: string }[] }>(`/v1/${KEY}/readers?keyword=${READER.account}`);
    expect(listed.items.find((r) => r.account === READER.account)).toMatchObject({ real_name: NEW_NAME, phone: '13800001111', unit: NEW_UNIT });
  });
});
