/**
 * The demo data's reading check-in (issue 24): a 21-day course in szlib on its day 13, made
 * through the reader API on the seed's clock, with dozens of readers of varied streaks, a few
 * make-ups and one rejected mark; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { READ_CLOCK_SEED_READERS, READ_CLOCK_SEED_TITLE } from '../src/seed/families/readClock.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());
const su = () => ({ token: t.superToken });

describe('demo data: reading check-in', () => {
  it('a course in progress with varied streaks, make-ups and a rejected mark; a re-run adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('readClock'));
    expect(first.readClock).toBeGreaterThan(250);
    const act = ((await ok(t.call('GET', '/v1/szlib/mark?page_size=100', su()))).items as { id: number; title: string; is_tmp: number; act_state: number }[]).find((a) => a.title === READ_CLOCK_SEED_TITLE)!;
    expect(act).toMatchObject({ is_tmp: 0, act_state: 2 });
    const count = await ok(t.call('GET', `/v1/szlib/mark/${act.id}/count`, su()));
    expect(count.totals.participants).toBe(READ_CLOCK_SEED_READERS);
    expect(count.totals.makeups).toBe(4);
    expect(count.days).toHaveLength(13);
    const per = await ok(t.call('GET', `/v1/szlib/mark/${act.id}/count/readers`, su()));
    const streaks = new Set((per.readers as { current_streak: number }[]).map((r) => r.current_streak));
    expect(streaks.size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...(per.readers as { longest_streak: number }[]).map((r) => r.longest_streak))).toBeGreaterThanOrEqual(12);
    const rejected = await ok(t.call('GET', `/v1/szlib/mark/${act.id}/markRecords?status=2`, su()));
    expect(rejected.items).toHaveLength(1);
    const featured = await ok(t.call('GET', `/v1/szlib/mark/${act.id}/markRecords?is_featured=1`, su()));
    expect(featured.items).toHaveLength(2);
    const again = await seedDemo(t.app, demoStepsOf('readClock'));
    expect(again.readClock).toBe(0);
  });
});
