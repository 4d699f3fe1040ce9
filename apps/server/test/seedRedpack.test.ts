/**
 * The demo's red packets (issue 26): amounts on the two awarded contests made before their
 * results, so that publishing the results (the judging family) makes the payouts through the
 * awards' hook; a manual batch above ¥1,000 waiting for a second administrator. No merchant is
 * configured: every payout stays 待发放 and says so. A re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REWARD_TEXT, WECHATPAY_NOT_CONFIGURED } from '@huodong/domain';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

const steps = demoStepsOf('redpack');
const STEP = steps.find((s) => s.name.startsWith('redpack'))!.name;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });

describe('demo data: red packets', () => {
  it('awards pay through the hook, the batch waits for approval, nothing is sent without a merchant; a re-run adds nothing', { timeout: 400_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first[STEP]).toBe(3);
    expect(steps.findIndex((s) => s.name === STEP)).toBeLessThan(steps.findIndex((s) => s.name.startsWith('judging')));
    await t.app.jobs.idle();
    for (const org of ['szlib', 'gzsyxx']) {
      const configs = (await ok(t.call('GET', `/v1/amount/${org}`, su()))).items as { act_title: string; trigger: string }[];
      expect(configs).toHaveLength(1);
      const payouts = (await ok(t.call('GET', `/v1/amount/${org}/list?page_size=100`, su()))).items as { trigger: string; status_text: string; err_msg: string }[];
      expect(payouts.filter((p) => p.trigger === configs[0]!.trigger).length).toBeGreaterThan(0);
      for (const p of payouts) expect(p.status_text).toBe(REWARD_TEXT.PENDING);
      for (const p of payouts.filter((x) => x.trigger !== 'manual')) expect(p.err_msg).toBe(WECHATPAY_NOT_CONFIGURED.slice(0, 200));
    }
    const batches = await ok(t.call('GET', '/v1/amount/szlib/batches', su()));
    expect(batches).toEqual([expect.objectContaining({ status: 'pending', total_fen: 120_000, count: 6 })]);
    const merchant = await ok(t.call('GET', '/v1/amount/szlib/merchant', su()));
    expect(merchant.configured).toBe(false);

    const again = await seedDemo(t.app, steps);
    expect(again[STEP]).toBe(0);
  });
});
