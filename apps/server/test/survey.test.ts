/**
 * Questionnaires (type 4, issue 13) through HTTP: questions and their checks, show/jump logic, the
 * reader's draft and response against the version answered, per-reader limits, the total limit and
 * option quotas under parallel submissions, a type change with its confirmation (a new revision,
 * earlier answers readable), anonymity, the access code, editing after submission, statistics and
 * the export, and another organisation's administrator.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { GATE, SURVEY_REFUSAL, TYPE_CHANGE_NEEDS_CONFIRM } from '@huodong/domain';
import { activities, activityJoins, surveyResponses } from '../src/db/schema.js';
import { CROSSTAB_NEEDS_CHOICE } from '../src/kinds/survey/adminRoutes.js';
import { UPLOAD_NOT_MINE } from '../src/kinds/survey/responses.js';
import { multipartBody } from '../src/seed/step.js';
import { MANAGER_PASSWORD, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let unitA: { id: number };
let unitB: { id: number };
let otherAdmin: string;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('surveylib', { activity_types: [4] });
  other = await t.org('surveyother', { activity_types: [4] });
  unitA = await t.org('surveyunita', { parent_id: org.id });
  unitB = await t.org('surveyunitb', { parent_id: org.id });
  await t.call('POST', `/v1/org/${other.key}/managers`, { ...su(), body: { account: 'surveyadm2', password: MANAGER_PASSWORD, type: 'admin', real_name: '他人' } });
  otherAdmin = await t.login('surveyadm2', MANAGER_PASSWORD, other.key);
});
afterAll(() => t.close());

type Q = { id: number; type: string; options: { id: string; text: string; hidden?: number }[]; rows: { id: string; text: string }[]; revision: number };

async function survey(config: Record<string, unknown> = {}, over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', `/v1/${org.key}/survey`, { ...su(), body: { title: `问卷${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config, ...over } });
  expect(res.status, res.message).toBe(200);
  return res.data.id;
}
async function question(act: number, body: Record<string, unknown>): Promise<Q> {
  const res = await t.call('POST', `/v1/${org.key}/survey/${act}/question`, { ...su(), body });
  expect(res.status, res.message).toBe(200);
  return res.data;
}
const publish = async (act: number) => expect((await t.call('POST', `/v1/${org.key}/survey/${act}/publish`, su())).status).toBe(200);
const single = (title: string, texts: string[], extra: Record<string, unknown> = {}) => ({ type: 'single', title, options: texts.map((text) => ({ text })), ...extra });
const readerSurvey = async (token: string, act: number) => (await t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token })).data;
const submit = (token: string, act: number, version: number, answers: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  t.call('POST', `/v1/${org.key}/client/activities/${act}/responses`, { token, body: { request_id: randomUUID(), version, answers, ...extra } });
const stats = async (act: number, query = '') => {
  const res = await t.call('GET', `/v1/${org.key}/survey/${act}/stats${query}`, su());
  expect(res.status, res.message).toBe(200);
  return res.data;
};

describe('questions', () => {
  it('refuses a question that cannot be answered, naming the field', async () => {
    const act = await survey();
    const bad = async (body: Record<string, unknown>) => (await t.call('POST', `/v1/${org.key}/survey/${act}/question`, { ...su(), body })).message;
    expect(await bad(single('只有一项', ['唯一']))).toBe('至少需要2个选项');
    expect(await bad(single('重复', ['是', '是']))).toBe('选项内容不能重复：是');
    expect(await bad({ type: 'multiple', title: '多选', options: [{ text: '甲' }, { text: '乙' }], settings: { min_select: 2, max_select: 1 } })).toBe('最少选择数不能大于最多选择数');
    expect(await bad({ type: 'single', title: '互斥', options: [{ text: '甲', is_exclusive: 1 }, { text: '乙' }] })).toBe('只有多选题可设置互斥选项');
    expect(await bad({ type: 'matrix_single', title: '矩阵', options: [{ text: '好' }, { text: '差' }] })).toBe('矩阵行：矩阵题至少需要1行');
    expect(await bad({ type: 'rating', title: '评分', settings: { rating_max: 7 } })).toBe('评分满分只能是5或10');
    expect(await bad({ type: 'text', title: '' })).toBe('请输入题目');
    expect(await bad({ type: 'essay', title: '未知题型' })).toBe('请选择有效的题型');
  });

  it('logic only on earlier questions and jumps only forward; a referenced question cannot go, an order that breaks logic is refused', async () => {
    const act = await survey();
    const q1 = await question(act, single('是否读书', ['是', '否']));
    const q2 = await question(act, { type: 'text', title: '最近读的书', show_logic: { combine: 'all', conditions: [{ qid: q1.id, op: 'in', option_ids: [q1.options[0].id] }] } });
    const later = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q1.id}`, { ...su(), body: { show_logic: { conditions: [{ qid: q2.id, op: 'answered' }] } } });
    expect(later.status).toBe(422);
    expect(later.message).toBe('第1题的显示逻辑只能引用前面的题目');
    const back = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q2.id}`, { ...su(), body: { jump_logic: [{ conditions: [{ qid: q2.id, op: 'answered' }], target: q1.id }] } });
    expect(back.message).toBe('跳转逻辑：第2题只能跳转到后面的题目或结束');
    const stray = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q2.id}`, { ...su(), body: { show_logic: { conditions: [{ qid: q1.id, op: 'in', option_ids: ['nope'] }] } } });
    expect(stray.message).toBe('显示逻辑：第2题的逻辑条件引用了第1题不存在的选项');
    const del = await t.call('DELETE', `/v1/${org.key}/survey/${act}/question/${q1.id}`, su());
    expect([del.status, del.message]).toEqual([422, '第2题的逻辑引用了此题，请先修改该逻辑']);
    const sorted = await t.call('POST', `/v1/${org.key}/survey/${act}/question/sort`, { ...su(), body: { ids: [q2.id, q1.id] } });
    expect(sorted.status).toBe(422);
    const list = (await t.call('GET', `/v1/${org.key}/survey/${act}/question`, su())).data.items as Q[];
    expect(list.map((q) => q.id)).toEqual([q1.id, q2.id]);
  });

  it('publishing needs a question', async () => {
    const act = await survey();
    const res = await t.call('POST', `/v1/${org.key}/survey/${act}/publish`, su());
    expect([res.status, res.message]).toEqual([422, '发布前请至少添加一道题目']);
  });
});

describe('responses', () => {
  it('a draft is kept and resumed; a response is checked against its version and its logic', async () => {
    const act = await survey();
    const q1 = await question(act, single('是否读书', ['是', '否']));
    const q2 = await question(act, { type: 'text', title: '最近读的书', settings: { min_length: 2 }, show_logic: { combine: 'all', conditions: [{ qid: q1.id, op: 'in', option_ids: [q1.options[0].id] }] } });
    const q3 = await question(act, { type: 'nps', title: '推荐给朋友的可能性', jump_logic: [{ conditions: [{ qid: q1.id, op: 'in', option_ids: [q1.options[1].id] }], target: 'end' }] });
    const q4 = await question(act, { type: 'text', title: '手机号', settings: { validate: 'phone' } });
    await publish(act);
    const r = await signedInReader(t, org);
    const s = await readerSurvey(r.token, act);
    expect(s.questions.map((q: Q) => q.id)).toEqual([q1.id, q2.id, q3.id, q4.id]);
    const draft = await t.call('PUT', `/v1/${org.key}/client/activities/${act}/responses/draft`, { token: r.token, body: { request_id: randomUUID(), version: s.version, answers: { [q1.id]: { option: q1.options[0].id } } } });
    expect(draft.status, draft.message).toBe(200);
    expect((await readerSurvey(r.token, act)).mine.draft.answers).toEqual({ [q1.id]: { option: q1.options[0].id } });
    // q2 is shown (q1 = 是) and required.
    const missing = await submit(r.token, act, s.version, { [q1.id]: { option: q1.options[0].id }, [q3.id]: 9, [q4.id]: '13800138000' });
    expect([missing.status, missing.message]).toEqual([422, '第2题为必答题']);
    const phone = await submit(r.token, act, s.version, { [q1.id]: { option: q1.options[0].id }, [q2.id]: '三体', [q3.id]: 9, [q4.id]: '12345' });
    expect(phone.message).toBe('第4题：请填写正确的手机号');
    const nps = await submit(r.token, act, s.version, { [q1.id]: { option: q1.options[0].id }, [q2.id]: '三体', [q3.id]: 11, [q4.id]: '13800138000' });
    expect(nps.message).toBe('第3题：推荐值必须是0到10的整数');
    const ok = await submit(r.token, act, s.version, { [q1.id]: { option: q1.options[0].id }, [q2.id]: '三体', [q3.id]: 9, [q4.id]: '13800138000' });
    expect(ok.status, ok.message).toBe(200);
    expect((await readerSurvey(r.token, act)).mine.draft).toBeNull();
    // q1 = 否: q2 is skipped, and after q3 the jump ends the questionnaire (q4 not asked); a skipped answer is dropped.
    const r2 = await signedInReader(t, org);
    const skip = await submit(r2.token, act, s.version, { [q1.id]: { option: q1.options[1].id }, [q2.id]: '不算', [q3.id]: 3 });
    expect(skip.status, skip.message).toBe(200);
    const [row] = await t.db.select().from(surveyResponses).where(eq(surveyResponses.id, skip.data.response_id));
    expect(row.answers).toEqual({ [q1.id]: { option: q1.options[1].id }, [q3.id]: 3 });
    const unknown = await submit((await signedInReader(t, org)).token, act, 999, {});
    expect([unknown.status, unknown.message]).toEqual([422, '问卷版本不存在，请刷新后重新填写']);
  });

  it('once per reader holds under 8 parallel submissions of one reader; a replay answers the first result', async () => {
    const act = await survey();
    const q = await question(act, single('满意吗', ['满意', '不满意']));
    await publish(act);
    const r = await signedInReader(t, org);
    const { version } = await readerSurvey(r.token, act);
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(r.token, act, version, { [q.id]: { option: q.options[0].id } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.data.gate, a.message]).toEqual([409, 40007, SURVEY_REFUSAL.once.message]);
    const id = randomUUID();
    const first = await t.call('POST', `/v1/${org.key}/client/activities/${act}/responses`, { token: (await signedInReader(t, org)).token, body: { request_id: id, version, answers: { [q.id]: { option: q.options[1].id } } } });
    expect(first.status).toBe(200);
    expect((await stats(act)).totals.responses).toBe(2);
  });

  it('an option quota holds under 8 parallel submissions of different readers', async () => {
    const act = await survey();
    const q = await question(act, { type: 'multiple', title: '报名哪场讲座', options: [{ text: '周六讲座', quota: 3 }, { text: '周日讲座' }] });
    await publish(act);
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInReader(t, org)));
    const { version } = await readerSurvey(readers[0].token, act);
    const [sat, sun] = q.options.map((o) => o.id);
    const answers = await Promise.all(readers.map((r) => submit(r.token, act, version, { [q.id]: { options: [sat, sun] } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.data.gate, a.message]).toEqual([409, 40016, '选项“周六讲座”名额已满，请选择其他选项']);
    const s = await stats(act);
    expect(s.questions[0].options.map((o: { count: number }) => o.count)).toEqual([3, 3]);
    // Refused responses took no place anywhere: a full option is shown as such, the other still
    // open to a reader who was refused (which readers won depends on the database's scheduling).
    const refused = readers[answers.findIndex((a) => a.status !== 200)];
    expect((await readerSurvey(refused.token, act)).questions[0].options.map((o: { full?: boolean }) => o.full ?? null)).toEqual([true, null]);
    expect((await submit(refused.token, act, version, { [q.id]: { options: [sun] } })).status).toBe(200);
  });

  it('the total limit holds under 10 parallel readers, and n times per reader under 5 parallel submissions of one', async () => {
    const act = await survey({ per_user: 'n_total', per_user_n: 2, total_limit: 6 });
    const q = await question(act, single('满意吗', ['满意', '一般']));
    await publish(act);
    const one = await signedInReader(t, org);
    const { version } = await readerSurvey(one.token, act);
    const mine = await Promise.all(Array.from({ length: 5 }, () => submit(one.token, act, version, { [q.id]: { option: q.options[0].id } })));
    expect(mine.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of mine.filter((x) => x.status !== 200)) expect([a.status, a.data.gate, a.message]).toEqual([409, 40007, SURVEY_REFUSAL.times(2).message]);
    const readers = await Promise.all(Array.from({ length: 10 }, () => signedInReader(t, org)));
    const answers = await Promise.all(readers.map((r) => submit(r.token, act, version, { [q.id]: { option: q.options[1].id } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.data.gate, a.message]).toEqual([409, 40006, SURVEY_REFUSAL.full.message]);
    expect((await stats(act)).totals.responses).toBe(6);
    expect((await readerSurvey(readers[0].token, act)).settings.total_left).toBe(0);
  });

  it('person_limit holds under 8 parallel first submissions: the join is counted in the response statement', async () => {
    const act = await survey({}, { person_limit: 3 });
    const q = await question(act, single('来过吗', ['来过', '没来过']));
    await publish(act);
    const readers = await Promise.all(Array.from({ length: 8 }, () => signedInReader(t, org)));
    const { version } = await readerSurvey(readers[0].token, act);
    const answers = await Promise.all(readers.map((r) => submit(r.token, act, version, { [q.id]: { option: q.options[0].id } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.data.gate, a.message]).toEqual([409, GATE.full.gate, GATE.full.message]);
    // Refused, nothing of the submission stays: the responses, the total and the joins are the three.
    expect((await stats(act)).totals.responses).toBe(3);
    const [row] = await t.db.select({ join_num: activities.join_num }).from(activities).where(eq(activities.id, act));
    expect(row.join_num).toBe(3);
    expect(await t.db.$count(activityJoins, eq(activityJoins.act_id, act))).toBe(3);
    expect((await readerSurvey(readers[0].token, act)).settings.total_left).toBe(null);
  });

  it('once per day; the access code is asked until the reader has joined', async () => {
    const act = await survey({ per_user: 'once_per_day' }, { access_code: 'read2026' });
    const q = await question(act, single('今天读书了吗', ['读了', '没读']));
    await publish(act);
    const r = await signedInReader(t, org);
    const { version } = await readerSurvey(r.token, act);
    const wrong = await submit(r.token, act, version, { [q.id]: { option: q.options[0].id } });
    expect([wrong.status, wrong.data.gate]).toEqual([403, 40012]);
    expect((await submit(r.token, act, version, { [q.id]: { option: q.options[0].id } }, { access_code: 'read2026' })).status).toBe(200);
    const again = await submit(r.token, act, version, { [q.id]: { option: q.options[0].id } });
    expect([again.status, again.data.gate, again.message]).toEqual([409, 40008, SURVEY_REFUSAL.today.message]);
  });

  it('an edit after submission is checked again and moves the quota place', async () => {
    const act = await survey({ edit_after_submit: 1 });
    const q = await question(act, { type: 'single', title: '选一个场次', options: [{ text: '上午', quota: 1 }, { text: '下午', quota: 1 }] });
    await publish(act);
    const [a, b] = [await signedInReader(t, org), await signedInReader(t, org)];
    const { version } = await readerSurvey(a.token, act);
    const [am, pm] = q.options.map((o) => o.id);
    const made = await submit(a.token, act, version, { [q.id]: { option: am } });
    expect((await submit(b.token, act, version, { [q.id]: { option: am } })).message).toBe('选项“上午”名额已满，请选择其他选项');
    const edit = await t.call('PUT', `/v1/${org.key}/client/activities/${act}/responses/${made.data.response_id}`, { token: a.token, body: { request_id: randomUUID(), version, answers: { [q.id]: { option: pm } } } });
    expect(edit.status, edit.message).toBe(200);
    expect((await submit(b.token, act, version, { [q.id]: { option: am } })).status).toBe(200);
    const s = await stats(act);
    expect(s.questions[0].options.map((o: { count: number }) => o.count)).toEqual([1, 1]);
    const foreign = await t.call('PUT', `/v1/${org.key}/client/activities/${act}/responses/${made.data.response_id}`, { token: b.token, body: { request_id: randomUUID(), version, answers: { [q.id]: { option: am } } } });
    expect(foreign.status).toBe(404);
  });
});

describe('an upload question', () => {
  it("takes only files the reader uploaded", async () => {
    const act = await survey();
    const q = await question(act, { type: 'upload', title: '上传您的读书照片', settings: { upload_max: 2 } });
    await publish(act);
    const [a, b] = [await signedInReader(t, org), await signedInReader(t, org)];
    const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#336699' } }).png().toBuffer();
    const m = multipartBody('读书.png', photo, 'image/png');
    const up = await t.app.inject({ method: 'POST', url: `/v1/${org.key}/client/upload`, payload: m.body, headers: { 'content-type': m.contentType, authorization: `Bearer ${a.token}` } });
    expect(up.statusCode, up.body).toBe(200);
    const url = up.json().data.url as string;
    const { version } = await readerSurvey(b.token, act);
    const stolen = await submit(b.token, act, version, { [q.id]: [url] });
    expect([stolen.status, stolen.message]).toEqual([422, UPLOAD_NOT_MINE]);
    expect((await submit(a.token, act, version, { [q.id]: [url] })).status).toBe(200);
    expect((await stats(act)).questions[0]).toMatchObject({ respondents: 1, texts: 1 });
  });
});

describe('a type change', () => {
  it('needs the confirmation once answered, starts a new revision, and earlier answers stay readable', async () => {
    const act = await survey({ per_user: 'n_total', per_user_n: 5 });
    const q = await question(act, single('最喜欢的类型', ['小说', '历史', '科普']));
    await publish(act);
    const r = await signedInReader(t, org);
    const v1 = (await readerSurvey(r.token, act)).version;
    const first = await submit(r.token, act, v1, { [q.id]: { option: q.options[1].id } });
    expect(first.status).toBe(200);
    // Dropping an answered option keeps it, hidden.
    const dropped = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q.id}`, { ...su(), body: { options: [q.options[0], q.options[2]] } });
    expect(dropped.status, dropped.message).toBe(200);
    expect(dropped.data.options.map((o: Q['options'][0]) => [o.text, o.hidden ?? 0])).toEqual([['小说', 0], ['科普', 0], ['历史', 1]]);
    expect((await readerSurvey(r.token, act)).questions[0].options.map((o: { text: string }) => o.text)).toEqual(['小说', '科普']);
    const change = { type: 'multiple', options: [q.options[0], q.options[2]] };
    const refused = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q.id}`, { ...su(), body: change });
    expect([refused.status, refused.message, refused.data]).toEqual([409, TYPE_CHANGE_NEEDS_CONFIRM, { confirm: 'type_change' }]);
    const changed = await t.call('POST', `/v1/${org.key}/survey/${act}/question/${q.id}`, { ...su(), body: { ...change, confirm_type_change: 1 } });
    expect([changed.status, changed.data.type, changed.data.revision]).toEqual([200, 'multiple', 2]);
    // A reader who loaded version 1 still submits against it.
    expect((await submit(r.token, act, v1, { [q.id]: { option: q.options[0].id } })).status).toBe(200);
    const v2 = (await readerSurvey(r.token, act)).version;
    expect(v2).toBeGreaterThan(v1);
    expect((await submit(r.token, act, v2, { [q.id]: { options: [q.options[0].id, q.options[2].id] } })).status).toBe(200);
    const s = await stats(act);
    expect(s.questions[0]).toMatchObject({ type: 'multiple', revision: 2, respondents: 1, earlier: 2 });
    const paper = await t.call('GET', `/v1/${org.key}/survey/${act}/responses/${first.data.response_id}/paper`, su());
    expect(paper.data.items[0]).toMatchObject({ type: 'single', text: '历史' });
  });
});

describe('statistics', () => {
  it('per option % with 2 decimals, rating, NPS, matrix, ranking, cross-tab, and the unit and date filters', async () => {
    const act = await survey();
    const g = await question(act, single('年级段', ['低年级', '高年级']));
    const like = await question(act, { type: 'multiple', title: '喜欢的活动', options: [{ text: '讲座' }, { text: '展览' }, { text: '读书会' }] });
    const rate = await question(act, { type: 'rating', title: '满意度', settings: { rating_max: 5 } });
    const nps = await question(act, { type: 'nps', title: '推荐度' });
    const m = await question(act, { type: 'matrix_single', title: '各项评价', options: [{ text: '好' }, { text: '差' }], rows: [{ text: '环境' }, { text: '服务' }] });
    const rank = await question(act, { type: 'ranking', title: '排序', options: [{ text: '甲' }, { text: '乙' }] });
    await publish(act);
    const plan = [
      { unit: unitA.id, grade: 0, likes: [0, 1], rate: 5, nps: 10, cells: [0, 0], rank: [0, 1] },
      { unit: unitA.id, grade: 0, likes: [0], rate: 4, nps: 9, cells: [0, 1], rank: [0, 1] },
      { unit: unitB.id, grade: 1, likes: [2], rate: 2, nps: 3, cells: [1, 1], rank: [1, 0] },
    ];
    for (const p of plan) {
      const r = await signedInReader(t, org, { unit_id: p.unit });
      const { version } = await readerSurvey(r.token, act);
      const res = await submit(r.token, act, version, {
        [g.id]: { option: g.options[p.grade].id },
        [like.id]: { options: p.likes.map((i) => like.options[i].id) },
        [rate.id]: p.rate,
        [nps.id]: p.nps,
        [m.id]: { [m.rows[0].id]: m.options[p.cells[0]].id, [m.rows[1].id]: m.options[p.cells[1]].id },
        [rank.id]: p.rank.map((i) => rank.options[i].id),
      });
      expect(res.status, res.message).toBe(200);
    }
    const s = await stats(act);
    const byId = (id: number) => s.questions.find((q: { id: number }) => q.id === id);
    expect(byId(g.id).options.map((o: { percent: number }) => o.percent)).toEqual([66.67, 33.33]);
    expect(byId(like.id)).toMatchObject({ respondents: 3, choices: 4 });
    expect(byId(like.id).options.map((o: { count: number; percent: number; share: number }) => [o.count, o.percent, o.share])).toEqual([[2, 66.67, 50], [1, 33.33, 25], [1, 33.33, 25]]);
    expect(byId(rate.id).score).toMatchObject({ count: 3, mean: 3.67, median: 4 });
    expect(byId(nps.id).nps).toMatchObject({ promoters: 2, detractors: 1, nps: 33.33 });
    expect(byId(m.id).matrix.rows.map((r: { cells: { count: number }[] }) => r.cells.map((c) => c.count))).toEqual([[2, 1], [1, 2]]);
    expect(byId(rank.id).ranking.map((r: { text: string; mean_rank: number }) => [r.text, r.mean_rank])).toEqual([['甲', 1.33], ['乙', 1.67]]);
    const a = await stats(act, `?unit_id=${unitA.id}`);
    expect(a.totals.responses).toBe(2);
    expect(a.questions.find((q: { id: number }) => q.id === rate.id).score.mean).toBe(4.5);
    expect((await stats(act, `?to=${now() - DAY}`)).totals.responses).toBe(0);
    const cross = await t.call('GET', `/v1/${org.key}/survey/${act}/crosstab?row=${g.id}&col=${like.id}`, su());
    expect(cross.status, cross.message).toBe(200);
    expect(cross.data.rows.map((r: { total: number; cells: { count: number; percent: number }[] }) => [r.total, r.cells.map((c) => c.percent)])).toEqual([
      [2, [100, 50, 0]],
      [1, [0, 0, 100]],
    ]);
    const notChoice = await t.call('GET', `/v1/${org.key}/survey/${act}/crosstab?row=${g.id}&col=${rate.id}`, su());
    expect([notChoice.status, notChoice.message]).toEqual([422, CROSSTAB_NEEDS_CHOICE]);
  });

  it('open answers are searchable; an anonymous questionnaire never shows nor exports who answered and stays anonymous', async () => {
    const act = await survey({ anonymous: 1, per_user: 'n_total', per_user_n: 3 });
    const q = await question(act, { type: 'textarea', title: '建议' });
    await publish(act);
    const r = await signedInReader(t, org);
    const { version } = await readerSurvey(r.token, act);
    for (const text of ['希望延长开放时间', '多办讲座', '开放时间再长一些']) expect((await submit(r.token, act, version, { [q.id]: text })).status).toBe(200);
    const found = await t.call('GET', `/v1/${org.key}/survey/${act}/question/${q.id}/answers?keyword=${encodeURIComponent('开放时间')}`, su());
    expect(found.data.items.map((i: { text: string }) => i.text).sort()).toEqual(['希望延长开放时间', '开放时间再长一些']);
    expect(found.data.items.every((i: { account: string }) => i.account === '匿名')).toBe(true);
    const list = await t.call('GET', `/v1/${org.key}/survey/${act}/responses`, su());
    expect(list.data.items).toHaveLength(3);
    expect(JSON.stringify(list.data)).not.toContain(r.account);
    expect(list.data.items[0].reader_id).toBeUndefined();
    const file = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/export/surveyresponses?act=${act}`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(file.statusCode).toBe(200);
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(rows[0]).not.toContain('读者账号');
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain(r.account);
    const unmask = await t.call('POST', `/v1/${org.key}/survey/${act}`, { ...su(), body: { config: { anonymous: 0 } } });
    expect([unmask.status, unmask.message]).toEqual([422, '匿名答卷：已有答卷的匿名问卷不能取消匿名']);
  });

  it('a named questionnaire exports the reader with every answer', async () => {
    const act = await survey();
    const q = await question(act, { type: 'cascader', title: '所在地区', options: [{ text: '江苏', children: [{ text: '苏州' }, { text: '南京' }] }, { text: '浙江', children: [{ text: '杭州' }] }] });
    await publish(act);
    const r = await signedInReader(t, org);
    const { version, questions } = await readerSurvey(r.token, act);
    const js = questions[0].options[0];
    expect((await submit(r.token, act, version, { [q.id]: [js.id] })).message).toBe('第1题：请选择到最后一级');
    expect((await submit(r.token, act, version, { [q.id]: [js.id, js.children[0].id] })).status).toBe(200);
    const s = await stats(act);
    expect(s.questions[0].options.map((o: { text: string; count: number }) => [o.text, o.count])).toEqual([['江苏 / 苏州', 1], ['江苏 / 南京', 0], ['浙江 / 杭州', 0]]);
    const file = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/export/surveyresponses?act=${act}`, headers: { authorization: `Bearer ${t.superToken}` } });
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(rows[0].slice(0, 3)).toEqual(['答卷ID', '读者账号', '姓名']);
    expect(rows[1]).toContain(r.account);
    expect(rows[1]).toContain('江苏 / 苏州');
  });
});

describe('another organisation', () => {
  it("an administrator of another organisation gets 404 on the survey's figures, answers, paper and export", async () => {
    const act = await survey();
    const q = await question(act, single('题', ['甲', '乙']));
    await publish(act);
    const r = await signedInReader(t, org);
    const { version } = await readerSurvey(r.token, act);
    const made = await submit(r.token, act, version, { [q.id]: { option: q.options[0].id } });
    const token = otherAdmin;
    for (const url of [
      `/v1/${other.key}/survey/${act}/stats`,
      `/v1/${other.key}/survey/${act}/crosstab?row=${q.id}&col=${q.id}`,
      `/v1/${other.key}/survey/${act}/question/${q.id}/answers`,
      `/v1/${other.key}/survey/${act}/responses/${made.data.response_id}/paper`,
      `/v1/${other.key}/export/surveyresponses?act=${act}`,
    ]) {
      const res = await t.call('GET', url, { token });
      expect(res.status, url).toBe(404);
    }
    // With its own organisation's key in the path but this one's activity: the path's organisation is not the token's.
    expect((await t.call('GET', `/v1/${org.key}/survey/${act}/stats`, { token })).status).toBe(403);
    // A reader of another organisation does not see the questionnaire.
    const stranger = await signedInReader(t, other);
    expect((await t.call('GET', `/v1/${other.key}/client/activities/${act}/survey`, { token: stranger.token })).status).toBe(404);
  });
});
