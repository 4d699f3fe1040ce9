/**
 * The demo data's home and content settings (issue 25): szlib and gzsyxx with a configured home
 * (modules in order with albums, the reading show, rules), their own tags and quick replies, and
 * audiobook listens made through the reader API over the last week; a re-run adds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seed/seed.js';
import { demoStepsOf } from '../src/seed/demo.js';
import { ok, signedInReader, testApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ loginCaptcha: false });
});
afterAll(() => t.close());
const su = () => ({ token: t.superToken });

describe('demo data: home and audiobooks', () => {
  it('a configured home for szlib and gzsyxx, listens on several days; a re-run adds nothing', { timeout: 600_000 }, async () => {
    const first = await seedDemo(t.app, demoStepsOf('home'));
    expect(first.home).toBeGreaterThan(10);
    expect(first.audiobookListens).toBeGreaterThan(50);
    for (const org of ['szlib', 'gzsyxx']) {
      const reader = await signedInReader(t, { key: org });
      const home = await ok(t.call('GET', `/v1/${org}/client/home`, { token: reader.token }));
      expect(home.modules.map((m: { title: string }) => m.title)).toEqual(['轮播图', '精选活动', '推荐资源', '听书', '阅读展示', '活动规则']);
      expect(home.carousel.length).toBeGreaterThanOrEqual(3);
      for (const m of home.modules.filter((x: { albums?: unknown[] }) => x.albums)) expect(m.albums.length).toBeGreaterThan(0);
      const listen = home.modules.find((m: { title: string }) => m.title === '听书');
      expect(listen.albums[0].items.map((i: { audio: { artist: string } }) => i.audio.artist)).toContain('管理员');
      expect(home.reading_show.length).toBeGreaterThan(0);
      expect(home.rules).toContain('<ol>');
      expect((await ok(t.call('GET', `/v1/${org}/tags`, su()))).items).toHaveLength(3);
      expect((await ok(t.call('GET', `/v1/${org}/quick`, su()))).items).toHaveLength(3);
      const count = await ok(t.call('GET', `/v1/${org}/audiobook/count`, su()));
      expect(count.totals.listeners).toBe(org === 'szlib' ? 6 : 4);
      expect(count.days.filter((d: { plays: number }) => d.plays > 0).length).toBeGreaterThanOrEqual(5);
      expect(count.top).toHaveLength(3);
    }
    const again = await seedDemo(t.app, demoStepsOf('home'));
    expect(again.home).toBe(0);
    expect(again.audiobookListens).toBe(0);
  });
});
