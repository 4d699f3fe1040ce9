import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Questionnaires in the reader app (issue 27) on a phone (390 × 844). Set up through the API: an
 * organisation authorised for 问卷 (type 4), a questionnaire of three questions (the second shown
 * only when the first is answered 每周), drafts kept, a response editable after submission; a
 * signed-in reader. The reader answers, the second question appears with its answer, saves a
 * draft, comes back to it, changes the first answer (the second goes away), submits, is told the
 * questionnaire takes one response, and edits the response. The back office's paper reads each
 * state; the page passes axe.
 */
const KEY = 'h5survey';
const ADMIN = { account: 'h5s_admin', real_name: '秦馆长', password: 'H5s#Admin123' };
const READER = { account: 'R7300001', real_name: '读者戊', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '读者到馆情况调查';
const Q1 = { title: '您多久来一次图书馆', options: ['每周', '每月', '很少'] };
const Q2 = '您每周来馆主要做什么';
const Q3 = { title: '您希望增加哪些活动', options: ['读书会', '讲座', '亲子阅读'] };
const WEEKLY = '借书和自习';
const DAY = 24 * 3600;
/** A poll's wait for the server's answer on a busy machine. */
const WAIT = { timeout: 10_000 };

interface Paper {
  items: { title: string; answered: boolean; text: string }[];
}

browserSuite('the reader app (h5): a questionnaire with logic, a draft, submit and edit', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城郊图书馆', types: [4] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/survey`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, config: { per_user: 'once', resume_draft: 1, edit_after_submit: 1 } })).id;
    const q1 = await adminApi.post<{ id: number; options: { id: string }[] }>(`/v1/${KEY}/survey/${act}/question`, { type: 'single', title: Q1.title, options: Q1.options.map((text) => ({ text })) });
    await adminApi.post(`/v1/${KEY}/survey/${act}/question`, {
      type: 'text',
      title: Q2,
      show_logic: { combine: 'all', conditions: [{ qid: q1.id, op: 'in', option_ids: [q1.options[0].id] }] },
    });
    await adminApi.post(`/v1/${KEY}/survey/${act}/question`, { type: 'multiple', title: Q3.title, options: Q3.options.map((text) => ({ text })), is_required: 0 });
    await adminApi.post(`/v1/${KEY}/survey/${act}/publish`);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const question = (title: string) => page.getByRole('group', { name: new RegExp(title) });
  const q2 = () => page.getByLabel(new RegExp(Q2));
  const paper = async () => {
    const list = await adminApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/survey/${act}/responses`);
    expect(list.items).toHaveLength(1);
    const got = await adminApi.get<Paper>(`/v1/${KEY}/survey/${act}/responses/${list.items[0].id}/paper`);
    return Object.fromEntries(got.items.map((i) => [i.title, i.answered ? i.text : null]));
  };

  it('answers with the logic, saves a draft and resumes it, submits, edits after submitting', { timeout: 180_000 }, async () => {
    const found: string[] = [];
    await page.goto(`/${KEY}/h5/activities/${act}`);
    await page.getByRole('link', { name: '填写问卷' }).click();
    await page.getByTestId('h5-survey').waitFor();
    await question(Q1.title).waitFor();
    // the second question only after 每周
    expect(await q2().count()).toBe(0);
    await question(Q1.title).getByLabel('每周').check();
    await q2().fill(WEEKLY);
    await question(Q3.title).getByLabel('读书会').check();
    await question(Q3.title).getByLabel('讲座').check();
    found.push(...(await phoneProblems(page, 'survey')));
    await page.getByRole('button', { name: /^保存草稿$/ }).click();
    await expectText(page, '草稿已保存');

    // back later: the draft resumed
    await page.reload();
    await expectText(page, /已恢复 .* 保存的草稿/);
    expect(await q2().inputValue()).toBe(WEEKLY);
    expect(await question(Q3.title).getByLabel('讲座').isChecked()).toBe(true);
    // 每月: the second question goes away (and its answer is not sent)
    await question(Q1.title).getByLabel('每月').check();
    await q2().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^提交问卷$/ }).click();
    await expectText(page, '提交成功，感谢您的参与');
    expect(await paper()).toEqual({ [Q1.title]: '每月', [Q2]: null, [Q3.title]: '读书会；讲座' });

    // one response each: the refusal in the server's words, and the response editable
    await expect.poll(() => page.getByRole('alert').first().textContent(), WAIT).toBe('您已提交过本问卷');
    await expectText(page, /您已于 .* 提交/);
    await page.getByRole('button', { name: '修改答卷' }).click();
    expect(await question(Q1.title).getByLabel('每月').isChecked()).toBe(true);
    await question(Q1.title).getByLabel('每周').check();
    await q2().fill(WEEKLY);
    await page.getByRole('button', { name: /^保存修改$/ }).click();
    await expectText(page, '修改已保存');
    expect(await paper()).toEqual({ [Q1.title]: '每周', [Q2]: WEEKLY, [Q3.title]: '读书会；讲座' });
    found.push(...(await phoneProblems(page, 'survey submitted')));
    expect(await page.locator('h1').allInnerTexts()).toEqual([TITLE]);
    expect(found).toEqual([]);
  });
});
