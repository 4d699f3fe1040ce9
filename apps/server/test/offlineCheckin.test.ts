/**
 * Offline check-in through HTTP (issue 23): the staff's redeem of a ticket (replayed with the same
 * nonce, scanned again with another, a ticket of another organisation, another session's, forced
 * offline scans), the reader's trainSign call (window, rotating code expiring, geofence, sign-out
 * before sign-in, sign-out switched off), check-in by hand, the sign-in link, the no-show sweep
 * feeding the automatic blacklist, and the figures and the sign-in export against a recount.
 * Reservations are made through the reader's booking call.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { DEFAULT_BLACKLIST_CONFIG, CHECKIN_RESULTS } from '@huodong/domain';
import { offlineCheckins, offlineReservations, offlineSessions, readers as readerRows } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { NO_SHOW_JOB } from '../src/kinds/offline/noShows.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const nonce = () => `n-${randomUUID()}`;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('offsign', { activity_types: [5] });
  other = await t.org('offsignx', { activity_types: [5] });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let readerSeq = 0;
/** Readers made directly with their tokens (their bookings and check-ins go through the API). */
async function readers(n: number, o = org, unit_id: number | null = null): Promise<{ id: number; token: string }[]> {
  const rows = await t.db
    .insert(readerRows)
    .values(Array.from({ length: n }, () => ({ org_id: o.id, account: `oc${++readerSeq}`, password_hash: 'x', real_name: `读者${readerSeq}`, phone: '13900000000', source: 'register', unit_id })))
    .returning({ id: readerRows.id });
  return Promise.all(rows.map(async (r) => ({ id: r.id, token: (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: o.id, scope: o.key }, 30 * 86_400_000)).access_token })));
}

/** A published single offline activity starting `startIn` seconds from now (1 h long); its id and its one session's id. */
async function single(config: Record<string, unknown> = {}, opts: { startIn?: number; seats?: number; o?: typeof org; extra?: Record<string, unknown> } = {}): Promise<{ act: number; sid: number }> {
  const o = opts.o ?? org;
  const start = now() + (opts.startIn ?? 10 * 60);
  const made = await ok(t.call('POST', `/v1/${o.key}/offline`, { ...su(), body: { title: `讲座${randomUUID().slice(0, 6)}`, start_at: start, end_at: start + HOUR, person_limit: opts.seats ?? 20, config, ...opts.extra } }));
  await ok(t.call('POST', `/v1/${o.key}/offline/${made.id}/publish`, su()));
  const [s] = await t.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.act_id, made.id));
  return { act: made.id, sid: s.id };
}
const book = async (token: string, sid: number, body: Record<string, unknown> = {}, o = org) =>
  ok(t.call('POST', `/v1/${o.key}/client/sessions/${sid}/reservations`, { token, body: { request_id: randomUUID(), ...body } }));
const ticketOf = async (token: string, rid: number, o = org) => (await ok(t.call('GET', `/v1/${o.key}/client/reservations/${rid}/ticket`, { token }))).secret as string;
const redeem = (body: Record<string, unknown>, o = org) => t.call('POST', `/v1/${o.key}/checkin/redeem`, { ...su(), body: { nonce: nonce(), ...body } });
const sign = (token: string, body: Record<string, unknown>) => t.call('POST', `/v1/${org.key}/client/sign`, { token, body: { nonce: nonce(), type: 1, ...body } });
const reservation = async (id: number) => (await t.db.select().from(offlineReservations).where(eq(offlineReservations.id, id)))[0];
const session = async (id: number) => (await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, id)))[0];
/** Move the clock (Date only; the server reads it through nowSec). */
const clockAt = (seconds: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(seconds * 1000);
};

