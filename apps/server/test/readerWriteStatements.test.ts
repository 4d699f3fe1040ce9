/**
 * The statements each hot reader write sends (issues 23 and 25), counted through the database
 * layer (`onQuery`), so that a round trip added to one of them fails here: an offline booking on an
 * activity the instance has booked on before is its one statement (the gate folded into it, and a
 * token not remembered checked in it too), a reader's first booking included (it joins the reader and pays the join's points in it; a posting refused undoes it and
 * the long way answers); a lecture heartbeat of a play under way is its one
 * prepared statement (the token checked in it too when not remembered); an audiobook listen beat is
 * its one upsert, a reader's first beat included (the token checked in it); a check-in mark on an
 * activity the instance has marked on before is its one statement, a first mark joining the reader
 * and paying both postings included (the token checked in it; a posting refused undoes it and the
 * long way answers); a questionnaire's submission on a questionnaire and version the instance has
 * taken a submission on before is its one statement, a first one joining the reader and paying the
 * join's points included, one per reader even when a reader submits several at once, a full
 * quota or total refused the long way with its message. The booking's folded gate still refuses what the gate refuses (a blacklist
 * entry, a paused activity, an access code), the token what the access hook refuses, holds the
 * seats and the waiting list, and answers a replay with the first answer.
 */
import { randomUUID } from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SURVEY_REFUSAL } from '@huodong/domain';
import { activityCounters, activityJoins, audiobookListens, lectureProgress, offlineReservations, offlineSessions, pointTxns, readClockMarks, readers as readerRows, scanBatches, scanCodes, scanLogs, scanReaderCounts, surveyResponses, voteReaderDays, votes, voteSources } from '../src/db/schema.js';
import { codeSign } from '../src/kinds/scanCodes/codes.js';
import { issueToken } from '../src/auth/tokens.js';
import { pointsAccountOf } from '../src/points/ledger.js';
import { joinTotals } from '../src/participation/joinCount.js';
import { ok, publishedVoting, testApp, votingSources, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
/** The statements of the call under way: its async context's (the app's timers, e.g. the contests' folds, run in their own). */
const recording = new AsyncLocalStorage<string[]>();

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 }, { onQuery: (q) => void recording.getStore()?.push(q) });
  org = await t.org('hotw', { activity_types: [2, 4, 5, 8, 16, 19] });
});
afterAll(() => t.close());

/** The statements `work` sent through the database layer. */
async function counted<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
  const sent: string[] = [];
  const result = await recording.run(sent, work);
  return { result, sent };
}

/** `run` under a points daily cap of `cap`; the organisation's points settings restored after. */
async function withDailyCap(cap: number, run: () => Promise<void>): Promise<void> {
  const settings = await ok(t.call('GET', `/v1/${org.key}/config`, su()));
  await ok(t.call('POST', `/v1/${org.key}/config/save`, { ...su(), body: { ...settings, daily_cap: cap } }));
  try {
    await run();
  } finally {
    await ok(t.call('POST', `/v1/${org.key}/config/save`, { ...su(), body: settings }));
  }
}

/** The one statement was tried first (and undone: a posting refused), then the long way answered in more than `atLeast` statements. */
function undoneThenLongWay(sent: string[], atLeast: number): void {
  expect(sent.filter((q) => q.includes('pts_rows'))).toHaveLength(1);
  expect(sent.length).toBeGreaterThan(atLeast);
}

/** A reader of another organisation (made with its key) and a token of theirs: every call here refuses it (403). */
async function strangerToken(key: string): Promise<{ id: number; token: string }> {
  const elsewhere = await t.org(key);
  const [stranger] = await t.db.insert(readerRows).values({ org_id: elsewhere.id, account: `${key}-reader`, password_hash: 'x', real_name: '外人', phone: '13900000000', source: 'register' }).returning({ id: readerRows.id });
  return { id: stranger.id, token: (await issueToken(t.db, { kind: 'reader', id: stranger.id, orgId: elsewhere.id, scope: elsewhere.key }, 3_600_000)).access_token };
}

/** `call` refused with the entry's reason (403) while the reader has a blacklist entry for `action` on activities of `type`; the entry removed after. */
async function refusedWhileBanned(readerId: number, type: number, action: string, reason: string, call: () => Promise<{ status: number; message?: string }>): Promise<void> {
  const ban = await ok(t.call('POST', `/v1/${org.key}/blacklist`, { ...su(), body: { reader_id: readerId, types: [type], actions: [action], reason, start_at: now() - 60, end_at: now() + DAY } }));
  const banned = await call();
  expect([banned.status, banned.message]).toEqual([403, expect.stringContaining(reason)]);
  await ok(t.call('DELETE', `/v1/${org.key}/blacklist/${ban.id}`, su()));
}

