/**
 * Offline bookings (type 5, issue 23) through HTTP: the sessions a reader sees, booking with seats,
 * companions and sign-up answers, capacity under 50 parallel bookings (no overbooking, the rest on
 * the waiting list or refused), one active booking per reader even when booked twice at once, a
 * replayed request, cancelling before the deadline, offers to the first in line that expire by the
 * job runner and pass on, manual approval through the review queue, an administrator booking and
 * cancelling for a reader, a series booked as a whole (all or nothing), and the bookings export;
 * readers' first bookings (each in one statement: the join and its points in it) of the last seats
 * at once, never overbooked, each joined and paid once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { activityJoins, offlineReservations, offlineSessions, pointTxns, readers as readerRows } from '../src/db/schema.js';
import { joinTotals } from '../src/participation/joinCount.js';
import { issueToken } from '../src/auth/tokens.js';
import { pointsAccountOf } from '../src/points/ledger.js';
import { ACTIVE_RESERVATION } from '@huodong/domain';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const DAY = 86_400;
const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('offbook', { activity_types: [5] });
});
afterAll(() => t.close());

/** A published single offline activity starting `startIn` seconds from now with `seats` seats; answers its id and its one session's id. */
async function single(seats: number, config: Record<string, unknown> = {}, startIn = 3 * DAY): Promise<{ act: number; sid: number }> {
  const start = now() + startIn;
  const made = await ok(t.call('POST', `/v1/${org.key}/offline`, { ...su(), body: { title: `讲座${randomUUID().slice(0, 6)}`, start_at: start, end_at: start + 2 * HOUR, person_limit: seats, config } }));
  await ok(t.call('POST', `/v1/${org.key}/offline/${made.id}/publish`, su()));
  const [s] = await t.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.act_id, made.id));
  return { act: made.id, sid: s.id };
}
const book = (token: string, sid: number, body: Record<string, unknown> = {}, requestId = randomUUID()) =>
  t.call('POST', `/v1/${org.key}/client/sessions/${sid}/reservations`, { token, body: { request_id: requestId, ...body } });
