/**
 * Reading check-in (type 8, issue 24) through HTTP: one mark per reader and China day under 50
 * parallel marks, a replayed request, the make-up limit under parallel make-ups, the day boundary
 * at 23:59 and 00:01 China time (server time), a rejected mark freeing the day, streaks and
 * make-ups in the reader's status, content rules naming the field, another organisation's reader,
 * the review queue (batch approve, feature, comment) and the figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, chinaDate, chinaSeconds } from '@huodong/domain';
import { readClockMarks, readers as readerRows } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { pointsAccountOf } from '../src/points/ledger.js';
import { ok, pointRulesOff, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('rclock', { activity_types: [8] });
  other = await t.org('rclockb', { activity_types: [8] });
  // The check-in's own rules are tested here; a join's points have their own test (pointsKinds).
  await pointRulesOff(t, org, 'join_activity');
});
afterAll(() => t.close());

/** A published check-in activity that began `daysAgo` days ago (post moderation unless given). */
async function activity(config: Record<string, unknown> = {}, daysAgo = 5, o = org): Promise<number> {
  const made = await ok(t.call('POST', `/v1/${o.key}/mark`, { ...su(), body: { title: `打卡${randomUUID().slice(0, 6)}`, start_at: now() - daysAgo * DAY, end_at: now() + 30 * DAY, config: { moderation: 'post', min_words: 5, ...config } } }));
  await ok(t.call('POST', `/v1/${o.key}/mark/${made.id}/publish`, su()));
  return made.id;
}
let readerSeq = 0;
async function readers(n: number, o = org): Promise<{ id: number; token: string }[]> {
  const rows = await t.db
    .insert(readerRows)
    .values(Array.from({ length: n }, () => ({ org_id: o.id, account: `rc${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register' })))
    .returning({ id: readerRows.id });
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: o.id, scope: o.key }, 3_600_000)).access_token })));
}
const TEXT = '今天读了《西游记》第一回，很有意思。';
const mark = (token: string, act: number, body: Record<string, unknown> = {}, opts: { at?: number; requestId?: string; o?: typeof org } = {}) =>
  t.call('POST', `/v1/${(opts.o ?? org).key}/client/activities/${act}/marks`, {
    token,
    body: { request_id: opts.requestId ?? randomUUID(), content: TEXT, ...body },
    ...(opts.at ? { headers: { 'x-seed-time': String(opts.at) } } : {}),
  });
const makeup = (token: string, act: number, day: string, body: Record<string, unknown> = {}) =>
  t.call('POST', `/v1/${org.key}/client/activities/${act}/makeups`, { token, body: { request_id: randomUUID(), day, content: TEXT, makeup_reason: '忘记打卡', ...body } });
const status = (token: string, act: number) => ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/checkin`, { token }));
const marksOf = (act: number, readerId: number) => t.db.select().from(readClockMarks).where(and(eq(readClockMarks.act_id, act), eq(readClockMarks.reader_id, readerId)));

describe('marking', () => {
  it('one mark per reader and day under 50 parallel marks; a replay answers the first result', async () => {
    const act = await activity();
    const [a] = await readers(1);
    const results = await Promise.all(Array.from({ length: 50 }, () => mark(a.token, act)));
    const done = results.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expect([r.status, r.message]).toEqual([409, '今天已经打过卡了']);
    expect(await marksOf(act, a.id)).toHaveLength(1);
    const id = randomUUID();
    const b = (await readers(1))[0];
    const first = await ok(mark(b.token, act, {}, { requestId: id }));
    expect(await ok(mark(b.token, act, {}, { requestId: id }))).toEqual(first);
    const s = await status(b.token, act);
    expect(s).toMatchObject({ today: chinaDate(now()), total_days: 1, current_streak: 1, longest_streak: 1, today_mark: { id: first.mark.id, status: 1 } });
  });

  it('the day is the server’s China day: 23:59 and 00:01 are two days, a second mark at 23:59:30 is refused', async () => {
    const act = await activity({}, 6);
    const [a] = await readers(1);
    const yesterday = addDays(chinaDate(now()), -1);
    const [y, m, d] = yesterday.split('-').map(Number);
    const late = chinaSeconds(y, m - 1, d, 23, 59, 0);
    const early = late + 120; // 00:01 the next day
    expect((await ok(mark(a.token, act, {}, { at: late }))).mark.day).toBe(yesterday);
    const again = await mark(a.token, act, {}, { at: late + 30 });
    expect([again.status, again.message]).toEqual([409, '今天已经打过卡了']);
    expect((await ok(mark(a.token, act, {}, { at: early }))).mark.day).toBe(chinaDate(early));
    expect((await marksOf(act, a.id)).map((x) => x.day).sort()).toEqual([yesterday, chinaDate(early)]);
  });

  it('refuses bad content naming the field, and a reader of another organisation', async () => {
    const act = await activity({ min_words: 10, reading_minutes: 1 });
    const [a] = await readers(1);
    const short = await mark(a.token, act, { content: '太短' });
    expect(short.status).toBe(422);
    expect(short.data.errors.map((e: { field: string }) => e.field)).toEqual(['content', 'reading_minutes']);
    const ctl = await mark(a.token, act, { content: '含有\u0001控制字符的打卡内容很长很长', reading_minutes: 10 });
    expect([ctl.status, ctl.data.errors[0].field]).toEqual([422, 'content']);
    expect(await marksOf(act, a.id)).toHaveLength(0);
    const [stranger] = await readers(1, other);
    const foreign = await mark(stranger.token, act, { reading_minutes: 10 }, { o: other });
    expect(foreign.status).toBe(404);
  });

  it('a rejected mark frees the day: the reader marks again today', async () => {
    const act = await activity();
    const [a] = await readers(1);
    const first = await ok(mark(a.token, act));
    await ok(t.call('POST', `/v1/${org.key}/mark/${act}/markRecords/${first.mark.id}/reject`, { ...su(), body: { reason: '内容与阅读无关' } }));
    expect((await status(a.token, act)).total_days).toBe(0);
    const second = await ok(mark(a.token, act));
    expect(second.mark.id).not.toBe(first.mark.id);
    expect((await status(a.token, act)).total_days).toBe(1);
    // Approving the rejected one again would count the day twice: refused by the day's unique key.
    const back = await t.call('POST', `/v1/${org.key}/mark/${act}/markRecords/batchApprove`, { ...su(), body: { ids: [first.mark.id] } });
    expect(back.status).toBe(422);
  });
});

describe('make-ups', () => {
  it('the limit holds under parallel make-ups; make-ups join the streak', async () => {
    const act = await activity({ makeup_max: 2, makeup_within_days: 5 }, 6);
    const [a] = await readers(1);
    const today = chinaDate(now());
    await ok(mark(a.token, act));
    const missed = [1, 2, 3, 4, 5].map((n) => addDays(today, -n));
    const results = await Promise.all(missed.flatMap((day) => [makeup(a.token, act, day), makeup(a.token, act, day)]));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.message).toMatch(/^(补卡次数已用完|.*该日期已打卡)$/);
    expect((await marksOf(act, a.id)).filter((x) => x.is_makeup === 1)).toHaveLength(2);
    const s = await status(a.token, act);
    expect(s).toMatchObject({ makeups_used: 2, makeups_left: 0, total_days: 3 });
    // the limit reached: no day of the calendar offers a make-up any more
    expect(s.calendar.filter((d: { can_make_up: boolean }) => d.can_make_up)).toEqual([]);
  });

  it('refuses today, the future, before the start and beyond the days allowed, naming the day', async () => {
    const act = await activity({}, 2);
    const [a] = await readers(1);
    const today = chinaDate(now());
    // the calendar offers a make-up on the missed days the rules allow (not today, not the future)
    const offered = (await status(a.token, act)).calendar.filter((d: { can_make_up: boolean }) => d.can_make_up).map((d: { day: string }) => d.day);
    expect(offered).toEqual([addDays(today, -2), addDays(today, -1)]);
    for (const [day, message] of [
      [today, '今天请直接打卡'],
      [addDays(today, 1), '不能补未来的日期'],
      [addDays(today, -5), '不能补活动开始之前的日期'],
      ['2026-02-30', '补卡日期格式为YYYY-MM-DD'],
    ]) {
      const res = await makeup(a.token, act, day);
      expect([res.status, res.data.errors?.[0]?.field, res.data.errors?.[0]?.message]).toEqual([422, 'day', message]);
    }
    const consecutive = await ok(makeup(a.token, act, addDays(today, -1)));
    await ok(makeup(a.token, act, addDays(today, -2)));
    expect(consecutive.mark.is_makeup).toBe(1);
    await ok(mark(a.token, act));
    expect(await status(a.token, act)).toMatchObject({ total_days: 3, current_streak: 3, longest_streak: 3, makeups_used: 2, makeups_left: 1 });
  });
});

describe('administration', () => {
  it('pre moderation: the queue lists the activity, batch approve counts the day, feature and comment', async () => {
    const act = await activity({ moderation: 'pre' });
    const rs = await readers(3);
    const ids: number[] = [];
    for (const r of rs) ids.push((await ok(mark(r.token, act))).mark.id);
    expect((await status(rs[0].token, act)).total_days).toBe(0);
    const queue = await ok(t.call('GET', `/v1/${org.key}/check/activity`, su()));
    expect(queue.items).toContainEqual(expect.objectContaining({ id: act, kind: 'mark', pending: 3, moderation: 'pre' }));
    expect(queue.kinds).toContainEqual(expect.objectContaining({ kind: 'mark', page: 'adminCheck/adminCheckAct/adminCheckMarkIndex' }));
    const pending = await ok(t.call('GET', `/v1/${org.key}/check/${act}/mark?status=0`, su()));
    expect(pending.items).toHaveLength(3);
    expect(pending.items[0]).toMatchObject({ account: expect.stringMatching(/^rc/), content: TEXT, status: 0 });
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/mark/batchApprove`, { ...su(), body: { ids: ids.slice(0, 2) } }));
    expect((await status(rs[0].token, act)).total_days).toBe(1);
    await ok(t.call('POST', `/v1/${org.key}/mark/${act}/markRecords/${ids[0]}/feature`, su()));
    const notYet = await t.call('POST', `/v1/${org.key}/mark/${act}/markRecords/${ids[2]}/feature`, su());
    expect([notYet.status, notYet.message]).toEqual([422, '只能精选已通过的打卡']);
    await ok(t.call('POST', `/v1/${org.key}/mark/${act}/markRecords/${ids[1]}/comment`, { ...su(), body: { teacher_comment: '坚持得很好' } }));
    const day = chinaDate(now());
    const records = await ok(t.call('GET', `/v1/${org.key}/mark/${act}/markRecords?day=${day}&status=1`, su()));
    expect(records.items.map((x: { id: number }) => x.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(records.items.find((x: { id: number }) => x.id === ids[1]).teacher_comment).toBe('坚持得很好');
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/marks`, { token: rs[0].token }));
    expect(mine.items[0]).toMatchObject({ id: ids[0], is_featured: 1, status: 1 });
  });

  it('figures: participants per day, retention, completion, streaks, per unit and per reader', async () => {
    const act = await activity({ schedule: 'course', course_days: 7, makeup_within_days: 6 }, 3);
    const rs = await readers(4);
    for (const r of rs) await ok(mark(r.token, act));
    const today = chinaDate(now());
    await ok(makeup(rs[0].token, act, addDays(today, -1)));
    await ok(makeup(rs[0].token, act, addDays(today, -2)));
    await ok(makeup(rs[1].token, act, addDays(today, -3)));
    const count = await ok(t.call('GET', `/v1/${org.key}/mark/${act}/count`, su()));
    expect(count.totals).toMatchObject({ participants: 4, marks: 7, makeups: 3, pending: 0, target_days: 7, completed: 0 });
    expect(count.days.map((d: { participants: number }) => d.participants)).toEqual([1, 1, 1, 4]);
    expect(count.retention[3]).toMatchObject({ label: '第4天', participants: 4, rate: 400 });
    expect(count.streaks.find((s: { label: string }) => s.label === '3-6天').readers).toBe(1);
    expect(count.units).toHaveLength(1);
    const per = await ok(t.call('GET', `/v1/${org.key}/mark/${act}/count/readers`, su()));
    expect(per.readers[0]).toMatchObject({ reader_id: rs[0].id, total_days: 3, current_streak: 3, makeups: 2, completed: false });
  });

  it('resources: the day’s resource of a course unlocks on its day', async () => {
    const act = await activity({ schedule: 'course', course_days: 21 }, 1);
    for (const n of [1, 2, 3]) await ok(t.call('POST', `/v1/${org.key}/mark/${act}/resource`, { ...su(), body: { day_no: n, title: `第${n}天`, type: 'chapter', sort: n } }));
    const [a] = await readers(1);
    const res = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/checkin/resources`, { token: a.token }));
    expect(res.items.map((x: { title: string }) => x.title)).toEqual(['第2天']);
    const all = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/checkin/resources?all=1`, { token: a.token }));
    expect(all.items.map((x: { title: string }) => x.title)).toEqual(['第1天', '第2天']);
    const locked = all.items[0].id + 2;
    const refused = await mark(a.token, act, { resource_id: locked });
    expect([refused.status, refused.data.errors[0].field]).toEqual([422, 'resource_id']);
    await ok(mark(a.token, act, { resource_id: all.items[1].id }));
  });
});

