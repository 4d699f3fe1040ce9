/**
 * The questionnaire statistics from their rollup (issue 22, kinds/survey/rollup.ts): the answer
 * equals a recount of the rows (the same statistics with a date range covering everything, which
 * counts the rows) for the whole questionnaire and for a unit, after new responses, after an edit
 * rewrote a folded response's answers, after a reader with responses was deleted, and after
 * submissions in parallel with statistics reads (a fold must never pass a response still being
 * written).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chinaDayStart } from '@huodong/domain';
import { activities, readers as readerRows, surveyAnswers, surveyResponses, surveyRollups } from '../src/db/schema.js';
import { filterOf, surveyStats } from '../src/kinds/survey/figures.js';
import { issueToken } from '../src/auth/tokens.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let unitA: { id: number };
let unitB: { id: number };
let unitA2: { id: number };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('rolluplib', { activity_types: [4] });
  unitA = await t.org('rollupunita', { parent_id: org.id });
  unitB = await t.org('rollupunitb', { parent_id: org.id });
  unitA2 = await t.org('rollupunita2', { parent_id: unitA.id });
});
afterAll(() => t.close());

type Q = { id: number; options: { id: string }[]; rows: { id: string }[] };
interface Survey {
  act: number;
  version: number;
  answersOf(i: number): Record<string, unknown>;
  single: Q;
}

async function call(method: string, url: string, body?: unknown) {
  const res = await t.call(method, url, { ...su(), body });
  expect(res.status, res.message).toBe(200);
  return res.data;
}

/** A published questionnaire of the question types the statistics count differently, with edits allowed. */
async function survey(): Promise<Survey> {
  const act = (await call('POST', `/v1/${org.key}/survey`, { title: `汇总${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config: { per_user: 'n_total', per_user_n: 5, edit_after_submit: 1 } })).id;
  const q = (body: Record<string, unknown>): Promise<Q> => call('POST', `/v1/${org.key}/survey/${act}/question`, body);
  const single = await q({ type: 'single', title: '到馆频率', options: [{ text: '每周' }, { text: '每月' }, { text: '很少' }] });
  const multiple = await q({ type: 'multiple', title: '常用服务', options: [{ text: '借还' }, { text: '自习' }, { text: '讲座' }] });
  const rating = await q({ type: 'rating', title: '满意度', settings: { rating_max: 5 } });
  const matrix = await q({ type: 'matrix_single', title: '评价', options: [{ text: '好' }, { text: '差' }], rows: [{ text: '环境' }, { text: '服务' }] });
  const text = await q({ type: 'text', title: '建议', is_required: 0 });
  await call('POST', `/v1/${org.key}/survey/${act}/publish`);
  const reader = await readerOf(0);
  const { version } = (await t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token: reader.token })).data;
  return {
    act,
    version,
    single,
    answersOf: (i) => ({
      [single.id]: { option: single.options[i % 3].id },
      [multiple.id]: { options: multiple.options.filter((_, k) => (i + k) % 2 === 0).map((o) => o.id) },
      [rating.id]: 1 + (i % 5),
      [matrix.id]: { [matrix.rows[0].id]: matrix.options[i % 2].id, [matrix.rows[1].id]: matrix.options[(i + 1) % 2].id },
      ...(i % 2 ? { [text.id]: `建议${i}` } : {}),
    }),
  };
}

/** Reader i made directly with a token (signing many in would meet the sign-in throttle): of unit A, unit B, none or A2 (below A). */
let made = 0;
async function readerOf(i: number): Promise<{ id: number; token: string }> {
  const unit = [unitA.id, unitB.id, null, unitA2.id][i % 4];
  const [row] = await t.db.insert(readerRows).values({ org_id: org.id, account: `roll${++made}`, password_hash: 'x', real_name: `读者${made}`, unit_id: unit, source: 'register' }).returning({ id: readerRows.id });
  return { id: row.id, token: (await issueToken(t.db, { kind: 'reader', id: row.id, orgId: org.id, scope: org.key }, 3_600_000)).access_token };
}
async function respond(s: Survey, i: number, reader?: { id: number; token: string }) {
  const r = reader ?? (await readerOf(i));
  const res = await t.call('POST', `/v1/${org.key}/client/activities/${s.act}/responses`, { token: r.token, body: { request_id: randomUUID(), version: s.version, answers: s.answersOf(i), started_at: now() - 30 - i } });
  expect(res.status, res.message).toBe(200);
  return { ...r, response_id: res.data.response_id as number };
}

const stats = (act: number, query = '') => call('GET', `/v1/${org.key}/survey/${act}/stats${query}`);
/** Date ranges: none; the last 7 whole China days (as the page's filter sends them); 3 days not on day bounds; everything. */
const ranges = (): { from?: number; to?: number }[] => {
  const today = chinaDayStart(now());
  return [{}, { from: today - 6 * DAY, to: today + DAY - 1 }, { from: now() - 2 * DAY - 3_600, to: now() - 600 }, { from: 1, to: now() + DAY }, { from: today - DAY }];
};
/**
 * The statistics (through HTTP, from the rollup) equal the rows counted (surveyStats' recount), whole, for a unit with one below it
 * and for a unit alone, under every date range.
 */
async function expectRecount(act: number): Promise<void> {
  const [row] = await t.db.select().from(activities).where(eq(activities.id, act));
  for (const unit of [undefined, unitA.id, unitB.id])
    for (const range of ranges()) {
      const query = new URLSearchParams(Object.entries({ unit_id: unit, ...range }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]))).toString();
      expect(await stats(act, `?${query}`), query).toEqual(await surveyStats(t.db, row, await filterOf(t.db, org.id, { unit_id: unit, ...range }), 'recount'));
    }
}
const rollupOf = async (act: number) => (await t.db.select().from(surveyRollups).where(eq(surveyRollups.act_id, act)))[0];

describe('questionnaire statistics from their rollup', () => {
  it('equal a recount after new responses, folded in by the reads', async () => {
    const s = await survey();
    await expectRecount(s.act);
    for (let i = 0; i < 6; i++) await respond(s, i);
    await expectRecount(s.act);
    await expectRecount(s.act);
    // The reads folded the responses: the rollup, not the live part, holds them now.
    expect((await rollupOf(s.act)).through).toBeGreaterThan(0);
    for (let i = 6; i < 9; i++) await respond(s, i);
    await expectRecount(s.act);
    const whole = await stats(s.act);
    expect(whole.totals).toMatchObject({ responses: 9, readers: 9 });
  });

  it('equal a recount after an edit rewrote a folded response and after a reader with responses was deleted', async () => {
    const s = await survey();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await respond(s, i));
    // A second response of the same reader (readers are counted once).
    await respond(s, 7, made[0]);
    await expectRecount(s.act);
    // Readers moved, then answering again: from unit B to A2 (in both filters), from A to A2 (twice in A's filter, counted once).
    for (const r of [made[1], made[4]]) {
      const moved = await t.call('PUT', `/v1/${org.key}/readers/${r.id}`, { ...su(), body: { unit_id: unitA2.id } });
      expect(moved.status, moved.message).toBe(200);
      await respond(s, 8, r);
    }
    await expectRecount(s.act);
    await expectRecount(s.act);
    expect((await rollupOf(s.act)).through).toBeGreaterThan(0);
    const edit = await t.call('PUT', `/v1/${org.key}/client/activities/${s.act}/responses/${made[1].response_id}`, { token: made[1].token, body: { request_id: randomUUID(), version: s.version, answers: s.answersOf(4) } });
    expect(edit.status, edit.message).toBe(200);
    await expectRecount(s.act);
    await expectRecount(s.act);
    await call('DELETE', `/v1/${org.key}/readers/${made[0].id}`);
    await expectRecount(s.act);
    await expectRecount(s.act);
    expect((await stats(s.act)).totals).toMatchObject({ responses: 6, readers: 4 });
    expect((await stats(s.act, `?unit_id=${unitA.id}`)).totals).toMatchObject({ responses: 4, readers: 3 });
    expect((await stats(s.act, `?unit_id=${unitB.id}`)).totals).toMatchObject({ responses: 1, readers: 1 });
  });

  it('equal a recount over date ranges: whole China days from the rollup, the partial days at either end counted live', async () => {
    const s = await survey();
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await respond(s, i));
    // Submitted over the last four days, at several hours (answer rows carry their response's time).
    for (const [i, r] of made.entries()) {
      const back = (i % 4) * DAY + (i % 3) * 7_200;
      await t.db.update(surveyResponses).set({ submitted_at: sql`${surveyResponses.submitted_at} - ${back}` }).where(eq(surveyResponses.id, r.response_id));
      await t.db.update(surveyAnswers).set({ submitted_at: sql`${surveyAnswers.submitted_at} - ${back}` }).where(eq(surveyAnswers.response_id, r.response_id));
    }
    await expectRecount(s.act);
    expect((await rollupOf(s.act)).through).toBeGreaterThan(0);
    await expectRecount(s.act);
    // New responses (live above the watermark), then folded.
    for (let i = 12; i < 15; i++) await respond(s, i);
    await expectRecount(s.act);
    const lastWeek = ranges()[1];
    expect((await stats(s.act, `?from=${lastWeek.from}&to=${lastWeek.to}`)).totals).toMatchObject({ responses: 15, readers: 15 });
  });

  it('equal a recount after submissions in parallel with statistics reads', async () => {
    const s = await survey();
    const readers = await Promise.all(Array.from({ length: 16 }, (_, i) => readerOf(i)));
    const seen: number[] = [];
    await Promise.all([
      ...readers.map((r, i) => respond(s, i, r)),
      ...Array.from({ length: 16 }, async () => seen.push((await stats(s.act)).totals.responses)),
    ]);
    expect(Math.max(...seen)).toBeLessThanOrEqual(16);
    await expectRecount(s.act);
    await expectRecount(s.act);
    expect((await stats(s.act)).totals).toMatchObject({ responses: 16, readers: 16 });
    expect((await rollupOf(s.act)).through).toBeGreaterThan(0);
  });

  // PostgreSQL only: PGlite has one connection, so nothing is ever in flight beside a read.
  it.skipIf(!process.env.DATABASE_URL)('never fold past a response whose transaction is still open', async () => {
    const s = await survey();
    for (let i = 0; i < 3; i++) await respond(s, i);
    const late = await readerOf(1);
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let taken!: () => void;
    const idTaken = new Promise<void>((resolve) => (taken = resolve));
    // A submission as slow as can be: its transaction (id taken, rows written) stays open while the statistics are read and folded.
    const slow = t.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(surveyResponses)
        .values({ org_id: org.id, act_id: s.act, reader_id: late.id, unit_id: unitB.id, version: s.version, status: 1, submitted_at: now(), day: '2026-01-01' })
        .returning({ id: surveyResponses.id });
      await tx.insert(surveyAnswers).values({ org_id: org.id, act_id: s.act, response_id: r.id, question_id: s.single.id, revision: 1, option_id: s.single.options[0].id, lead: 1, unit_id: unitB.id, submitted_at: now() });
      taken();
      await held;
    });
    await idTaken;
    await respond(s, 3);
    for (let i = 0; i < 4; i++) expect((await stats(s.act)).totals.responses).toBe(4);
    commit();
    await slow;
    await respond(s, 4);
    await expectRecount(s.act);
    await expectRecount(s.act);
    expect((await stats(s.act)).totals.responses).toBe(6);
  });
});
