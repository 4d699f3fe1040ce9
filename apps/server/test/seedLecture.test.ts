/**
 * The demo data's lecture on demand (issue 25): a series in szlib with media made by ffmpeg at seed
 * time (durations read from the files), readers' plays and heartbeats on the seed's clock with
 * varied progress; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { LECTURE_SEED_READERS, LECTURE_SEED_TITLE } from '../src/seed/families/lecture.js';
import { ok, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());
const su = () => ({ token: t.superToken });

describe('demo data: lecture on demand', () => {
  it('a published series with real media, learners of varied progress, completions with points; a re-run adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('lecture'));
    expect(first.lecture).toBeGreaterThan(40);
    const act = ((await ok(t.call('GET', '/v1/szlib/lecture?page_size=100', su()))).items as { id: number; title: string; is_tmp: number }[]).find((a) => a.title === LECTURE_SEED_TITLE)!;
    expect(act).toMatchObject({ is_tmp: 0 });
    const items = (await ok(t.call('GET', `/v1/szlib/lecture/${act.id}/creation?sort=sort`, su()))).items as { media_type: string; duration_sec: number; artist: string }[];
    expect(items.map((i) => [i.media_type, i.duration_sec])).toEqual([['video', 12], ['video', 15], ['audio', 16], ['pdf', 0], ['link', 0]]);
    expect(items[2].artist).toBe('管理员');
    const count = await ok(t.call('GET', `/v1/szlib/lecture/${act.id}/count`, su()));
    expect(count.totals.learners).toBe(LECTURE_SEED_READERS);
    // Readers 0, 1 and 5 of every six finish both talks.
    expect(count.totals.completions).toBe(9);
    expect(count.items[0].finished).toBe(12);
    expect(count.totals.learn_hours).toBeGreaterThan(0);
    const again = await seedDemo(t.app, demoStepsOf('lecture'));
    expect(again.lecture).toBe(0);
  });
});
