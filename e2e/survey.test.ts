import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { SURVEY_QUESTION_TYPES, TYPE_CHANGE_CONFIRM, type SurveyQuestionType } from '@huodong/domain';
import * as T from '../apps/web/src/features/survey/texts';
import { api, browserSuite, dialogWith, expectText, launchBrowser, settled, startServer, superToken, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';
import { png } from './png';

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
 *
 * A second questionnaire is built in the editor with one question of every type, display logic on
 * question 3 (set when added, changed in an edit), answered by two readers through the reader API
 * (the hidden question is not required, the shown one is), and seen on 答卷 and 问卷统计.
 */
const KEY = 'surveyweb';
const ADMIN = { account: 'survey_admin', real_name: '顾馆长', password: 'Survey#Admin1' };
const TITLE = '读者借阅习惯调查';
const QUESTION = '您最常借阅哪类图书？';
const OPTIONS = ['文学小说', '历史传记', '科普读物'];
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const ALL_TITLE = '读者到馆情况调查';
const RARE_EDITED = '您不常来图书馆的原因是？';
/** One question of every type the editor offers; question 3 shows only when question 1 is answered 很少来. */
const ALL: Draft[] = [
  { type: 'single', title: '您多久来一次图书馆？', options: ['每周多次', '每月一次', '很少来'] },
  { type: 'multiple', title: '您常用哪些服务？', options: ['借还图书', '自习阅览', '讲座展览'] },
  { type: 'textarea', title: '您很少来图书馆的原因是？', show: { question: '第1题', options: ['很少来'] } },
  { type: 'dropdown', title: '您的年龄段', options: ['18岁以下', '18-60岁', '60岁以上'] },
  { type: 'text', title: '最近读过最喜欢的一本书' },
  { type: 'rating', title: '总体满意度' },
  { type: 'nps', title: '您向亲友推荐图书馆的可能性' },
  { type: 'cascader', title: '您所在的区域', cascade: '苏州\n  姑苏区\n  吴中区\n南京\n  玄武区' },
  { type: 'date', title: '您最近一次到馆的日期' },
  { type: 'upload', title: '请上传借阅证照片' },
  { type: 'matrix_single', title: '请评价以下方面', options: ['满意', '一般', '不满意'], rows: ['借阅环境', '馆员服务'] },
  { type: 'matrix_multiple', title: '您在哪些时段使用以下区域', options: ['上午', '下午', '晚上'], rows: ['阅览室', '自习室'] },
  { type: 'ranking', title: '请按期望排序：最希望增加的活动', options: ['作家见面会', '亲子共读', '古籍展览'] },
  { type: 'description', title: '感谢您的参与！' },
];

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const OK = /^确\s?定$/;

interface Question {
  id: number;
  type: string;
  title: string;
  revision: number;
  options: { id: string; text: string; children?: { id: string; text: string }[] }[];
  rows: { id: string; text: string }[];
  show_logic: { combine: string; conditions: { qid: number; op: string; option_ids?: string[] }[] } | null;
}

/** A question as the editor builds it: its type, title, options, matrix rows or cascade, and display logic on an earlier question. */
interface Draft {
  type: SurveyQuestionType;
  title: string;
  options?: string[];
  rows?: string[];
  cascade?: string;
  show?: { question: string; options: string[] };
}

/** The visible option of the open select (closed dropdowns stay in the page, hidden). */
const selectOption = (page: Page, text: string) => page.locator('.ant-select-item-option').filter({ hasText: text }).filter({ visible: true });

/** Fill the open question editor: options, rows, cascade and display-logic conditions. */
async function fillQuestion(page: Page, dialog: Locator, q: Partial<Draft>): Promise<void> {
  if (q.title !== undefined) await dialog.getByTestId('question-title').fill(q.title);
  for (const [i, text] of (q.options ?? []).entries()) {
    if (i >= 2) await dialog.getByTestId('add-option').click();
    await dialog.getByTestId(`option-${i}`).fill(text);
  }
  for (const [i, text] of (q.rows ?? []).entries()) {
    if (i >= 1) await button(dialog, T.ADD_ROW).click();
    await dialog.getByPlaceholder(`${T.ROW_TEXT}${i + 1}`).fill(text);
  }
  if (q.cascade) await dialog.getByLabel(T.CASCADE).fill(q.cascade);
}

/** Add the options to display condition `i` (its question chosen first when `question` is given). */
async function condition(page: Page, dialog: Locator, i: number, show: { question?: string; options: string[] }): Promise<void> {
  if (show.question) {
    await dialog.getByTestId(`condition-question-${i}`).click();
    await selectOption(page, show.question).click();
  }
  await dialog.getByTestId(`condition-options-${i}`).click();
  for (const text of show.options) await selectOption(page, text).click();
  // Close the multiple select's dropdown (Escape would close the dialog).
  await dialog.locator('.ant-modal-title').click();
}

browserSuite('questionnaire: build it, change an option type with the confirmation, see the counts', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  const readers: ApiClient[] = [];

  /** A reader made by the administrator, signed in, first password changed. */
  const signedIn = async (account: string) => {
    const reader = await signedInReaderApi(server.url, adminApi, KEY, { account, real_name: `读者${account.slice(-2)}`, first: READER_FIRST, password: READER_PASSWORD });
    return { api: reader, token: reader.token! };
  };

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
    for (let i = 1; i <= 4; i++) readers.push((await signedIn(`S4000000${i}`)).api);
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
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
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

  it('every question type with display logic is added and edited in the editor, answered by readers and counted', { timeout: 300_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const all = (await adminApi.post<{ id: number }>(`/v1/${KEY}/survey`, { title: ALL_TITLE, start_at: now - DAY, end_at: now + 30 * DAY })).id;
    const listed = async () => (await adminApi.get<{ items: Question[] }>(`/v1/${KEY}/survey/${all}/question?page_size=100&sort=sort`)).items;
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminSurveyWork?actID=${all}`);
    await expectText(page, ALL_TITLE);

    // One question of every type the editor offers, the one with display logic third.
    expect(new Set(ALL.map((q) => q.type))).toEqual(new Set(Object.keys(SURVEY_QUESTION_TYPES)));
    for (const [n, q] of ALL.entries()) {
      await page.getByTestId('add-question').click();
      const dialog = await dialogWith(page, T.ADD_QUESTION);
      if (q.type !== 'single') {
        await dialog.getByTestId('question-type').click();
        await page.keyboard.type(SURVEY_QUESTION_TYPES[q.type]);
        await page.keyboard.press('Enter');
      }
      await fillQuestion(page, dialog, q);
      if (q.show) {
        await dialog.getByTestId('add-condition').click();
        await condition(page, dialog, 0, q.show);
      }
      await button(dialog, OK).click();
      // Saved: the dialog closes and the question is listed (was: 确定 did nothing from the second question on).
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await listed()).length).toBe(n + 1);
      await expectText(page, q.title);
    }
    let questions = await listed();
    expect(questions.map((q) => [q.type, q.title])).toEqual(ALL.map((q) => [q.type, q.title]));
    const [often, , rare] = questions;
    const optionId = (q: Question, text: string) => q.options.find((o) => o.text === text)!.id;
    expect(rare.show_logic).toEqual({ combine: 'all', conditions: [{ qid: often.id, op: 'in', option_ids: [optionId(often, '很少来')] }] });
    expect(questions.find((q) => q.type === 'cascader')!.options.map((o) => [o.text, o.children?.map((c) => c.text)])).toEqual([
      ['苏州', ['姑苏区', '吴中区']],
      ['南京', ['玄武区']],
    ]);
    expect(questions.find((q) => q.type === 'matrix_multiple')!.rows.map((r) => r.text)).toEqual(['阅览室', '自习室']);

    // Edit question 3 (it has display logic): a new title, and it shows for one more answer of question 1.
    await page.getByTestId(`edit-question-${rare.id}`).click();
    const dialog = await dialogWith(page, T.EDIT_QUESTION);
    await fillQuestion(page, dialog, { title: RARE_EDITED });
    await condition(page, dialog, 0, { options: ['每月一次'] });
    await button(dialog, OK).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, RARE_EDITED);
    questions = await listed();
    expect(questions[2]).toMatchObject({ title: RARE_EDITED, show_logic: { combine: 'all', conditions: [{ qid: often.id, op: 'in', option_ids: [optionId(often, '很少来'), optionId(often, '每月一次')] }] } });

    // Published; two readers answer through the reader API.
    await adminApi.post(`/v1/${KEY}/survey/${all}/publish`);
    const [weekly, monthly] = await Promise.all(['S4000011', 'S4000012'].map(signedIn));
    const answersOf = async (reader: { api: ApiClient; token: string }, first: string, withRare: boolean) => {
      const survey = await reader.api.get<{ version: number; questions: Question[] }>(`/v1/${KEY}/client/activities/${all}/survey`);
      expect(survey.questions.map((q) => q.type)).toEqual(ALL.map((q) => q.type));
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png([40, 90, 160]))], { type: 'image/png' }), '借阅证.png');
      const up = (await (await fetch(`${server.url}/v1/${KEY}/client/upload`, { method: 'POST', headers: { authorization: `Bearer ${reader.token}` }, body: form })).json()) as { code: number; message: string; data: { url: string } };
      expect(up.code, up.message).toBe(200);
      const answers: Record<string, unknown> = {};
      for (const q of survey.questions) {
        const ids = q.options.map((o) => o.id);
        const value: Partial<Record<SurveyQuestionType, () => unknown>> = {
          single: () => ({ option: optionId(q, first) }),
          multiple: () => ({ options: ids.slice(0, 2) }),
          dropdown: () => ({ option: ids[1] }),
          text: () => '《城南旧事》',
          textarea: () => '开放时间和上班时间冲突',
          rating: () => 4,
          nps: () => 9,
          cascader: () => [q.options[0].id, q.options[0].children![1].id],
          date: () => '2026-10-01',
          upload: () => [up.data.url],
          matrix_single: () => Object.fromEntries(q.rows.map((r) => [r.id, ids[0]])),
          matrix_multiple: () => Object.fromEntries(q.rows.map((r) => [r.id, ids.slice(1)])),
          ranking: () => [...ids].reverse(),
        };
        if (q.id === rare.id && !withRare) continue;
        const answer = value[q.type as SurveyQuestionType];
        if (answer) answers[q.id] = answer();
      }
      return { version: survey.version, answers };
    };
    const submit = (reader: { api: ApiClient }, body: { version: number; answers: Record<string, unknown> }) =>
      reader.api.request('POST', `/v1/${KEY}/client/activities/${all}/responses`, { request_id: randomUUID(), ...body });

    // 每周多次: question 3 is hidden, so not answering it is fine.
    const hidden = await submit(weekly, await answersOf(weekly, '每周多次', false));
    expect(hidden.code, hidden.message).toBe(200);
    // 每月一次 (added in the edit): question 3 shows and is required.
    const missing = await submit(monthly, await answersOf(monthly, '每月一次', false));
    expect(missing.status).toBe(422);
    expect(missing.message).toContain('第3题为必答题');
    const shown = await submit(monthly, await answersOf(monthly, '每月一次', true));
    expect(shown.code, shown.message).toBe(200);

    // The back office: both responses on 答卷, the counts on 问卷统计 (question 3 answered once).
    await page.goto(`/${KEY}/adminAct/adminSurveyWork?actID=${all}&tab=responses`);
    await expectText(page, 'S4000011');
    await expectText(page, 'S4000012');
    await page.goto(`/${KEY}/adminCount/adminActCount/actCountSurvey?actID=${all}`);
    const card = (q: Question) => page.getByTestId(`question-stats-${q.id}`);
    await card(often).getByText(T.RESPONDENTS(2), { exact: true }).waitFor({ state: 'visible' });
    await card(rare).getByText(T.RESPONDENTS(1), { exact: true }).waitFor({ state: 'visible' });
    await card(questions.find((q) => q.type === 'nps')!).getByText(T.RESPONDENTS(2), { exact: true }).waitFor({ state: 'visible' });
    // The filters read the figures again and keep the page (nothing picked: the same counts).
    await page.getByTestId('figures-search').click();
    await card(often).getByText(T.RESPONDENTS(2), { exact: true }).waitFor({ state: 'visible' });

    // 问卷主观题: a written answer's question, its answers paged and searchable, each opening its 答卷.
    const text = questions.find((q) => q.type === 'text')!;
    await card(text).getByTestId(`answers-${text.id}`).click();
    await page.waitForURL(`**/adminCount/adminActCount/actCountSurveySubQues?actID=${all}&quesID=${text.id}`);
    await page.getByTestId('count-title').filter({ hasText: new RegExp(`^题目答案：第\\d+题 ${text.title}$`) }).waitFor({ state: 'visible' });
    const answers = page.getByTestId('answers');
    await expect.poll(() => answers.getByRole('cell', { name: '《城南旧事》', exact: true }).count(), { timeout: 10_000 }).toBe(2);
    await page.getByPlaceholder('搜索答案内容').fill('没有这本书');
    await page.getByPlaceholder('搜索答案内容').press('Enter');
    await expect.poll(() => answers.getByRole('cell', { name: '《城南旧事》', exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await page.getByPlaceholder('搜索答案内容').fill('城南');
    await page.getByPlaceholder('搜索答案内容').press('Enter');
    await expect.poll(() => answers.getByRole('cell', { name: '《城南旧事》', exact: true }).count(), { timeout: 10_000 }).toBe(2);
    await answers.getByRole('row').nth(1).getByRole('button').click();
    await page.waitForURL(`**/adminCount/adminActCount/actCountSurveyPaper?actID=${all}&paperID=*`);
    await page.getByTestId('figures-record').getByText('答卷ID').waitFor({ state: 'visible' });
    await page.getByTestId(`paper-item-${text.id}`).getByText('《城南旧事》', { exact: true }).waitFor({ state: 'visible' });
  });
});
