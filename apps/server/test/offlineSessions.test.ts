/**
 * Sessions of a series in batch (issue 23, spec §7 "batch session"): a weekly pattern makes its
 * sessions in one transaction, deadlines relative to each session, at most 200, the venue the
 * organisation's; bad input is a 422 naming the field and writes nothing; another organisation gets 404.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { chinaDate, chinaDateTime } from '@huodong/domain';
import { offlineSessions } from '../src/db/schema.js';
import { BATCH_EMPTY, BATCH_IN_PAST, BATCH_TOO_MANY } from '../src/kinds/offline/sessionRoutes.js';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let otherToken: string;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('offbatch', { activity_types: [5] });
  other = await t.org('offbatchx', { activity_types: [5] });
  await t.manager(other.id, 'otherboss');
  otherToken = await t.login('otherboss', MANAGER_PASSWORD, other.key);
});
afterAll(() => t.close());

async function series(key = org.key): Promise<number> {
  const res = await ok(t.call('POST', `/v1/${key}/offlines`, { ...su(), body: { title: '周末读书会', start_at: now() - DAY, end_at: now() + 120 * DAY, config: { booking_scope: 'session' } } }));
  return res.id;
}
const sessionsOf = async (act: number) => (await t.db.select({ n: count() }).from(offlineSessions).where(and(eq(offlineSessions.act_id, act), eq(offlineSessions.is_delete, 0))))[0].n;

/** A pattern over the four weeks starting 10 days from now. */
function pattern(over: Record<string, unknown> = {}) {
  return {
    title: '亲子共读',
    speaker: '李老师',
    weekdays: [2, 6],
    from_date: chinaDate(now() + 10 * DAY),
    to_date: chinaDate(now() + 37 * DAY),
    start_time: '14:30',
    end_time: '16:00',
    capacity: 40,
    address: '少儿阅览室',
    signup_open_days: 7,
    signup_close_min: 60,
    ...over,
  };
}

it('a weekly pattern makes its sessions on the chosen weekdays, skipping the dates given, with deadlines relative to each session', async () => {
  const act = await series();
  const p = pattern();
  const firstTuesday = (() => {
    for (let d = 10; d < 17; d++) {
      const date = chinaDate(now() + d * DAY);
      if (new Date(`${date}T00:00:00Z`).getUTCDay() === 2) return date;
    }
    throw new Error('no tuesday');
  })();
  const res = await ok(t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { ...su(), body: { ...p, skip_dates: [firstTuesday] } }));
  // Four weeks hold 4 Tuesdays and 4 Saturdays; one Tuesday skipped.
  expect(res.created).toBe(7);
  expect(res.items).toHaveLength(7);
  for (const s of res.items) {
    const weekday = new Date(`${chinaDate(s.start_at)}T00:00:00Z`).getUTCDay();
    expect([2, 6]).toContain(weekday);
    expect(chinaDate(s.start_at)).not.toBe(firstTuesday);
    expect(chinaDateTime(s.start_at).slice(11, 16)).toBe('14:30');
    expect(s.end_at - s.start_at).toBe(90 * 60);
    expect(s.signup_end_at).toBe(s.start_at - 3600);
    expect(s.signup_start_at).toBe(s.start_at - 7 * DAY);
    expect(s).toMatchObject({ title: '亲子共读', speaker: '李老师', capacity: 40, address: '少儿阅览室', taken: 0 });
    expect(s.checkin_secret).toBeUndefined();
  }
  // The sessions list (the declared resource) shows them, in time order.
  const list = await ok(t.call('GET', `/v1/${org.key}/train/${act}/session?page_size=40&sort=start_at`, su()));
  expect(list.items.map((s: { id: number }) => s.id)).toEqual(res.items.map((s: { id: number }) => s.id));
  // Every session has its own check-in secret.
  const secrets = await t.db.select({ s: offlineSessions.checkin_secret }).from(offlineSessions).where(eq(offlineSessions.act_id, act));
  expect(new Set(secrets.map((x) => x.s)).size).toBe(7);
});