let readerSeq = 0;
async function reader(): Promise<{ id: number; token: string }> {
  const [r] = await t.db
    .insert(readerRows)
    .values({ org_id: org.id, account: `hw${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register' })
    .returning({ id: readerRows.id });
  return { id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: org.id, scope: org.key }, 3_600_000)).access_token };
}

describe('an offline booking', () => {
  let act: number;
  let sid: number;
  const book = (token: string, body: Record<string, unknown> = {}, requestId = randomUUID()) =>
    t.call('POST', `/v1/${org.key}/client/sessions/${sid}/reservations`, { token, body: { request_id: requestId, ...body } });
  /** The reader's token used once (the reader's sessions page), so that it is remembered. */
  const warm = async (token: string) => ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/sessions`, { token }));
  /** The reader joined already, as a booking of another session would have joined them (the join row as the long way writes it). */
  const joined = async (r: { id: number }) => {
    await t.db.insert(activityJoins).values({ org_id: org.id, act_id: act, reader_id: r.id, real_name: '读者', phone: '13900000000', created_at: now(), updated_at: now() });
  };

  beforeAll(async () => {
    const start = now() + 3 * DAY;
    const made = await ok(t.call('POST', `/v1/${org.key}/offline`, { ...su(), body: { title: '读书会', start_at: start, end_at: start + 7200, person_limit: 3, config: { waitlist: 1 } } }));
    act = made.id;
    await ok(t.call('POST', `/v1/${org.key}/offline/${act}/publish`, su()));
    [{ id: sid }] = await t.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.act_id, act));
    // The instance's first booking of the activity reads the gate's facts (and remembers the activity).
    const first = await reader();
    expect(await ok(book(first.token))).toMatchObject({ status: 'confirmed' });
  });

  it('is one statement once the activity is known, the token checked in it on a reader’s first call', async () => {
    const a = await reader();
    await joined(a);
    await warm(a.token);
    const known = await counted(() => book(a.token));
    expect(known.result.status, known.result.message).toBe(200);
    expect(known.result.data).toMatchObject({ session_id: sid, status: 'confirmed', seats: 1 });
    expect(known.sent, known.sent.join("\n---\n")).toHaveLength(1);
    expect(known.sent[0]).toMatch(/offline_reservations/);

    const b = await reader();
    await joined(b);
    const fresh = await counted(() => book(b.token));
    expect(fresh.result.data).toMatchObject({ status: 'confirmed' });
    expect(fresh.sent, fresh.sent.join("\n---\n")).toHaveLength(1);
    expect(fresh.sent[0]).toMatch(/"tokens"/);
    const [row] = await t.db.select().from(offlineReservations).where(eq(offlineReservations.id, fresh.result.data.id));
    expect(row.reader_id).toBe(b.id);
  });


  it('refuses a token checked in its statement as the access hook would, writing nothing', async () => {
    const before = (await t.db.select().from(offlineReservations).where(eq(offlineReservations.session_id, sid))).length;
    const unknown = await book('no-such-token-0123456789');
    expect([unknown.status, unknown.message]).toEqual([401, '登录已失效，请重新登录']);
    const admin = await book(t.superToken);
    expect([admin.status, admin.message]).toEqual([403, '请使用读者账号登录']);
    // A reader of another organisation.
    expect((await book((await strangerToken('hotw2')).token)).status).toBe(403);
    // A reader with the first password still to change, then signed out.
    const made = await ok(t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account: 'hwfirst', password: 'Reader#Pass1', real_name: '新读者', phone: '13900000001', identity: 1 } }));
    expect(made.id).toBeGreaterThan(0);
    const login = await ok(t.call('POST', `/v1/${org.key}/client/login`, { body: { account: 'hwfirst', password: 'Reader#Pass1' } }));
    const first = await book(login.access_token);
    expect([first.status, first.message]).toEqual([403, '请先修改初始密码']);
    await ok(t.call('POST', `/v1/${org.key}/client/logout`, { token: login.access_token }));
    const out = await book(login.access_token);
    expect([out.status, out.message]).toEqual([401, '登录已退出，请重新登录']);
    expect(await t.db.select().from(offlineReservations).where(eq(offlineReservations.session_id, sid))).toHaveLength(before);
  });

  it('still holds the seats, then the waiting list, and answers a replay with the first answer', async () => {
    const c = await reader();
    await joined(c);
    await warm(c.token);
    // Two seats were taken above and one by the first booking: the session of 3 is full now.
    const rid = randomUUID();
    const waiting = await counted(() => book(c.token, {}, rid));
    expect(waiting.result.data).toMatchObject({ status: 'waitlisted' });
    expect(waiting.sent, waiting.sent.join("\n---\n")).toHaveLength(1);
    const again = await book(c.token, {}, rid);
    expect(again.data).toEqual(waiting.result.data);
    const twice = await book(c.token);
    expect(twice.status).toBe(422);
    expect(twice.message).toBe('您已预约该场次，请勿重复预约');
    const [s] = await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, sid));
    expect([s.taken, s.waiting]).toEqual([3, 1]);
    expect(await t.db.select().from(offlineReservations).where(eq(offlineReservations.session_id, sid))).toHaveLength(4);
    // A reader's first call (the token checked in the statement) on a full session: the waiting list too.
    const fresh = await reader();
    expect(await ok(book(fresh.token))).toMatchObject({ status: 'waitlisted' });
  });

  it('refuses through the folded gate what the gate refuses: a blacklist entry, a paused activity, a missing access code', async () => {
    const d = await reader();
    await warm(d.token);
    await refusedWhileBanned(d.id, 5, 'reserve', '多次爽约', () => book(d.token));

    const e = await reader();
    await warm(e.token);
    await ok(t.call('POST', `/v1/${org.key}/offline/${act}/disable`, su()));
    const paused = await book(e.token);
    expect(paused.status).toBe(403);
    expect(paused.message).toBe('活动已暂停');
    await ok(t.call('POST', `/v1/${org.key}/offline/${act}/enable`, su()));
    expect(await ok(book(e.token))).toMatchObject({ status: 'waitlisted' });

    // An access code set on the activity: a booking without it is refused, one with it goes in one statement again.
    await ok(t.call('PUT', `/v1/${org.key}/offline/${act}`, { ...su(), body: { access_code: 'k123' } }));
    const f = await reader();
    await warm(f.token);
    const coded = await book(f.token);
    expect(coded.status).toBe(403);
    await book(f.token, { access_code: 'k123' }).then((r) => expect(r.data).toMatchObject({ status: 'waitlisted' }));
    const g = await reader();
    await joined(g);
    await warm(g.token);
    const withCode = await counted(() => book(g.token, { access_code: 'k123' }));
    expect(withCode.result.data).toMatchObject({ status: 'waitlisted' });
    expect(withCode.sent, withCode.sent.join("\n---\n")).toHaveLength(1);
    const [s] = await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, sid));
    expect([s.taken, s.waiting]).toEqual([3, 5]);
  });

  it('a reader’s first booking is one statement too: it joins the reader once, counts the join and pays the join’s points once', async () => {
    const n = await reader();
    await warm(n.token);
    const joinsBefore = (await joinTotals(t.db, [act])).get(act) ?? 0;
    const rid = randomUUID();
    const first = await counted(() => book(n.token, { access_code: 'k123' }, rid));
    expect(first.result.data).toMatchObject({ status: 'waitlisted' });
    // BEGIN and COMMIT would reach the query log on PostgreSQL's driver: none is sent.
    expect(first.sent, first.sent.join('\n---\n')).toHaveLength(1);
    expect(first.sent[0]).toMatch(/pts_rows.*offline_reservations.*join_row as \(\s*insert into "activity_joins"/s);
    const rows = await t.db.select().from(activityJoins).where(eq(activityJoins.reader_id, n.id));
    expect(rows.map((j) => [j.act_id, j.status])).toEqual([[act, 1]]);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
    expect((await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, n.id))).map((x) => [x.rule_key, x.delta, x.source_id])).toEqual([['join_activity', 2, String(act)]]);
    expect((await pointsAccountOf(t.db, org.id, n.id)).balance).toBe(2);
    // A replay answers the first answer, joins and pays nothing again.
    expect((await book(n.token, { access_code: 'k123' }, rid)).data).toEqual(first.result.data);
    expect(await t.db.select().from(activityJoins).where(eq(activityJoins.reader_id, n.id))).toHaveLength(1);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
    expect((await pointsAccountOf(t.db, org.id, n.id)).balance).toBe(2);
  });

  it('a first booking whose join’s points a cap refuses undoes its statement: the long way books and joins, paying nothing', async () => {
    // 1 a day: the join's 2 do not fit.
    await withDailyCap(1, async () => {
      const m = await reader();
      await warm(m.token);
      const joinsBefore = (await joinTotals(t.db, [act])).get(act) ?? 0;
      const first = await counted(() => book(m.token, { access_code: 'k123' }));
      expect(first.result.data).toMatchObject({ status: 'waitlisted' });
      undoneThenLongWay(first.sent, 1);
      expect(await t.db.select().from(activityJoins).where(eq(activityJoins.reader_id, m.id))).toHaveLength(1);
      expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
      expect(await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, m.id))).toHaveLength(0);
      expect(await t.db.select().from(offlineReservations).where(eq(offlineReservations.reader_id, m.id))).toHaveLength(1);
      const [s] = await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, sid));
      expect(s.waiting).toBe(await t.db.$count(offlineReservations, and(eq(offlineReservations.session_id, sid), eq(offlineReservations.status, 'waitlisted'))));
    });
  });
});

