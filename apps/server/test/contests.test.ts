/**
 * Knowledge contests (types 3 and 6, issue 13) through HTTP: the paper's rules and shortfall,
 * publishing refused while short, random papers honouring every rule with must questions, no
 * answer leaving the server before submission on any reader call, autosave, tab switches, the
 * deadline submitted by the server, marking with partial credit and fill-in variants, hand marks,
 * limits under parallel starts, levels unlocking, rankings, and other organisations' calls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { sql } from '../src/db/sql.js';
import { rowsOf } from '../src/db/rows.js';
import { contestAttempts, contestProgress, contestQuestions } from '../src/db/schema.js';
import { foldQuestionCounters, sweepOverdue } from '../src/kinds/contests/engine.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let otherAdmin: string;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const ANALYSIS = '解析：只在交卷后可见';

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('quizlib', { activity_types: [3, 6] });
  other = await t.org('quizother', { activity_types: [3, 6] });
  await t.manager(other.id, 'quizboss');
  otherAdmin = await t.login('quizboss', 'Manager#Pass1', other.key);
});
afterAll(() => t.close());

const ok = <T = any>(res: { status: number; message: string; data: T }): T => {
  expect(res.status, res.message).toBe(200);
  return res.data;
};

async function contest(config: Record<string, unknown> = {}, over: Record<string, unknown> = {}, type: 3 | 6 = 3): Promise<number> {
  const base = type === 3 ? 'contest' : 'contestpro';
  return ok(await t.call('POST', `/v1/${org.key}/${base}`, { ...su(), body: { title: `竞赛${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config, ...over } })).id;
}
const add = async (act: number, body: Record<string, unknown>, base = 'contest') => ok(await t.call('POST', `/v1/${org.key}/${base}/${act}/question`, { ...su(), body })).id as number;
const publish = (act: number, base = 'contest') => t.call('POST', `/v1/${org.key}/${base}/${act}/publish`, su());

/** A choice question of four options (single: answer B; multiple: answer A,C). */
const choice = (type: 1 | 2, texts: string[], answer: string) => (stem: string, extra: Record<string, unknown> = {}) => ({
  type,
  stem,
  options: texts.map((text, i) => ({ key: 'ABCD'[i], text })),
  answer,
  analysis: ANALYSIS,
  ...extra,
});
const single = choice(1, ['甲', '乙', '丙', '丁'], 'B');
const multiple = choice(2, ['春', '夏', '秋', '冬'], 'A,C');
const judge = (stem: string, extra: Record<string, unknown> = {}) => ({ type: 3, stem, answer: 'T', analysis: ANALYSIS, ...extra });

const start = (token: string, act: number, extra: Record<string, unknown> = {}) => t.call('POST', `/v1/${org.key}/client/activities/${act}/attempts`, { token, body: { request_id: randomUUID(), ...extra } });
const save = (token: string, aid: number, items: { question_id: number; answer: unknown }[]) => t.call('PUT', `/v1/${org.key}/client/attempts/${aid}/answers`, { token, body: { request_id: randomUUID(), items } });
const submit = (token: string, aid: number, request_id = randomUUID()) => t.call('POST', `/v1/${org.key}/client/attempts/${aid}/submit`, { token, body: { request_id } });

/** No correct answer or analysis in a reader's answer while the attempt is open. */
function expectNoAnswers(data: any): void {
  const text = JSON.stringify(data);
  expect(text).not.toContain(ANALYSIS);
  expect(text).not.toMatch(/"(answer|analysis|is_right|credit|reference)"/);
}