it('a venue of the organisation is kept on every session; another organisation’s venue is 422 on venue_id and nothing is written', async () => {
  const act = await series();
  const venue = await ok(t.call('POST', `/v1/${org.key}/offline/address`, { ...su(), body: { name: '总馆报告厅', region: ['江苏省', '苏州市'], address: '人民路2001号', capacity: 200 } }));
  const foreign = await ok(t.call('POST', `/v1/${other.key}/offline/address`, { ...su(), body: { name: '别馆', region: ['江苏省', '苏州市'], address: '别处', capacity: 20 } }));
  const made = await ok(t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { ...su(), body: pattern({ venue_id: venue.id, weekdays: [3] }) }));
  expect(made.items.every((s: { venue_id: number }) => s.venue_id === venue.id)).toBe(true);
  const before = await sessionsOf(act);
  const res = await t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { ...su(), body: pattern({ venue_id: foreign.id }) });
  expect(res.status).toBe(422);
  expect(res.data.errors[0]).toMatchObject({ field: 'venue_id', message: '活动地址不存在' });
  expect(await sessionsOf(act)).toBe(before);
});

it('bad patterns are 422 naming the field and write nothing', async () => {
  const act = await series();
  const cases: [Record<string, unknown>, string, string | undefined][] = [
    [{ weekdays: [] }, 'weekdays', '请选择星期'],
    [{ weekdays: [8] }, 'weekdays.0', '星期不正确'],
    [{ end_time: '14:00' }, 'end_time', '结束时刻必须晚于开始时刻'],
    [{ start_time: '25:00' }, 'start_time', undefined],
    [{ to_date: chinaDate(now() + 5 * DAY) }, 'to_date', '结束日期不能早于开始日期'],
    [{ capacity: 0 }, 'capacity', undefined],
    [{ title: '' }, 'title', '请填写场次名称'],
    // A range with none of the chosen weekdays in it.
    [{ weekdays: [1, 2, 3, 4, 5, 6, 7], skip_dates: [chinaDate(now() + 10 * DAY)], to_date: chinaDate(now() + 10 * DAY) }, 'weekdays', BATCH_EMPTY],
    // Two years of every day is more than 200 sessions.
    [{ weekdays: [1, 2, 3, 4, 5, 6, 7], to_date: chinaDate(now() + 700 * DAY) }, 'to_date', BATCH_TOO_MANY],
    // Today at a time already past (00:00) is refused naming the first date.
    [{ weekdays: [1, 2, 3, 4, 5, 6, 7], from_date: chinaDate(now()), start_time: '00:00', end_time: '00:30' }, 'from_date', BATCH_IN_PAST],
    // Sign-up opening 0 days before (at publication) is fine; opening after it closes is not.
    [{ signup_open_days: 1, signup_close_min: 2 * 24 * 60 }, 'signup_close_min', undefined],
  ];
  for (const [over, field, message] of cases) {
    const res = await t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { ...su(), body: pattern(over) });
    expect(res.status, `${field}: ${res.message}`).toBe(422);
    expect(res.data.errors[0].field, JSON.stringify(over)).toBe(field);
    if (message) expect(res.data.errors[0].message).toBe(message);
  }
  expect(await sessionsOf(act)).toBe(0);
});

it('a single offline activity has no batch: its one session is kept from the activity (404)', async () => {
  const single = await ok(t.call('POST', `/v1/${org.key}/offline`, { ...su(), body: { title: '讲座', start_at: now() + 3 * DAY, end_at: now() + 3 * DAY + 3600, person_limit: 50 } }));
  const res = await t.call('POST', `/v1/${org.key}/train/${single.id}/session/batch`, { ...su(), body: pattern() });
  expect(res.status).toBe(404);
});

it('tenant: a manager of another organisation gets 404 on the series of this one (its own path) and 403 on this organisation’s path; nothing is written', async () => {
  const act = await series();
  const own = await t.call('POST', `/v1/${other.key}/train/${act}/session/batch`, { token: otherToken, body: pattern() });
  expect(own.status).toBe(404);
  const foreign = await t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { token: otherToken, body: pattern() });
  expect(foreign.status).toBe(403);
  expect(await sessionsOf(act)).toBe(0);
  const anonymous = await t.call('POST', `/v1/${org.key}/train/${act}/session/batch`, { body: pattern() });
  expect(anonymous.status).toBe(401);
});