describe('a lecture heartbeat', () => {
  it('of a play under way is one statement, the token checked in it when not remembered', async () => {
    const start = now() - DAY;
    const made = await ok(t.call('POST', `/v1/${org.key}/lecture`, { ...su(), body: { title: '讲座', start_at: start, end_at: now() + 30 * DAY } }));
    const item = (await ok(t.call('POST', `/v1/${org.key}/lecture/${made.id}/creation`, { ...su(), body: { title: '第1讲', media_type: 'video', video: 'https://media.example.org/1.mp4', duration_sec: 600, sort: 1 } }))).id;
    await ok(t.call('POST', `/v1/${org.key}/lecture/${made.id}/publish`, su()));
    const a = await reader();
    const t0 = now() - 3600;
    const path = `/v1/${org.key}/client/activities/${made.id}/lecture`;
    await ok(t.call('POST', `${path}/play`, { token: a.token, body: { request_id: randomUUID(), item_id: item }, headers: { 'x-seed-time': String(t0) } }));
    const beat = (seq: number, at: number) =>
      t.call('POST', `${path}/heartbeat`, { token: a.token, body: { item_id: item, play: 1, seq, position: seq * 10, rate: 1, playing: true }, headers: { 'x-seed-time': String(at) } });
    // The first beat 12 s after the play (whatever second the play was written in), the next 10 s after it.
    expect(await ok(beat(1, t0 + 12))).toMatchObject({ duplicate: false, watched_sec: 10 });
    const next = await counted(() => beat(2, t0 + 22));
    expect(next.result.data).toMatchObject({ duplicate: false, watched_sec: 20 });
    expect(next.result.data.credited).toBeGreaterThan(0);
    expect(next.sent, next.sent.join("\n---\n")).toHaveLength(1);
    expect(next.sent[0]).toMatch(/^update "lecture_progress"/);

    // Another reader signs out (a token row changed): the remembered tokens are read again, this one in the beat's statement.
    const other = await reader();
    await ok(t.call('POST', `/v1/${org.key}/client/logout`, { token: other.token }));
    const checked = await counted(() => beat(3, t0 + 32));
    expect(checked.result.data).toMatchObject({ duplicate: false, watched_sec: 30 });
    expect(checked.result.data.credited).toBeGreaterThan(0);
    expect(checked.sent, checked.sent.join('\n---\n')).toHaveLength(1);
    expect(checked.sent[0]).toMatch(/^update "lecture_progress".*"tokens"/s);
    // Signed out, the next beat is refused as the access hook refuses, and moves nothing.
    await ok(t.call('POST', `/v1/${org.key}/client/logout`, { token: a.token }));
    const out = await beat(4, t0 + 42);
    expect([out.status, out.message]).toEqual([401, '登录已退出，请重新登录']);
    const [p] = await t.db.select().from(lectureProgress).where(eq(lectureProgress.item_id, item));
    expect([p.last_seq, p.watched_sec]).toEqual([3, 30]);
  });
});

describe('an audiobook listen beat', () => {
  it('is one statement, a reader’s first beat included (the token checked in it), and refuses a token signed out as the hook would', async () => {
    const book = await ok(t.call('POST', `/v1/${org.key}/digitalresource`, { ...su(), body: { title: '有声书', kind: 2 } }));
    const listen = (token: string, body: Record<string, unknown> = {}) =>
      t.call('POST', `/v1/${org.key}/client/audiobooks/${book.id}/listen`, { token, body: { request_id: randomUUID(), play: true, seconds: 30, ...body } });
    const a = await reader();
    // The reader's first call: its token not remembered, checked in the upsert.
    const first = await counted(() => listen(a.token));
    expect(first.result.data).toMatchObject({ resource_id: book.id, plays: 1, seconds: 30 });
    expect(first.sent, first.sent.join('\n---\n')).toHaveLength(1);
    expect(first.sent[0]).toMatch(/insert into "audiobook_listens".*"tokens"/s);
    const second = await counted(() => listen(a.token, { play: false }));
    expect(second.result.data).toMatchObject({ plays: 1, seconds: 60 });
    expect(second.sent, second.sent.join('\n---\n')).toHaveLength(1);
    // A replay answers the first answer and counts nothing again.
    const request_id = randomUUID();
    const kept = await ok(listen(a.token, { request_id }));
    expect(await ok(listen(a.token, { request_id }))).toEqual(kept);
    // Signed out: refused as the access hook refuses, nothing counted.
    await ok(t.call('POST', `/v1/${org.key}/client/logout`, { token: a.token }));
    const out = await listen(a.token);
    expect([out.status, out.message]).toEqual([401, '登录已退出，请重新登录']);
    // Another organisation's reader: refused as the hook refuses (403), nothing counted.
    expect((await listen((await strangerToken('hotwlisten')).token)).status).toBe(403);
    const rows = await t.db.select().from(audiobookListens).where(eq(audiobookListens.resource_id, book.id));
    expect(rows.map((r) => [r.reader_id, r.plays, r.seconds])).toEqual([[a.id, 2, 90]]);
  });
});

