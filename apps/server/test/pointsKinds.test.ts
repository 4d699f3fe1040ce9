/**
 * Every existing kind posts a reader's points through the ledger (issue 24), in the transaction of
 * the event that earns them, through the kinds' real HTTP paths: a work submitted and approved
 * (approving again, re-queued and approved again: paid once; withdrawn: given back), a ballot
 * (replayed: paid once; the rule's daily cap), a contest passed and each level passed with its
 * own reward points, an offline sign-in (scanned again: paid once), a comment approved (rejected
 * later: given back); and nothing when the organisation turned the rule off.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { offlineSessions, orgSettings, pointAccounts, pointTxns, readers as readerRows } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { POINTS_CONFIG_KEY } from '../src/points/ledger.js';
import { ok, publishedThird, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let off: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const rid = () => randomUUID();

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('ptkinds', { activity_types: [1, 2, 3, 5, 6, 7] });
  off = await t.org('ptkindsoff', { activity_types: [1, 2, 3, 5, 6, 7] });
  // The second organisation turned every earning rule of the kinds off.
  const rules = Object.fromEntries(
    ['work_submitted', 'work_approved', 'vote', 'contest_pass', 'level_pass', 'offline_attend', 'comment_approved', 'join_activity'].map((k) => [
      k,
      { points: 10, cap_per_day: 0, cap_per_activity: 0, once_per_account: false, enabled: false, valid_from: null, valid_to: null },
    ]),
  );
  await t.db.insert(orgSettings).values({ org_id: off.id, key: POINTS_CONFIG_KEY, value: { daily_cap: 200, approval_threshold: 500, expiry: { mode: 'none', months: 12 }, rules } });
});
afterAll(() => t.close());

/** The reader's posted ledger rows, oldest first, as `rule:delta`. */
const allRows = async (o: { id: number }, readerId: number) =>
  (await t.db.select().from(pointTxns).where(and(eq(pointTxns.org_id, o.id), eq(pointTxns.reader_id, readerId))).orderBy(pointTxns.id)).map((r) => `${r.rule_key}:${r.delta}`);
/** The rows of the kinds' own rules (a first join's `join_activity:2` left out: it has its own test below). */
const ledger = async (o: { id: number }, readerId: number) => (await allRows(o, readerId)).filter((x) => !x.startsWith('join_activity:'));
const balance = async (o: { id: number }, readerId: number) =>
  (await t.db.select({ b: pointAccounts.balance }).from(pointAccounts).where(and(eq(pointAccounts.org_id, o.id), eq(pointAccounts.reader_id, readerId))))[0]?.b ?? 0;

