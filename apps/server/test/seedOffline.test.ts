/**
 * The demo data's offline activities (issue 23), made through the reader API on the seed's clock:
 * in szlib a finished talk with attendance, a cancellation and no-shows, a series of four sessions
 * in progress with a waiting list, a training course with sign-in and sign-out; in gzsyxx a school
 * workshop. A new reader of szlib can then book an upcoming session; a re-run adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { NO_SHOW_JOB } from '../src/kinds/offline/noShows.js';
import { SEED_TIME_HEADER } from '../src/participation/clock.js';
import { eq } from 'drizzle-orm';
import { captchas } from '../src/db/schema.js';
import { ok, READER_FIRST_PASSWORD, READER_PASSWORD, testApp, type TestApp } from './helpers.js';

const steps = demoStepsOf('offline');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
const now = () => Math.floor(Date.now() / 1000);

interface Booking {
  status: string;
  seats: number;
  session_id: number;
  checked_in_at: number | null;
  checked_out_at: number | null;
  checkin_method: string | null;
  created_at: number;
}
const activity = async (org: string, path: 'offline' | 'offlines', title: string) =>
  ((await ok(t.call('GET', `/v1/${org}/${path}?page_size=100`, su()))).items as { id: number; title: string; is_tmp: number; start_at: number; end_at: number }[]).find((a) => a.title === title)!;
const bookings = async (org: string, path: 'offline' | 'offlines', act: number) => (await ok(t.call('GET', `/v1/${org}/${path}/${act}/reserve?page_size=100`, su()))).items as Booking[];
/** A reader added by the administrator, signed in with the graphical code (on, as in production) and the first password changed. */
async function newReader(org: string): Promise<{ token: string }> {
  const account = `new${process.pid % 1000}`;
  await ok(t.call('POST', `/v1/${org}/readers`, { ...su(), body: { account, password: READER_FIRST_PASSWORD, real_name: '新读者', phone: '13900000001' } }));
  const cap = await ok(t.call('POST', `/v1/${org}/client/login/verificationCode`));
  const [row] = await t.db.select().from(captchas).where(eq(captchas.key, cap.key));
  const login = await ok(t.call('POST', `/v1/${org}/client/login`, { body: { account, password: READER_FIRST_PASSWORD, key: cap.key, code: row.code } }));
  await ok(t.call('PUT', `/v1/${org}/client/me/password`, { token: login.access_token, body: { old_password: READER_FIRST_PASSWORD, password: READER_PASSWORD } }));
  return { token: login.access_token };
}
const count = (rows: Booking[], f: (b: Booking) => boolean) => rows.filter(f).length;

describe('demo data: offline activities', () => {
  it('are made through the reader API at the moments they happened, no-shows by the job; a re-run adds nothing', { timeout: 400_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first.offline).toBe(10 + 6 + 5 + 6 + 4 + 6);
    await t.app.jobs.enqueue(t.db, NO_SHOW_JOB, {}, { key: `seed-test-sweep-${randomUUID()}` });
    await t.app.jobs.idle();

    // the finished talk: booked days before it, signed in minutes before it, two no-shows, one cancelled
    const talk = await activity('szlib', 'offline', '“城市记忆”苏州老街巷主题讲座');
    expect(talk.is_tmp).toBe(0);
    expect(talk.end_at).toBeLessThan(now());
    const tb = await bookings('szlib', 'offline', talk.id);
    expect(tb).toHaveLength(10);
    expect(count(tb, (b) => b.checked_in_at !== null)).toBe(7);
    expect(count(tb, (b) => b.checkin_method === 'staff')).toBe(1);
    expect(count(tb, (b) => b.status === 'no_show')).toBe(2);
    expect(count(tb, (b) => b.status === 'cancelled')).toBe(1);
    expect(tb.find((b) => b.seats === 2)).toBeTruthy();
    for (const b of tb) {
      expect(b.created_at).toBeLessThan(talk.start_at - 2 * 86_400);
      if (b.checked_in_at) expect(talk.start_at - b.checked_in_at).toBeGreaterThan(0);
    }
    const figures = await ok(t.call('GET', `/v1/szlib/offline/${talk.id}/count`, su()));
    expect(figures.activity.title).toBe(talk.title);

    // the series in progress: the first session over, a waiting list on the third, the last open
    const series = await activity('szlib', 'offlines', '“阅读与写作”系列讲座');
    const sessions = ((await ok(t.call('GET', `/v1/szlib/train/${series.id}/session?page_size=100&sort=start_at`, su()))).items as { id: number; start_at: number; taken: number; waiting: number; capacity: number; checked_in: number }[]).sort(
      (a, b) => a.start_at - b.start_at,
    );
    expect(sessions).toHaveLength(4);
    expect(sessions[0].start_at).toBeLessThan(now());
    expect(sessions.slice(1).every((s) => s.start_at > now())).toBe(true);
    expect(sessions.map((s) => [s.taken, s.waiting, s.checked_in])).toEqual([
      [6, 0, 4],
      [5, 0, 0],
      [4, 2, 0],
      [0, 0, 0],
    ]);
    const sb = await bookings('szlib', 'offlines', series.id);
    expect(count(sb, (b) => b.status === 'waitlisted')).toBe(2);
    expect(count(sb, (b) => b.status === 'no_show')).toBe(2);

    // the training: booked as a whole, signed in and out on its first day
    const training = await activity('szlib', 'offlines', '馆员业务培训：阅读推广活动策划');
    const trb = await bookings('szlib', 'offlines', training.id);
    expect(trb).toHaveLength(8);
    expect(count(trb, (b) => b.checked_in_at !== null)).toBe(3);
    expect(count(trb, (b) => b.checked_out_at !== null)).toBe(2);
    expect(count(trb, (b) => b.status === 'no_show')).toBe(1);

    // the school workshop: six students, each with a parent
    const workshop = await activity('gzsyxx', 'offline', '亲子阅读手工坊：做一本自己的绘本');
    const wb = await bookings('gzsyxx', 'offline', workshop.id);
    expect(wb.map((b) => [b.status, b.seats])).toEqual(Array(6).fill(['confirmed', 2]));

    // a new reader of szlib books the series' last session
    const reader = await newReader('szlib');
    const list = await ok(t.call('GET', `/v1/szlib/client/activities/${series.id}/sessions`, { token: reader.token }));
    const last = (list.items as { id: number; start_at: number; open: boolean }[]).sort((a, b) => a.start_at - b.start_at)[3];
    expect(last.open).toBe(true);
    const booked = await ok(t.call('POST', `/v1/szlib/client/sessions/${last.id}/reservations`, { token: reader.token, body: { request_id: randomUUID() } }));
    expect(booked.status).toBe('confirmed');

    // the seed's clock is the seed's only: a request from the network naming a moment runs on the real one
    const signInfo = `/v1/szlib/client/sign/session?actId=${series.id}&sessionId=${last.id}`;
    const seeded = await t.app.inject({ method: 'GET', url: signInfo, headers: { authorization: `Bearer ${reader.token}`, [SEED_TIME_HEADER]: String(talk.start_at) } });
    expect(seeded.json().data.now).toBe(talk.start_at);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const network = (await (await fetch(`${address}${signInfo}`, { headers: { authorization: `Bearer ${reader.token}`, [SEED_TIME_HEADER]: String(talk.start_at) } })).json()) as { data: { now: number } };
    expect(Math.abs(network.data.now - now())).toBeLessThan(60);

    const again = await seedDemo(t.app, steps);
    expect(again.offline).toBe(0);
  });
});
