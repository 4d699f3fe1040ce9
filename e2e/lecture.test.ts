import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { AUDIO_ARTIST, AUDIO_TITLE } from '@huodong/domain';
import { rowControl } from './rowControl';
import { axeViolations, quiet, report } from './axe';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * A lecture on demand (issue 25) in the browser. Set up through the API: an organisation authorised
 * for type 19, its administrator, a lecture with a 20-second video (at an outside address, its
 * duration given) and a link, and two readers who played it through the reader API, one to the end
 * (heartbeats every 10 s), one for 10 seconds. From 点播讲座 the administrator opens 学习记录
 * (`adminLectureWork?actID=`), sees both learners with their progress, then 讲座统计
 * (`actCountLecture?actID=`) with the learners, completions and the per-item table; an audio item's
 * edit form shows its title and artist with the audio (spec §9: 音频 / 管理员 where none is given),
 * and its row in the list plays it, named by its title;
 * every page of the kind has one h1 and passes axe.
 */
const KEY = 'lectweb';
const ADMIN = { account: 'lect_admin', real_name: '陈馆长', password: 'Lect#Admin1' };
const TITLE = '亲子阅读公开课';
const AUDIO_LECTURE = '绘本共读录音课';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';

browserSuite('lecture: learners with their progress and the figures', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城北图书馆', types: [19] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/lecture`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, config: { speaker: '王老师' } })).id;
    const video = await adminApi.post<{ id: number }>(`/v1/${KEY}/lecture/${act}/creation`, { title: '第一讲：共读的意义', media_type: 'video', video: 'https://media.example.org/1.mp4', duration_sec: 20, sort: 1 });
    await adminApi.post(`/v1/${KEY}/lecture/${act}/creation`, { title: '延伸阅读', media_type: 'link', link: 'https://example.org/books', is_required: 0, sort: 2 });
    await adminApi.post(`/v1/${KEY}/lecture/${act}/publish`, {});
    for (const [i, seconds] of [20, 10].entries()) {
      const account = `R900000${i + 1}`;
      const reader = await signedInReaderApi(server.url, adminApi, KEY, { account, real_name: `学员${i + 1}`, first: READER_FIRST, password: READER_PASSWORD });
      const base = `/v1/${KEY}/client/activities/${act}/lecture`;
      const { play } = await reader.post<{ play: number }>(`${base}/play`, { request_id: randomUUID(), item_id: video.id });
      // Heartbeats every 10 s of real time: the server credits at most the wall time since the last one.
      for (let pos = 10, seq = 1; pos <= seconds; pos += 10, seq++) {
        await new Promise((r) => setTimeout(r, 10_000));
        await reader.post(`${base}/heartbeat`, { item_id: video.id, play, seq, position: pos, rate: 1, playing: true });
      }
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('点播讲座 → 学习记录 → 讲座统计', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminLecture`);
    await expectText(page, TITLE);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TITLE }), '学习记录')).click();
    await page.waitForURL(`**/adminAct/adminLectureWork?actID=${act}`);
    const done = page.getByRole('row').filter({ hasText: 'R9000001' });
    const halfway = page.getByRole('row').filter({ hasText: 'R9000002' });
    await done.waitFor();
    expect(await done.getByRole('cell', { name: '100', exact: true }).count()).toBeGreaterThan(0);
    expect(await halfway.getByRole('cell', { name: '0', exact: true }).count()).toBeGreaterThan(0);

    await page.goto(`/${KEY}/adminCount/adminActCount/actCountLecture?actID=${act}`);
    await expectText(page, `讲座统计：${TITLE}`);
    const table = page.getByTestId('lecture-items');
    await table.getByRole('row').filter({ hasText: '第一讲：共读的意义' }).waitFor();
    const figures = await adminApi.get<{ totals: { learners: number; completions: number } }>(`/v1/${KEY}/lecture/${act}/count`);
    expect(figures.totals).toMatchObject({ learners: 2, completions: 1 });
  });

  it('an audio item plays in its row and its preview shows its title and artist, 音频 / 管理员 where none is given (spec §9)', { timeout: 120_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const audios = (await adminApi.post<{ id: number }>(`/v1/${KEY}/lecture`, { title: AUDIO_LECTURE, start_at: now - DAY, end_at: now + 30 * DAY })).id;
    await adminApi.post(`/v1/${KEY}/lecture/${audios}/creation`, { title: '第二讲（录音）', media_type: 'audio', audio: 'https://media.example.org/2.mp3', duration_sec: 30, sort: 1 });
    await adminApi.post(`/v1/${KEY}/lecture/${audios}/creation`, { title: '第三讲（录音）', media_type: 'audio', audio: 'https://media.example.org/3.mp3', audio_title: '共读的意义', artist: '王老师', duration_sec: 30, sort: 2 });
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminLectureItem?actID=${audios}`);
    // Each row plays its audio in the list, named by its title (音频 where none), fetching nothing until played.
    for (const [item, title] of [['第二讲（录音）', AUDIO_TITLE], ['第三讲（录音）', '共读的意义']]) {
      const player = page.getByRole('row').filter({ hasText: item }).getByLabel(`音频：${title}`, { exact: true });
      await player.waitFor();
      expect(await player.evaluate((a: HTMLAudioElement) => [a.tagName, a.controls, a.preload, new URL(a.src).pathname])).toEqual(['AUDIO', true, 'none', `/${item === '第二讲（录音）' ? 2 : 3}.mp3`]);
      expect((await player.boundingBox())!.width).toBeLessThanOrEqual(240);
    }
    const preview = async (item: string) => {
      await (await rowControl(page, page.getByRole('row').filter({ hasText: item }), '编辑')).click();
      const dialog = await dialogWith(page, '音频标题');
      const audio = dialog.getByTestId('audio-audio');
      await audio.waitFor();
      const labels = async () => [await audio.getByTestId('audio-title').innerText(), await audio.getByTestId('audio-artist').innerText()];
      return { dialog, labels };
    };
    // Without a title and artist: the defaults, also while the fields are cleared in the form.
    const plain = await preview('第二讲（录音）');
    expect(await plain.labels()).toEqual([AUDIO_TITLE, AUDIO_ARTIST]);
    await plain.dialog.getByLabel('音频标题').fill('亲子共读（录音）');
    await plain.dialog.getByLabel('演播者').fill('李老师');
    await expect.poll(plain.labels).toEqual(['亲子共读（录音）', '李老师']);
    await plain.dialog.getByLabel('音频标题').fill('');
    await plain.dialog.getByLabel('演播者').fill('');
    await expect.poll(plain.labels).toEqual([AUDIO_TITLE, AUDIO_ARTIST]);
    await plain.dialog.getByRole('button', { name: '取消', exact: true }).click();
    await plain.dialog.waitFor({ state: 'hidden' });
    // With its own: the given ones.
    const named = await preview('第三讲（录音）');
    expect(await named.labels()).toEqual(['共读的意义', '王老师']);
  });

  it('every page of the kind has one h1 and no serious axe violation', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    const found: string[] = [];
    for (const path of ['adminAct/adminLecture', `adminAct/adminLectureWork?actID=${act}`, `adminAct/adminLectureItem?actID=${act}`, `adminCount/adminActCount/actCountLecture?actID=${act}`]) {
      await page.goto(`/${KEY}/${path}`);
      await page.locator('h1').first().waitFor();
      await quiet(page);
      found.push(...report(path, await axeViolations(page)));
      const h1 = await page.locator('h1').allInnerTexts();
      if (h1.length !== 1) found.push(`${path}: h1 ${JSON.stringify(h1)}`);
      // The create dialogs: a lecture's settings, an item's upload controls.
      const create = page.getByRole('button', { name: '新增', exact: true });
      if (await create.count()) {
        await create.first().click();
        const dialog = await dialogWith(page, '新增');
        await quiet(page);
        found.push(...report(`${path} (新增 dialog)`, await axeViolations(page)));
        await dialog.getByRole('button', { name: '取消', exact: true }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    expect(found).toEqual([]);
  });
});
