import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { TYPE_CHANGE_CONFIRM } from '@huodong/domain';
import { api, browserSuite, dialogWith, expectText, launchBrowser, loginViaPage, newPage, settled, startServer, superToken, type ApiClient, type Server } from './harness';

/**
 * Questionnaires (issue 13) in the browser. Set up through the API: an organisation authorised for
 * type 4, its administrator, a questionnaire draft. The administrator builds the questionnaire on
 * 问卷题目 (`adminAct/adminSurveyWork`): a single-choice question with three options; it is
 * published and three readers answer it through the reader API. The administrator then changes the
 * question's type to 多选题: the spec's confirmation (§5, data loss) shows, and once confirmed the
 * question is multiple choice in a new revision. A fourth reader answers the new version; on
 * 问卷统计 (`actCountSurvey`) the question shows its count and percentage (2 decimals), the chart,
 * and the note that the three earlier responses are not counted; the paper of an earlier
 * response still reads its single answer.
 */
const KEY = 'surveyweb';
const ADMIN = { account: 'survey_admin', real_name: '顾馆长', password: 'Survey#Admin1' };
const TITLE = '读者借阅习惯调查';
const QUESTION = '您最常借阅哪类图书？';
const OPTIONS = ['文学小说', '历史传记', '科普读物'];
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const OK = /^确\s?定$/;

interface Question {
  id: number;
  type: string;
  revision: number;
  options: { id: string; text: string }[];
}

browserSuite('questionnaire: build it, change an option type with the confirmation, see the counts', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  const readers: ApiClient[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城东图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [4] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    adminApi = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/survey`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, config: { per_user: 'n_total', per_user_n: 3 } })).id;
    for (let i = 1; i <= 4; i++) {
      const account = `S4000000${i}`;
      await adminApi.post(`/v1/${KEY}/readers`, { account, password: READER_FIRST, real_name: `读者${i}` });
      const first = await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/client/login`, { account, password: READER_FIRST, key: '', code: '' });
      const reader = api(server.url, first.access_token);
      await reader.put(`/v1/${KEY}/client/me/password`, { old_password: READER_FIRST, password: READER_PASSWORD });
      readers.push(reader);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const questions = async () => (await adminApi.get<{ items: Question[] }>(`/v1/${KEY}/survey/${act}/question?page_size=100`)).items;
  const answer = async (reader: ApiClient, value: (q: Question) => unknown) => {
    const survey = await reader.get<{ version: number; questions: Question[] }>(`/v1/${KEY}/client/activities/${act}/survey`);
    const q = survey.questions[0];
    await reader.post(`/v1/${KEY}/client/activities/${act}/responses`, { request_id: randomUUID(), version: survey.version, answers: { [q.id]: value(q) } });
  };

  it('问卷题目 → 修改题型（确认）→ 问卷统计', { timeout: 180_000 }, async () => {
    const page = await newPage(browser, server.url);
    await loginViaPage(page, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.waitForURL(`**/${KEY}/functionIndex`);
    await page.goto(`/${KEY}/adminAct/adminSurveyWork?actID=${act}`);
    await expectText(page, TITLE);

    // Build: a single-choice question with three options.
    await page.getByTestId('add-question').click();
    let dialog = await dialogWith(page, '新增题目');
    await dialog.getByTestId('question-title').fill(QUESTION);
    await dialog.getByTestId('option-0').fill(OPTIONS[0]);
    await dialog.getByTestId('option-1').fill(OPTIONS[1]);
    await dialog.getByTestId('add-option').click();
    await dialog.getByTestId('option-2').fill(OPTIONS[2]);
    await button(dialog, OK).click();
    await expectText(page, QUESTION);
    await expectText(page, OPTIONS.join(' / '));
    const [made] = await questions();
    expect(made).toMatchObject({ type: 'single', revision: 1 });
    expect(made.options.map((o) => o.text)).toEqual(OPTIONS);

    // Published; three readers answer the single choice.
    await adminApi.post(`/v1/${KEY}/survey/${act}/publish`);
    for (const [i, r] of readers.slice(0, 3).entries()) await answer(r, (q) => ({ option: q.options[i === 2 ? 1 : 0].id }));

    // Change the type to multiple choice: the spec's confirmation, then a new revision.
    await page.reload();
    await page.getByTestId(`edit-question-${made.id}`).click();
    dialog = await dialogWith(page, '编辑题目');
    await dialog.getByTestId('question-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '多选题' }).click();
    await button(dialog, OK).click();
    // The spec's confirmation (§5: changing the option type warns of data loss).
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: TYPE_CHANGE_CONFIRM });
    await confirm.locator('.ant-modal-confirm-title').filter({ hasText: '修改选项类型' }).waitFor({ state: 'visible' });
    await settled(page);
    await button(confirm, OK).click();
    await expect.poll(async () => (await questions())[0].type, { timeout: 10_000 }).toBe('multiple');
    expect((await questions())[0].revision).toBe(2);
    await expectText(page, '多选题');

    // A reader answers the new version with two options.
    await answer(readers[3], (q) => ({ options: [q.options[0].id, q.options[2].id] }));

    // The counts: one respondent of the new revision, each chosen option 100.00%, the earlier three noted.
    await page.goto(`/${KEY}/adminCount/adminActCount/actCountSurvey?actID=${act}`);
    const card = page.getByTestId(`question-stats-${made.id}`);
    await card.waitFor({ state: 'visible' });
    await card.getByText('1人作答，共2次选择').waitFor({ state: 'visible' });
    await card.getByText('题型变更前的3份答卷未计入本题统计，可在答卷中查看原答案').waitFor({ state: 'visible' });
    const row = (text: string) => card.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
    await row(OPTIONS[0]).getByRole('cell', { name: '100.00%', exact: true }).first().waitFor({ state: 'visible' });
    await row(OPTIONS[1]).getByRole('cell', { name: '0.00%', exact: true }).first().waitFor({ state: 'visible' });
    await card.getByRole('img', { name: new RegExp(QUESTION) }).waitFor({ state: 'visible' });

    // An earlier response's paper reads its single answer.
    const list = await adminApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/survey/${act}/responses?sort=id`);
    await page.goto(`/${KEY}/adminCount/adminActCount/actCountSurveyPaper?actID=${act}&paperID=${list.items[0].id}`);
    const item = page.getByTestId(`paper-item-${made.id}`);
    await item.getByText(OPTIONS[0], { exact: true }).waitFor({ state: 'visible' });
    await item.getByText('单选题').waitFor({ state: 'visible' });
  });
});
