/**
 * The statistics of the platform and the organisation (issue 26) through HTTP: the rollups equal a
 * recount from the rows after random writes through the API (folds interleaved with the writes, a
 * deleted reader's rows gone), every figure route refuses another organisation's administrator and
 * a non-super caller on the platform's, and shares are percentages with 2 decimals.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';
import { newSource, OPEN_VOTE_RULES, publishedVoting } from './fixtures/votingActivity.js';
import { publishedContest } from './fixtures/contestFixture.js';
import bankQuestions from './fixtures/bankQuestions.js';
import { newReader, join } from './fixtures/readerJoins.js';
import type { FixtureContext } from './fixtures/types.js';
import { foldRollups, recountRollups, refreshRollups, storedRollups } from '../src/statistics/rollups.js';
import type { Db } from '../src/db/client.js';

let t: TestApp;
let orgA: { id: number; key: string };
let orgB: { id: number; key: string };
let adminA: string;
let adminB: string;

const ctxOf = (org: { id: number; key: string }): FixtureContext => ({
  org,
  superToken: t.superToken,
  call: (m, u, o) => t.call(m, u, o),
  login: (a, p, o) => t.login(a, p, o),
  readerLogin: async (account, password) => (await ok(t.call('POST', `/v1/${org.key}/client/login`, { body: { account, password, key: '', code: '' } }))).access_token as string,
});

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobWorker: false });
  orgA = await t.org('statlib');
  orgB = await t.org('statother');
  await t.manager(orgA.id, 'stata', 'admin');
  await t.manager(orgB.id, 'statb', 'admin');
  adminA = await t.login('stata', MANAGER_PASSWORD, orgA.key);
  adminB = await t.login('statb', MANAGER_PASSWORD, orgB.key);
});
afterAll(() => t.close());

/** A seeded random sequence, so a failing run can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

interface World {
  ctx: FixtureContext;
  acts: { id: number; sources: number[] }[];
  readers: { id: number; token: string }[];
  contest: number;
}

/** A question added to the organisation's bank (`org`) or the public bank (null) through the admin API; bodies of the bank fixture. */
async function addBankQuestion(org: { key: string } | null, n: number): Promise<void> {
  const body = await bankQuestions.create!(n, {} as FixtureContext);
  await ok(t.call('POST', org ? `/v1/${org.key}/question` : '/v1/public', { token: t.superToken, body }));
}

/**
 * A new reader answers a fixed-paper contest through the reader API: the paper's first `right`
 * questions rightly (A), the rest wrongly; submitted when `submit`. Answers how many were answered.
 */
async function answerContest(ctx: FixtureContext, actId: number, right: number, submit: boolean): Promise<number> {
  const reader = await newReader(ctx);
  const paper = await ok(t.call('POST', `/v1/${ctx.org.key}/client/activities/${actId}/attempts`, { token: reader.token, body: { request_id: randomUUID() } }));
  const items = (paper.items as { question_id: number }[]).map((q, k) => ({ question_id: q.question_id, answer: k < right ? 'A' : 'B' }));
  await ok(t.call('PUT', `/v1/${ctx.org.key}/client/attempts/${paper.id}/answers`, { token: reader.token, body: { request_id: randomUUID(), items } }));
  if (submit) await ok(t.call('POST', `/v1/${ctx.org.key}/client/attempts/${paper.id}/submit`, { token: reader.token, body: { request_id: randomUUID() } }));
  return items.length;
}