const sessionsOf = async (token: string, act: number) => ok(t.call('GET', `/v1/${org.key}/client/activities/${act}/sessions`, { token }));
const sessionRow = async (sid: number) => (await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, sid)))[0];
const cancel = (token: string, rid: number) => t.call('DELETE', `/v1/${org.key}/client/reservations/${rid}`, { token, body: { request_id: randomUUID() } });
let readerSeq = 0;
/** Readers made directly with their tokens (signing 50 in would measure password hashing and meet the sign-in throttle). */
async function readers(n: number): Promise<{ id: number; token: string }[]> {
  const rows = await t.db
    .insert(readerRows)
    .values(Array.from({ length: n }, () => ({ org_id: org.id, account: `ob${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register' })))
    .returning({ id: readerRows.id });
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: org.id, scope: org.key }, 3_600_000)).access_token })));
}

describe('booking a session', () => {
  it('shows the sessions with seats left and the reader’s own booking; a booking takes its seats and names its companions', async () => {
    const { act, sid } = await single(10, { seats_per_user: 3 });
    const [a] = await readers(1);
    // Bookings open before the event: the activity page refuses nothing for "not started" (a contest would).
    const detail = async () => (await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token: a.token }))).mine;
    expect(await detail()).toMatchObject({ joined: false, refusal: null });
    const before = await sessionsOf(a.token, act);
    expect(before.activity).toMatchObject({ id: act, variant: 0, booking_scope: 'session', seats_per_user: 3, waitlist: 1, approval: 'auto' });
    expect(before.items).toHaveLength(1);
    expect(before.items[0]).toMatchObject({ id: sid, capacity: 10, seats_left: 10, open: true, mine: null });
    const res = await ok(book(a.token, sid, { seats: 2, companions: [{ name: '张三' }] }));
    expect(res).toMatchObject({ session_id: sid, status: 'confirmed', seats: 2, companions: [{ name: '张三' }] });
    const after = await sessionsOf(a.token, act);
    expect(after.items[0]).toMatchObject({ seats_left: 8, mine: { id: res.id, status: 'confirmed', seats: 2 } });
    expect((await detail()).refusal).toBeNull();
    await ok(t.call('POST', `/v1/${org.key}/offline/${act}/disable`, su()));
    expect((await detail()).refusal).toMatchObject({ message: '活动已暂停' });
    await ok(t.call('POST', `/v1/${org.key}/offline/${act}/enable`, su()));
    const ticket = await ok(t.call('GET', `/v1/${org.key}/client/reservations/${res.id}/ticket`, { token: a.token }));
    expect(ticket.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(ticket.session).toMatchObject({ id: sid });
    const mine = await ok(t.call('GET', `/v1/${org.key}/client/reservations`, { token: a.token }));
    expect(mine.items.map((x: { id: number }) => x.id)).toEqual([res.id]);
  });

  it('refuses bad input with a Chinese message naming the field, and writes nothing', async () => {
    const fields = [
      { key: 'school', label: '学校', type: 'text', required: 1 },
      { key: 'grade', label: '年级', type: 'choice', required: 0, options: ['一年级', '二年级'] },
      { key: 'mobile', label: '联系电话', type: 'phone', required: 0 },
    ];
    const { sid } = await single(10, { seats_per_user: 2, signup_fields: fields });
    const [a] = await readers(1);
    const bad = async (body: Record<string, unknown>) => {
      const res = await book(a.token, sid, body);
      expect(res.status).toBe(422);
      return res.message;
    };
    expect(await bad({ seats: 3, companions: [{ name: '甲' }, { name: '乙' }], answers: { school: '一中' } })).toContain('每人最多预约2个座位');
    expect(await bad({ seats: 2, answers: { school: '一中' } })).toBe('预约2个座位需填写1位同行人姓名');
    expect(await bad({ seats: 2, companions: [{ name: ' ' }], answers: { school: '一中' } })).toBe('请填写同行人姓名');
    expect(await bad({ seats: 0 })).toContain('预约座位数至少为1');
    expect(await bad({})).toBe('请填写学校');
    expect(await bad({ answers: { school: '一中', grade: '三年级' } })).toBe('年级：请选择给出的选项');
    expect(await bad({ answers: { school: '一中', mobile: '123' } })).toBe('联系电话：手机号格式不正确');
    expect(await bad({ answers: { school: '一中', hobby: 'x' } })).toBe('报名项不存在：hobby');
    expect((await sessionRow(sid)).taken).toBe(0);
    expect((await book(a.token, sid, { answers: { school: '一中', grade: '一年级' } })).status).toBe(200);
  });

  it('refuses a session whose sign-up has not opened or has closed, and one that started', async () => {
    const { sid } = await single(5, { signup_start_at: now() + DAY });
    const [a] = await readers(1);
    expect((await book(a.token, sid)).message).toMatch(/^报名尚未开始/);
    const started = await single(5, {}, 60);
    await t.db.update(offlineSessions).set({ start_at: now() - 60 }).where(eq(offlineSessions.id, started.sid));
    expect((await book(a.token, started.sid)).message).toBe('场次已开始，不能预约');
  });

  it('a replayed request answers the first booking; one active booking per reader even when booked twice at once', async () => {
    const { sid } = await single(10);
    const [a, b] = await readers(2);
    const id = randomUUID();
    const first = await ok(book(a.token, sid, {}, id));
    const again = await ok(book(a.token, sid, {}, id));
    expect(again).toEqual(first);
    const twice = await Promise.all([book(b.token, sid), book(b.token, sid), book(b.token, sid)]);
    expect(twice.filter((x) => x.status === 200)).toHaveLength(1);
    expect(twice.filter((x) => x.status === 422).map((x) => x.message)).toEqual(['您已预约该场次，请勿重复预约', '您已预约该场次，请勿重复预约']);
    expect((await sessionRow(sid)).taken).toBe(2);
  });
});

describe('capacity under concurrency', () => {
  it('50 parallel bookings of 7 seats: 7 confirmed, 43 on the waiting list, never overbooked', async () => {
    const { sid } = await single(7);
    const rs = await readers(50);
    const res = await Promise.all(rs.map((r) => book(r.token, sid)));
    expect(res.every((x) => x.status === 200)).toBe(true);
    const by = (s: string) => res.filter((x) => x.data.status === s).length;
    expect([by('confirmed'), by('waitlisted')]).toEqual([7, 43]);
    expect(await sessionRow(sid)).toMatchObject({ taken: 7, waiting: 43 });
  });

  it('without a waiting list the rest are refused 名额已满', async () => {
    const { sid } = await single(5, { waitlist: 0 });
    const rs = await readers(50);
    const res = await Promise.all(rs.map((r) => book(r.token, sid)));
    expect(res.filter((x) => x.status === 200)).toHaveLength(5);
    expect(new Set(res.filter((x) => x.status !== 200).map((x) => `${x.status} ${x.message}`))).toEqual(new Set(['422 名额已满']));
    expect((await sessionRow(sid)).taken).toBe(5);
  });
});

describe('first bookings in one statement under concurrency', () => {
  const joinsOf = async (readerId: number, act: number) => (await t.db.select().from(activityJoins).where(and(eq(activityJoins.act_id, act), eq(activityJoins.reader_id, readerId)))).length;
  const txnsOf = async (readerId: number) => (await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, readerId))).map((x) => [x.rule_key, x.delta]);

  for (const waitlist of [0, 1]) {
    it(`30 readers' first bookings of the last 5 seats at once (waiting list ${waitlist ? 'on' : 'off'}): never overbooked, each booking joins and pays once, nothing else`, async () => {
      const { act, sid } = await single(6, { waitlist });
      // The instance's first booking of the activity reads the gate (the activity then remembered: the others go in one statement).
      const [probe] = await readers(1);
      await ok(book(probe.token, sid));
      const paid = (await t.db.select().from(pointTxns).where(eq(pointTxns.reader_id, probe.id))).map((x) => [x.rule_key, x.delta]);
      expect(paid).toEqual([['join_activity', expect.any(Number)]]);
      const rs = await readers(30);
      const ids = rs.map(() => randomUUID());
      const res = await Promise.all(rs.map((r, i) => book(r.token, sid, {}, ids[i])));
      const by = (s: string) => res.filter((x) => x.data?.status === s).length;
      expect(by('confirmed')).toBe(5);
      if (waitlist) expect(by('waitlisted')).toBe(25);
      else expect(new Set(res.filter((x) => x.status !== 200).map((x) => `${x.status} ${x.message}`))).toEqual(new Set(['422 名额已满']));
      expect(await sessionRow(sid)).toMatchObject({ taken: 6, waiting: waitlist ? 25 : 0 });
      for (const [i, r] of rs.entries()) {
        const booked = res[i].status === 200;
        expect(await joinsOf(r.id, act), `reader ${r.id}`).toBe(booked ? 1 : 0);
        expect(await txnsOf(r.id), `reader ${r.id}`).toEqual(booked ? paid : []);
      }
      expect((await joinTotals(t.db, [act])).get(act)).toBe(1 + res.filter((x) => x.status === 200).length);
      // Replays at once: the same answers, nothing written again.
      const again = await Promise.all(rs.map((r, i) => book(r.token, sid, {}, ids[i])));
      expect(again.map((x) => [x.status, x.data ?? x.message])).toEqual(res.map((x) => [x.status, x.data ?? x.message]));
      expect(await sessionRow(sid)).toMatchObject({ taken: 6, waiting: waitlist ? 25 : 0 });
      expect((await joinTotals(t.db, [act])).get(act)).toBe(1 + res.filter((x) => x.status === 200).length);
      expect(t.database.conflicts.retried).toBe(0);
    });
  }
});