describe('the paper of a contest', () => {
  it('lists the shortfall per rule, arms the warning, refuses publishing while short, then publishes', async () => {
    const act = await contest();
    const empty = ok(await t.call('GET', `/v1/${org.key}/contest/${act}/paper`, su()));
    expect(empty.warning).toBe('试卷还没有题目，请先选题或添加题目。');
    const refused = await publish(act);
    expect(refused.status).toBe(422);
    expect(refused.message).toContain('题目数不足');

    for (let i = 1; i <= 3; i++) await add(act, single(`单选${i}`));
    const rules = await t.call('PUT', `/v1/${org.key}/contest/${act}/rules`, {
      ...su(),
      body: { contest_type: 2, rules: [{ type: 1, count: 2, score_each: 5 }, { type: 2, count: 2, score_each: 10 }] },
    });
    expect(rules.data.shortfalls).toEqual([{ rule: 1, need: 2, have: 0, message: '第2条规则（多选题）需要2题，可抽题目只有0题，还差2题' }]);
    expect(rules.data.warning).toContain('还差2题');
    expect(rules.data.total).toBe(30);
    expect((await publish(act)).status).toBe(422);

    await add(act, multiple('多选1'));
    await add(act, multiple('多选2'));
    const ready = ok(await t.call('GET', `/v1/${org.key}/contest/${act}/paper`, su()));
    expect(ready.shortfalls).toEqual([]);
    expect(ready.warning).toBe('');
    expect((await publish(act)).status).toBe(200);
  });

  it('refuses a pass score above the paper total on saving and on publishing, naming the field and both numbers', async () => {
    // A random paper: its total is the rules' counts × scores (2 × 5 = 10).
    const random = await t.call('POST', `/v1/${org.key}/contest`, { ...su(), body: { title: '及格分过高', start_at: now() - DAY, end_at: now() + DAY, config: { contest_type: 2, rules: [{ type: 1, count: 2, score_each: 5 }], pass_score: 12 } } });
    const refusedAs = (res: { status: number; message: string; data: unknown }, message: string) => {
      expect([res.status, res.message.replace(/^config\.pass_score: /, '')]).toEqual([422, message]);
      expect(JSON.stringify(res.data ?? res.message)).toContain('pass_score');
    };
    refusedAs(random, '及格分12分不能超过试卷总分10分');
    // A fixed paper: saved while it has no questions, refused once its questions total less.
    const act = await contest({ pass_score: 60 });
    for (let i = 1; i <= 2; i++) await add(act, single(`及格分题${i}`, { score: 25 }));
    const published = await publish(act);
    refusedAs(published, '及格分60分不能超过试卷总分50分');
    const saved = await t.call('PUT', `/v1/${org.key}/contest/${act}`, { ...su(), body: { config: { pass_score: 55 } } });
    refusedAs(saved, '及格分55分不能超过试卷总分50分');
    ok(await t.call('PUT', `/v1/${org.key}/contest/${act}`, { ...su(), body: { config: { pass_score: 50 } } }));
    expect((await publish(act)).status).toBe(200);
  });

  it('refuses overlapping rules and a bad question, naming the field', async () => {
    const act = await contest();
    const overlap = await t.call('PUT', `/v1/${org.key}/contest/${act}/rules`, { ...su(), body: { contest_type: 2, rules: [{ type: 1, count: 1, score_each: 5 }, { type: 1, count: 1, score_each: 5, category_ids: [3] }] } });
    expect(overlap.status).toBe(422);
    expect(overlap.message).toMatch(/^(?![a-z_][\w.]*: ).*第2条规则与第1条规则/);
    expect(overlap.data.errors.some((e: { field: string }) => e.field === 'rules.1')).toBe(true);
    const bad = await t.call('POST', `/v1/${org.key}/contest/${act}/question`, { ...su(), body: multiple('只有一个答案', { answer: 'A' }) });
    expect(bad.status).toBe(422);
    expect(bad.message).toBe('多选题至少要有两个正确答案');
    const blanks = await t.call('POST', `/v1/${org.key}/contest/${act}/question`, { ...su(), body: { type: 4, stem: '___和___', answer: [['甲']] } });
    expect(blanks.message).toBe('题干有2个空，答案有1组，数量必须一致');
    const threshold = await t.call('GET', `/v1/${org.key}/contest/${act}/compare?threshold=2`, su());
    expect([threshold.status, threshold.message]).toEqual([422, '相似度不能超过1']);
    const by = await t.call('GET', `/v1/${org.key}/count/contest/${act}/ranking?by=org`, su());
    expect([by.status, by.message]).toEqual([422, '只能是reader或unit']);
  });

  it('a random paper honours every rule and includes every must question', async () => {
    const act = await contest({ contest_type: 2, rules: [{ type: 1, count: 3, score_each: 4 }, { type: 3, count: 2, score_each: 3, difficulty_max: 2 }] });
    const singles = [];
    for (let i = 1; i <= 8; i++) singles.push(await add(act, single(`随机单选${i}`)));
    const judges = [];
    for (let i = 1; i <= 4; i++) judges.push(await add(act, judge(`判断${i}`, { difficulty: i <= 3 ? 1 : 4 })));
    const hard = judges[3];
    ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question/${singles[7]}/setMust`, su()));
    // A must question outside its rule's difficulty still counts in its type's quota.
    ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question/${hard}/setMust`, su()));
    expect((await publish(act)).status).toBe(200);
    const orders = new Set<string>();
    for (let r = 0; r < 6; r++) {
      const reader = await signedInReader(t, org);
      const paper = ok(await start(reader.token, act));
      expectNoAnswers(paper);
      const ids = paper.items.map((i: any) => i.question_id);
      orders.add(ids.join(','));
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
      expect(ids).toContain(singles[7]);
      expect(ids).toContain(hard);
      expect(paper.items.filter((i: any) => i.type === 1)).toHaveLength(3);
      expect(paper.items.filter((i: any) => i.type === 3)).toHaveLength(2);
      expect(paper.items.filter((i: any) => i.type === 1).every((i: any) => i.score === 4 && i.options.length === 4)).toBe(true);
      expect(paper.max_score).toBe(18);
      // The same paper again on a reload.
      expect(ok(await t.call('GET', `/v1/${org.key}/client/attempts/${paper.id}`, { token: reader.token })).items.map((i: any) => i.question_id)).toEqual(ids);
      if (r === 0) {
        // Answers and analysis are shown after the end by default: not in the submission's answer either.
        const done = ok(await submit(reader.token, paper.id));
        expect(done.score).toBe(0);
        expect(JSON.stringify(done)).not.toContain(ANALYSIS);
        expect(done.items.every((i: any) => !('answer' in i) && !('analysis' in i) && 'is_right' in i)).toBe(true);
      }
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('answering', () => {
  let act: number;
  let q: Record<string, number>;
  beforeAll(async () => {
    act = await contest({ contest_type: 1, shuffle_questions: 0, shuffle_options: 0, partial_multiple: 1, show_answer: 'immediately', show_analysis: 'immediately', tab_switch_max: 2 }, { answer_limit: 0 });
    q = {
      single: await add(act, single('单选题', { score: 5 })),
      multiple: await add(act, multiple('多选题', { score: 6 })),
      judge: await add(act, judge('判断题', { score: 4 })),
      blanks: await add(act, { type: 4, stem: '中国四大名著有《___》和《___》等', answer: [['红楼梦', '石头记'], ['西游记']], analysis: ANALYSIS, score: 5 }),
      short: await add(act, { type: 5, stem: '谈谈你最喜欢的一本书', answer: '言之有理即可', analysis: ANALYSIS, score: 10 }),
    };
    expect((await publish(act)).status).toBe(200);
  });

  it('never sends answers before submission, marks on the server with partial credit and fill-in variants, and waits for hand marks', async () => {
    const reader = await signedInReader(t, org);
    const paper = ok(await start(reader.token, act));
    expectNoAnswers(paper);
    expect(paper.items.map((i: any) => i.question_id)).toEqual([q.single, q.multiple, q.judge, q.blanks, q.short]);
    expect(paper.items[3].blanks).toBe(2);
    expect(paper.seconds_left).toBeGreaterThan(0);

    const saved = await save(reader.token, paper.id, [
      { question_id: q.single, answer: 'B' },
      { question_id: q.multiple, answer: ['A'] },
      { question_id: q.judge, answer: 'F' },
      { question_id: q.blanks, answer: ['石头记', '三国演义'] },
    ]);
    expect(saved.data).toEqual({ saved: 4 });
    expectNoAnswers(saved.data);
    // Autosave again: the last answer wins.
    ok(await save(reader.token, paper.id, [{ question_id: q.short, answer: '我喜欢《红楼梦》' }, { question_id: q.single, answer: 'b' }]));
    const again = ok(await t.call('GET', `/v1/${org.key}/client/attempts/${paper.id}`, { token: reader.token }));
    expectNoAnswers(again);
    expect(again.items.find((i: any) => i.question_id === q.short).given).toBe('我喜欢《红楼梦》');
    const event = ok(await t.call('POST', `/v1/${org.key}/client/attempts/${paper.id}/events`, { token: reader.token, body: { request_id: randomUUID(), type: 'blur' } }));
    expectNoAnswers(event);
    expect(event).toMatchObject({ switch_count: 1, max: 2, submitted: false });
    const foreign = await save(reader.token, paper.id, [{ question_id: 2_000_000, answer: 'A' }]);
    expect(foreign.status).toBe(409);

    const done = ok(await submit(reader.token, paper.id));
    expect(done.state).toBe('pending_grading');
    // 5 (single) + 3 (multiple, one of two right) + 0 (true/false) + 2.5 (one blank of two) ; the short answer waits.
    expect(done.score).toBe(10.5);
    expect(done.items.find((i: any) => i.question_id === q.multiple)).toMatchObject({ credit: 3, is_right: 0, answer: 'A,C' });
    expect(done.items.find((i: any) => i.question_id === q.blanks)).toMatchObject({ credit: 2.5, answer: [['红楼梦', '石头记'], ['西游记']], analysis: ANALYSIS });
    expect(done.items.find((i: any) => i.question_id === q.short)).toMatchObject({ pending: true });

    // The check queue: the pending short answer, marked by hand, finishes the attempt.
    const queue = ok(await t.call('GET', `/v1/${org.key}/check/${act}/contest`, su()));
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({ answer: '我喜欢《红楼梦》', reference: '言之有理即可', max_score: 10, account: reader.account, real_name: '读者' });
    const tooMuch = await t.call('POST', `/v1/${org.key}/check/${act}/contest`, { ...su(), body: { items: [{ id: queue.items[0].id, score: 11 }] } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.message).toBe('得分不能超过该题分值10');
    const foreignMark = await t.call('POST', `/v1/${other.key}/check/${act}/contest`, { token: otherAdmin, body: { items: [{ id: queue.items[0].id, score: 8 }] } });
    expect(foreignMark.status).toBe(404);
    ok(await t.call('POST', `/v1/${org.key}/check/${act}/contest`, { ...su(), body: { items: [{ id: queue.items[0].id, score: 8 }] } }));
    const marked = ok(await t.call('GET', `/v1/${org.key}/client/attempts/${paper.id}`, { token: reader.token }));
    expect(marked).toMatchObject({ state: 'finished', score: 18.5 });
    expect(ok(await t.call('GET', `/v1/${org.key}/check/${act}/contest`, su())).items).toHaveLength(0);
  });

  it('a replayed submit answers the first result; a second submit is refused', async () => {
    const reader = await signedInReader(t, org);
    const paper = ok(await start(reader.token, act));
    const id = randomUUID();
    const first = ok(await submit(reader.token, paper.id, id));
    const replay = ok(await submit(reader.token, paper.id, id));
    expect(replay).toEqual(first);
    expect((await submit(reader.token, paper.id)).status).toBe(409);
    expect((await save(reader.token, paper.id, [{ question_id: q.single, answer: 'A' }])).status).toBe(409);
  });

  it('the server submits past the tab-switch limit', async () => {
    const reader = await signedInReader(t, org);
    const paper = ok(await start(reader.token, act));
    const blur = () => t.call('POST', `/v1/${org.key}/client/attempts/${paper.id}/events`, { token: reader.token, body: { request_id: randomUUID(), type: 'blur' } });
    await blur();
    await blur();
    expect(ok(await blur())).toMatchObject({ switch_count: 3, submitted: true });
    expect(ok(await t.call('GET', `/v1/${org.key}/client/attempts/${paper.id}`, { token: reader.token }))).toMatchObject({ state: 'finished', auto_submitted: 1 });
  });

  it('another reader or organisation cannot see or touch an attempt', async () => {
    const reader = await signedInReader(t, org);
    const paper = ok(await start(reader.token, act));
    const stranger = await signedInReader(t, org);
    expect((await t.call('GET', `/v1/${org.key}/client/attempts/${paper.id}`, { token: stranger.token })).status).toBe(404);
    expect((await save(stranger.token, paper.id, [{ question_id: q.single, answer: 'B' }])).status).toBe(404);
    expect((await submit(stranger.token, paper.id)).status).toBe(404);
    const outsider = await signedInReader(t, other);
    expect((await t.call('GET', `/v1/${other.key}/client/attempts/${paper.id}`, { token: outsider.token })).status).toBe(404);
    expect((await t.call('POST', `/v1/${other.key}/client/activities/${act}/attempts`, { token: outsider.token, body: { request_id: randomUUID() } })).status).toBe(404);
    for (const path of [`/contest/${act}/paper`, `/contest/${act}/compare`, `/contest/${act}/attempts`, `/check/${act}/contest`]) {
      expect((await t.call('GET', `/v1/${other.key}${path}`, { token: otherAdmin })).status, path).toBe(404);
    }
    expect((await t.call('PUT', `/v1/${other.key}/contest/${act}/rules`, { token: otherAdmin, body: { contest_type: 1, rules: [] } })).status).toBe(404);
    expect((await t.call('POST', `/v1/${other.key}/contest/${act}/question/choose`, { token: otherAdmin, body: { ids: [1] } })).status).toBe(404);
  });
});

describe('the gate of a contest', () => {
  it('asks the access code until the first attempt joins the reader, once', async () => {
    const act = await contest({ shuffle_questions: 0 }, { access_code: 'quiz2026', answer_limit: 0 });
    await add(act, single('一题'));
    expect((await publish(act)).status).toBe(200);
    const reader = await signedInReader(t, org);
    const wrong = await start(reader.token, act, { access_code: 'nope' });
    expect([wrong.status, wrong.data.gate, wrong.message]).toEqual([403, 40012, '参与口令不正确']);
    const joinsOf = async () => ok(await t.call('GET', `/v1/${org.key}/contest`, su())).items.find((a: any) => a.id === act).join_num;
    expect(await joinsOf()).toBe(0);
    const first = ok(await start(reader.token, act, { access_code: 'quiz2026' }));
    ok(await submit(reader.token, first.id));
    expect(await joinsOf()).toBe(1);
    // Joined: the code is not asked again, and a second attempt does not join twice.
    ok(await submit(reader.token, ok(await start(reader.token, act)).id));
    expect(await joinsOf()).toBe(1);
  });

  it('a joined reader is told the standing refusal too: paused, then ended; none while it is open (the code not asked again)', async () => {
    const act = await contest({ shuffle_questions: 0 }, { access_code: 'quiz2027', answer_limit: 0 });
    await add(act, single('一题'));
    expect((await publish(act)).status).toBe(200);
    const reader = await signedInReader(t, org);
    ok(await submit(reader.token, ok(await start(reader.token, act, { access_code: 'quiz2027' })).id));
    const mine = async () => ok(await t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token: reader.token })).mine;
    expect(await mine()).toMatchObject({ joined: true, refusal: null });

    ok(await t.call('POST', `/v1/${org.key}/contest/${act}/disable`, su()));
    expect(await mine()).toMatchObject({ joined: true, refusal: { code: 40003, message: '活动已暂停' } });
    const paused = await start(reader.token, act);
    expect([paused.status, paused.data.gate, paused.message]).toEqual([403, 40003, '活动已暂停']);

    ok(await t.call('POST', `/v1/${org.key}/contest/${act}/enable`, su()));
    expect((await mine()).refusal).toBeNull();
    ok(await t.call('PUT', `/v1/${org.key}/contest/${act}`, { ...su(), body: { start_at: now() - 2 * DAY, end_at: now() - 60 } }));
    expect(await mine()).toMatchObject({ joined: true, refusal: { code: 40002, message: '活动已结束' } });
    const ended = await start(reader.token, act);
    expect([ended.status, ended.data.gate, ended.message]).toEqual([403, 40002, '活动已结束']);
  });
});

describe('time and limits', () => {
  it('the server submits an attempt past its deadline and grace: on a read, and by the sweep the timer runs', async () => {
    const act = await contest({ shuffle_questions: 0 }, { time_limit: 600, answer_limit: 0 });
    const q1 = await add(act, single('限时题'));
    expect((await publish(act)).status).toBe(200);
    const a = await signedInReader(t, org);
    const b = await signedInReader(t, org);
    const pa = ok(await start(a.token, act));
    const pb = ok(await start(b.token, act));
    expect(pa.deadline_at - pa.started_at).toBe(600);
    ok(await save(a.token, pa.id, [{ question_id: q1, answer: 'B' }]));
    // Time passes: both deadlines (and the grace) are over.
    await t.db.update(contestAttempts).set({ started_at: now() - 700, deadline_at: now() - 100 }).where(eq(contestAttempts.act_id, act));
    const read = ok(await t.call('GET', `/v1/${org.key}/client/attempts/${pa.id}`, { token: a.token }));
    expect(read).toMatchObject({ state: 'finished', auto_submitted: 1, score: 5 });
    expect(read.submitted_at).toBeLessThanOrEqual(read.deadline_at);
    expect(await sweepOverdue(t.db, act)).toBe(1);
    const [closed] = await t.db.select().from(contestAttempts).where(eq(contestAttempts.id, pb.id));
    expect(closed).toMatchObject({ state: 'finished', auto_submitted: 1, score: 0 });
    // An answer after the deadline is refused.
    expect((await save(b.token, pb.id, [{ question_id: q1, answer: 'B' }])).status).toBe(409);
  });

  it('parallel starts make one attempt; past the limit every start is refused', async () => {
    const act = await contest({}, { answer_limit: 1 });
    await add(act, single('限次题'));
    expect((await publish(act)).status).toBe(200);
    const reader = await signedInReader(t, org);
    const started = await Promise.all(Array.from({ length: 6 }, () => start(reader.token, act)));
    expect(new Set(started.map((s) => s.data.id)).size).toBe(1);
    ok(await submit(reader.token, started[0].data.id));
    const again = await Promise.all(Array.from({ length: 6 }, () => start(reader.token, act)));
    for (const s of again) {
      expect(s.status).toBe(409);
      expect(s.message).toBe('答题次数已用完');
    }
    expect(await t.db.select().from(contestAttempts).where(eq(contestAttempts.act_id, act))).toHaveLength(1);
    const [progress] = await t.db.select().from(contestProgress).where(eq(contestProgress.act_id, act));
    expect(progress.attempts).toBe(1);
  });

  it('attempts per day and the delay between attempts', async () => {
    const act = await contest({ attempts_per_day: 2 }, { answer_limit: 5 });
    await add(act, single('每日题'));
    expect((await publish(act)).status).toBe(200);
    const reader = await signedInReader(t, org);
    for (let i = 0; i < 2; i++) ok(await submit(reader.token, ok(await start(reader.token, act)).id));
    const third = await start(reader.token, act);
    expect(third.status).toBe(409);
    expect(third.message).toBe('今日答题次数已用完');
    const slow = await contest({ delay_between_sec: 3600 }, { answer_limit: 0 });
    await add(slow, single('间隔题'));
    expect((await publish(slow)).status).toBe(200);
    ok(await submit(reader.token, ok(await start(reader.token, slow)).id));
    expect((await start(reader.token, slow)).message).toMatch(/^请\d+秒后再开始答题$/);
  });
});

describe('rankings', () => {
  it('orders by score, then time; the grade method picks each reader\'s result; frozen at the end', async () => {
    const act = await contest({ shuffle_questions: 0, grade_method: 'highest' }, { answer_limit: 0 });
    const q1 = await add(act, single('排名1', { score: 10 }));
    const q2 = await add(act, single('排名2', { score: 10 }));
    expect((await publish(act)).status).toBe(200);
    const play = async (token: string, answers: string[]) => {
      const p = ok(await start(token, act));
      ok(await save(token, p.id, [{ question_id: q1, answer: answers[0] }, { question_id: q2, answer: answers[1] }]));
      return ok(await submit(token, p.id));
    };
    const a = await signedInReader(t, org, { real_name: '张小明' });
    const b = await signedInReader(t, org, { real_name: '李华' });
    const c = await signedInReader(t, org, { real_name: '王五' });
    await play(a.token, ['B', 'A']);
    await play(a.token, ['B', 'B']); // highest: 20
    await play(b.token, ['B', 'A']); // 10
    await play(c.token, ['A', 'A']); // 0
    const ranking = ok(await t.call('GET', `/v1/${org.key}/client/activities/${act}/ranking`, { token: b.token }));
    expect(ranking.frozen).toBe(false);
    const tooMany = await t.call('GET', `/v1/${org.key}/client/activities/${act}/ranking?limit=500`, { token: b.token });
    expect([tooMany.status, tooMany.message]).toEqual([422, '条数不能超过200']);
    expect(ranking.items.map((i: any) => [i.rank, i.name, i.score])).toEqual([
      [1, '张*明', 20],
      [2, '李*', 10],
      [3, '王*', 0],
    ]);
    expect(ranking.mine).toMatchObject({ rank: 2, score: 10 });
    expect(JSON.stringify(ranking)).not.toContain(a.account);

    // The contest ends: the ranking is frozen with a version and hash.
    await t.call('POST', `/v1/${org.key}/contest/${act}/end`, su());
    const frozen = ok(await t.call('GET', `/v1/${org.key}/client/activities/${act}/ranking`, { token: b.token }));
    expect(frozen).toMatchObject({ frozen: true, version: 1 });
    expect(frozen.items.map((i: any) => i.score)).toEqual([20, 10, 0]);
  });
});

describe('levels (type 6)', () => {
  it('unlocks the next level once the previous is passed, never repeats a bank question, and ranks by levels passed', async () => {
    const act = await contest({ shuffle_questions: 0, shuffle_options: 0 }, {}, 6);
    const one = ok(await t.call('POST', `/v1/${org.key}/contestpro/${act}/pass`, { ...su(), body: { name: '第一关', pass_mode: 'correct_count', pass_value: 1, attempts_per_level: 2 } })).id;
    const two = ok(await t.call('POST', `/v1/${org.key}/contestpro/${act}/pass`, { ...su(), body: { name: '第二关', pass_mode: 'score', pass_value: 5 } })).id;
    const refusedPublish = await publish(act, 'contestpro');
    expect(refusedPublish.status).toBe(422);
    expect(refusedPublish.message).toContain('关卡“第一关”');
    const q1 = await add(act, single('一关题', { level_id: one }), 'contestpro');
    const q2 = await add(act, single('二关题', { level_id: two }), 'contestpro');
    expect((await publish(act, 'contestpro')).status).toBe(200);
    const levels = (token: string) => t.call('GET', `/v1/${org.key}/client/activities/${act}/levels`, { token });

    const reader = await signedInReader(t, org);
    expect(ok(await levels(reader.token)).items.map((l: any) => l.state)).toEqual(['unlocked', 'locked']);
    const locked = await start(reader.token, act, { level_id: two });
    expect(locked.status).toBe(403);
    expect(locked.message).toBe('该关卡尚未解锁');
    expect((await start(reader.token, act)).message).toBe('请选择关卡');

    const fail = ok(await start(reader.token, act, { level_id: one }));
    expect(fail.items.map((i: any) => i.question_id)).toEqual([q1]);
    ok(await save(reader.token, fail.id, [{ question_id: q1, answer: 'A' }]));
    expect(ok(await submit(reader.token, fail.id)).passed).toBe(0);
    expect(ok(await levels(reader.token)).items.map((l: any) => l.state)).toEqual(['failed', 'locked']);
    const pass = ok(await start(reader.token, act, { level_id: one }));
    ok(await save(reader.token, pass.id, [{ question_id: q1, answer: 'B' }]));
    expect(ok(await submit(reader.token, pass.id)).passed).toBe(1);
    expect(ok(await levels(reader.token)).items.map((l: any) => l.state)).toEqual(['passed', 'unlocked']);
    expect((await start(reader.token, act, { level_id: one })).message).toBe('该关卡已通过');
    const second = ok(await start(reader.token, act, { level_id: two }));
    expect(second.items.map((i: any) => i.question_id)).toEqual([q2]);

    // A failing reader exhausts the first level's two attempts.
    const weak = await signedInReader(t, org);
    for (let i = 0; i < 2; i++) ok(await submit(weak.token, ok(await start(weak.token, act, { level_id: one })).id));
    expect(ok(await levels(weak.token)).items[0].state).toBe('exhausted');
    expect((await start(weak.token, act, { level_id: one })).message).toBe('答题次数已用完');

    const ranking = ok(await t.call('GET', `/v1/${org.key}/client/activities/${act}/ranking`, { token: weak.token }));
    expect(ranking.items.map((i: any) => [i.rank, i.passed])).toEqual([
      [1, 1],
      [2, 0],
    ]);
    // Reordering levels (passsort) keeps 1…n.
    ok(await t.call('POST', `/v1/${org.key}/contestpro/${act}/passsort`, { ...su(), body: { ids: [two, one] } }));
    const order = ok(await t.call('GET', `/v1/${org.key}/contestpro/${act}/pass?sort=sort`, su())).items.map((l: any) => [l.id, l.sort]);
    expect(order).toEqual([
      [two, 1],
      [one, 2],
    ]);
    expect((await t.call('POST', `/v1/${other.key}/contestpro/${act}/passsort`, { token: otherAdmin, body: { ids: [one] } })).status).toBe(404);
    const badId = await t.call('POST', `/v1/${org.key}/contestpro/${act}/passsort`, { ...su(), body: { ids: [two, 1.5] } });
    expect([badId.status, badId.message]).toEqual([422, '关卡必须是整数']);
  });
});

describe('questions from the banks, counters, figures and exports', () => {
  it('hand marks of two readers on one question in one batch count twice, on the copy and on the bank question', async () => {
    const bankId = ok(await t.call('POST', `/v1/${org.key}/question`, { ...su(), body: { type: 5, stem: '说说你读过的一本好书', answer: '言之有理即可' } })).id;
    const act = await contest({ shuffle_questions: 0, show_correctness: 'immediately' }, { answer_limit: 0 });
    ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question/choose`, { ...su(), body: { ids: [bankId] } }));
    expect((await publish(act)).status).toBe(200);
    for (const text of ['《平凡的世界》', '《活着》']) {
      const reader = await signedInReader(t, org);
      const p = ok(await start(reader.token, act));
      ok(await save(reader.token, p.id, [{ question_id: p.items[0].question_id, answer: text }]));
      ok(await submit(reader.token, p.id));
    }
    const queue = ok(await t.call('GET', `/v1/${org.key}/check/${act}/contest`, su())).items;
    expect(queue).toHaveLength(2);
    ok(await t.call('POST', `/v1/${org.key}/check/${act}/contest`, { ...su(), body: { items: queue.map((i: any) => ({ id: i.id, score: i.max_score })) } }));
    const counters = { used_count: 2, answered_count: 2, correct_count: 2 };
    // The papers and the answers marked on submission are counted by the server's fold, every few seconds (no call here makes it).
    await vi.waitFor(async () => expect(ok(await t.call('GET', `/v1/${org.key}/question/${bankId}`, su()))).toMatchObject(counters), { timeout: 10_000, interval: 200 });
    expect(ok(await t.call('GET', `/v1/${org.key}/contest/${act}/question`, su())).items[0]).toMatchObject(counters);
  });

  it('copies bank questions (own and public, once each), counts their use, and reports and exports the contest', async () => {
    const own = ok(await t.call('POST', `/v1/${org.key}/question`, { ...su(), body: { ...single('机构题库的题'), default_score: 7 } })).id;
    const pub = ok(await t.call('POST', '/v1/public', { ...su(), body: judge('公共题库的题') })).id;
    const foreignBank = ok(await t.call('POST', `/v1/${other.key}/question`, { ...su(), body: single('别的机构的题') })).id;
    const act = await contest({ shuffle_questions: 0, show_correctness: 'immediately' }, { answer_limit: 0 });
    const refused = await t.call('POST', `/v1/${org.key}/contest/${act}/question/choose`, { ...su(), body: { ids: [own, foreignBank] } });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(`题目不存在：${foreignBank}`);
    const chosen = ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question/choose`, { ...su(), body: { ids: [own, pub] } }));
    expect(chosen).toMatchObject({ added: 2, skipped: 0 });
    expect(ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question/choose`, { ...su(), body: { ids: [own] } }))).toMatchObject({ added: 0, skipped: 1 });
    const copies = ok(await t.call('GET', `/v1/${org.key}/contest/${act}/question?sort=sort`, su())).items;
    expect(copies.map((c: any) => [c.question_id, c.score])).toEqual([
      [own, 7],
      [pub, 5],
    ]);
    await add(act, single('机构题库的题？', { sort: 10 }));
    const compare = ok(await t.call('GET', `/v1/${org.key}/contest/${act}/compare`, su()));
    expect(compare.items).toHaveLength(1);
    expect(compare.items[0].similarity).toBeGreaterThanOrEqual(0.9);
    expect((await publish(act)).status).toBe(200);

    const plays: [string, string][] = [['B', 'T'], ['B', 'F'], ['A', 'F'], ['B', 'T']];
    for (const [s, j] of plays) {
      const reader = await signedInReader(t, org);
      const p = ok(await start(reader.token, act));
      const ids = p.items.map((i: any) => i.question_id);
      ok(await save(reader.token, p.id, [{ question_id: ids[0], answer: s }, { question_id: ids[1], answer: j }]));
      ok(await submit(reader.token, p.id));
    }
    await foldQuestionCounters(t.db);
    const bank = ok(await t.call('GET', `/v1/${org.key}/question/${own}`, su()));
    expect(bank).toMatchObject({ used_count: 4, answered_count: 4, correct_count: 3 });

    const figures = ok(await t.call('GET', `/v1/${org.key}/count/contest/${act}`, su()));
    expect(figures.totals).toMatchObject({ attempts: 4, readers: 4, finished: 4 });
    expect(figures.days.reduce((s: number, d: any) => s + d.attempts, 0)).toBe(4);
    expect(figures.histogram.reduce((s: number, h: any) => s + h.count, 0)).toBe(4);
    const first = figures.questions.find((q: any) => q.id === copies[0].id);
    expect(first).toMatchObject({ answered: 4, right: 3, correct_rate: 75, difficulty: 0.75 });
    expect(first.options.find((o: any) => o.key === 'A')).toMatchObject({ picks: 1, percent: 25 });
    // Nobody picked C or D: the item is flagged.
    expect(first.unused).toEqual(['C', 'D']);
    expect(first.flags).toContain('unused_distractor');
    // The third question nobody answered: nobody right, flagged.
    expect(figures.questions.find((q: any) => q.id !== copies[0].id && q.id !== copies[1].id).flags).toContain('nobody_right');

    for (const name of ['rank', 'objective', 'subjective']) {
      const res = await t.call('GET', `/v1/${org.key}/export/${name}?act=${act}`, su());
      expect(res.status, name).toBe(200);
      expect(res.res.headers['content-type']).toContain('spreadsheetml');
      expect((await t.call('GET', `/v1/${other.key}/export/${name}?act=${act}`, { token: otherAdmin })).status, name).toBe(404);
    }
    const zip = await t.call('GET', `/v1/${org.key}/export/answers?act=${act}`, su());
    expect(zip.status).toBe(200);
    expect(zip.res.headers['content-type']).toBe('application/zip');
    expect(zip.res.headers['content-disposition']).toMatch(/^attachment; filename="answers\.zip"; filename\*=UTF-8''.*-%E7%AD%94%E6%A1%88\.zip$/);
    expect((await t.call('GET', `/v1/${other.key}/count/contest/${act}`, { token: otherAdmin })).status).toBe(404);
  });
});

describe('questions held in memory and counters folded (issue 22)', () => {
  const stems = (paper: any) => paper.items.map((i: any) => i.stem);

  it('a start draws from the questions as they are now: after an edit through the API, and after a write of another process', async () => {
    const act = await contest({ shuffle_questions: 0, show_correctness: 'immediately' }, { answer_limit: 0 });
    const q1 = await add(act, single('第一题'));
    expect((await publish(act)).status).toBe(200);
    const first = ok(await start((await signedInReader(t, org)).token, act));
    expect(stems(first)).toEqual(['第一题']);
    ok(await t.call('PUT', `/v1/${org.key}/contest/${act}/question/${q1}`, { ...su(), body: { stem: '第一题（改过）' } }));
    const q2 = await add(act, judge('第二题'));
    const second = ok(await start((await signedInReader(t, org)).token, act));
    expect(stems(second)).toEqual(['第一题（改过）', '第二题']);
    // Another server process on the same database: its write advances the pool version all the same.
    await t.db.update(contestQuestions).set({ stem: '第二题（另一进程改）', score: 10 }).where(eq(contestQuestions.id, q2));
    const third = ok(await start((await signedInReader(t, org)).token, act));
    expect(stems(third)).toEqual(['第一题（改过）', '第二题（另一进程改）']);
    expect(third.max_score).toBe(15);
    // The submission marks and shows the questions as held for the same version.
    const reader = await signedInReader(t, org);
    const p = ok(await start(reader.token, act));
    ok(await save(reader.token, p.id, [{ question_id: q1, answer: 'B' }, { question_id: q2, answer: 'T' }]));
    const done = ok(await submit(reader.token, p.id));
    expect(done).toMatchObject({ state: 'finished', score: 15, correct_count: 2 });
    expect(done.items.map((i: any) => i.stem)).toEqual(['第一题（改过）', '第二题（另一进程改）']);
  });

  it('the counters equal a recount of the papers and answers after the fold, and a drawn question keeps its answer before it', async () => {
    const act = await contest({ shuffle_questions: 0, show_correctness: 'immediately' }, { answer_limit: 0 });
    const q1 = await add(act, single('计数单选'));
    const q2 = await add(act, judge('计数判断'));
    expect((await publish(act)).status).toBe(200);
    const reader = await signedInReader(t, org);
    const open = ok(await start(reader.token, act));
    const versions = async () => rowsOf<{ xmin: string; xmax: string }>(await t.db.execute(sql`select xmin::text, xmax::text from contest_attempts where id = ${open.id}`))[0];
    const before = await versions();
    // Drawn, counted or not yet: its answer cannot change any more.
    const locked = await t.call('PUT', `/v1/${org.key}/contest/${act}/question/${q1}`, { ...su(), body: { answer: 'C' } });
    expect(locked.status).toBe(422);
    expect(locked.message).toBe('题目已被抽入读者的试卷，不能再修改题型、选项或答案');
    const plays: [string, string | null][] = [['B', 'T'], ['A', null], ['B', 'F']];
    for (const [s, j] of plays) {
      const r = await signedInReader(t, org);
      const p = ok(await start(r.token, act));
      ok(await save(r.token, p.id, [{ question_id: q1, answer: s }, ...(j ? [{ question_id: q2, answer: j }] : [])]));
      ok(await submit(r.token, p.id));
    }
    await foldQuestionCounters(t.db);
    // No fold (the server's timer's included) wrote or locked the attempt being answered (its save and submission would wait for it): its row's versions stay.
    expect(await versions()).toEqual(before);
    const rows = await t.db.select().from(contestQuestions).where(eq(contestQuestions.act_id, act));
    const counts = Object.fromEntries(rows.map((q) => [q.id, [q.used_count, q.answered_count, q.correct_count]]));
    // Four papers (the open one included), three submitted: q1 answered 3 times, right twice; q2 answered twice, right once.
    expect(counts).toEqual({ [q1]: [4, 3, 2], [q2]: [4, 2, 1] });
    // Counted now, the question keeps its answer all the same; a stem may still change.
    expect((await t.call('PUT', `/v1/${org.key}/contest/${act}/question/${q2}`, { ...su(), body: { answer: 'F' } })).message).toBe(locked.message);
    ok(await t.call('PUT', `/v1/${org.key}/contest/${act}/question/${q2}`, { ...su(), body: { stem: '计数判断（改题干）' } }));
    // The open attempt's answers count once it is submitted, not before nor twice.
    ok(await save(reader.token, open.id, [{ question_id: q1, answer: 'B' }]));
    expect(await foldQuestionCounters(t.db)).toBe(0);
    ok(await submit(reader.token, open.id));
    await foldQuestionCounters(t.db);
    await foldQuestionCounters(t.db);
    const after = await t.db.select().from(contestQuestions).where(eq(contestQuestions.id, q1));
    expect([after[0].used_count, after[0].answered_count, after[0].correct_count]).toEqual([4, 4, 3]);
  });
});
