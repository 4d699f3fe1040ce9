/**
 * The demo data's scan campaign (issue 24), made through the reader API on the seed's clock: in
 * szlib two batches, most poster codes used and some left, receipt codes scanned on several days,
 * a repeated scan, a code already taken and a forged link; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

const steps = demoStepsOf('scanCodes');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
const now = () => Math.floor(Date.now() / 1000);

describe('demo data: a scan campaign', () => {
  it('has used and unused codes, scans at the moments they happened, every result; a re-run adds nothing', { timeout: 400_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first.scanCodes).toBe(33);
    const act = ((await ok(t.call('GET', '/v1/szlib/integral?page_size=100', su()))).items as { id: number; title: string; is_tmp: number; start_at: number }[]).find((a) => a.title === '“书香苏州”扫码集积分')!;
    expect(act.is_tmp).toBe(0);
    const figures = await ok(t.call('GET', `/v1/szlib/integral/${act.id}/count`, su()));
    expect(figures.totals).toMatchObject({ scans: 33, ok: 30, readers: 10, points: 210, budget: 2000, codes: 25, codes_used: 17 });
    const results = Object.fromEntries((figures.results as { result: string; scans: number }[]).map((r) => [r.result, r.scans]));
    expect(results).toMatchObject({ ok: 30, duplicate: 1, exhausted: 1, invalid: 1 });
    // the scans happened over several past days, inside the campaign
    const days = (figures.days as { day: string; scans: number }[]).filter((d) => d.scans > 0);
    expect(days.length).toBeGreaterThanOrEqual(5);
    const log = await ok(t.call('GET', `/v1/szlib/integral/${act.id}/scan?page_size=100`, su()));
    for (const row of log.items as { created_at: number }[]) {
      expect(row.created_at).toBeGreaterThan(act.start_at);
      expect(row.created_at).toBeLessThan(now());
    }
    const ranking = await ok(t.call('GET', `/v1/szlib/integral/${act.id}/ranking`, su()));
    expect(ranking.items[0].rank).toBe(1);
    expect(ranking.items.reduce((s: number, r: { points: number }) => s + r.points, 0)).toBe(210);

    const again = await seedDemo(t.app, steps);
    expect(again.scanCodes).toBe(0);
  });
});