describe('the staff redeem a ticket (POST /v1/{org}/checkin/redeem)', () => {
  it('checks in once: the same nonce answers the same result, another nonce is already_checked_in', async () => {
    const { sid } = await single();
    const [a] = await readers(1);
    const r = await book(a.token, sid, { seats: 1 });
    const secret = await ticketOf(a.token, r.id);
    const n = nonce();
    const first = await ok(redeem({ secret, session_id: sid, nonce: n }));
    expect(first).toMatchObject({ result: 'ok', message: CHECKIN_RESULTS.ok, reader: { real_name: expect.any(String) }, seats: 1, session: { id: sid } });
    expect(first.checked_in_at).toBeGreaterThan(0);
    // a retry of the same scan (several at once) is the same scan
    const replays = await Promise.all([0, 1, 2].map(() => ok(redeem({ secret, session_id: sid, nonce: n }))));
    expect(replays.map((x) => x.result)).toEqual(['ok', 'ok', 'ok']);
    const again = await ok(redeem({ secret, session_id: sid }));
    expect([again.result, again.message]).toEqual(['already_checked_in', '已签到，请勿重复签到']);
    expect((await session(sid)).checked_in).toBe(1);
    const log = await t.db.select().from(offlineCheckins).where(eq(offlineCheckins.session_id, sid));
    expect(log.map((l) => l.result).sort()).toEqual(['already_checked_in', 'ok']);
    // the same nonce for another scan is refused naming it
    const reused = await redeem({ secret, session_id: sid, nonce: n, type: 'exit' });
    expect([reused.status, reused.data.errors[0].field]).toEqual([409, 'nonce']);
  });

  it('two different scans of one ticket at once check in one of them', async () => {
    const { sid } = await single();
    const [a] = await readers(1);
    const r = await book(a.token, sid, { seats: 1 });
    const secret = await ticketOf(a.token, r.id);
    const results = (await Promise.all(Array.from({ length: 5 }, () => ok(redeem({ secret, session_id: sid }))))).map((x) => x.result);
    expect(results.filter((x) => x === 'ok')).toHaveLength(1);
    expect(results.filter((x) => x === 'already_checked_in')).toHaveLength(4);
    expect((await session(sid)).checked_in).toBe(1);
  });

  it('a ticket of another organisation, an unknown one and another session’s are refused; bad input is 422', async () => {
    const { sid } = await single();
    const { sid: sid2 } = await single();
    const away = await single({}, { o: other });
    const [a] = await readers(1);
    const [b] = await readers(1, other);
    const mine = await book(a.token, sid);
    const theirs = await book(b.token, away.sid, {}, other);
    const foreign = await ticketOf(b.token, theirs.id, other);
    expect((await ok(redeem({ secret: foreign, session_id: sid }))).result).toBe('invalid');
    expect((await ok(redeem({ secret: 'no-such-ticket', session_id: sid }))).result).toBe('invalid');
    expect((await ok(redeem({ secret: await ticketOf(a.token, mine.id), session_id: sid2 }))).result).toBe('wrong_session');
    // another organisation's session reads as missing; nothing was checked in there
    expect((await redeem({ secret: foreign, session_id: away.sid })).status).toBe(404);
    expect((await reservation(theirs.id)).checked_in_at).toBeNull();
    const bad = await redeem({ secret: '', session_id: sid });
    expect([bad.status, bad.message]).toEqual([422, '请扫描或输入票码']);
    expect((await redeem({ secret: 'x', session_id: sid, nonce: '短' })).status).toBe(422);
  });

  it('outside the window: not_open, closed; a forced offline scan is recorded at its time', async () => {
    const { sid } = await single({}, { startIn: 3 * HOUR });
    const [a, b] = await readers(2);
    const ra = await book(a.token, sid);
    const rb = await book(b.token, sid);
    const start = (await session(sid)).start_at;
    const [ta, tb] = [await ticketOf(a.token, ra.id), await ticketOf(b.token, rb.id)];
    expect((await ok(redeem({ secret: ta, session_id: sid }))).result).toBe('not_open');
    clockAt(start + 31 * 60);
    expect((await ok(redeem({ secret: ta, session_id: sid }))).result).toBe('closed');
    const forced = await ok(redeem({ secret: tb, session_id: sid, force: true, datetime: start + 5 * 60 }));
    expect([forced.result, forced.checked_in_at]).toEqual(['ok', start + 5 * 60]);
  });

  it('check-in mode “readers scan” refuses the staff scan; a cancelled booking is canceled', async () => {
    const { sid } = await single({ checkin_mode: 'self' });
    const [a, b] = await readers(2);
    const ra = await book(a.token, sid);
    expect((await ok(redeem({ secret: await ticketOf(a.token, ra.id), session_id: sid }))).result).toBe('mode_refused');
    const { sid: sid2 } = await single({}, { startIn: 3 * HOUR });
    const rb = await book(b.token, sid2);
    const secret = await ticketOf(b.token, rb.id);
    await ok(t.call('DELETE', `/v1/${org.key}/client/reservations/${rb.id}`, { token: b.token, body: { request_id: randomUUID() } }));
    expect((await ok(redeem({ secret, session_id: sid2 }))).result).toBe('canceled');
  });
});

