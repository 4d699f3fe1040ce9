/**
 * The demo contests (issue 13) in `szlib`: a fixed-paper contest and a levelled contest played by
 * dozens of readers through the reader API (hand marks given), and a random-paper contest still in
 * progress that a new reader can start; a second run adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { COVER_HEIGHT, COVER_WIDTH } from '../src/seed/cover.js';
import { files } from '../src/db/schema.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

/** Only the demo families this file checks (platform.test.ts runs the whole demo twice). */
const steps = demoStepsOf('contests', 'activities');

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
});
afterAll(() => t.close());

const su = () => ({ token: t.superToken });
const get = async (url: string) => {
  const res = await t.call('GET', url, su());
  expect(res.status, res.message).toBe(200);
  return res.data;
};

it('contests played by dozens of readers, a levelled one with its funnel, and a random one open to a new reader', { timeout: 600_000 }, async () => {
  const first = await seedDemo(t.app, steps);
  expect(first.contests).toBeGreaterThan(50);
  const contests = (await get('/v1/szlib/contest?page_size=100')).items as { id: number; title: string; act_state: number }[];
  const fixed = contests.find((c) => c.title === '“书香苏州”阅读知识竞赛')!;
  const random = contests.find((c) => c.title === '每日阅读知识随机答题')!;
  const levelled = ((await get('/v1/szlib/contestpro?page_size=100')).items as { id: number; title: string }[]).find((c) => c.title === '阅读闯关挑战赛')!;

  const fixedCount = await get(`/v1/szlib/count/contest/${fixed.id}`);
  expect(fixedCount.totals.readers).toBe(30);
  expect(fixedCount.totals.finished).toBeGreaterThan(20);
  expect(fixedCount.questions).toHaveLength(12);
  // Three short answers are left for a marker.
  expect(fixedCount.totals.pending).toBe(3);
  // The pass score fits the paper (it was 60 of 50: a pass rate of 0 % with attempts at 80–90 %).
  const settings = await get(`/v1/szlib/contest/${fixed.id}`);
  const fixedPaper = await get(`/v1/szlib/contest/${fixed.id}/paper`);
  expect(settings.config.pass_score).toBeGreaterThan(0);
  expect(settings.config.pass_score).toBeLessThanOrEqual(fixedPaper.total);
  expect(fixedCount.totals.passed).toBeGreaterThan(0);
  // The figures carry the pass line for the histogram.
  expect(fixedCount.pass_line).toMatchObject({ score: settings.config.pass_score, total: fixedPaper.total });
  const ranking = await get(`/v1/szlib/count/contest/${fixed.id}/ranking`);
  expect(ranking.items.length).toBeGreaterThan(20);
  expect(ranking.items[0].rank).toBe(1);

  const funnel = (await get(`/v1/szlib/count/contest/${levelled.id}`)).funnel as { attempted: number; passed: number }[];
  expect(funnel).toHaveLength(3);
  expect(funnel[0].attempted).toBe(30);
  expect(funnel[0].passed).toBeGreaterThan(0);
  expect(funnel[2].attempted).toBeLessThanOrEqual(funnel[0].passed);

  expect(random.act_state).toBe(2);
  const reader = await signedInReader(t, { key: 'szlib' });
  const paper = await t.call('POST', `/v1/szlib/client/activities/${random.id}/attempts`, { token: reader.token, body: { request_id: randomUUID() } });
  expect(paper.status, paper.message).toBe(200);
  expect(paper.data.items).toHaveLength(10);

  // Demo activities have covers: real JPEGs made at seed time, stored like an upload (a row in files).
  const marathon = ((await get('/v1/szlib/third?page_size=100')).items as { title: string; cover: string }[]).find((a) => a.title === '“书香满城”线上阅读马拉松')!;
  for (const act of [await get(`/v1/szlib/contest/${fixed.id}`), marathon] as { cover: string }[]) {
    expect(act.cover).toMatch(/^\/v1\/files\//);
    const image = await t.app.inject({ method: 'GET', url: act.cover });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: COVER_WIDTH, height: COVER_HEIGHT });
    expect(await t.db.select().from(files).where(eq(files.key, act.cover.slice('/v1/files/'.length)))).toHaveLength(1);
  }

  const again = await seedDemo(t.app, steps);
  expect(again.contests).toBe(0);
});
