/**
 * The demo data's statistics history (issue 26): a year-long vote in szlib and in a school, with
 * ballots in each month of the past year made on the seed's clock through the reader API; the
 * platform's and the organisation's figures then show a year of months; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ jobWorker: false });
});
afterAll(() => t.close());
const su = () => ({ token: t.superToken });

describe('demo data: statistics', () => {
  it('likes in every month of the past year across the demo organisations; a re-run adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('statistics'));
    expect(first.statistics).toBeGreaterThan(40);
    const likes = await ok(t.call('GET', '/v1/count/like', su()));
    const withLikes = (likes.months as { month: string; n: number }[]).filter((m) => m.n > 0);
    expect(withLikes.length).toBeGreaterThanOrEqual(12);
    expect((likes.organizations as { key: string; n: number }[]).filter((o) => o.n > 0).map((o) => o.key).sort()).toEqual(['gzsyxx', 'szlib']);
    const users = await ok(t.call('GET', '/v1/szlib/count/user', su()));
    expect((users.months as { active: number }[]).filter((m) => m.active > 0).length).toBeGreaterThanOrEqual(12);
    const again = await seedDemo(t.app, demoStepsOf('statistics'));
    expect(again.statistics).toBe(0);
  });
});
