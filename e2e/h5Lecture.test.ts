import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, quiet, report } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * The lecture on demand (type 19) in the reader app (issue 27) on a phone (390 × 844), against the
 * real server. Set up through the admin API: a lecture with a 12 s audio made by ffmpeg (uploaded)
 * and a link, finished at 90 % watched, no seeking ahead, at most 2× speed. The reader plays the
 * audio: a seek ahead is undone, a rate of 4× is held at 2×, heartbeats every 10 s; paused and
 * reloaded, the item resumes where it was left; played to the end it is finished and the lecture
 * complete. The back office's learners list shows the reader finished; the page is axe clean.
 */
const KEY = 'h5talk';
const ADMIN = { account: 'h5talk_admin', real_name: '孙馆长', password: 'H5#Admin123' };
const READER = { account: 'R7200001', real_name: '听讲读者', first: 'First#Pass1', password: 'Reader#2026' };
const DAY = 24 * 3600;
const AUDIO = '第一讲：如何读一本书';

browserSuite('the reader app (h5): a lecture played with its completion rules', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城东图书馆', types: [19] }, ADMIN);
    const dir = mkdtempSync(path.join(tmpdir(), 'h5talk-'));
    const file = path.join(dir, 'talk.mp3');
    execFileSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=12', '-c:a', 'libmp3lame', '-b:a', '64k', file]);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(file)], { type: 'audio/mpeg' }), 'talk.mp3');
    rmSync(dir, { recursive: true, force: true });
    const up = (await (await fetch(`${server.url}/v1/${KEY}/upload/public`, { method: 'POST', headers: { authorization: `Bearer ${adminApi.token}` }, body: form })).json()) as { data: { url: string } };
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/lecture`, { title: '阅读方法系列讲座', start_at: now - DAY, end_at: now + 30 * DAY, config: { threshold_pct: 90, require_all_required: 1, ban_seek_forward: 1, max_rate: 2 } })).id;
    await adminApi.post(`/v1/${KEY}/lecture/${act}/creation`, { title: AUDIO, media_type: 'audio', audio: up.data.url, is_required: 1, sort: 1 });
    await adminApi.post(`/v1/${KEY}/lecture/${act}/creation`, { title: '延伸阅读书目', media_type: 'link', link: 'https://example.org/books', is_required: 0, sort: 2 });
    await adminApi.post(`/v1/${KEY}/lecture/${act}/publish`, {});

    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const audio = () => page.locator('audio');
  const play = () => audio().evaluate((el: HTMLAudioElement) => ((el.muted = true), el.play()));

  it('plays the audio with heartbeats, no seeking ahead, the rate held; resumes after a reload; finished at the end', { timeout: 180_000 }, async () => {
    const beats: { seq: number; position: number; rate: number }[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/lecture/heartbeat')) beats.push(r.postDataJSON() as { seq: number; position: number; rate: number });
    });
    await page.goto(`/${KEY}/h5/activities/${act}`);
    await page.getByRole('link', { name: '去学习' }).click();
    await page.getByTestId('h5-lecture').waitFor();
    await expectText(page, '学习进度0%');
    await page.getByRole('button', { name: `学习 ${AUDIO}` }).click();
    await audio().waitFor();
    await expect.poll(() => audio().evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await quiet(page);
    const found = report('lecture', await axeViolations(page));
    await play();
    await expect.poll(() => audio().evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);

    // a seek ahead of what was heard is undone; a rate of 4× is held at 2×
    await audio().evaluate((el: HTMLAudioElement) => (el.currentTime = 10));
    await expectText(page, '完成本节前不能快进');
    expect(await audio().evaluate((el: HTMLAudioElement) => el.currentTime)).toBeLessThan(5);
    await audio().evaluate((el: HTMLAudioElement) => (el.playbackRate = 4));
    await expectText(page, '最高2倍速播放');
    expect(await audio().evaluate((el: HTMLAudioElement) => el.playbackRate)).toBe(2);
    await audio().evaluate((el: HTMLAudioElement) => (el.playbackRate = 1));

    // paused: a beat tells the server where; after a reload the item resumes there
    await expect.poll(() => audio().evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(3.5); // beats carry the position to 0.1 s: past 3.5 it reads above 3
    await audio().evaluate((el: HTMLAudioElement) => el.pause());
    await expect.poll(() => beats.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const left = beats.at(-1)!.position;
    expect(left).toBeGreaterThan(3);
    await page.reload();
    await expectText(page, '上次学到 00:0');
    await page.getByRole('button', { name: `学习 ${AUDIO}` }).click();
    await expect.poll(() => audio().evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThanOrEqual(Math.floor(left) - 1);

    // played to the end: a beat every 10 s and one at the end; the item and the lecture are finished
    await play();
    await expectText(page, '已完成本讲座', 30_000);
    const played = beats.filter((b) => b.seq >= 1);
    expect(played.at(-1)!.position).toBeGreaterThanOrEqual(11);
    expect(played.every((b) => b.rate <= 2)).toBe(true);
    await expectText(page, '必修 · 已完成');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the back office sees the learner finished
    const learners = await adminApi.get<{ items: { real_name: string; finished: number; progress_pct: number }[] }>(`/v1/${KEY}/lecture/${act}/learners`);
    expect(learners.items.map((l) => [l.real_name, l.finished, l.progress_pct])).toEqual([[READER.real_name, 1, 100]]);
    expect(found).toEqual([]);
  });
});
