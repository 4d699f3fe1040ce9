/**
 * The statements a contest's hot reader calls send (issue 22), counted through the database layer
 * (`openDatabase({ onQuery })`), only those sent on behalf of the call (an AsyncLocalStorage
 * around it: the server's timers, folds and job polls are not the call's). Counted once the
 * reader's token, the organisation's points settings and the contest's questions are remembered,
 * as for every call after a reader's first: a reader's first start on a contest this instance
 * started on before is ONE statement (the gate its condition, the join and its points in it); a
 * later start the gate's facts and one write; an autosave one
 * statement; a submission its transaction's lock, one read, and one statement for the marked
 * answers, the attempt, its progress row and the kept answer. What the fast ways keep is
 * shown beside: the join counted once, the limits, the kept answers of replays.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityJoins, contestAttempts, contestProgress, pointTxns } from '../src/db/schema.js';
import { joinTotals } from '../src/participation/joinCount.js';
import { pointsAccountOf } from '../src/points/ledger.js';
import { ok, pointRulesOff, signedInReader, testApp, type TestApp } from './helpers.js';

const call = new AsyncLocalStorage<string[]>();
let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false }, { onQuery: (query) => call.getStore()?.push(query) });
  org = await t.org('quizcount', { activity_types: [3, 6] });
});
afterAll(() => t.close());

/**
 * The statements `work` sends, and what it answered. BEGIN and COMMIT are left out: drizzle's
 * PGlite driver opens its transactions without showing them (`transactions` counts them apart).
 */
async function counted<T>(work: () => Promise<T>): Promise<{ sent: string[]; transactions: number; answer: T }> {
  const all: string[] = [];
  const answer = await call.run(all, work);
  const sent = all.filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q));
  return { sent, transactions: all.length - sent.length, answer };
}