describe('the reader signs in on trainSign (POST /v1/{org}/client/sign)', () => {
  it('signs in with the session’s code; sign-out before sign-in is refused, then signs out', async () => {
    const { act, sid } = await single({ sign_out: 1, sign_out_open_before_end_min: 90 });
    const [a, stranger] = await readers(2);
    await book(a.token, sid);
    const page = await ok(t.call('GET', `/v1/${org.key}/client/sign/session?actId=${act}&sessionId=${sid}`, { token: a.token }));
    expect(page).toMatchObject({ session: { id: sid }, mine: { status: 'confirmed', checked_in_at: null }, needs_position: false });
    expect(page.sign_out).not.toBeNull();
    const out = await ok(sign(a.token, { actId: act, sessionId: sid, type: 2 }));
    expect([out.result, out.message]).toEqual(['not_checked_in', '尚未签到，不能签退']);
    const signedIn = await ok(sign(a.token, { actId: act, sessionId: sid }));
    expect(signedIn).toMatchObject({ result: 'ok', message: '签到成功', session: { id: sid } });
    expect((await ok(sign(a.token, { actId: act, sessionId: sid }))).result).toBe('already_checked_in');
    const signedOut = await ok(sign(a.token, { actId: act, sessionId: sid, type: 2 }));
    expect(signedOut.result).toBe('ok_out');
    expect(signedOut.checked_out_at).toBeGreaterThan(0);
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, type: 2 }))).result).toBe('already_checked_out');
    expect((await reservation(signedIn.reservation_id)).checkin_method).toBe('self');
    expect((await ok(sign(stranger.token, { actId: act, sessionId: sid }))).result).toBe('not_reserved');
    // another activity's session
    const { act: act2 } = await single();
    expect((await ok(sign(a.token, { actId: act2, sessionId: sid }))).result).toBe('wrong_session');
    expect((await sign(a.token, { actId: act, sessionId: 999_999 })).status).toBe(404);
    const bad = await sign(a.token, { actId: act, sessionId: sid, type: 3 });
    expect([bad.status, bad.message]).toEqual([422, '签到类型只能是1（签到）或2（签退）']);
  });

  it('sign-out switched off: sign_out_off; the staff-only mode refuses the reader’s scan', async () => {
    const { act, sid } = await single();
    const [a] = await readers(1);
    await book(a.token, sid);
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, type: 2 }))).result).toBe('sign_out_off');
    const staff = await single({ checkin_mode: 'staff' });
    await book(a.token, staff.sid);
    expect((await ok(sign(a.token, { actId: staff.act, sessionId: staff.sid }))).result).toBe('mode_refused');
  });

  it('a rotating code: the link carries the current code, which expires after the next slot; a forged one is refused', async () => {
    const { act, sid } = await single({ rotating_code: 1 });
    const [a, b, c] = await readers(3);
    for (const r of [a, b, c]) await book(r.token, sid);
    const code = await ok(t.call('GET', `/v1/${org.key}/train/session/${sid}/signcode?type=1`, su()));
    expect(code).toMatchObject({ rotating: true, code: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/) });
    expect(code.link).toMatch(new RegExp(`^http://[^/]+/${org.key}/trainSign\\?actId=${act}&sessionId=${sid}&type=1&code=${code.code}$`));
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, code: 'AAAAAAAA' }))).result).toBe('code_expired');
    expect((await ok(sign(a.token, { actId: act, sessionId: sid }))).result).toBe('code_expired');
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, code: code.code }))).result).toBe('ok');
    clockAt(code.expires_at + 10); // the next slot: still accepted
    expect((await ok(sign(b.token, { actId: act, sessionId: sid, code: code.code }))).result).toBe('ok');
    clockAt(code.expires_at + 31); // two slots on: expired
    expect((await ok(sign(c.token, { actId: act, sessionId: sid, code: code.code }))).result).toBe('code_expired');
  });

  it('a geofence: out of range far from the venue, in range near it, 422 without a position', async () => {
    const venue = await ok(t.call('POST', `/v1/${org.key}/offline/address`, { ...su(), body: { name: '报告厅', region: ['江苏省', '苏州市'], address: '人民路1号', capacity: 100, lng: 120.62, lat: 31.3 } }));
    const { act, sid } = await single({ geofence: 1, geofence_m: 200, venue_id: venue.id });
    const [a] = await readers(1);
    await book(a.token, sid);
    const page = await ok(t.call('GET', `/v1/${org.key}/client/sign/session?actId=${act}&sessionId=${sid}`, { token: a.token }));
    expect(page.needs_position).toBe(true);
    const none = await sign(a.token, { actId: act, sessionId: sid });
    expect([none.status, none.message]).toEqual([422, '经度：请允许获取位置后再签到']);
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, lng: 120.64, lat: 31.3 }))).result).toBe('out_of_range');
    expect((await ok(sign(a.token, { actId: act, sessionId: sid, lng: 120.6205, lat: 31.3005 }))).result).toBe('ok');
  });

  it('the window: a reader too early gets not_open', async () => {
    const { act, sid } = await single({}, { startIn: 2 * HOUR });
    const [a] = await readers(1);
    await book(a.token, sid);
    expect((await ok(sign(a.token, { actId: act, sessionId: sid }))).result).toBe('not_open');
  });
});