describe('rollups', () => {
  // 60 random writes through the API: 25 s alone on a busy 2-core machine, so more than the default 30 s (a timed-out
  // test's writes would go on into the next test's figures).
  it('equal a recount from the rows after random writes through the API, folded while writing, and after a reader is deleted', { timeout: 120_000 }, async () => {
    const seed = 26;
    const rnd = random(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
    const worlds: World[] = [orgA, orgB].map((org) => ({ ctx: ctxOf(org), acts: [], readers: [], contest: 0 }));
    for (const w of worlds) {
      w.contest = await publishedContest(w.ctx, `统计竞赛${w.ctx.org.key}`);
      const id = await publishedVoting(w.ctx, `统计投票${w.ctx.org.key}`, { ...OPEN_VOTE_RULES, votes_per_day: 50, per_source_per_day: 50 });
      w.acts.push({ id, sources: [await newSource(w.ctx, id, '对象甲'), await newSource(w.ctx, id, '对象乙')] });
      w.readers.push(await newReader(w.ctx));
    }
    for (let step = 0; step < 60; step++) {
      const w = pick(worlds);
      const r = rnd();
      if (r < 0.12) {
        // Questions added to a bank (the public bank's are organisation 0's) and contests answered, some attempts left open.
        await addBankQuestion(rnd() < 0.3 ? null : w.ctx.org, step);
        continue;
      }
      if (r > 0.86) {
        await answerContest(w.ctx, w.contest, Math.floor(rnd() * 4), rnd() < 0.7);
        continue;
      }
      if (r < 0.1) {
        const id = await publishedVoting(w.ctx, `统计投票${step}`, { ...OPEN_VOTE_RULES, votes_per_day: 50, per_source_per_day: 50 });
        w.acts.push({ id, sources: [await newSource(w.ctx, id, `对象${step}`)] });
      } else if (r < 0.25) w.readers.push(await newReader(w.ctx));
      else if (r < 0.55) {
        const act = pick(w.acts);
        await ok(t.call('POST', `/v1/${w.ctx.org.key}/client/activities/${act.id}/ballots`, { token: pick(w.readers).token, body: { request_id: randomUUID(), source_ids: [pick(act.sources)] } }));
      } else if (r < 0.8) {
        const act = pick(w.acts);
        const said = await t.call('POST', `/v1/${w.ctx.org.key}/client/activities/${act.id}/comments`, { token: pick(w.readers).token, body: { request_id: randomUUID(), source_id: pick(act.sources), content: `评论${step}` } });
        expect([200, 403], said.message).toContain(said.status); // a reader's second comment within 30 s is refused
      } else if (r < 0.9) {
        const reader = pick(w.readers);
        const act = pick(w.acts);
        const joined = await t.call('POST', `/v1/${w.ctx.org.key}/client/activities/${act.id}/join`, { token: reader.token, body: { request_id: randomUUID() } });
        expect([200, 422]).toContain(joined.status); // a reader who voted there has joined already
      } else await foldRollups(t.db as Db);
    }
    await refreshRollups(t.db as Db);
    const recount = await recountRollups(t.db as Db);
    expect(recount.filter((x) => x.metric === 'like').length).toBeGreaterThan(0);
    expect(recount.filter((x) => x.metric === 'active').length).toBeGreaterThan(0);
    for (const metric of ['question', 'answer', 'correct']) expect(recount.filter((x) => x.metric === metric).length, metric).toBeGreaterThan(0);
    expect(recount.some((x) => x.metric === 'question' && x.org_id === 0)).toBe(true);
    expect(await storedRollups(t.db as Db)).toEqual(recount);

    // A deleted reader takes their votes and comments along: the organisation is recounted at the next pass.
    const gone = worlds[0].readers[0];
    await ok(t.call('DELETE', `/v1/${orgA.key}/readers/${gone.id}`, { token: t.superToken }));
    await refreshRollups(t.db as Db);
    expect(await storedRollups(t.db as Db)).toEqual(await recountRollups(t.db as Db));

    // Another pass with nothing new changes nothing.
    await refreshRollups(t.db as Db);
    expect(await storedRollups(t.db as Db)).toEqual(await recountRollups(t.db as Db));
  });

  it('the figures routes answer the rollups: the organisation overview sums its activities, the platform its organisations', async () => {
    await refreshRollups(t.db as Db);
    const mine = await ok(t.call('GET', `/v1/${orgA.key}/count/activity`, { token: adminA }));
    const sum = (field: string) => mine.activities.reduce((s: number, a: Record<string, number>) => s + a[field], 0);
    expect(mine.totals.like).toBe(sum('like'));
    expect(mine.totals.comment).toBe(sum('comment'));
    expect(mine.totals.activity).toBe(mine.activities.length);
    expect(mine.activities[0].count_page).toBe('adminCount/adminActCount/actCountEva');
    expect(mine.months.at(-1).reader_total).toBe(mine.totals.reader);

    const platform = await ok(t.call('GET', '/v1/count/overview', { token: t.superToken }));
    const rowA = platform.organizations.find((o: { key: string }) => o.key === orgA.key);
    expect(rowA.like).toBe(mine.totals.like);
    const likes = await ok(t.call('GET', '/v1/count/like', { token: t.superToken }));
    expect(likes.totals.total).toBe(platform.totals.like);
    expect(likes.months.at(-1).total).toBe(likes.totals.total);
    expect(likes.types.find((x: { type: number }) => x.type === 2).name).toBe('投票评论活动');

    const one = await ok(t.call('GET', `/v1/${orgA.key}/count/activity/${mine.activities[0].id}`, { token: adminA }));
    expect(one.activity.title).toBe(mine.activities[0].title);
    expect(one.totals.like).toBe(mine.activities[0].like);

    // An activity's sums are remembered between folds, never past one: a ballot counts once folded.
    const ctx = ctxOf(orgA);
    const voting = await publishedVoting(ctx, '统计投票：记住的数字', OPEN_VOTE_RULES);
    const source = await newSource(ctx, voting, '记住的对象');
    const activityFigures = async () => ok(t.call('GET', `/v1/${orgA.key}/count/activity/${voting}`, { token: adminA }));
    expect((await activityFigures()).totals.like).toBe(0);
    const voter = await newReader(ctx);
    await ok(t.call('POST', `/v1/${orgA.key}/client/activities/${voting}/ballots`, { token: voter.token, body: { request_id: randomUUID(), source_ids: [source] } }));
    await refreshRollups(t.db as Db);
    expect((await activityFigures()).totals.like).toBe(1);
  });
});

describe('the questions series', () => {
  it("answers the questions added per month and type and the contest answers with the right ones, the organisation's and the platform's", async () => {
    await refreshRollups(t.db as Db);
    const before = await ok(t.call('GET', '/v1/count/question/months', { token: t.superToken }));
    const org = await t.org('statques');
    await t.manager(org.id, 'statq', 'admin');
    const admin = await t.login('statq', MANAGER_PASSWORD, org.key);
    const ctx = ctxOf(org);
    for (let n = 1; n <= 4; n++) await addBankQuestion(org, n); // single choice, true/false, fill-in, single choice
    await addBankQuestion(null, 5);
    const contest = await publishedContest(ctx, '题目统计竞赛');
    expect(await answerContest(ctx, contest, 2, true)).toBe(3); // 3 answers, 2 right
    await answerContest(ctx, contest, 1, false); // 3 answers saved, the attempt open: none counted right yet
    await refreshRollups(t.db as Db);

    const mine = await ok(t.call('GET', `/v1/${org.key}/count/question/months`, { token: admin }));
    expect(mine.organization.key).toBe(org.key);
    expect(mine.totals).toEqual({ question: 4, public_question: 0, answer: 6, correct: 2, correct_rate: 33.33 });
    const now = mine.months.at(-1);
    expect(now).toEqual({ month: now.month, question: 4, public_question: 0, answer: 6, correct: 2, correct_rate: 33.33 });
    expect(mine.this_month.question).toBe(4);
    const byType = Object.fromEntries(mine.types.map((x: { name: string; question: number }) => [x.name, x.question]));
    expect(byType).toMatchObject({ 单选题: 2, 判断题: 1, 填空题: 1 });
    expect(mine.types.find((x: { name: string }) => x.name === '单选题').percent).toBe(50);

    // The activities' by-type sums take no question types in (判断题 and the contest are both type 3).
    const overview = await ok(t.call('GET', `/v1/${org.key}/count/activity`, { token: admin }));
    expect(overview.types.map((x: { type: number; activity: number }) => [x.type, x.activity])).toEqual([[3, 1]]);
    expect(overview.totals.question).toBe(4);

    const platform = await ok(t.call('GET', '/v1/count/question/months', { token: t.superToken }));
    const row = platform.organizations.find((o: { key: string }) => o.key === org.key);
    expect(row).toMatchObject({ question: 4, answer: 6, correct: 2, correct_rate: 33.33 });
    expect(platform.totals.question - before.totals.question).toBe(5);
    expect(platform.totals.public_question - before.totals.public_question).toBe(1);
    expect(platform.totals.answer - before.totals.answer).toBe(6);
    const orgSum = platform.organizations.reduce((s: number, o: { question: number }) => s + o.question, 0);
    expect(platform.totals.question).toBe(orgSum + platform.totals.public_question);
    expect(platform.months.at(-1).question - before.months.at(-1).question).toBe(5);
  });
});

describe('percentages', () => {
  it('are shares rounded to 2 decimals, in every table and pie', async () => {
    const org = await t.org('statpct');
    const ctx = ctxOf(org);
    const acts = [await publishedVoting(ctx, '比例一'), await publishedVoting(ctx, '比例二')];
    await join(ctx, (await newReader(ctx)).token, acts[0]);
    await refreshRollups(t.db as Db);
    const figures = await ok(t.call('GET', '/v1/count/activity', { token: t.superToken }));
    const total = figures.totals.total as number;
    const row = figures.organizations.find((o: { key: string }) => o.key === org.key);
    expect(row.n).toBe(2);
    expect(row.percent).toBe(Math.round((2 / total) * 10_000) / 100);
    for (const o of figures.organizations as { percent: number }[]) expect(String(o.percent)).toMatch(/^\d+(\.\d{1,2})?$/);
    const pie = await ok(t.call('GET', '/v1/count/pie', { token: t.superToken }));
    const shares = pie.activity_types.map((x: { percent: number }) => x.percent);
    for (const s of shares) expect(String(s)).toMatch(/^\d+(\.\d{1,2})?$/);
  });
});

describe('tenant isolation', () => {
  const platformRoutes = ['/v1/count/organization', '/v1/count/overview', '/v1/count/activity', '/v1/count/creation', '/v1/count/like', '/v1/count/comment', '/v1/count/user', '/v1/count/pie', '/v1/count/question/months'];

  it('the platform figures are super only: an organisation administrator gets 403, no token 401', async () => {
    for (const path of platformRoutes) {
      expect((await t.call('GET', path, { token: adminA })).status, path).toBe(403);
      expect((await t.call('GET', path, { token: null })).status, path).toBe(401);
      expect((await t.call('GET', path, { token: t.superToken })).status, path).toBe(200);
    }
    expect((await t.call('POST', '/v1/count/refresh', { token: adminA })).status).toBe(403);
  });

  it("an organisation's figures refuse another organisation's administrator; an activity of another organisation is missing", async () => {
    const actB = (await ok(t.call('GET', `/v1/${orgB.key}/count/activity`, { token: adminB }))).activities[0].id as number;
    for (const path of [`/v1/${orgB.key}/count/activity`, `/v1/${orgB.key}/count/user`, `/v1/${orgB.key}/count/activity/${actB}`, `/v1/${orgB.key}/count/question/months`]) {
      expect((await t.call('GET', path, { token: adminA })).status, path).toBe(403);
      expect((await t.call('GET', path, { token: adminB })).status, path).toBe(200);
      expect((await t.call('GET', path, { token: t.superToken })).status, path).toBe(200);
    }
    const foreign = await t.call('GET', `/v1/${orgA.key}/count/activity/${actB}`, { token: adminA });
    expect(foreign.status).toBe(404);
    expect(foreign.message).toBe('活动不存在');
    const mine = await ok(t.call('GET', `/v1/${orgA.key}/count/activity`, { token: adminA }));
    expect(mine.activities.map((a: { id: number }) => a.id)).not.toContain(actB);
    const users = await ok(t.call('GET', `/v1/${orgA.key}/count/user`, { token: adminA }));
    expect(users.organization.key).toBe(orgA.key);
  });
});