const su = () => ({ token: t.superToken });
async function publishedContest(over: Record<string, unknown>): Promise<{ act: number; questions: number[] }> {
  const act = ok(t.call('POST', `/v1/${org.key}/contest`, { ...su(), body: { title: `计数竞赛${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config: { contest_type: 1 }, ...over } }));
  const id = (await act).id as number;
  const questions: number[] = [];
  for (const stem of ['第一题', '第二题', '第三题'])
    questions.push((await ok(t.call('POST', `/v1/${org.key}/contest/${id}/question`, { ...su(), body: { type: 1, stem, options: ['甲', '乙', '丙', '丁'].map((text, i) => ({ key: 'ABCD'[i], text })), answer: 'B', score: 5 } }))).id);
  expect((await t.call('POST', `/v1/${org.key}/contest/${id}/publish`, su())).status).toBe(200);
  return { act: id, questions };
}

const start = (token: string, act: number, request_id = randomUUID()) => t.call('POST', `/v1/${org.key}/client/activities/${act}/attempts`, { token, body: { request_id } });
const save = (token: string, aid: number, items: { question_id: number; answer: unknown }[], request_id = randomUUID()) =>
  t.call('PUT', `/v1/${org.key}/client/attempts/${aid}/answers`, { token, body: { request_id, items } });
const submit = (token: string, aid: number, request_id = randomUUID()) => t.call('POST', `/v1/${org.key}/client/attempts/${aid}/submit`, { token, body: { request_id } });

describe("a contest's hot reader calls in few statements", () => {
  it('a first start paying join points 1 statement (a later one 2), autosave 1, submit 3 in its transaction; the join counted and paid once, the limit held, replays answered as kept', async () => {
    const { act, questions } = await publishedContest({ answer_limit: 2 });
    // Another reader's start first: the organisation's points settings and the questions are then remembered.
    const first = await signedInReader(t, org);
    await ok(start(first.token, act));
    const reader = await signedInReader(t, org);
    // The reader's token remembered by a read of the activity.
    await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token: reader.token }));

    const startId = randomUUID();
    const started = await counted(() => ok(start(reader.token, act, startId)));
    // The first start joins the reader, which pays points here (the default rule): one statement, no
    // transaction — the gate, the progress row, the attempt, the join, its points and the kept answer.
    expect(started.sent).toHaveLength(1);
    expect(started.transactions).toBe(0);
    expect(started.sent[0]).toContain('pts_rows');
    const paper = started.answer;
    expect(paper.state).toBe('inprogress');
    expect(paper.items.map((i: { question_id: number }) => i.question_id).sort()).toEqual([...questions].sort());
    // The start joined the reader once, counted once.
    expect(await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, reader.id)))).toHaveLength(1);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(2);
    expect((await pointsAccountOf(t.db, org.id, reader.id)).balance).toBe(2);
    expect(await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, reader.id), eq(pointTxns.rule_key, 'join_activity')))).toHaveLength(1);
    // A replay of the start answers the same attempt and writes nothing more.
    const replay = await ok(start(reader.token, act, startId));
    expect(replay.id).toBe(paper.id);
    expect(replay.items.map((i: { question_id: number }) => i.question_id)).toEqual(paper.items.map((i: { question_id: number }) => i.question_id));
    expect(await t.db.select().from(contestAttempts).where(and(eq(contestAttempts.act_id, act), eq(contestAttempts.reader_id, reader.id)))).toHaveLength(1);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(2);
    expect((await pointsAccountOf(t.db, org.id, reader.id)).balance).toBe(2);
    // Another start while it is open gives the same attempt again (the long way).
    expect((await ok(start(reader.token, act))).id).toBe(paper.id);

    const saved = await counted(() => ok(save(reader.token, paper.id, [{ question_id: questions[0], answer: 'B' }, { question_id: questions[1], answer: 'C' }])));
    expect(saved.sent).toHaveLength(1);
    expect(saved.transactions).toBe(0);
    expect(saved.answer).toEqual({ saved: 2 });

    const submitId = randomUUID();
    // The submission's transaction: the attempt locked, the saved answers and the other results read,
    // then the answers marked, the attempt, its progress row and the kept answer in one statement.
    const done = await counted(() => ok(submit(reader.token, paper.id, submitId)));
    expect(done.sent).toHaveLength(3);
    expect(done.answer.state).toBe('finished');
    expect(done.answer.items.find((i: { question_id: number }) => i.question_id === questions[0]).given).toBe('B');
    const [progress] = await t.db.select().from(contestProgress).where(and(eq(contestProgress.act_id, act), eq(contestProgress.reader_id, reader.id)));
    expect(progress).toMatchObject({ attempts: 1, open_attempt_id: null, graded_attempt_id: paper.id });
    // A replay of the submission answers the kept result; another submission is refused.
    expect((await ok(submit(reader.token, paper.id, submitId))).id).toBe(paper.id);
    expect((await submit(reader.token, paper.id)).status).toBe(409);

    // The second start of a joined reader with a progress row: again 2 statements, no second join.
    const second = await counted(() => ok(start(reader.token, act)));
    expect(second.sent).toHaveLength(2);
    expect(second.transactions).toBe(0);
    expect(second.answer.attempt_no).toBe(2);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(2);
    await ok(submit(reader.token, second.answer.id));
    // Past the limit (2) the start is refused, and nothing is written.
    const refused = await start(reader.token, act);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe('答题次数已用完');
    expect(await t.db.select().from(contestAttempts).where(and(eq(contestAttempts.act_id, act), eq(contestAttempts.reader_id, reader.id)))).toHaveLength(2);
  });

  it('a first start whose join pays nothing is 1 statement, no transaction', async () => {
    const free = await t.org('quizfree', { activity_types: [3] });
    await pointRulesOff(t, free, 'join_activity');
    const made = await ok(t.call('POST', `/v1/${free.key}/contest`, { ...su(), body: { title: '不计分竞赛', start_at: now() - DAY, end_at: now() + DAY, config: { contest_type: 1 } } }));
    await ok(t.call('POST', `/v1/${free.key}/contest/${made.id}/question`, { ...su(), body: { type: 3, stem: '判断', answer: 'T', score: 5 } }));
    expect((await t.call('POST', `/v1/${free.key}/contest/${made.id}/publish`, su())).status).toBe(200);
    const warm = await signedInReader(t, free);
    await ok(t.call('POST', `/v1/${free.key}/client/activities/${made.id}/attempts`, { token: warm.token, body: { request_id: randomUUID() } }));
    const reader = await signedInReader(t, free);
    await ok(t.call('GET', `/v1/${free.key}/client/activities/${made.id}`, { token: reader.token }));
    const started = await counted(() => ok(t.call('POST', `/v1/${free.key}/client/activities/${made.id}/attempts`, { token: reader.token, body: { request_id: randomUUID() } })));
    expect(started.sent).toHaveLength(1);
    expect(started.transactions).toBe(0);
    expect(started.sent[0]).not.toContain('pts_rows');
    expect((await joinTotals(t.db, [made.id])).get(made.id)).toBe(2);
  });

  it("a reader's very first call, a start, is 1 statement with its token checked in it; a token refused writes nothing and is answered 401", async () => {
    const { act } = await publishedContest({ answer_limit: 1 });
    await ok(start((await signedInReader(t, org)).token, act));
    // No read first: the token is not remembered, the start's statement checks it.
    const reader = await signedInReader(t, org);
    const started = await counted(() => ok(start(reader.token, act)));
    expect(started.sent).toHaveLength(1);
    expect(started.sent[0]).toContain('token_hash');
    expect(started.answer.state).toBe('inprogress');
    expect(await t.db.select().from(contestAttempts).where(and(eq(contestAttempts.act_id, act), eq(contestAttempts.reader_id, reader.id)))).toHaveLength(1);
    expect((await pointsAccountOf(t.db, org.id, reader.id)).balance).toBe(2);
    const before = (await t.db.select().from(contestAttempts).where(eq(contestAttempts.act_id, act))).length;
    const bad = await start(`${reader.token}x`, act);
    expect(bad.status).toBe(401);
    expect(await t.db.select().from(contestAttempts).where(eq(contestAttempts.act_id, act))).toHaveLength(before);
  });

  it('a first start whose join points a cap refuses undoes its statement: the long way starts and joins, paying nothing', async () => {
    const capped = await t.org('quizcap', { activity_types: [3] });
    const settings = await ok(t.call('GET', `/v1/${capped.key}/config`, su()));
    // 1 a day: the join's 2 do not fit.
    await ok(t.call('POST', `/v1/${capped.key}/config/save`, { ...su(), body: { ...settings, daily_cap: 1 } }));
    const made = await ok(t.call('POST', `/v1/${capped.key}/contest`, { ...su(), body: { title: '封顶竞赛', start_at: now() - DAY, end_at: now() + DAY, config: { contest_type: 1 } } }));
    await ok(t.call('POST', `/v1/${capped.key}/contest/${made.id}/question`, { ...su(), body: { type: 3, stem: '判断', answer: 'T', score: 5 } }));
    expect((await t.call('POST', `/v1/${capped.key}/contest/${made.id}/publish`, su())).status).toBe(200);
    const begin = (token: string) => t.call('POST', `/v1/${capped.key}/client/activities/${made.id}/attempts`, { token, body: { request_id: randomUUID() } });
    const warm = await signedInReader(t, capped);
    await ok(begin(warm.token));
    const reader = await signedInReader(t, capped);
    await ok(t.call('GET', `/v1/${capped.key}/client/activities/${made.id}`, { token: reader.token }));
    const started = await counted(() => ok(begin(reader.token)));
    expect(started.answer.state).toBe('inprogress');
    // The one statement tried once (and undone: its points, its join, its attempt), then the gate's facts and the long way.
    expect(started.sent.filter((q) => q.includes('pts_rows'))).toHaveLength(1);
    expect(started.transactions).toBeGreaterThan(0);
    expect(await t.db.select().from(contestAttempts).where(eq(contestAttempts.reader_id, reader.id))).toHaveLength(1);
    expect(await t.db.select().from(activityJoins).where(eq(activityJoins.reader_id, reader.id))).toHaveLength(1);
    expect((await joinTotals(t.db, [made.id])).get(made.id)).toBe(2);
    expect(await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, reader.id))).toHaveLength(0);
    expect((await pointsAccountOf(t.db, capped.id, reader.id)).balance).toBe(0);
    const [progress] = await t.db.select().from(contestProgress).where(eq(contestProgress.reader_id, reader.id));
    expect(progress).toMatchObject({ attempts: 1, open_attempt_id: started.answer.id });
  });

  it('parallel first starts of one reader make one attempt, one join and one payment of its points', async () => {
    const { act } = await publishedContest({ answer_limit: 1 });
    const reader = await signedInReader(t, org);
    const started = await Promise.all(Array.from({ length: 6 }, () => start(reader.token, act)));
    for (const s of started) expect(s.status, s.message).toBe(200);
    expect(new Set(started.map((s) => s.data.id)).size).toBe(1);
    expect(await t.db.select().from(contestAttempts).where(eq(contestAttempts.act_id, act))).toHaveLength(1);
    expect(await t.db.select().from(activityJoins).where(eq(activityJoins.act_id, act))).toHaveLength(1);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(1);
    // The join's points paid once.
    expect((await pointsAccountOf(t.db, org.id, reader.id)).balance).toBe(2);
  });

  it('a contest with a person_limit still joins under it: the full one refuses the start and writes no attempt', async () => {
    const { act } = await publishedContest({ answer_limit: 1, person_limit: 1 });
    const one = await signedInReader(t, org);
    const two = await signedInReader(t, org);
    await ok(start(one.token, act));
    const full = await start(two.token, act);
    expect(full.status).toBe(409);
    expect(await t.db.select().from(contestAttempts).where(eq(contestAttempts.act_id, act))).toHaveLength(1);
    expect(await t.db.select().from(contestProgress).where(and(eq(contestProgress.act_id, act), eq(contestProgress.reader_id, two.id)))).toHaveLength(0);
  });
});