describe('points', () => {
  it('streak milestones are set with the activity and read back; out of order, repeated or without points they are refused naming 连续打卡奖励', async () => {
    const base = { title: '打卡档位', start_at: now(), end_at: now() + 30 * DAY };
    const made = await ok(t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { ...base, config: { milestones: [{ days: 3, points: 10 }, { days: 10, points: 50 }] } } }));
    expect((await ok(t.call('GET', `/v1/${org.key}/mark/${made.id}`, su()))).config.milestones).toEqual([{ days: 3, points: 10 }, { days: 10, points: 50 }]);
    const edited = await ok(t.call('POST', `/v1/${org.key}/mark/${made.id}`, { ...su(), body: { ...base, config: { milestones: [{ days: 5, points: 20 }] } } }));
    expect(edited.config.milestones).toEqual([{ days: 5, points: 20 }]);
    for (const [milestones, message] of [
      [[{ days: 10, points: 50 }, { days: 3, points: 10 }], '连续打卡奖励的天数需从小到大排列，且不能重复'],
      [[{ days: 7, points: 40 }, { days: 7, points: 60 }], '连续打卡奖励的天数需从小到大排列，且不能重复'],
      [[{ days: 7, points: 0 }], '奖励积分不能小于1'],
    ] as const) {
      const res = await t.call('POST', `/v1/${org.key}/mark`, { ...su(), body: { ...base, config: { milestones } } });
      expect([res.status, res.data.errors?.[0]?.message], JSON.stringify(milestones)).toEqual([422, message]);
      expect(res.message).toContain('连续打卡奖励');
    }
  });

  it('a mark earns checkin_mark once a day, a 7-day streak its milestone once; a make-up costs points, refused with 积分不足 and undone when short', async () => {
    const act = await activity({ makeup_max: 3, makeup_within_days: 7, makeup_cost: 20, milestones: [{ days: 7, points: 40 }] }, 8);
    const [a] = await readers(1);
    const today = chinaDate(now());
    // Six earlier days on the seed's clock (evenings), then today: a streak of 7.
    for (let n = 6; n >= 1; n--) {
      const [y, m, d] = addDays(today, -n).split('-').map(Number);
      const got = await ok(mark(a.token, act, {}, { at: chinaSeconds(y, m - 1, d, 20, 0, 0) }));
      expect(got.points).toEqual([{ rule: 'checkin_mark', status: 'posted', delta: 5 }]);
    }
    const seventh = await ok(mark(a.token, act));
    expect(seventh.points).toEqual([
      { rule: 'checkin_mark', status: 'posted', delta: 5 },
      { rule: 'checkin_streak_7', status: 'posted', delta: 40 },
    ]);
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(7 * 5 + 40);
    // A reader with no points cannot pay a make-up: refused naming the day, nothing left behind.
    const [b] = await readers(1);
    const poor = await makeup(b.token, act, addDays(today, -1));
    expect([poor.status, poor.message, poor.data.errors[0].field]).toEqual([422, '积分不足', 'day']);
    expect(await marksOf(act, b.id)).toHaveLength(0);
    // Five points from today's mark do not pay a make-up of twenty.
    const c = (await readers(1))[0];
    await ok(mark(c.token, act));
    const paid = await makeup(c.token, act, addDays(today, -1));
    expect([paid.status, paid.message]).toEqual([422, '积分不足']);
    expect((await pointsAccountOf(t.db, org.id, c.id)).balance).toBe(5);
  });

  it('pre moderation: the points come with the approval, once', async () => {
    const act = await activity({ moderation: 'pre' });
    const [a] = await readers(1);
    const made = await ok(mark(a.token, act));
    expect(made.points).toEqual([]);
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/mark/batchApprove`, { ...su(), body: { ids: [made.mark.id] } }));
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/mark/batchApprove`, { ...su(), body: { ids: [made.mark.id] } }));
    expect((await pointsAccountOf(t.db, org.id, a.id)).balance).toBe(5);
  });
});