describe('works (types 1 and 9)', () => {
  async function workActivity(o: { key: string }, moderation: 'pre' | 'none' = 'pre'): Promise<number> {
    const made = await ok(t.call('POST', `/v1/${o.key}/original`, { ...su(), body: { title: `征文${rid().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY } }));
    await ok(t.call('PUT', `/v1/${o.key}/original/work/config?act=${made.id}`, { ...su(), body: { creation_types: [{ id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 }], author_fields: { phone: 'optional', unit: 'optional' }, per_user_max_works: 5, moderation } }));
    await ok(t.call('POST', `/v1/${o.key}/original/${made.id}/publish`, su()));
    return made.id;
  }
  const essay = () => ({ request_id: rid(), creation_type_id: 1, title: '我的阅读', content: '读书使人明智，读史使人明智。', pledge: true, author: { real_name: '张三' } });
  const submit = (o: { key: string }, token: string, act: number) => ok(t.call('POST', `/v1/${o.key}/client/activities/${act}/works`, { token, body: essay() }));

  it('a submission and its approval pay once, however often approved; a withdrawal gives the approval back', async () => {
    const act = await workActivity(org);
    const r = await signedInReader(t, org);
    const w = await submit(org, r.token, act);
    expect(await ledger(org, r.id)).toEqual(['work_submitted:5']);
    const base = `/v1/${org.key}/original/${act}/work`;
    await ok(t.call('POST', `${base}/${w.id}/approve`, su()));
    expect((await t.call('POST', `${base}/${w.id}/approve`, su())).status).toBe(409);
    // The queue's batch approval of the same work again: nothing more.
    await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [w.id], status: 1 } });
    expect(await ledger(org, r.id)).toEqual(['work_submitted:5', 'work_approved:10']);
    // Edited after approval (re-queued) and approved again: paid once.
    await ok(t.call('PUT', `/v1/${org.key}/client/works/${w.id}`, { token: r.token, body: { ...essay(), title: '改过的作品' } }));
    await ok(t.call('POST', `${base}/${w.id}/approve`, su()));
    expect(await ledger(org, r.id)).toEqual(['work_submitted:5', 'work_approved:10']);
    // A second work of the activity: its approval pays, its submission not (once per activity).
    const w2 = await submit(org, r.token, act);
    await ok(t.call('POST', `${base}/${w2.id}/approve`, su()));
    expect(await balance(org, r.id)).toBe(27);
    const gone = await t.call('POST', `/v1/${org.key}/client/works/${w2.id}/withdraw`, { token: r.token, body: { request_id: rid() } });
    expect(gone.status, gone.message).toBe(200);
    expect(await ledger(org, r.id)).toEqual(['work_submitted:5', 'work_approved:10', 'work_approved:10', 'work_approved:-10']);
    expect(await balance(org, r.id)).toBe(17);
  });

  it('a work published at once (no moderation) pays its submission and approval; nothing where the rules are off', async () => {
    const act = await workActivity(org, 'none');
    const r = await signedInReader(t, org);
    await submit(org, r.token, act);
    expect(await ledger(org, r.id)).toEqual(['work_submitted:5', 'work_approved:10']);
    const quiet = await workActivity(off, 'none');
    const q = await signedInReader(t, off);
    await submit(off, q.token, quiet);
    expect(await ledger(off, q.id)).toEqual([]);
  });
});

describe('voting (type 2)', () => {
  async function voting(o: { key: string }, config: Record<string, unknown> = {}): Promise<{ act: number; source: number }> {
    const made = await ok(t.call('POST', `/v1/${o.key}/evaluation`, { ...su(), body: { title: `投票${rid().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config: { captcha: 'off', min_interval_sec: 0, ...config } } }));
    await ok(t.call('POST', `/v1/${o.key}/evaluation/${made.id}/publish`, su()));
    const source = await ok(t.call('POST', `/v1/${o.key}/evaluation/${made.id}/source`, { ...su(), body: { title: '对象1', sort: 1 } }));
    return { act: made.id, source: source.id };
  }
  const ballot = (o: { key: string }, token: string, act: number, source: number, request_id = rid()) =>
    t.call('POST', `/v1/${o.key}/client/activities/${act}/ballots`, { token, body: { request_id, source_ids: [source] } });

  it('a ballot pays one vote; a replay nothing; the rule caps 3 a day; a comment approved pays once and a rejection gives it back', async () => {
    const { act, source } = await voting(org, { votes_per_day: 10, per_source_per_day: 10, comments: { min_interval_sec: 0, moderation: 'pre' } });
    const r = await signedInReader(t, org);
    const id = rid();
    await ok(ballot(org, r.token, act, source, id));
    await ok(ballot(org, r.token, act, source, id));
    expect(await ledger(org, r.id)).toEqual(['vote:1']);
    for (let i = 0; i < 4; i++) await ok(ballot(org, r.token, act, source));
    expect(await ledger(org, r.id)).toEqual(['vote:1', 'vote:1', 'vote:1']);

    const comment = await ok(t.call('POST', `/v1/${org.key}/client/activities/${act}/comments`, { token: r.token, body: { request_id: rid(), source_id: source, content: '很好的作品' } }));
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/comment/${comment.id}/approve`, su()));
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/comment/${comment.id}/approve`, su()));
    expect((await ledger(org, r.id)).filter((x) => x.startsWith('comment'))).toEqual(['comment_approved:1']);
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/comment/${comment.id}/reject`, { ...su(), body: { reason: '内容不当' } }));
    expect((await ledger(org, r.id)).filter((x) => x.startsWith('comment'))).toEqual(['comment_approved:1', 'comment_approved:-1']);
    expect(await balance(org, r.id)).toBe(5);
    // The first ballot joined the reader: paid once, with the first ballot's transaction.
    expect((await allRows(org, r.id)).filter((x) => x.startsWith('join_activity:'))).toEqual(['join_activity:2']);
  });

  it('nothing where the vote and comment rules are off', async () => {
    const { act, source } = await voting(off, { comments: { min_interval_sec: 0, moderation: 'pre' } });
    const r = await signedInReader(t, off);
    await ok(ballot(off, r.token, act, source));
    const comment = await ok(t.call('POST', `/v1/${off.key}/client/activities/${act}/comments`, { token: r.token, body: { request_id: rid(), source_id: source, content: '很好的作品' } }));
    await ok(t.call('POST', `/v1/${off.key}/check/${act}/comment/${comment.id}/approve`, su()));
    expect(await ledger(off, r.id)).toEqual([]);
  });
});

describe('contests (types 3 and 6)', () => {
  const single = (stem: string, extra: Record<string, unknown> = {}) => ({ type: 1, stem, options: ['甲', '乙', '丙', '丁'].map((text, i) => ({ key: 'ABCD'[i], text })), answer: 'B', analysis: '解析', ...extra });
  const start = (o: { key: string }, token: string, act: number, extra: Record<string, unknown> = {}) => ok(t.call('POST', `/v1/${o.key}/client/activities/${act}/attempts`, { token, body: { request_id: rid(), ...extra } }));
  const answer = async (o: { key: string }, token: string, aid: number, qid: number, given: string) => {
    await ok(t.call('PUT', `/v1/${o.key}/client/attempts/${aid}/answers`, { token, body: { request_id: rid(), items: [{ question_id: qid, answer: given }] } }));
    return ok(t.call('POST', `/v1/${o.key}/client/attempts/${aid}/submit`, { token, body: { request_id: rid() } }));
  };

  it('a passed contest pays once (a failed attempt nothing, a second pass nothing); nothing where the rule is off', async () => {
    for (const o of [org, off]) {
      const act = (await ok(t.call('POST', `/v1/${o.key}/contest`, { ...su(), body: { title: `竞赛${rid().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY, answer_limit: 5, config: { pass_score: 5 } } }))).id;
      const q = (await ok(t.call('POST', `/v1/${o.key}/contest/${act}/question`, { ...su(), body: single('一题') }))).id;
      await ok(t.call('POST', `/v1/${o.key}/contest/${act}/publish`, su()));
      const r = await signedInReader(t, o);
      expect((await answer(o, r.token, (await start(o, r.token, act)).id, q, 'A')).passed).toBe(0);
      expect(await ledger(o, r.id)).toEqual([]);
      for (let i = 0; i < 2; i++) expect((await answer(o, r.token, (await start(o, r.token, act)).id, q, 'B')).passed).toBe(1);
      expect(await ledger(o, r.id)).toEqual(o === org ? ['contest_pass:10'] : []);
    }
  });

  it("each passed level pays the level's own reward points, once", async () => {
    for (const o of [org, off]) {
      const act = (await ok(t.call('POST', `/v1/${o.key}/contestpro`, { ...su(), body: { title: `闯关${rid().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + DAY, config: { shuffle_questions: 0, shuffle_options: 0 } } }))).id;
      const level = async (name: string, reward_points: number) =>
        (await ok(t.call('POST', `/v1/${o.key}/contestpro/${act}/pass`, { ...su(), body: { name, pass_mode: 'correct_count', pass_value: 1, attempts_per_level: 3, reward_points } }))).id;
      const one = await level('第一关', 20);
      const two = await level('第二关', 30);
      const q1 = (await ok(t.call('POST', `/v1/${o.key}/contestpro/${act}/question`, { ...su(), body: single('一关题', { level_id: one }) }))).id;
      const q2 = (await ok(t.call('POST', `/v1/${o.key}/contestpro/${act}/question`, { ...su(), body: single('二关题', { level_id: two }) }))).id;
      await ok(t.call('POST', `/v1/${o.key}/contestpro/${act}/publish`, su()));
      const r = await signedInReader(t, o);
      expect((await answer(o, r.token, (await start(o, r.token, act, { level_id: one })).id, q1, 'B')).passed).toBe(1);
      expect((await answer(o, r.token, (await start(o, r.token, act, { level_id: two })).id, q2, 'B')).passed).toBe(1);
      expect(await ledger(o, r.id)).toEqual(o === org ? ['level_pass:20', 'level_pass:30'] : []);
    }
  });
});

describe('offline (type 5)', () => {
  it('a sign-in pays once (scanned again: nothing; the sign-out nothing); nothing where the rule is off', async () => {
    for (const o of [org, off]) {
      const start = now() + 10 * 60;
      const made = await ok(t.call('POST', `/v1/${o.key}/offline`, { ...su(), body: { title: `讲座${rid().slice(0, 6)}`, start_at: start, end_at: start + 3600, person_limit: 20, config: { sign_out: 1 } } }));
      await ok(t.call('POST', `/v1/${o.key}/offline/${made.id}/publish`, su()));
      const [s] = await t.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.act_id, made.id));
      const [reader] = await t.db.insert(readerRows).values({ org_id: o.id, account: `pk${rid().slice(0, 8)}`, password_hash: 'x', real_name: '读者', phone: '13900000000', source: 'register' }).returning({ id: readerRows.id });
      const token = (await issueToken(t.db, { kind: 'reader', id: reader.id, orgId: o.id, scope: o.key }, 86_400_000)).access_token;
      const booked = await ok(t.call('POST', `/v1/${o.key}/client/sessions/${s.id}/reservations`, { token, body: { request_id: rid(), seats: 1 } }));
      const secret = (await ok(t.call('GET', `/v1/${o.key}/client/reservations/${booked.id}/ticket`, { token }))).secret as string;
      const redeem = (type?: 'exit') => ok(t.call('POST', `/v1/${o.key}/checkin/redeem`, { ...su(), body: { nonce: `n-${rid()}`, secret, session_id: s.id, ...(type ? { type } : {}) } }));
      const results = await Promise.all([redeem(), redeem(), redeem()]);
      expect(results.map((x) => x.result).sort()).toEqual(['already_checked_in', 'already_checked_in', 'ok']);
      await redeem('exit');
      expect(await ledger(o, reader.id)).toEqual(o === org ? ['offline_attend:10'] : []);
    }
  });
});

describe('joining (every kind)', () => {
  it('a first join pays join_activity once per activity; a replay, a second join and a join refused as full pay nothing; nothing where the rule is off', async () => {
    const act = await publishedThird(t, org, { person_limit: 1 });
    const [a, b] = [await signedInReader(t, org), await signedInReader(t, org)];
    const join = (token: string, request_id = rid()) => t.call('POST', `/v1/${org.key}/client/activities/${act.id}/join`, { token, body: { request_id } });
    const first = rid();
    await ok(join(a.token, first));
    await ok(join(a.token, first));
    await ok(join(a.token));
    expect(await allRows(org, a.id)).toEqual(['join_activity:2']);
    expect(await balance(org, a.id)).toBe(2);
    // Full: the join and its points roll back together.
    expect((await join(b.token)).status).toBe(409);
    expect(await allRows(org, b.id)).toEqual([]);
    const quiet = await publishedThird(t, off);
    const q = await signedInReader(t, off);
    await ok(t.call('POST', `/v1/${off.key}/client/activities/${quiet.id}/join`, { token: q.token, body: { request_id: rid() } }));
    expect(await allRows(off, q.id)).toEqual([]);
  });
});
