/**
 * A response naming an earlier version of a questionnaire (issue 20, item 19) is bound by the
 * current version's rules for the questions both have: option quotas (by option identity),
 * required questions, answer limits and options stopped since; the total limit binds every
 * version; a question whose type changed keeps the named version's rules.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SURVEY_REFUSAL } from '@huodong/domain';
import { surveyResponses } from '../src/db/schema.js';
import { ok, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('survers', { activity_types: [4] });
});
afterAll(() => t.close());

type Q = { id: number; type: string; options: { id: string; text: string }[] };

const survey = async (config: Record<string, unknown> = {}): Promise<number> =>
  (await ok(t.call('POST', `/v1/${org.key}/survey`, { ...su(), body: { title: `问卷${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config } }))).id;
const question = (act: number, body: Record<string, unknown>): Promise<Q> => ok(t.call('POST', `/v1/${org.key}/survey/${act}/question`, { ...su(), body }));
const change = (act: number, q: number, body: Record<string, unknown>): Promise<Q> => ok(t.call('POST', `/v1/${org.key}/survey/${act}/question/${q}`, { ...su(), body }));
const publish = (act: number) => ok(t.call('POST', `/v1/${org.key}/survey/${act}/publish`, su()));
const versionNow = async (token: string, act: number): Promise<number> => (await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token }))).version;
const submit = (token: string, act: number, version: number, answers: Record<string, unknown>) =>
  t.call('POST', `/v1/${org.key}/client/activities/${act}/responses`, { token, body: { request_id: randomUUID(), version, answers } });
const submitted = async (act: number) => (await t.db.select().from(surveyResponses).where(and(eq(surveyResponses.act_id, act), eq(surveyResponses.status, 1)))).length;

describe('a response naming an earlier version', () => {
  it('an option quota added in version 2 binds answers to version 1 (by option identity)', async () => {
    const act = await survey();
    const q = await question(act, { type: 'single', title: '选一个场次', options: [{ text: '上午' }, { text: '下午' }] });
    await publish(act);
    const [a, b, c] = [await signedInReader(t, org), await signedInReader(t, org), await signedInReader(t, org)];
    const v1 = await versionNow(a.token, act);
    const [am, pm] = q.options.map((o) => o.id);
    await change(act, q.id, { options: [{ id: am, text: '上午', quota: 1 }, { id: pm, text: '下午' }] });
    const v2 = await versionNow(a.token, act);
    expect(v2).toBeGreaterThan(v1);
    expect((await submit(a.token, act, v2, { [q.id]: { option: am } })).status).toBe(200);
    const late = await submit(b.token, act, v1, { [q.id]: { option: am } });
    expect([late.status, late.message]).toEqual([409, SURVEY_REFUSAL.quota('上午').message]);
    // The other option has no quota in either version.
    expect((await submit(c.token, act, v1, { [q.id]: { option: pm } })).status).toBe(200);
    expect(await submitted(act)).toBe(2);
  });

  it('an edit naming version 1 is bound by the quota of version 2 too', async () => {
    const act = await survey({ edit_after_submit: 1 });
    const q = await question(act, { type: 'single', title: '选一个场次', options: [{ text: '上午' }, { text: '下午' }] });
    await publish(act);
    const [a, b] = [await signedInReader(t, org), await signedInReader(t, org)];
    const v1 = await versionNow(a.token, act);
    const [am, pm] = q.options.map((o) => o.id);
    const mine = await ok(submit(a.token, act, v1, { [q.id]: { option: pm } }));
    await change(act, q.id, { options: [{ id: am, text: '上午', quota: 1 }, { id: pm, text: '下午' }] });
    expect((await submit(b.token, act, await versionNow(b.token, act), { [q.id]: { option: am } })).status).toBe(200);
    const edit = await t.call('PUT', `/v1/${org.key}/client/activities/${act}/responses/${mine.response_id}`, { token: a.token, body: { request_id: randomUUID(), version: v1, answers: { [q.id]: { option: am } } } });
    expect([edit.status, edit.message]).toEqual([409, SURVEY_REFUSAL.quota('上午').message]);
  });

  it('the current version makes a question required, lowers an answer limit and stops an option: a version 1 answer is refused on each', async () => {
    const act = await survey({ per_user: 'n_total', per_user_n: 10 });
    const note = await question(act, { type: 'text', title: '备注', is_required: 0 });
    const many = await question(act, { type: 'multiple', title: '感兴趣的主题', is_required: 0, options: [{ text: '文学' }, { text: '历史' }, { text: '科普' }] });
    await publish(act);
    const r = await signedInReader(t, org);
    const v1 = await versionNow(r.token, act);
    const [lit, his, sci] = many.options.map((o) => o.id);
    await change(act, note.id, { is_required: 1, settings: { max_length: 5 } });
    await change(act, many.id, { settings: { max_select: 1 }, options: [{ id: lit, text: '文学' }, { id: his, text: '历史' }, { id: sci, text: '科普', hidden: 1 }] });

    const required = await submit(r.token, act, v1, { [many.id]: { options: [lit] } });
    expect([required.status, required.message]).toEqual([422, '第1题为必答题']);
    const long = await submit(r.token, act, v1, { [note.id]: '六个字的备注', [many.id]: { options: [lit] } });
    expect([long.status, long.message]).toEqual([422, '第1题：不能超过5个字']);
    const two = await submit(r.token, act, v1, { [note.id]: '好', [many.id]: { options: [lit, his] } });
    expect([two.status, two.message]).toEqual([422, '第2题：最多选择1项']);
    const stopped = await submit(r.token, act, v1, { [note.id]: '好', [many.id]: { options: [sci] } });
    expect([stopped.status, stopped.message]).toEqual([422, '第2题：选择了不存在或已停用的选项']);
    expect(await submitted(act)).toBe(0);
    // A draft of version 1 is checked the same way, as far as given.
    expect((await t.call('PUT', `/v1/${org.key}/client/activities/${act}/responses/draft`, { token: r.token, body: { request_id: randomUUID(), version: v1, answers: { [many.id]: { options: [sci] } } } })).status).toBe(422);
    // Fitting both versions, it is taken.
    expect((await submit(r.token, act, v1, { [note.id]: '好', [many.id]: { options: [his] } })).status).toBe(200);
  });

  it('the total limit binds every version; a question whose type changed keeps the named version\'s rules', async () => {
    const act = await survey({ per_user: 'n_total', per_user_n: 10, total_limit: 2 });
    const q = await question(act, { type: 'single', title: '是否读书', options: [{ text: '是' }, { text: '否' }] });
    await publish(act);
    const r = await signedInReader(t, org);
    const v1 = await versionNow(r.token, act);
    const yes = q.options[0].id;
    await change(act, q.id, { type: 'text', options: [], confirm_type_change: 1 });
    const v2 = await versionNow(r.token, act);
    expect(v2).toBeGreaterThan(v1);
    // The old shape of the answer is right for version 1, the new one for version 2.
    expect((await submit(r.token, act, v1, { [q.id]: { option: yes } })).status).toBe(200);
    expect((await submit(r.token, act, v2, { [q.id]: '读' })).status).toBe(200);
    const full = await submit(r.token, act, v1, { [q.id]: { option: yes } });
    expect([full.status, full.message]).toEqual([409, SURVEY_REFUSAL.full.message]);
  });
});
