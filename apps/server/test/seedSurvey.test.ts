/**
 * The demo data's questionnaires (issue 13): one in `szlib` and one in the school `gzsyxx`, made
 * through the API and answered by dozens of readers through the reader API; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_READER } from '@huodong/domain';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, testApp, type TestApp } from './helpers.js';

/** Only the demo families this file checks (platform.test.ts runs the whole demo twice). */
const steps = demoStepsOf('survey');

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });

describe('demo data: questionnaires', () => {
  it('a library satisfaction survey and an anonymous school survey, answered by dozens of readers; a re-run adds nothing', { timeout: 300_000 }, async () => {
    const first = await seedDemo(t.app, steps);
    expect(first.survey).toBe(48);
    for (const [org, title, anonymous] of [
      ['szlib', '2026年苏州图书馆读者满意度调查', 0],
      ['gzsyxx', '同学们的课外阅读情况问卷', 1],
    ] as const) {
      const act = ((await ok(t.call('GET', `/v1/${org}/survey?page_size=100`, su()))).items as { id: number; title: string; is_tmp: number; act_state: number }[]).find((a) => a.title === title)!;
      expect([act.is_tmp, act.act_state]).toEqual([0, 2]);
      const stats = await ok(t.call('GET', `/v1/${org}/survey/${act.id}/stats`, su()));
      expect(stats.totals.responses).toBe(24);
      expect(stats.activity.anonymous).toBe(anonymous);
      // every question with options has answers spread over several of them
      for (const q of stats.questions.filter((x: { options?: unknown[]; type: string }) => x.options && x.type !== 'single')) {
        expect(q.options.filter((o: { count: number }) => o.count > 0).length, q.title).toBeGreaterThan(1);
      }
      const responses = await ok(t.call('GET', `/v1/${org}/survey/${act.id}/responses?page_size=5`, su()));
      expect(responses.items[0].account === ANONYMOUS_READER).toBe(anonymous === 1);
    }
    const again = await seedDemo(t.app, steps);
    expect(again.survey).toBe(0);
  });
});