describe('cancelling', () => {
  it('cancelling before the deadline frees the seats at once and offers them to the first in line', async () => {
    const { sid } = await single(1);
    const [a, b, c] = await readers(3);
    const mine = await ok(book(a.token, sid));
    const second = await ok(book(b.token, sid));
    const third = await ok(book(c.token, sid));
    expect([second.status, third.status]).toEqual(['waitlisted', 'waitlisted']);
    // the reader's list shows each one's place in line
    expect((await ok(t.call('GET', `/v1/${org.key}/client/reservations`, { token: c.token }))).items[0]).toMatchObject({ id: third.id, waitlist_place: 2 });
    expect((await ok(t.call('GET', `/v1/${org.key}/client/reservations/${mine.id}`, { token: a.token })))).toMatchObject({ waitlist_place: null });
    const done = await ok(cancel(a.token, mine.id));
    expect(done).toMatchObject({ id: mine.id, status: 'cancelled' });
    const offered = await ok(t.call('GET', `/v1/${org.key}/client/reservations/${second.id}`, { token: b.token }));
    expect(offered.status).toBe('offered');
    expect(offered.offer_expires_at).toBeGreaterThan(now() + 23 * HOUR);
    expect(await sessionRow(sid)).toMatchObject({ taken: 1, waiting: 1 });
    const line = await ok(t.call('GET', `/v1/${org.key}/client/reservations/${third.id}`, { token: c.token }));
    expect(line).toMatchObject({ status: 'waitlisted', waitlist_place: 1 });
    const accepted = await ok(t.call('POST', `/v1/${org.key}/client/reservations/${second.id}/accept-offer`, { token: b.token, body: { request_id: randomUUID() } }));
    expect(accepted).toMatchObject({ status: 'confirmed', offer_expires_at: null });
    // Another reader's reservation reads as missing.
    expect((await cancel(c.token, second.id)).status).toBe(404);
  });

  it('after the cancellation deadline a held seat cannot be cancelled, naming the deadline', async () => {
    const { sid } = await single(3, { cancel_before_min: 120 }, HOUR);
    const [a] = await readers(1);
    const mine = await ok(book(a.token, sid));
    const late = await cancel(a.token, mine.id);
    expect(late.status).toBe(422);
    expect(late.message).toMatch(/^已过取消截止时间（.+），不能取消$/);
    expect((await sessionRow(sid)).taken).toBe(1);
  });
});