describe('an administrator checks a reader in by hand (POST /v1/{org}/train/reserve/{id}/checkin)', () => {
  it('outside the window too; another organisation’s reservation is 404', async () => {
    const { sid } = await single({}, { startIn: 5 * HOUR });
    const [a] = await readers(1);
    const r = await book(a.token, sid);
    const res = await ok(t.call('POST', `/v1/${org.key}/train/reserve/${r.id}/checkin`, { ...su(), body: { type: 1 } }));
    expect(res.result).toBe('ok');
    expect((await reservation(r.id)).checkin_method).toBe('admin');
    expect((await t.call('POST', `/v1/${other.key}/train/reserve/${r.id}/checkin`, { ...su(), body: { type: 1 } })).status).toBe(404);
  });
});

describe('no-shows', () => {
  it('the sweep marks confirmed bookings never checked in; three no-shows ban reserving (design §14)', async () => {
    await ok(t.call('POST', `/v1/${org.key}/blacklist/config`, { ...su(), body: { ...DEFAULT_BLACKLIST_CONFIG, warn_first: false, rules: DEFAULT_BLACKLIST_CONFIG.rules.map((r) => (r.kind === 'no_show' ? { ...r, enabled: true, count: 3 } : r)) } }));
    const [a, b] = await readers(2);
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await single());
    const booked = [];
    for (const s of sessions) booked.push(await book(a.token, s.sid));
    const came = await book(b.token, sessions[0].sid);
    await ok(redeem({ secret: await ticketOf(b.token, came.id), session_id: sessions[0].sid }));
    const ended = (await session(sessions[2].sid)).end_at;
    clockAt(ended + 60);
    await t.app.jobs.enqueue(t.db, NO_SHOW_JOB, {}, { key: `test-sweep-${randomUUID()}` });
    await t.app.jobs.idle();
    for (const r of booked) expect((await reservation(r.id)).status).toBe('no_show');
    expect((await reservation(came.id)).status).toBe('confirmed');
    for (const s of sessions) expect((await session(s.sid)).closed_at).toBe(ended + 60);
    // a later session: reserving is refused by the automatic entry, with its Chinese reason
    const later = await single({}, { startIn: 2 * HOUR });
    const refused = await t.call('POST', `/v1/${org.key}/client/sessions/${later.sid}/reservations`, { token: a.token, body: { request_id: randomUUID() } });
    expect(refused.status).toBe(403);
    expect(refused.message).toContain('预约未到场');
    await book(b.token, later.sid);
    // a second sweep changes nothing
    await t.app.jobs.enqueue(t.db, NO_SHOW_JOB, {}, { key: `test-sweep-${randomUUID()}` });
    await t.app.jobs.idle();
    expect((await reservation(came.id)).status).toBe('confirmed');
  });
});

