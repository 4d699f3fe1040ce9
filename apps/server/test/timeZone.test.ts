/**
 * One time zone everywhere (issue 20): the server's "day" (daily limits, per-day figures) is the
 * Shanghai calendar day whatever the server's or database's zone: a vote at 23:30 UTC is the next
 * day's. The clock is moved with vi.setSystemTime (Date only: the database's now() follows it too).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { votes } from '../src/db/schema.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
let org: { id: number; key: string };
const su = () => ({ token: t.superToken });
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
  org = await t.org('tzvote', { activity_types: [2] });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe('the server’s day is Shanghai’s', () => {
  it('one vote a day: 23:30 UTC already counts on the next Shanghai day, 15:30 UTC the next UTC day still on the same one; the results count per Shanghai day', async () => {
    const start = Date.UTC(2026, 0, 1) / 1000;
    const made = await t.call('POST', `/v1/${org.key}/evaluation`, {
      ...su(),
      body: { title: `时区投票${randomUUID().slice(0, 6)}`, start_at: start, end_at: Math.floor(Date.now() / 1000) + 30 * 86_400, config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 1 } },
    });
    expect(made.status, made.message).toBe(200);
    const act = made.data.id as number;
    expect((await t.call('POST', `/v1/${org.key}/evaluation/${act}/publish`, su())).status).toBe(200);
    const source = await t.call('POST', `/v1/${org.key}/evaluation/${act}/source`, { ...su(), body: { title: '对象', sort: 1 } });
    expect(source.status, source.message).toBe(200);
    const reader = await signedInReader(t, org);
    const ballot = () => t.call('POST', `/v1/${org.key}/client/activities/${act}/ballots`, { token: reader.token, body: { request_id: randomUUID(), source_ids: [source.data.id] } });

    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-01-01T23:30:00Z'); // 2 January 07:30 in Shanghai
    const first = await ballot();
    expect(first.status, first.message).toBe(200);
    at('2026-01-02T15:30:00Z'); // 2 January 23:30 in Shanghai: the same day, though UTC's next
    const again = await ballot();
    expect([again.status, again.message]).toEqual([403, '今日投票次数已用完（每天1票）']);
    at('2026-01-02T16:30:00Z'); // 3 January 00:30 in Shanghai, still 2 January in UTC
    const next = await ballot();
    expect(next.status, next.message).toBe(200);
    vi.useRealTimers();

    const stored = await t.db.select({ day: votes.day, created_at: votes.created_at }).from(votes).where(eq(votes.act_id, act));
    expect(stored.map((v) => String(v.day)).sort()).toEqual(['20260102', '20260103']);
    const results = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(results.status, results.message).toBe(200);
    expect(results.data.days.map((d: { day: string; valid: number }) => [d.day, d.valid])).toEqual([
      ['2026-01-02', 1],
      ['2026-01-03', 1],
    ]);
  });
});

describe('the results per day', () => {
  it('have no gaps between the first and the last day with votes (a Shanghai day without votes is there with zeros), and a missing activity is 404 活动不存在', async () => {
    const start = Date.UTC(2026, 0, 1) / 1000;
    const made = await t.call('POST', `/v1/${org.key}/evaluation`, {
      ...su(),
      body: { title: `无缺日投票${randomUUID().slice(0, 6)}`, start_at: start, end_at: Math.floor(Date.now() / 1000) + 30 * 86_400, config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 1 } },
    });
    expect(made.status, made.message).toBe(200);
    const act = made.data.id as number;
    expect((await t.call('POST', `/v1/${org.key}/evaluation/${act}/publish`, su())).status).toBe(200);
    const source = await t.call('POST', `/v1/${org.key}/evaluation/${act}/source`, { ...su(), body: { title: '对象', sort: 1 } });
    const reader = await signedInReader(t, org);
    const ballot = () => t.call('POST', `/v1/${org.key}/client/activities/${act}/ballots`, { token: reader.token, body: { request_id: randomUUID(), source_ids: [source.data.id] } });

    vi.useFakeTimers({ toFake: ['Date'] });
    at('2026-01-02T02:00:00Z'); // 2 January in Shanghai
    expect((await ballot()).status).toBe(200);
    at('2026-01-04T02:00:00Z'); // 4 January: none on the 3rd
    expect((await ballot()).status).toBe(200);
    vi.useRealTimers();

    const results = await t.call('GET', `/v1/${org.key}/evaluation/${act}/results`, su());
    expect(results.status, results.message).toBe(200);
    expect(results.data.days).toEqual([
      { day: '2026-01-02', valid: 1, suspect: 0, voters: 1 },
      { day: '2026-01-03', valid: 0, suspect: 0, voters: 0 },
      { day: '2026-01-04', valid: 1, suspect: 0, voters: 1 },
    ]);
    const missing = await t.call('GET', `/v1/${org.key}/evaluation/999999/results`, su());
    expect([missing.status, missing.message]).toEqual([404, '活动不存在']);
  });
});
