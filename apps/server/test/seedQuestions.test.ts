/**
 * The demo question banks (issue 13): the public bank, szlib's and the school gzsyxx's, made by the
 * import as an administrator would, with questions of every type; a second run adds nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformSteps } from '../src/seed/families/platform.js';
import { questionSteps } from '../src/seed/families/questions.js';
import type { SeedClient } from '../src/seed/step.js';
import { testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The seed's client over the test app, as the first super administrator. */
const client = (): SeedClient => {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await t.call(method, url, { token: t.superToken, body });
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.message}`);
    return res.data;
  };
  const self: SeedClient = {
    post: (u, b) => call('POST', u, b ?? {}),
    get: (u) => call('GET', u),
    put: (u, b) => call('PUT', u, b ?? {}),
    del: (u, b) => call('DELETE', u, b ?? {}),
    upload: () => Promise.reject(new Error('no uploads')),
    reader: () => Promise.reject(new Error('no readers')),
    expert: () => Promise.reject(new Error('no experts')),
    at: () => self,
  };
  return self;
};

it('fills the public bank, szlib and a school with questions of every type; a second run adds nothing', { timeout: 120_000 }, async () => {
  const c = client();
  for (const step of platformSteps) await step.run(c);
  const first: Record<string, number> = {};
  for (const step of questionSteps) first[step.name] = await step.run(c);
  expect(first.publicQuestions).toBeGreaterThan(200);
  expect(first.szlibQuestions).toBeGreaterThan(120);
  expect(first.schoolQuestions).toBeGreaterThan(50);
  for (const path of ['/v1/public', '/v1/szlib/question', '/v1/gzsyxx/question']) {
    for (const type of [1, 2, 3, 4, 5]) {
      const res = await t.call('GET', `${path}?type=${type}&page_size=1`, { token: t.superToken });
      expect(res.data._meta.totalCount, `${path} type ${type}`).toBeGreaterThan(0);
    }
  }
  // szlib's questions carry its own categories; the public ones the platform's.
  const szlib = await t.call('GET', '/v1/szlib/category?page_size=100', { token: t.superToken });
  expect(szlib.data.items.every((x: { question_count: number }) => x.question_count > 0)).toBe(true);
  const pub = await t.call('GET', '/v1/question/category', { token: t.superToken });
  expect(pub.data.find((x: { name: string }) => x.name === '文学').question_count).toBeGreaterThan(20);
  const again: Record<string, number> = {};
  for (const step of questionSteps) again[step.name] = await step.run(c);
  expect(again).toEqual({ publicQuestions: 0, szlibQuestions: 0, schoolQuestions: 0 });
});