describe('the waiting list', () => {
  it('an offer not taken up expires by the job runner and passes to the next in line', async () => {
    const { sid } = await single(1);
    const [a, b, c] = await readers(3);
    const first = await ok(book(a.token, sid));
    const second = await ok(book(b.token, sid));
    const third = await ok(book(c.token, sid));
    await ok(cancel(a.token, first.id));
    const status = async (id: number) => (await t.db.select({ status: offlineReservations.status, offer_expires_at: offlineReservations.offer_expires_at }).from(offlineReservations).where(eq(offlineReservations.id, id)))[0];
    expect((await status(second.id)).status).toBe('offered');
    // Nothing expires before its time.
    await t.app.jobs.idle();
    expect((await status(second.id)).status).toBe('offered');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 25 * HOUR * 1000);
      await t.app.jobs.idle();
      expect((await status(second.id)).status).toBe('expired');
      const next = await status(third.id);
      expect(next.status).toBe('offered');
      expect(next.offer_expires_at).toBeGreaterThan(now() + 23 * HOUR);
    } finally {
      vi.useRealTimers();
    }
    expect(await sessionRow(sid)).toMatchObject({ taken: 1, waiting: 0 });
    const late = await t.call('POST', `/v1/${org.key}/client/reservations/${second.id}/accept-offer`, { token: b.token, body: { request_id: randomUUID() } });
    expect([late.status, late.message]).toEqual([422, '候补名额已过期']);
  });

  it('with manual approval a booking waits in the review queue; approving confirms it, rejecting gives the seats to the line', async () => {
    const { act, sid } = await single(1, { approval: 'manual' });
    const [a, b] = await readers(2);
    const mine = await ok(book(a.token, sid));
    expect(mine.status).toBe('pending');
    const waiting = await ok(book(b.token, sid));
    expect(waiting.status).toBe('waitlisted');
    const queue = await ok(t.call('GET', `/v1/${org.key}/check/offline/activity`, su()));
    expect(queue.items).toContainEqual(expect.objectContaining({ id: act, kind: 'offline', pending: 1 }));
    const items = await ok(t.call('GET', `/v1/${org.key}/check/${act}/offline`, su()));
    expect(items.items.map((x: { id: number }) => x.id)).toEqual([mine.id]);
    const noReason = await t.call('POST', `/v1/${org.key}/check/${act}/offline`, { ...su(), body: { ids: [mine.id], status: 2 } });
    expect(noReason.status).toBe(422);
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/offline`, { ...su(), body: { ids: [mine.id], status: 2, reason: '名额优先本校读者' } }));
    const rejected = await ok(t.call('GET', `/v1/${org.key}/client/reservations/${mine.id}`, { token: a.token }));
    expect(rejected.status).toBe('rejected');
    // The seat went to the line as an offer; accepted, it waits for approval again, then is approved.
    const accepted = await ok(t.call('POST', `/v1/${org.key}/client/reservations/${waiting.id}/accept-offer`, { token: b.token, body: { request_id: randomUUID() } }));
    expect(accepted.status).toBe('pending');
    await ok(t.call('POST', `/v1/${org.key}/check/${act}/offline`, { ...su(), body: { ids: [waiting.id], status: 1 } }));
    expect((await ok(t.call('GET', `/v1/${org.key}/client/reservations/${waiting.id}`, { token: b.token }))).status).toBe('confirmed');
    const again = await t.call('POST', `/v1/${org.key}/check/${act}/offline`, { ...su(), body: { ids: [waiting.id], status: 1 } });
    expect(again.status).toBe(422);
  });
});

describe('an administrator', () => {
  it('books for a reader (confirmed, capacity enforced) and cancels a booking, which offers the seat to the line', async () => {
    const { act, sid } = await single(1);
    const [a, b] = await readers(2);
    const made = await ok(t.call('POST', `/v1/${org.key}/train/${act}/manage`, { ...su(), body: { reader_id: a.id, session_id: sid } }));
    expect(made).toMatchObject({ status: 'confirmed', seats: 1 });
    const full = await t.call('POST', `/v1/${org.key}/train/${act}/manage`, { ...su(), body: { reader_id: b.id, session_id: sid } });
    expect([full.status, full.message]).toEqual([422, '名额已满']);
    const waiting = await ok(book(b.token, sid));
    expect(waiting.status).toBe('waitlisted');
    const cancelled = await ok(t.call('POST', `/v1/${org.key}/train/reserve/${made.id}/cancel`, { ...su(), body: { reason: '读者电话取消' } }));
    expect(cancelled.status).toBe('cancelled');
    expect((await ok(t.call('GET', `/v1/${org.key}/client/reservations/${waiting.id}`, { token: b.token }))).status).toBe('offered');
    const twice = await t.call('POST', `/v1/${org.key}/train/reserve/${made.id}/cancel`, { ...su(), body: {} });
    expect(twice.status).toBe(422);
    const list = await ok(t.call('GET', `/v1/${org.key}/offline/${act}/reserve`, su()));
    expect(list.items.map((x: { id: number; status: string }) => [x.id, x.status]).sort()).toEqual([[made.id, 'cancelled'], [waiting.id, 'offered']].sort());
  });

  it('downloads the bookings of an activity', async () => {
    const { act, sid } = await single(5, { seats_per_user: 2, signup_fields: [{ key: 'school', label: '学校', type: 'text', required: 1 }] });
    const [a] = await readers(1);
    await ok(book(a.token, sid, { seats: 2, companions: [{ name: '李四', phone: '13800000000' }], answers: { school: '实验小学' } }));
    const res = await t.call('GET', `/v1/${org.key}/export/reserve?act=${act}`, su());
    expect(res.status).toBe(200);
    const book0 = XLSX.read(res.res.rawPayload);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book0.Sheets[book0.SheetNames[0]]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 座位数: 2, 同行人: '李四（13800000000）', 报名信息: '学校：实验小学', 状态: '已预约' });
    expect((await t.call('GET', `/v1/${org.key}/export/reserve?act=999999`, su())).status).toBe(404);
  });
});

describe('a series booked as a whole', () => {
  it('takes a seat in every open session, all or nothing', async () => {
    const start = now() + 3 * DAY;
    const series = await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...su(), body: { title: '系列讲座', start_at: now() - DAY, end_at: start + 30 * DAY, config: { booking_scope: 'series' } } }));
    const s1 = await ok(t.call('POST', `/v1/${org.key}/train/${series.id}/session`, { ...su(), body: { title: '第一讲', start_at: start, end_at: start + 7200, capacity: 2 } }));
    const s2 = await ok(t.call('POST', `/v1/${org.key}/train/${series.id}/session`, { ...su(), body: { title: '第二讲', start_at: start + 7 * DAY, end_at: start + 7 * DAY + 7200, capacity: 1 } }));
    await ok(t.call('POST', `/v1/${org.key}/offlines/${series.id}/publish`, su()));
    const [a, b] = await readers(2);
    const seen = await sessionsOf(a.token, series.id);
    expect(seen.activity.booking_scope).toBe('series');
    expect(seen.items.every((s: { open: boolean }) => !s.open)).toBe(true);
    const one = await book(a.token, s1.id);
    expect([one.status, one.message]).toEqual([422, '本系列需整体预约，请预约整个系列']);
    const whole = await ok(t.call('POST', `/v1/${org.key}/client/activities/${series.id}/reservations`, { token: a.token, body: { request_id: randomUUID() } }));
    expect(whole.items.map((x: { session_id: number; status: string }) => [x.session_id, x.status])).toEqual([[s1.id, 'confirmed'], [s2.id, 'confirmed']]);
    expect(new Set(whole.items.map((x: { series_ref: string }) => x.series_ref))).toEqual(new Set([whole.series_ref]));
    // The second session is full: nothing is taken in the first either.
    const refused = await t.call('POST', `/v1/${org.key}/client/activities/${series.id}/reservations`, { token: b.token, body: { request_id: randomUUID() } });
    expect([refused.status, refused.message]).toEqual([422, '名额已满']);
    expect((await sessionRow(s1.id)).taken).toBe(1);
    // Cancelling one of its reservations cancels the booking as a whole.
    await ok(cancel(a.token, whole.items[1].id));
    expect([(await sessionRow(s1.id)).taken, (await sessionRow(s2.id)).taken]).toEqual([0, 0]);
    expect((await t.call('POST', `/v1/${org.key}/client/activities/${series.id}/reservations`, { token: b.token, body: { request_id: randomUUID() } })).status).toBe(200);
  });
});

describe('a booking joins the reader (design §1.4)', () => {
  /** The reader's activity page: `mine.joined`, the join count and `places_left`. */
  const page = async (token: string, act: number) => {
    const d = await ok(t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token }));
    return { joined: d.mine.joined as boolean, join_num: d.join_num as number, places_left: d.mine.places_left };
  };
  const mineList = async (token: string) => (await ok(t.call('GET', `/v1/${org.key}/client/activities?mine=1`, { token }))).items.map((x: { id: number }) => x.id);
  const balance = async (id: number) => (await pointsAccountOf(t.db, org.id, id)).balance;

  it('once: a seat or a place in line joins, a replay, a second booking and a cancellation change nothing; the seats are no cap on joins', async () => {
    const { act, sid } = await single(1);
    const [a, b] = await readers(2);
    expect(await page(a.token, act)).toEqual({ joined: false, join_num: 0, places_left: null });
    expect(await mineList(a.token)).not.toContain(act);
    const id = randomUUID();
    const first = await ok(book(a.token, sid, {}, id));
    expect(first.status).toBe('confirmed');
    expect(await page(a.token, act)).toEqual({ joined: true, join_num: 1, places_left: null });
    expect(await mineList(a.token)).toContain(act);
    const paid = await balance(a.id);
    expect(paid).toBeGreaterThan(0);
    // The same request again: the first answer, no second join, no second points.
    expect(await ok(book(a.token, sid, {}, id))).toEqual(first);
    expect((await page(a.token, act)).join_num).toBe(1);
    // A place on the waiting list joins too (the session of 1 seat is full; its limit caps seats, not joins).
    const waiting = await ok(book(b.token, sid));
    expect(waiting.status).toBe('waitlisted');
    expect(await page(b.token, act)).toMatchObject({ joined: true, join_num: 2 });
    // Cancelled, the join stays; booking again adds no join and no points.
    await ok(cancel(a.token, first.id));
    expect(await page(a.token, act)).toMatchObject({ joined: true, join_num: 2 });
    expect((await ok(book(a.token, sid))).status).toBe('waitlisted');
    expect(await page(a.token, act)).toMatchObject({ joined: true, join_num: 2 });
    expect(await balance(a.id)).toBe(paid);
    // Taking up the offer (b was joined by the place in line): still one join each.
    await ok(t.call('POST', `/v1/${org.key}/client/reservations/${waiting.id}/accept-offer`, { token: b.token, body: { request_id: randomUUID() } }));
    expect(await page(b.token, act)).toMatchObject({ joined: true, join_num: 2 });
  });

  it('a refused booking does not join: full without a waiting list, outside the sign-up window, blacklisted', async () => {
    const { act, sid } = await single(1, { waitlist: 0 });
    const [a, c] = await readers(2);
    await ok(book(a.token, sid));
    const full = await book(c.token, sid);
    expect([full.status, full.message]).toEqual([422, '名额已满']);
    expect(await page(c.token, act)).toEqual({ joined: false, join_num: 1, places_left: null });
    expect(await balance(c.id)).toBe(0);

    const early = await single(5, { signup_start_at: now() + DAY });
    expect((await book(c.token, early.sid)).message).toMatch(/^报名尚未开始/);
    expect(await page(c.token, early.act)).toMatchObject({ joined: false, join_num: 0 });

    const banned = await single(5);
    const ban = await ok(t.call('POST', `/v1/${org.key}/blacklist`, { ...su(), body: { reader_id: c.id, types: [5], actions: ['reserve'], reason: '多次爽约', start_at: now() - 60, end_at: now() + DAY } }));
    const refused = await book(c.token, banned.sid);
    expect(refused.status).toBe(403);
    expect(await page(c.token, banned.act)).toMatchObject({ joined: false, join_num: 0 });
    await ok(t.call('DELETE', `/v1/${org.key}/blacklist/${ban.id}`, su()));
    expect(await balance(c.id)).toBe(0);
    expect(await mineList(c.token)).toEqual([]);
  });

  it('per session of a series, as a whole series, and booked by an administrator', async () => {
    const start = now() + 3 * DAY;
    const seriesOf = async (scope: string) => {
      const made = await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...su(), body: { title: `系列${randomUUID().slice(0, 6)}`, start_at: now() - DAY, end_at: start + 30 * DAY, config: { booking_scope: scope } } }));
      const sids: number[] = [];
      for (const k of [0, 1]) sids.push((await ok(t.call('POST', `/v1/${org.key}/train/${made.id}/session`, { ...su(), body: { title: `第${k + 1}讲`, start_at: start + k * DAY, end_at: start + k * DAY + 7200, capacity: 5 } }))).id);
      await ok(t.call('POST', `/v1/${org.key}/offlines/${made.id}/publish`, su()));
      return { act: made.id as number, sids };
    };
    const [a, b, c] = await readers(3);
    // Per session: the first session's booking joins, the second's adds nothing.
    const perSession = await seriesOf('session');
    await ok(book(a.token, perSession.sids[0]));
    expect(await page(a.token, perSession.act)).toMatchObject({ joined: true, join_num: 1 });
    await ok(book(a.token, perSession.sids[1]));
    expect(await page(a.token, perSession.act)).toMatchObject({ joined: true, join_num: 1 });
    // A whole series: one join for its reservations in every session.
    const whole = await seriesOf('series');
    const booked = await ok(t.call('POST', `/v1/${org.key}/client/activities/${whole.act}/reservations`, { token: b.token, body: { request_id: randomUUID() } }));
    expect(booked.items).toHaveLength(2);
    expect(await page(b.token, whole.act)).toMatchObject({ joined: true, join_num: 1 });
    // An administrator's booking for a reader joins the reader too, once.
    await ok(t.call('POST', `/v1/${org.key}/train/${perSession.act}/manage`, { ...su(), body: { reader_id: c.id, session_id: perSession.sids[0] } }));
    expect(await page(c.token, perSession.act)).toMatchObject({ joined: true, join_num: 2 });
    expect(await balance(c.id)).toBeGreaterThan(0);
    await ok(t.call('POST', `/v1/${org.key}/train/${perSession.act}/manage`, { ...su(), body: { reader_id: c.id, session_id: perSession.sids[1] } }));
    expect(await page(c.token, perSession.act)).toMatchObject({ joined: true, join_num: 2 });
  });

  it('a reader and an administrator booking for the same reader at the same moment: one booking, one join, the points once, no 500', async () => {
    const { act, sid } = await single(50);
    const rs = await readers(12);
    // What one join pays, from a reader booking alone first.
    const [probe] = await readers(1);
    await ok(book(probe.token, sid));
    const once = await balance(probe.id);
    expect(once).toBeGreaterThan(0);
    // Both paths take the same locks in the same order (the join's points, then the seats and the join): no deadlock to retry.
    const res = await Promise.all(rs.flatMap((r) => [book(r.token, sid), t.call('POST', `/v1/${org.key}/train/${act}/manage`, { ...su(), body: { reader_id: r.id, session_id: sid } })]));
    for (const r of res) expect([200, 422], r.message).toContain(r.status);
    for (const r of rs) {
      const active = (await t.db.select().from(offlineReservations).where(eq(offlineReservations.reader_id, r.id))).filter((x) => (ACTIVE_RESERVATION as readonly string[]).includes(x.status));
      expect(active.length, `reader ${r.id}`).toBe(1);
      expect(await balance(r.id)).toBe(once);
    }
    expect(await page(rs[0].token, act)).toMatchObject({ joined: true, join_num: rs.length + 1 });
    expect(t.database.conflicts.retried).toBe(0);
  });
});
