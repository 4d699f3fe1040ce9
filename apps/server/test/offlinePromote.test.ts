/**
 * Promoting the first in line by hand (issue 23): with automatic promotion off, a seat given back
 * stays free until an administrator calls `POST /v1/{org}/train/session/{sid}/promote`; the first
 * waiting reservation whose seats fit becomes an offer (confirmed when no offer can run before the
 * start any more). One statement under the capacity: parallel promotes never overbook and never
 * promote one reservation twice. Refusals name the field; another organisation gets 404.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs, offlineReservations, offlineSessions, readers as readerRows } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { PROMOTE_FULL, PROMOTE_NO_ONE } from '../src/kinds/offline/offers.js';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let otherToken: string;
const DAY = 86_400;
const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, jobPollMs: 3_600_000 });
  org = await t.org('offpromote', { activity_types: [5] });
  other = await t.org('offpromotex', { activity_types: [5] });
  await t.manager(other.id, 'promoteother');
  otherToken = await t.login('promoteother', MANAGER_PASSWORD, other.key);
});
afterAll(() => t.close());

/** A published single offline activity, waiting list on and automatic promotion off. */
async function single(seats: number, startIn = 3 * DAY): Promise<number> {
  const start = now() + startIn;
  const made = await ok(
    t.call('POST', `/v1/${org.key}/offline`, { ...su(), body: { title: `讲座${randomUUID().slice(0, 6)}`, start_at: start, end_at: start + 2 * HOUR, person_limit: seats, config: { waitlist: 1, waitlist_auto: 0 } } }),
  );
  await ok(t.call('POST', `/v1/${org.key}/offline/${made.id}/publish`, su()));
  return (await t.db.select({ id: offlineSessions.id }).from(offlineSessions).where(eq(offlineSessions.act_id, made.id)))[0].id;
}
let seq = 0;
/** Readers booking the session one after the other (the line's order is theirs); answers the reservations. */
async function booked(sid: number, n: number) {
  const rows = await t.db
    .insert(readerRows)
    .values(Array.from({ length: n }, () => ({ org_id: org.id, account: `op${++seq}`, password_hash: 'x', real_name: `读者${seq}`, phone: '13900000000', source: 'register' })))
    .returning({ id: readerRows.id });
  const out: { id: number; status: string }[] = [];
  for (const r of rows) {
    const token = (await issueToken(t.db, { kind: 'reader', id: r.id, orgId: org.id, scope: org.key }, 3_600_000)).access_token;
    out.push(await ok(t.call('POST', `/v1/${org.key}/client/sessions/${sid}/reservations`, { token, body: { request_id: randomUUID() } })));
  }
  return out;
}
const promote = (sid: number, token = t.superToken, orgKey = org.key) => t.call('POST', `/v1/${orgKey}/train/session/${sid}/promote`, { token });
const adminCancel = (rid: number) => ok(t.call('POST', `/v1/${org.key}/train/reserve/${rid}/cancel`, { ...su(), body: {} }));
const sessionRow = async (sid: number) => (await t.db.select().from(offlineSessions).where(eq(offlineSessions.id, sid)))[0];
const statuses = async (ids: number[]) => new Map((await t.db.select({ id: offlineReservations.id, status: offlineReservations.status }).from(offlineReservations).where(inArray(offlineReservations.id, ids))).map((r) => [r.id, r.status]));
/** Seats held by the rows (pending, confirmed, offered). */
const held = async (sid: number) =>
  (await t.db.select({ seats: offlineReservations.seats, status: offlineReservations.status }).from(offlineReservations).where(eq(offlineReservations.session_id, sid)))
    .filter((r) => ['pending', 'confirmed', 'offered'].includes(r.status))
    .reduce((sum, r) => sum + r.seats, 0);

it('with automatic promotion off a freed seat waits for the administrator, who offers it to the first in line', async () => {
  const sid = await single(2);
  const [a, , c, d] = await booked(sid, 4);
  expect([c.status, d.status]).toEqual(['waitlisted', 'waitlisted']);
  await adminCancel(a.id);
  expect((await statuses([c.id])).get(c.id)).toBe('waitlisted');
  expect(await sessionRow(sid)).toMatchObject({ taken: 1, waiting: 2 });

  const promoted = await ok(promote(sid));
  expect(promoted).toMatchObject({ id: c.id, status: 'offered', session_id: sid });
  expect(promoted.offer_expires_at).toBeGreaterThan(now());
  expect(await sessionRow(sid)).toMatchObject({ taken: 2, waiting: 1 });
  // The offer expires by itself: its job is queued for that moment.
  const [job] = await t.db.select().from(jobs).where(eq(jobs.key, `offline.offer.${c.id}`));
  expect(job).toBeTruthy();

  const full = await promote(sid);
  expect(full.status).toBe(422);
  expect(full.data.errors[0]).toMatchObject({ field: 'sid', message: PROMOTE_FULL });
  expect((await statuses([d.id])).get(d.id)).toBe('waitlisted');
});

it('a free seat with no one waiting is 422 naming the field; another organisation gets 404 and nothing changes', async () => {
  const sid = await single(3);
  const [a] = await booked(sid, 1);
  const none = await promote(sid);
  expect(none.status).toBe(422);
  expect(none.data.errors[0]).toMatchObject({ field: 'sid', message: PROMOTE_NO_ONE });
  await booked(sid, 3);
  await adminCancel(a.id);
  const before = await sessionRow(sid);
  expect((await promote(sid, otherToken, other.key)).status).toBe(404);
  expect((await promote(sid, otherToken, org.key)).status).toBe(403);
  expect(await sessionRow(sid)).toEqual(before);
  expect((await promote(999_999)).status).toBe(404);
});

it('parallel promotes never overbook and never promote one reservation twice: the first in line get the freed seats', async () => {
  const sid = await single(5);
  const rows = await booked(sid, 25);
  const line = rows.filter((r) => r.status === 'waitlisted').map((r) => r.id);
  expect(line).toHaveLength(20);
  for (const r of rows.slice(0, 3)) await adminCancel(r.id);
  const results = await Promise.all(Array.from({ length: 12 }, () => promote(sid)));
  const won = results.filter((r) => r.status === 200).map((r) => r.data.id as number);
  expect(won.sort((x, y) => x - y)).toEqual(line.slice(0, 3));
  for (const r of results.filter((x) => x.status !== 200)) expect(r.data.errors[0]).toMatchObject({ field: 'sid', message: PROMOTE_FULL });
  const s = await sessionRow(sid);
  expect(s).toMatchObject({ taken: 5, capacity: 5, waiting: 17 });
  expect(await held(sid)).toBe(5);
});

it('close to the start, when no offer can run any more, the one promoted is confirmed', async () => {
  const sid = await single(1, HOUR);
  const [a, b] = await booked(sid, 2);
  await adminCancel(a.id);
  expect(await ok(promote(sid))).toMatchObject({ id: b.id, status: 'confirmed', offer_expires_at: null });
  expect((await t.db.select().from(jobs).where(and(eq(jobs.key, `offline.offer.${b.id}`)))).length).toBe(0);
});