describe('a check-in mark', () => {
  let act: number;
  const mark = (token: string, request_id = randomUUID(), body: Record<string, unknown> = {}) =>
    t.call('POST', `/v1/${org.key}/client/activities/${act}/marks`, { token, body: { request_id, content: '今天读了三十页书，收获很多。', ...body } });
  const txns = (readerId: number) => t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, readerId));
  const joinsOf = (readerId: number) => t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, readerId)));

  beforeAll(async () => {
    const made = await ok(t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { title: '打卡', start_at: now() - DAY, end_at: now() + 30 * DAY, config: { moderation: 'post', min_words: 5 } } }));
    act = made.id;
    await ok(t.call('POST', `/v1/${org.key}/mark/${act}/publish`, su()));
    // The instance's first mark on the activity takes the long way (the gate's facts; the activity then remembered).
    await ok(mark((await reader()).token));
  });

  it('that joins the reader and pays points is one statement, the token checked in it: the gate, the mark, the join, both postings, the kept answer', async () => {
    const a = await reader();
    const request_id = randomUUID();
    // Another reader's mark just before: the organisation's points settings are remembered (at most 10 s).
    await ok(mark((await reader()).token));
    const marked = await counted(() => ok(mark(a.token, request_id)));
    // BEGIN and COMMIT would reach the query log on PostgreSQL's driver: none is sent.
    expect(marked.sent, marked.sent.join('\n---\n')).toHaveLength(1);
    expect(marked.result.points).toEqual([{ rule: 'checkin_mark', status: 'posted', delta: 5 }]);
    expect(marked.result.mark).toMatchObject({ content: '今天读了三十页书，收获很多。', status: 1, is_makeup: 0 });
    // The join's points (2) and the mark's (5), each under its key; the reader joined once.
    expect((await txns(a.id)).map((x) => [x.rule_key, x.delta, x.source_id]).sort()).toEqual([['checkin_mark', 5, String(marked.result.mark.id)], ['join_activity', 2, String(act)]]);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(7);
    expect(await joinsOf(a.id)).toHaveLength(1);
    // A replay answers the first answer and pays nothing again; a second mark of the day is refused.
    expect(await ok(mark(a.token, request_id))).toEqual(marked.result);
    const again = await mark(a.token);
    expect([again.status, again.message]).toEqual([409, '今天已经打过卡了']);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(7);
    expect(await t.db.select().from(readClockMarks).where(eq(readClockMarks.reader_id, a.id))).toHaveLength(1);

    // A reader joined already (and a token remembered): the mark and its posting, one statement.
    const b = await reader();
    await t.db.insert(activityJoins).values({ org_id: org.id, act_id: act, reader_id: b.id, real_name: '读者', phone: '13900000000', created_at: now(), updated_at: now() });
    await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/checkin`, { token: b.token }));
    await ok(mark((await reader()).token));
    const joined = await counted(() => ok(mark(b.token)));
    expect(joined.sent).toHaveLength(1);
    expect((await txns(b.id)).map((x) => x.rule_key)).toEqual(['checkin_mark']);
    expect(await joinsOf(b.id)).toHaveLength(1);
  });

  it('refuses what the gate and the access hook refuse, with their messages', async () => {
    const c = await reader();
    await refusedWhileBanned(c.id, 8, 'submit', '抄袭打卡', () => mark(c.token));
    expect(await ok(mark(c.token))).toMatchObject({ points: [{ rule: 'checkin_mark', status: 'posted' }] });
    const stranger = await mark('not-a-token');
    expect([stranger.status, stranger.message]).toEqual([401, '登录已失效，请重新登录']);
    const short = await mark((await reader()).token, randomUUID(), { content: '短' });
    expect(short.status).toBe(422);
  });

  it('a posting a cap refuses undoes the statement: the long way pays the join and refuses the mark’s points alone', async () => {
    // 6 a day: the join's 2 fit, the mark's 5 after them do not.
    await withDailyCap(6, async () => {
      const d = await reader();
      const marked = await counted(() => ok(mark(d.token)));
      expect(marked.result.points).toEqual([{ rule: 'checkin_mark', status: 'capped' }]);
      undoneThenLongWay(marked.sent, 1);
      expect((await txns(d.id)).map((x) => [x.rule_key, x.delta])).toEqual([['join_activity', 2]]);
      expect((await pointsAccountOf(t.db, org.id, d.id)).balance).toBe(2);
      expect(await joinsOf(d.id)).toHaveLength(1);
      expect(await t.db.select().from(readClockMarks).where(eq(readClockMarks.reader_id, d.id))).toHaveLength(1);
    });
  });
});

describe('a join (every kind)', () => {
  let act: number;
  const join = (token: string, request_id = randomUUID()) => t.call('POST', `/v1/${org.key}/client/activities/${act}/join`, { token, body: { request_id } });
  const txns = (readerId: number) => t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, readerId));
  const joinsOf = (readerId: number) => t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, readerId)));

  beforeAll(async () => {
    const made = await ok(t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { title: '报名即得积分', start_at: now() - DAY, end_at: now() + 30 * DAY } }));
    act = made.id;
    await ok(t.call('POST', `/v1/${org.key}/mark/${act}/publish`, su()));
    // The organisation's points settings remembered (at most 10 s).
    await ok(join((await reader()).token));
  });

  it('a first join that pays points on a remembered activity is one statement, the token checked in it: the gate, the join, its count, its points and the kept answer', async () => {
    const a = await reader();
    const request_id = randomUUID();
    const joined = await counted(() => ok(join(a.token, request_id)));
    expect(joined.sent, joined.sent.join('\n---\n')).toHaveLength(1);
    expect(joined.sent[0]).toMatch(/"tokens".*join_row as \(\s*insert into "activity_joins".*pts_rows/s);
    expect(joined.result).toMatchObject({ joined: true });
    expect((await txns(a.id)).map((x) => [x.rule_key, x.delta, x.source_id])).toEqual([['join_activity', 2, String(act)]]);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(2);
    expect(await joinsOf(a.id)).toHaveLength(1);
    // A replay answers the first answer and pays nothing again; a second join neither.
    expect(await ok(join(a.token, request_id))).toEqual(joined.result);
    expect(await ok(join(a.token))).toMatchObject({ joined: true, join_id: joined.result.join_id });
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(2);
    expect(await joinsOf(a.id)).toHaveLength(1);
  });

  it('a first join on an activity not remembered is two statements: the gate’s facts, then the join’s one statement', async () => {
    const made = await ok(t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { title: '新活动报名', start_at: now() - DAY, end_at: now() + 30 * DAY } }));
    await ok(t.call('POST', `/v1/${org.key}/mark/${made.id}/publish`, su()));
    const a = await reader();
    // The token used once (the activity's page), so that it is remembered.
    await ok(t.call('GET', `/v1/${org.key}/client/activities/${made.id}`, { token: a.token }));
    const joined = await counted(() => ok(t.call('POST', `/v1/${org.key}/client/activities/${made.id}/join`, { token: a.token, body: { request_id: randomUUID() } })));
    expect(joined.sent, joined.sent.join('\n---\n')).toHaveLength(2);
    expect(joined.result).toMatchObject({ joined: true, join_num: 1 });
    expect(await t.db.$count(activityJoins, eq(activityJoins.act_id, made.id))).toBe(1);
  });

  it('the join’s one statement refuses what the gate and the access hook refuse, with their messages, writing nothing', async () => {
    const c = await reader();
    await refusedWhileBanned(c.id, 8, 'join', '恶意报名', () => join(c.token));
    expect(await joinsOf(c.id)).toHaveLength(0);
    expect(await ok(join(c.token))).toMatchObject({ joined: true });
    const stranger = await join('not-a-token');
    expect([stranger.status, stranger.message]).toEqual([401, '登录已失效，请重新登录']);
    // Another organisation's reader: refused as the hook refuses (403), no join written.
    const other = await strangerToken('hotwjoin');
    expect((await join(other.token)).status).toBe(403);
    expect(await joinsOf(other.id)).toHaveLength(0);
  });

  it('joins at once: one reader joining five times is joined and paid once; under a person_limit of 3, ten readers at once make 3 joins paid once each', async () => {
    const a = await reader();
    await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token: a.token }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(a.token)));
    expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await joinsOf(a.id)).toHaveLength(1);
    expect((await txns(a.id)).map((x) => x.delta)).toEqual([2]);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(2);

    const made = await ok(t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { title: '限额报名', start_at: now() - DAY, end_at: now() + 30 * DAY, person_limit: 3 } }));
    await ok(t.call('POST', `/v1/${org.key}/mark/${made.id}/publish`, su()));
    const ten = await Promise.all(Array.from({ length: 10 }, () => reader()));
    const tried = await Promise.all(ten.map((r) => t.call('POST', `/v1/${org.key}/client/activities/${made.id}/join`, { token: r.token, body: { request_id: randomUUID() } })));
    expect(tried.filter((x) => x.status === 200)).toHaveLength(3);
    expect(tried.filter((x) => x.status !== 200).map((x) => x.status)).toEqual(Array(7).fill(409));
    expect(await t.db.$count(activityJoins, eq(activityJoins.act_id, made.id))).toBe(3);
    expect((await joinTotals(t.db, [made.id])).get(made.id)).toBe(3);
    const paid = await t.db.select().from(pointTxns).where(and(eq(pointTxns.act_id, made.id), eq(pointTxns.rule_key, 'join_activity')));
    expect(paid.map((x) => x.reader_id).sort()).toEqual((await t.db.select().from(activityJoins).where(eq(activityJoins.act_id, made.id))).map((j) => j.reader_id).sort());
  });

  it('a join whose points a cap refuses undoes its statement: the long way joins, paying nothing', async () => {
    // 1 a day: the join's 2 do not fit.
    await withDailyCap(1, async () => {
      const b = await reader();
      const joinsBefore = (await joinTotals(t.db, [act])).get(act) ?? 0;
      const joined = await counted(() => ok(join(b.token)));
      expect(joined.result).toMatchObject({ joined: true, join_num: joinsBefore + 1 });
      undoneThenLongWay(joined.sent, 2);
      expect(await joinsOf(b.id)).toHaveLength(1);
      expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
      expect(await txns(b.id)).toHaveLength(0);
    });
  });
});

describe('a questionnaire submission', () => {
  let act: number;
  let version: number;
  let q: { id: number; options: { id: string }[] };
  const submit = (token: string, option = 0, request_id = randomUUID(), on = act) =>
    t.call('POST', `/v1/${org.key}/client/activities/${on}/responses`, { token, body: { request_id, version, answers: { [q.id]: { option: q.options[option].id } } } });
  const responsesOf = (readerId: number, on = act) => t.db.select().from(surveyResponses).where(and(eq(surveyResponses.act_id, on), eq(surveyResponses.reader_id, readerId)));
  /** A questionnaire of one single-choice question (`options`), published; its first submission takes the long way (the questionnaire and its version then remembered). */
  const questionnaire = async (config: Record<string, unknown>, options: Record<string, unknown>[]) => {
    const made = await ok(t.call('POST', `/v1/${org.key}/survey`, { ...su(), body: { title: `问卷${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 10 * DAY, config } }));
    q = await ok(t.call('POST', `/v1/${org.key}/survey/${made.id}/question`, { ...su(), body: { type: 'single', title: '满意吗', options } }));
    await ok(t.call('POST', `/v1/${org.key}/survey/${made.id}/publish`, su()));
    act = made.id;
    version = (await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token: (await reader()).token }))).version;
    expect(await ok(submit((await reader()).token, options.length - 1))).toMatchObject({ version });
  };

  it('is one statement on a questionnaire known: the gate, the limit, the total, the response, the first join and its points, the kept answer', async () => {
    await questionnaire({ per_user: 'once' }, [{ text: '满意' }, { text: '不满意' }]);
    const a = await reader();
    const request_id = randomUUID();
    const joinsBefore = (await joinTotals(t.db, [act])).get(act) ?? 0;
    const sent = await counted(() => ok(submit(a.token, 0, request_id)));
    // BEGIN and COMMIT would reach the query log on PostgreSQL's driver: none is sent; the token checked in the statement.
    expect(sent.sent, sent.sent.join('\n---\n')).toHaveLength(1);
    expect(sent.sent[0]).toMatch(/"tokens".*pts_rows.*activity_counters.*insert into "survey_responses".*join_row as \(\s*insert into "activity_joins"/s);
    expect(sent.result).toMatchObject({ version, response_id: expect.any(Number) });
    const [row] = await responsesOf(a.id);
    expect([row.id, row.status, row.answers, row.once_key]).toEqual([sent.result.response_id, 1, { [q.id]: { option: q.options[0].id } }, 'once']);
    // Joined once, counted once, paid the join's points once.
    expect((await t.db.select().from(activityJoins).where(eq(activityJoins.reader_id, a.id))).map((j) => [j.act_id, j.status])).toEqual([[act, 1]]);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
    expect((await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, a.id))).map((x) => [x.rule_key, x.delta, x.source_id])).toEqual([['join_activity', 2, String(act)]]);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(2);
    // A replay answers the first answer, writes and pays nothing again; another submission is refused with the limit's message.
    expect(await ok(submit(a.token, 0, request_id))).toEqual(sent.result);
    const again = await submit(a.token, 1);
    expect([again.status, again.message]).toEqual([409, SURVEY_REFUSAL.once.message]);
    expect(await responsesOf(a.id)).toHaveLength(1);
    expect((await joinTotals(t.db, [act])).get(act)).toBe(joinsBefore + 1);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(2);
    const [total] = await t.db.select().from(activityCounters).where(and(eq(activityCounters.act_id, act), eq(activityCounters.name, 'survey_total')));
    expect(total.value).toBe(2);
  });

  it('once per reader holds when one reader submits 6 times at once, a first submission or a joined reader’s, and once a day too', async () => {
    await questionnaire({ per_user: 'once' }, [{ text: '满意' }, { text: '不满意' }]);
    /** 6 submissions of the reader at once: one written, the others refused with the limit's message. */
    const sixAtOnce = async (r: { id: number; token: string }, refusal: string) => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit(r.token)));
      expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
      for (const x of answers.filter((y) => y.status !== 200)) expect([x.status, x.message]).toEqual([409, refusal]);
      const rows = await responsesOf(r.id);
      expect(rows).toHaveLength(1);
      expect(await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, r.id)))).toHaveLength(1);
      return rows[0];
    };
    // A first submission: its join's points (keyed by the activity) are one per reader too.
    const b = await reader();
    await sixAtOnce(b, SURVEY_REFUSAL.once.message);
    expect((await pointsAccountOf(t.db, org.id, b.id)).balance).toBe(2);
    /** A reader joined already (nothing else of theirs keyed), the token remembered: only the response's key tells the submissions apart. */
    const joinedReader = async () => {
      const r = await reader();
      await t.db.insert(activityJoins).values({ org_id: org.id, act_id: act, reader_id: r.id, real_name: '读者', phone: '13900000000', created_at: now(), updated_at: now() });
      await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/survey`, { token: r.token }));
      return r;
    };
    expect((await sixAtOnce(await joinedReader(), SURVEY_REFUSAL.once.message)).once_key).toBe('once');

    await questionnaire({ per_user: 'once_per_day' }, [{ text: '满意' }, { text: '不满意' }]);
    const today = new Date((now() + 8 * 3600) * 1000).toISOString().slice(0, 10);
    expect((await sixAtOnce(await joinedReader(), SURVEY_REFUSAL.today.message)).once_key).toBe(today);
  });

  it('a full quota or total takes the long way, which refuses with its message and keeps nothing of the submission', async () => {
    await questionnaire({ per_user: 'once', total_limit: 3 }, [{ text: '周六', quota: 1 }, { text: '周日' }]);
    const sat = await counted(async () => submit((await reader()).token, 0));
    expect(sat.result.status, sat.result.message).toBe(200);
    const d = await reader();
    const quota = await counted(() => submit(d.token, 0));
    expect([quota.result.status, quota.result.message]).toEqual([409, '选项“周六”名额已满，请选择其他选项']);
    // The one statement tried (and undone), then the long way.
    expect(quota.sent.length).toBeGreaterThan(1);
    expect(await responsesOf(d.id)).toHaveLength(0);
    expect(await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, d.id)))).toHaveLength(0);
    expect(await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, d.id))).toHaveLength(0);
    expect(await ok(submit(d.token, 1))).toMatchObject({ version });
    const e = await reader();
    const full = await counted(() => submit(e.token, 1));
    expect([full.result.status, full.result.message]).toEqual([409, SURVEY_REFUSAL.full.message]);
    expect(full.sent.length).toBeGreaterThan(1);
    expect(await responsesOf(e.id)).toHaveLength(0);
    expect(await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, e.id))).toHaveLength(0);
    const counters = await t.db.select().from(activityCounters).where(eq(activityCounters.act_id, act));
    expect(Object.fromEntries(counters.map((c) => [c.name.startsWith('sq:') ? c.name.split(':')[2] : c.name, c.value]))).toEqual({ survey_total: 3, [q.options[0].id]: 1 });
  });
});

describe('a scan of a code', () => {
  /** A published points campaign with one batch: its id, the batch's id and its codes with their signs. */
  async function campaign(batch: Record<string, unknown>) {
    const made = await ok(t.call('POST', `/v1/${org.key}/integral`, { ...su(), body: { title: `扫码${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: now() + 30 * DAY } }));
    await ok(t.call('POST', `/v1/${org.key}/integral/${made.id}/publish`, su()));
    const b = await ok(t.call('POST', `/v1/${org.key}/integral/${made.id}/batch`, { ...su(), body: { name: '第一批', points: 10, ...batch } }));
    const [{ secret }] = await t.db.select({ secret: scanBatches.secret }).from(scanBatches).where(eq(scanBatches.id, b.id));
    const codes = (await t.db.select().from(scanCodes).where(eq(scanCodes.batch_id, b.id)).orderBy(scanCodes.id)).map((c) => ({ id: c.id, code: c.code, sign: codeSign(secret, c.code) }));
    // The instance's first scan of the campaign passes the gate the long way (and remembers the activity), a second one the organisation's points settings.
    for (const c of codes.slice(0, 2)) expect((await ok(scan((await reader()).token, c))).result).toBe('ok');
    return { act: made.id as number, codes: codes.slice(2) };
  }
  const scan = (token: string, c: { code: string; sign: string }, nonce = randomUUID()) => t.call('POST', `/v1/${org.key}/client/scan`, { token, body: { code: c.code, sign: c.sign, nonce } });
  const logsOf = async (codeId: number) => (await t.db.select().from(scanLogs).where(eq(scanLogs.code_id, codeId))).map((l) => l.result).sort();
  /** The token used once (the reader's own page), so that it is remembered. */
  const warm = async (token: string) => ok(t.call('GET', `/v1/${org.key}/client/me`, { token }));

  it('credited on a remembered campaign is two statements, the token checked in the first: the code’s read, then the counts, the points, the first join, the log row and the kept answer', async () => {
    const { act, codes } = await campaign({ count: 4, max_scans: 2 });
    const a = await reader();
    const nonce = randomUUID();
    const first = await counted(() => ok(scan(a.token, codes[0], nonce)));
    expect(first.sent, first.sent.join('\n---\n')).toHaveLength(2);
    expect(first.sent[0]).toMatch(/"scan_codes".*"tokens"/s);
    expect(first.sent[1]).toMatch(/scan_reader_counts.*update "scan_codes".*join_row as \(\s*insert into "activity_joins".*pts_rows.*insert into scan_logs/s);
    expect(first.result).toMatchObject({ result: 'ok', points: 10, activity: { id: act } });
    expect(await logsOf(codes[0].id)).toEqual(['ok']);
    expect((await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, a.id), eq(pointTxns.rule_key, 'scan_code')))).map((x) => [x.delta, x.source_id])).toEqual([[10, String(codes[0].id)]]);
    expect(await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, a.id)))).toHaveLength(1);
    const [used] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[0].id));
    expect([used.scans_used, used.status]).toEqual([1, 'active']);
    // A replay answers the first answer and writes nothing; the same code again is a duplicate (one per reader), logged, counting nothing.
    expect(await ok(scan(a.token, codes[0], nonce))).toEqual(first.result);
    const dup = await counted(() => ok(scan(a.token, codes[0])));
    expect([dup.result.result, dup.result.points, dup.sent.length]).toEqual(['duplicate', 0, 2]);
    expect(await logsOf(codes[0].id)).toEqual(['duplicate', 'ok']);
    const counts = await t.db.select().from(scanReaderCounts).where(and(eq(scanReaderCounts.ref_id, codes[0].id), eq(scanReaderCounts.reader_id, a.id)));
    expect(counts.map((c) => c.n)).toEqual([1]);
    const [again] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[0].id));
    expect(again.scans_used).toBe(1);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(12);
    // The code's second and last scan, then one too many: used up, logged, nothing counted, in the same two statements.
    expect((await ok(scan((await reader()).token, codes[0]))).result).toBe('ok');
    const late = await reader();
    await warm(late.token);
    const spent = await counted(() => ok(scan(late.token, codes[0])));
    expect([spent.result.result, spent.result.message, spent.sent.length]).toEqual(['exhausted', '该码已被扫完', 2]);
    expect(await logsOf(codes[0].id)).toEqual(['duplicate', 'exhausted', 'ok', 'ok']);
    expect(await t.db.select().from(scanReaderCounts).where(eq(scanReaderCounts.reader_id, late.id))).toHaveLength(0);
    const [done] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[0].id));
    expect([done.scans_used, done.status]).toEqual([2, 'exhausted']);
  });

  it('holds its limits when readers scan at once: a code of 3 scans credited 3 times among 10 readers, a reader’s daily 2 among 4 codes', async () => {
    const { codes } = await campaign({ count: 3, max_scans: 3 });
    const ten = await Promise.all(Array.from({ length: 10 }, () => reader()));
    const results = await Promise.all(ten.map((r) => ok(scan(r.token, codes[0]))));
    expect(results.map((x) => x.result).sort()).toEqual([...Array(7).fill('exhausted'), 'ok', 'ok', 'ok']);
    expect(await logsOf(codes[0].id)).toEqual([...Array(7).fill('exhausted'), 'ok', 'ok', 'ok']);
    const [used] = await t.db.select().from(scanCodes).where(eq(scanCodes.id, codes[0].id));
    expect([used.scans_used, used.status]).toEqual([3, 'exhausted']);

    const daily = await campaign({ count: 6, max_scans: 0, per_reader_daily: 2 });
    const d = await reader();
    await warm(d.token);
    const four = await Promise.all(daily.codes.slice(0, 4).map((c) => ok(scan(d.token, c))));
    expect(four.map((x) => x.result).sort()).toEqual(['cap_reached', 'cap_reached', 'ok', 'ok']);
    expect((await t.db.select().from(pointTxns).where(and(eq(pointTxns.reader_id, d.id), eq(pointTxns.rule_key, 'scan_code')))).map((x) => x.delta)).toEqual([10, 10]);
  });
  it('answers a campaign renamed since the instance remembered it by its new title; refuses a bad token and another organisation’s reader as the access hook does, logging nothing', async () => {
    const { act, codes } = await campaign({ count: 4, max_scans: 0 });
    await ok(t.call('POST', `/v1/${org.key}/integral/${act}`, { ...su(), body: { title: '改名后的扫码活动' } }));
    expect((await ok(scan((await reader()).token, codes[0]))).activity).toEqual({ id: act, title: '改名后的扫码活动' });
    const bad = await scan('not-a-token', codes[1]);
    expect([bad.status, bad.message]).toEqual([401, '登录已失效，请重新登录']);
    const other = await strangerToken('hotwscan');
    expect((await scan(other.token, codes[1])).status).toBe(403);
    expect(await logsOf(codes[1].id)).toEqual([]);
  });
});