describe('figures (GET /v1/{org}/offline/{act}/count) and the sign-in records (GET /v1/{org}/export/train)', () => {
  it('equal a recount of the reservations the test made', async () => {
    const unitRes = await t.org('offsignunit', { parent_id: org.id, name: '第一中学' });
    const series = await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...su(), body: { title: '读书会系列', start_at: now() - HOUR, end_at: now() + 30 * 86_400, config: { booking_scope: 'session', training: 1, sign_out: 1, cancel_before_min: 0 } } }));
    const mk = async (title: string, startIn: number, capacity: number) =>
      (await ok(t.call('POST', `/v1/${org.key}/train/${series.id}/session`, { ...su(), body: { title, start_at: now() + startIn, end_at: now() + startIn + HOUR, capacity } }))).id as number;
    const s1 = await mk('第一场', 3 * HOUR, 2);
    const s2 = await mk('第二场', 2 * 86_400, 3);
    await ok(t.call('POST', `/v1/${org.key}/offlines/${series.id}/publish`, su()));
    const [a, b, c] = await readers(3, org, unitRes.id);
    const [d] = await readers(1);
    const ra = await book(a.token, s1);
    const rb = await book(b.token, s1);
    const rc = await book(c.token, s1); // full: waiting list
    expect(rc.status).toBe('waitlisted');
    await book(a.token, s2, { seats: 1 });
    const rd = await book(d.token, s2);
    // a late cancellation (< 24 h before the start) of s1 offers the seat to c, who accepts
    await ok(t.call('DELETE', `/v1/${org.key}/client/reservations/${rb.id}`, { token: b.token, body: { request_id: randomUUID() } }));
    expect((await reservation(rc.id)).status).toBe('offered');
    await ok(t.call('POST', `/v1/${org.key}/client/reservations/${rc.id}/accept-offer`, { token: c.token, body: { request_id: randomUUID() } }));
    // a signs in and out of s1 (staff at the door, an administrator by hand); d cancels s2 early
    const secret = await ticketOf(a.token, ra.id);
    clockAt((await session(s1)).start_at);
    await ok(redeem({ secret, session_id: s1 }));
    await ok(t.call('POST', `/v1/${org.key}/train/reserve/${ra.id}/checkin`, { ...su(), body: { type: 2 } }));
    await ok(t.call('DELETE', `/v1/${org.key}/client/reservations/${rd.id}`, { token: d.token, body: { request_id: randomUUID() } }));
    // s1 ends: c never came
    clockAt((await session(s1)).end_at + 1);
    await t.app.jobs.enqueue(t.db, NO_SHOW_JOB, {}, { key: `test-sweep-${randomUUID()}` });
    await t.app.jobs.idle();
    vi.useRealTimers();

    const fig = await ok(t.call('GET', `/v1/${org.key}/offline/${series.id}/count`, su()));
    // the recount, from the rows
    const rows = await t.db.select().from(offlineReservations).where(eq(offlineReservations.act_id, series.id));
    const caps = { [s1]: 2, [s2]: 3 } as Record<number, number>;
    const starts = { [s1]: (await session(s1)).start_at, [s2]: (await session(s2)).start_at } as Record<number, number>;
    const recount = (rs: typeof rows, capacity: number) => {
      const booked = rs.filter((r) => ['pending', 'confirmed', 'no_show'].includes(r.status));
      const confirmed = rs.filter((r) => ['confirmed', 'no_show'].includes(r.status));
      const attended = rs.filter((r) => r.checked_in_at !== null).length;
      const noShows = rs.filter((r) => r.status === 'no_show').length;
      const pct = (x: number, y: number) => (y ? Math.round((x * 10000) / y) / 100 : null);
      const offered = rs.filter((r) => r.waitlisted_at !== null && (r.offer_expires_at !== null || ['offered', 'expired', 'pending', 'confirmed', 'no_show'].includes(r.status))).length;
      const accepted = rs.filter((r) => r.waitlisted_at !== null && ['pending', 'confirmed', 'no_show'].includes(r.status)).length;
      const seats = booked.reduce((n, r) => n + r.seats, 0);
      return {
        reservations: rs.length,
        booked: booked.length,
        booked_seats: seats,
        capacity,
        fill_rate: pct(seats, capacity),
        waiting: rs.filter((r) => r.status === 'waitlisted').length,
        waitlisted: rs.filter((r) => r.waitlisted_at !== null).length,
        offered,
        accepted,
        conversion_rate: pct(accepted, offered),
        attended,
        signed_out: rs.filter((r) => r.checked_out_at !== null).length,
        no_shows: noShows,
        attendance_rate: pct(attended, confirmed.length),
        no_show_rate: pct(noShows, confirmed.length),
        cancelled: rs.filter((r) => r.status === 'cancelled').length,
        late_cancellations: rs.filter((r) => r.status === 'cancelled' && r.cancelled_at! > starts[r.session_id] - 86_400).length,
      };
    };
    expect(fig.totals).toMatchObject({ ...recount(rows, 5), sessions: 2 });
    for (const s of fig.sessions) expect(s).toMatchObject(recount(rows.filter((r) => r.session_id === s.id), caps[s.id]));
    // what the test made, in words
    expect(fig.totals).toMatchObject({ booked: 3, waitlisted: 1, offered: 1, accepted: 1, conversion_rate: 100, attended: 1, signed_out: 1, no_shows: 1, cancelled: 2, late_cancellations: 1 });
    expect(fig.sessions[0]).toMatchObject({ id: s1, attendance_rate: 50, no_show_rate: 50, fill_rate: 100 });
    const school = fig.units.find((u: { unit_id: number | null }) => u.unit_id === unitRes.id);
    expect(school).toMatchObject({ unit_name: '第一中学', reservations: 4, attended: 1, no_shows: 1 });

    const more = await ok(t.call('GET', `/v1/${org.key}/offline/${series.id}/session/${s1}/count`, su()));
    expect(more.totals).toMatchObject(recount(rows.filter((r) => r.session_id === s1), 2));
    expect(more.methods).toEqual([{ name: '工作人员扫码', n: 1 }]);
    const people = await ok(t.call('GET', `/v1/${org.key}/offline/${series.id}/count/readers`, su()));
    expect(people.sessions).toBe(2);
    expect(people.readers.find((p: { reader_id: number }) => p.reader_id === a.id)).toMatchObject({ confirmed: 2, attended: 1, signed_out: 1, attendance_rate: 50, completed: false });
    expect((await t.call('GET', `/v1/${other.key}/offline/${series.id}/count`, su())).status).toBe(404);

    const file = await t.call('GET', `/v1/${org.key}/export/train?act=${series.id}`, su());
    expect(file.status).toBe(200);
    const sheet = XLSX.read(file.res.rawPayload, { type: 'buffer' });
    const table = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0]]);
    expect(table).toHaveLength(rows.filter((r) => ['confirmed', 'no_show'].includes(r.status)).length);
    const first = table.find((x) => x['场次'] === '第一场' && x['签到方式'] === '工作人员扫码');
    expect(first).toMatchObject({ 预约状态: '已预约' });
    expect(first!['签退时间']).toBeTruthy();
    expect(table.some((x) => x['预约状态'] === '未到场')).toBe(true);
  });
});
