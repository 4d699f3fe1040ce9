/**
 * The contest figures from their rollup (issue 22, kinds/contests/rollup.ts): the per-question
 * figures and item analysis (top and bottom 27 % of finished attempts by score ratio, ties by id)
 * equal the recount of the rows (figures.ts `questionStats(…, 'recount')`) over a contest with
 * ties across papers of different totals, partial credit, a paper of no points, attempts over
 * several id buckets, attempts finished after a first fold (new ones, and old ones finished late
 * as a hand mark finishes them), the live part before a fold, and a deleted reader (a recount).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activities, contestAttempts, contestFigures } from '../src/db/schema.js';
import { contestCount, recountQuestionCells } from '../src/kinds/contests/figures.js';
import { rolledUpFigures } from '../src/kinds/contests/rollup.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('figurelib', { activity_types: [3, 6] });
});
afterAll(() => t.close());

const ok = <T = any>(res: { status: number; message: string; data: T }): T => {
  expect(res.status, res.message).toBe(200);
  return res.data;
};

/** A published fixed-paper contest: three single choices (B), a multiple choice (A,C, partial credit) and a true/false (T), 5 points each. */
async function contest(): Promise<{ act: number; questions: { id: number; type: number; sort: number }[] }> {
  const act = ok(
    await t.call('POST', `/v1/${org.key}/contest`, {
      ...su(),
      body: { title: `统计${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config: { contest_type: 1, shuffle_questions: 0, shuffle_options: 0, partial_multiple: 1 }, answer_limit: 0 },
    }),
  ).id as number;
  const options = (texts: string[]) => texts.map((text, i) => ({ key: 'ABCD'[i], text }));
  const bodies = [
    ...[1, 2, 3].map((i) => ({ type: 1, stem: `单选${i}`, options: options(['甲', '乙', '丙', '丁']), answer: 'B', sort: i })),
    { type: 2, stem: '多选', options: options(['春', '夏', '秋', '冬']), answer: 'A,C', sort: 4 },
    { type: 3, stem: '判断', answer: 'T', sort: 5 },
  ];
  const questions = [];
  for (const body of bodies) questions.push({ id: ok(await t.call('POST', `/v1/${org.key}/contest/${act}/question`, { ...su(), body })).id as number, type: body.type, sort: body.sort });
  expect((await t.call('POST', `/v1/${org.key}/contest/${act}/publish`, su())).status).toBe(200);
  return { act, questions };
}

const activity = async (act: number) => (await t.db.select().from(activities).where(eq(activities.id, act)))[0];

/** The figures (through HTTP, from the rollup) equal the recount of the rows: totals, days, histogram, and question by question. */
async function expectRecount(act: number): Promise<any[]> {
  const figures = ok(await t.call('GET', `/v1/${org.key}/count/contest/${act}`, su()));
  expect(figures).toEqual(await contestCount(t.db, await activity(act), 'recount'));
  return figures.questions;
}

/** The rollup's cells as read now (folded rows plus the live part, no fold) equal the recount's. */
async function expectCellsNow(act: number): Promise<void> {
  const byId = <T extends { question_id: number }>(rows: T[]) => [...rows].sort((a, b) => a.question_id - b.question_id);
  const byKey = (rows: { question_id: number; key: string; n: number }[]) => [...rows].sort((a, b) => a.question_id - b.question_id || a.key.localeCompare(b.key));
  const [rolled, recount] = [await rolledUpFigures(t.db, act), await recountQuestionCells(t.db, act)];
  expect(byId(rolled.rows)).toEqual(byId(recount.rows));
  expect(byKey(rolled.picks)).toEqual(byKey(recount.picks));
}

let made = 0;
/**
 * `count` attempts of `act` written as rows (a real submission per attempt would take minutes):
 * readers of the organisation in turn, in `state`; question q of attempt g right by a hash at the
 * question's own rate, the multiple choice half right (partial credit) at times; every 7th attempt
 * on a paper of 3 points a question (its ratios tie with those of 5 points: 9/15 = 15/25), every
 * 97th on a paper of no points (no ratio: ranked first).
 */
async function attemptRows(act: number, questions: { id: number; type: number; sort: number }[], readers: number[], count: number, state: string): Promise<void> {
  const salt = ++made * 7_777;
  const paper = JSON.stringify(questions.map((q) => ({ id: q.id, score: 5, options: q.type === 3 ? [] : ['A', 'B', 'C', 'D'] })));
  await t.database.query(
    `insert into contest_attempts (org_id, act_id, reader_id, attempt_no, day, paper, state, started_at, deadline_at, submitted_at, score, max_score, question_count, duration_sec, passed)
     select $1, $2, ($3::int[])[1 + g % array_length($3::int[], 1)], g, '20261101', $4::jsonb, $5, $6::int - (g % 4) * 86400, $6::int - (g % 4) * 86400 + 1800, $6::int - (g % 4) * 86400 + 300, 0,
            case when (g + $7) % 97 = 0 then 0 when (g + $7) % 7 = 0 then 15 else 25 end, ${questions.length}, 300 + g % 60, 0
     from generate_series(1, $8) g`,
    [org.id, act, readers, paper, state, now() - DAY, salt, count],
  );
  const right = `(((t.id * 7919 + q.sort * 104729 + ${salt}) % 100) < 20 + q.sort * 13)`;
  const half = `(((t.id * 31 + q.sort) % 3) = 0)`;
  await t.database.query(
    `insert into contest_answers (org_id, act_id, attempt_id, reader_id, question_id, answer, is_right, credit, max_score, answered_at)
     select t.org_id, t.act_id, t.id, t.reader_id, q.id,
            case when q.type = 2 then (case when ${right} then '["A","C"]'::jsonb when ${half} then '["A"]'::jsonb else '["B","d "]'::jsonb end)
                 when q.type = 3 then to_jsonb(case when ${right} then 'T' else 'F' end)
                 when (t.id + q.sort) % 11 = 0 then null
                 else to_jsonb(case when ${right} then 'B' else (array['A','C','D'])[1 + (t.id + q.sort) % 3] end) end,
            case when ${right} then 1 else 0 end,
            case when t.max_score = 0 then 0 when ${right} then t.max_score / ${questions.length} when q.type = 2 and ${half} then t.max_score / ${questions.length} / 2 else 0 end,
            t.max_score / ${questions.length}, t.started_at + q.sort
     from contest_attempts t cross join unnest($2::int[], $3::int[], $4::int[]) q(id, type, sort)
     where t.act_id = $1 and not exists (select 1 from contest_answers x where x.attempt_id = t.id)`,
    [act, questions.map((q) => q.id), questions.map((q) => q.type), questions.map((q) => q.sort)],
  );
  await t.database.query(
    `update contest_attempts t set score = s.score, correct_count = s.correct
     from (select attempt_id, sum(credit) score, count(*) filter (where is_right = 1)::int correct from contest_answers where act_id = $1 group by attempt_id) s
     where s.attempt_id = t.id and t.act_id = $1`,
    [act],
  );
}

async function readerRows(n: number): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `insert into readers (org_id, account, password_hash, real_name, source) select $1, 'fig' || $2 || '_' || g, 'x', '读者' || g, 'register' from generate_series(1, $3) g returning id`,
    [org.id, randomUUID().slice(0, 6), n],
  );
  return rows.map((r) => Number(r.id));
}

describe('contest figures from their rollup', () => {
  it('equal a recount with no attempt, one, and a few submitted through HTTP', async () => {
    const { act, questions } = await contest();
    await expectRecount(act);
    for (let i = 0; i < 5; i++) {
      const reader = await signedInReader(t, org);
      const paper = ok(await t.call('POST', `/v1/${org.key}/client/activities/${act}/attempts`, { token: reader.token, body: { request_id: randomUUID() } }));
      const items = questions.map((q, k) => ({ question_id: q.id, answer: q.type === 2 ? (i % 2 ? ['A'] : ['A', 'C']) : q.type === 3 ? (i % 2 ? 'T' : 'F') : 'ABCD'[(i + k) % 4] }));
      ok(await t.call('PUT', `/v1/${org.key}/client/attempts/${paper.id}/answers`, { token: reader.token, body: { request_id: randomUUID(), items } }));
      ok(await t.call('POST', `/v1/${org.key}/client/attempts/${paper.id}/submit`, { token: reader.token, body: { request_id: randomUUID() } }));
      const figures = await expectRecount(act);
      expect(figures[0].answered).toBe(i + 1);
    }
  });

  it('equal a recount over ties and several id buckets, after attempts added and finished late, and after a reader was deleted', { timeout: 120_000 }, async () => {
    const { act, questions } = await contest();
    const readers = await readerRows(150);
    await attemptRows(act, questions, readers, 1_300, 'finished');
    await attemptRows(act, questions, readers, 200, 'pending_grading');
    await attemptRows(act, questions, readers, 100, 'inprogress');
    await expectCellsNow(act);
    const first = await expectRecount(act);
    // The analysis has both groups, and the fold took every finished attempt.
    expect(first.every((q) => q.discrimination !== null)).toBe(true);
    const [{ unrolled }] = await t.database.query<{ unrolled: number }>(`select count(*)::int unrolled from contest_attempts where act_id = $1 and state = 'finished' and rolled = 0`, [act]);
    expect(unrolled).toBe(0);
    expect(await expectRecount(act)).toEqual(first);

    // New attempts, and old ones finished late (as the last hand mark finishes one): live before a fold, then folded.
    await attemptRows(act, questions, readers, 700, 'finished');
    await t.database.query(`update contest_attempts set state = 'finished' where act_id = $1 and state = 'pending_grading' and id % 2 = 0`, [act]);
    await expectCellsNow(act);
    const second = await expectRecount(act);
    expect(second[0].answered).toBeGreaterThan(first[0].answered);
    await t.database.query(`update contest_attempts set state = 'finished' where act_id = $1 and state <> 'finished'`, [act]);
    await expectCellsNow(act);
    await expectRecount(act);

    // A deleted reader takes their attempts: the rollup is stale (everything live), then recounted.
    const [reader] = await t.database.query<{ reader_id: number }>(`select reader_id from contest_attempts where act_id = $1 and rolled = 1 limit 1`, [act]);
    expect((await t.call('DELETE', `/v1/${org.key}/readers/${reader.reader_id}`, su())).status).toBe(200);
    expect((await t.db.select().from(contestFigures).where(eq(contestFigures.act_id, act)))[0].stale).toBe(1);
    await expectCellsNow(act);
    await expectRecount(act);
    expect((await t.db.select().from(contestFigures).where(eq(contestFigures.act_id, act)))[0].stale).toBe(0);
    expect(await t.db.$count(contestAttempts, eq(contestAttempts.reader_id, reader.reader_id))).toBe(0);
    await expectRecount(act);
  });
});