describe('a ballot', () => {
  /** A published voting activity with `n` sources, its first ballot cast (the instance remembers the activity, then the points settings). */
  async function voting(config: Record<string, unknown>, n = 4) {
    const act = await publishedVoting(t, org, { captcha: 'off', min_interval_sec: 0, ...config });
    const ids = await votingSources(t, org, act, n);
    for (let i = 0; i < 2; i++) await ok(ballot((await reader()).token, act, [ids[0]]));
    return { act, ids };
  }
  const ballot = (token: string, act: number, source_ids: number[], request_id = randomUUID()) => t.call('POST', `/v1/${org.key}/client/activities/${act}/ballots`, { token, body: { request_id, source_ids } });
  const votesOf = async (act: number, readerId: number) => (await t.db.select().from(votes).where(and(eq(votes.act_id, act), eq(votes.reader_id, readerId)))).map((v) => v.source_id).sort();
  const tallyOf = async (act: number, readerId: number) =>
    Object.fromEntries((await t.db.select().from(voteReaderDays).where(and(eq(voteReaderDays.act_id, act), eq(voteReaderDays.reader_id, readerId)))).map((r) => [r.day === '' ? 'whole' : 'today', r.votes]));

  it('on a remembered activity is two statements, the token checked in the first: the facts, then the gate, the votes and tallies, the first join, both postings and the kept answer', async () => {
    const { act, ids } = await voting({ votes_per_day: 6, max_select: 3 });
    const a = await reader();
    const request_id = randomUUID();
    const cast = await counted(() => ok(ballot(a.token, act, [ids[1], ids[2]], request_id)));
    expect(cast.sent, cast.sent.join('\n---\n')).toHaveLength(2);
    expect(cast.sent[0]).toMatch(/"tokens".*"vote_reader_days"/s);
    expect(cast.sent[1]).toMatch(/pg_advisory_xact_lock_shared.*reader_all as \(\s*insert into "vote_reader_days".*insert into "votes".*join_row as \(\s*insert into "activity_joins".*pts_rows/s);
    expect(cast.result).toMatchObject({ outcome: 'accept', today_left: 4, votes: [{ source_id: ids[1], status: 'valid' }, { source_id: ids[2], status: 'valid' }] });
    expect(await votesOf(act, a.id)).toEqual([ids[1], ids[2]].sort());
    expect(await tallyOf(act, a.id)).toEqual({ today: 2, whole: 2 });
    expect((await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, a.id))).map((x) => x.rule_key).sort()).toEqual(['join_activity', 'vote']);
    expect(await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, a.id)))).toHaveLength(1);
    const [source] = await t.db.select().from(voteSources).where(eq(voteSources.id, ids[1]));
    expect(source.vote_count).toBe(1);
    // A replay answers the first answer and writes nothing; a second ballot counts on the first.
    expect(await ok(ballot(a.token, act, [ids[1], ids[2]], request_id))).toEqual(cast.result);
    expect(await votesOf(act, a.id)).toHaveLength(2);
    const second = await counted(() => ok(ballot(a.token, act, [ids[3]])));
    expect([second.sent.length, second.result.today_left]).toEqual([2, 3]);
    expect(await tallyOf(act, a.id)).toEqual({ today: 3, whole: 3 });
  });

  it('refuses what the gate, the rules and the access hook refuse, with their messages, writing nothing', async () => {
    const { act, ids } = await voting({ votes_per_day: 2, max_select: 2 });
    const c = await reader();
    await refusedWhileBanned(c.id, 2, 'vote', '恶意刷票', () => ballot(c.token, act, [ids[1]]));
    expect(await votesOf(act, c.id)).toEqual([]);
    await ok(ballot(c.token, act, [ids[1], ids[2]]));
    const over = await ballot(c.token, act, [ids[3]]);
    expect([over.status, over.message]).toEqual([403, '今日投票次数已用完（每天2票）']);
    const missing = await ballot(c.token, act, [999_999]);
    expect(missing.status).toBe(422);
    expect(await votesOf(act, c.id)).toHaveLength(2);
    const stranger = await ballot('not-a-token', act, [ids[1]]);
    expect([stranger.status, stranger.message]).toEqual([401, '登录已失效，请重新登录']);
    const other = await strangerToken('hotwvote');
    expect((await ballot(other.token, act, [ids[1]])).status).toBe(403);
    expect(await votesOf(act, other.id)).toEqual([]);
  });

  // The address's valid votes used up by the activity's first ballot, the votes are suspect and pay
  // no points: no points counter takes the ballots one at a time, only the reader's whole-activity row.
  it('holds a reader’s limits when the reader casts at once: 8 ballots under 5 a day make 5 votes, 6 under 4 in all make 4', async () => {
    const { act, ids } = await voting({ votes_per_day: 5, max_select: 1, per_source_per_day: 5, ip_per_day: 1 });
    const a = await reader();
    await ok(ballot(a.token, act, [ids[0]]));
    const eight = await Promise.all(Array.from({ length: 8 }, (_, i) => ballot(a.token, act, [ids[i % 4]])));
    expect(eight.filter((x) => x.status === 200)).toHaveLength(4);
    expect(eight.filter((x) => x.status !== 200).map((x) => x.message)).toEqual(Array(4).fill('今日投票次数已用完（每天5票）'));
    expect(await votesOf(act, a.id)).toHaveLength(5);
    expect(await tallyOf(act, a.id)).toEqual({ today: 5, whole: 5 });

    const total = await voting({ votes_per_day: 6, votes_total: 4, max_select: 2, per_source_per_day: 1, ip_per_day: 1 });
    const b = await reader();
    await ok(ballot(b.token, total.act, [total.ids[0]]));
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => ballot(b.token, total.act, [total.ids[(i % 3) + 1]])));
    expect(six.filter((x) => x.status === 200)).toHaveLength(3);
    expect(await votesOf(total.act, b.id)).toEqual([...total.ids].sort());
    expect(await tallyOf(total.act, b.id)).toEqual({ today: 4, whole: 4 });
    const sums = await t.db.select().from(voteSources).where(eq(voteSources.act_id, total.act));
    expect([sums.reduce((n, s) => n + s.vote_count, 0), sums.reduce((n, s) => n + s.suspect_count, 0)]).toEqual([1, 5]);
  });
});
