import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { png } from './png';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Works contests in the reader app (issue 27) on a phone (390 × 844). Set up through the API: an
 * organisation authorised for 原创作品 (type 1), a contest of pictures (one or two, a description,
 * the author's name asked, the pledge), reviewed before it shows; a signed-in reader. The reader
 * opens the activity, 提交作品, uploads a picture through the reader upload, fills the form and
 * submits: 待审核; edits it before review; the administrator rejects it with a reason (the reader
 * sees 未通过 and the reason), the reader edits and submits it again, the administrator approves
 * it (已通过 with its number). The back office's list has the work; the pages pass axe. A second
 * work (two a reader) is withdrawn (撤回) while it waits for review: the back office sees it
 * withdrawn and the reader has the place back.
 */
const KEY = 'h5works';
const ADMIN = { account: 'h5w_admin', real_name: '郑馆长', password: 'H5w#Admin123' };
const READER = { account: 'R7100001', real_name: '读者丙', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '“我和图书馆”绘画征集';
const WORK = '图书馆的窗';
const EDITED = '图书馆的窗（修改版）';
const REASON = '请补充作品简介';
const DAY = 24 * 3600;
/** A poll's wait for the server's answer on a busy machine. */
const WAIT = { timeout: 10_000 };

interface AdminWork {
  id: number;
  title: string;
  status: string;
  reason: string;
  work_no: string | null;
  author_name: string;
}

browserSuite('the reader app (h5): works, submitted, edited, reviewed', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城南图书馆', types: [1] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/original`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, address: '线上', profile: '画出你心中的图书馆。' })).id;
    await adminApi.put(`/v1/${KEY}/original/work/config?act=${act}`, {
      creation_types: [{ id: 1, name: '绘画', media: 'image', files_min: 1, files_max: 2, file_max_kb: 1024 }],
      author_fields: { real_name: 'required', unit: 'hidden', grade: 'hidden', phone: 'hidden', instructor: 'hidden' },
      moderation: 'pre',
      per_user_max_works: 2,
    });
    await adminApi.post(`/v1/${KEY}/original/${act}/publish`);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const works = async () => (await adminApi.get<{ items: AdminWork[] }>(`/v1/${KEY}/original/${act}/work?page_size=100`)).items;
  const myWork = () => page.getByTestId('h5-my-work').filter({ hasText: EDITED });

  it('submits a work with a picture, edits it before review, sees the rejection and the approval', { timeout: 180_000 }, async () => {
    const found: string[] = [];
    await page.goto(`/${KEY}/h5/activities/${act}`);
    await page.getByRole('link', { name: '提交作品' }).click();
    await page.getByTestId('h5-works').waitFor();
    await expectText(page, '还没有提交作品');
    await page.getByRole('button', { name: '提交新作品' }).click();
    const form = page.getByRole('form', { name: '提交新作品' });
    await expectText(page, '还可提交2件作品');
    await form.getByLabel('作品名称').fill(WORK);
    await form.getByLabel('作品简介').fill('从图书馆二楼的窗户望出去，是一片银杏林。');
    await form.getByLabel('作品文件').setInputFiles({ name: '窗.png', mimeType: 'image/png', buffer: png([30, 120, 200]) });
    await form.getByText('窗.png').waitFor();
    await form.getByLabel('真实姓名（必填）').fill(READER.real_name);
    // without the pledge: the server's refusal names it
    await form.getByRole('button', { name: /^提交作品$/ }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent(), WAIT).toContain('承诺');
    await form.getByLabel('我已阅读并同意以上承诺').check();
    found.push(...(await phoneProblems(page, 'works form')));
    await form.getByRole('button', { name: /^提交作品$/ }).click();
    await expectText(page, '作品已提交');
    const mine = page.getByTestId('h5-my-work').filter({ hasText: WORK });
    await mine.getByText('状态：待审核').waitFor();
    let [made] = await works();
    expect(made).toMatchObject({ title: WORK, status: 'submitted', author_name: READER.real_name });

    // edited before review: still waiting, the new title on both sides
    await mine.getByRole('button', { name: `修改 ${WORK}` }).click();
    const edit = page.getByRole('form', { name: `修改作品：${WORK}` });
    await expect.poll(() => edit.getByLabel('作品名称').inputValue(), WAIT).toBe(WORK);
    await edit.getByLabel('作品名称').fill(EDITED);
    await edit.getByRole('button', { name: /^提交作品$/ }).click();
    await expectText(page, '作品已提交');
    await myWork().getByText('状态：待审核').waitFor();
    [made] = await works();
    expect(made).toMatchObject({ id: made.id, title: EDITED, status: 'submitted' });

    // rejected with a reason: the reader sees it and submits again
    await adminApi.post(`/v1/${KEY}/check/${act}/creation`, { ids: [made.id], status: 2, reason: REASON });
    await page.reload();
    await myWork().getByText('状态：未通过').waitFor();
    await myWork().getByText(`审核意见：${REASON}`).waitFor();
    await myWork().getByRole('button', { name: `修改 ${EDITED}` }).click();
    const again = page.getByRole('form', { name: `修改作品：${EDITED}` });
    await again.getByLabel('作品简介').fill('从图书馆二楼的窗户望出去，是一片银杏林，秋天满地金黄。');
    await again.getByRole('button', { name: /^提交作品$/ }).click();
    await expectText(page, '作品已提交');
    await myWork().getByText('状态：待审核').waitFor();
    expect((await works())[0]).toMatchObject({ status: 'submitted', reason: '' });

    // approved: the number shows
    await adminApi.post(`/v1/${KEY}/check/${act}/creation`, { ids: [made.id], status: 1 });
    await page.reload();
    await myWork().getByText('状态：已通过').waitFor();
    await myWork().getByText(`作品编号 ${act}-0001`).waitFor();
    expect((await works())[0]).toMatchObject({ status: 'approved', work_no: `${act}-0001` });
    found.push(...(await phoneProblems(page, 'works')));
    expect(await page.locator('h1').allInnerTexts()).toEqual([TITLE]);
    expect(found).toEqual([]);
  });

  it('withdraws a work waiting for review: withdrawn in the back office, the place given back', { timeout: 120_000 }, async () => {
    const SECOND = '借书卡上的名字';
    await page.goto(`/${KEY}/h5/activities/${act}/works`);
    await page.getByRole('button', { name: '提交新作品' }).click();
    const form = page.getByRole('form', { name: '提交新作品' });
    await expectText(page, '还可提交1件作品');
    await form.getByLabel('作品名称').fill(SECOND);
    await form.getByLabel('作品简介').fill('一张旧借书卡，写满了同一个名字。');
    await form.getByLabel('作品文件').setInputFiles({ name: '卡.png', mimeType: 'image/png', buffer: png([200, 160, 60]) });
    await form.getByText('卡.png').waitFor();
    await form.getByLabel('真实姓名（必填）').fill(READER.real_name);
    await form.getByLabel('我已阅读并同意以上承诺').check();
    await form.getByRole('button', { name: /^提交作品$/ }).click();
    await expectText(page, '作品已提交');
    const second = page.getByTestId('h5-my-work').filter({ hasText: SECOND });
    await second.getByText('状态：待审核').waitFor();
    // both places taken: no new work offered
    await expectText(page, '作品数已达上限');

    // 撤回 asks once more in place; 暂不撤回 keeps it
    await second.getByRole('button', { name: `撤回 ${SECOND}` }).click();
    const ask = second.getByRole('group', { name: `确定撤回作品“${SECOND}”吗？撤回后不再参与评选` });
    await ask.getByRole('button', { name: '暂不撤回' }).click();
    expect((await works()).find((w) => w.title === SECOND)?.status).toBe('submitted');
    await second.getByRole('button', { name: `撤回 ${SECOND}` }).click();
    expect(await phoneProblems(page, 'works withdraw')).toEqual([]);
    await ask.getByRole('button', { name: '确定撤回' }).click();
    await expectText(page, '作品已撤回');
    await second.getByText('状态：已撤回').waitFor();
    expect(await second.getByRole('button', { name: `撤回 ${SECOND}` }).count()).toBe(0);
    expect((await works()).find((w) => w.title === SECOND)?.status).toBe('withdrawn');
    // the place is the reader's again
    await page.getByRole('button', { name: '提交新作品' }).click();
    await expectText(page, '还可提交1件作品');
  });
});
