import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Knowledge contests in the reader app (issue 27) on a phone (390 × 844), against the real server.
 * Set up through the admin API: a contest (type 3) of three questions showing the score, right or
 * wrong and the answers after submission, and an advanced contest (type 6) of two levels. The
 * reader starts an attempt, sees the timer, answers (autosaved; a save whose answer is lost is sent
 * again with the same request id), reloads and finds the answers kept, submits and sees the result
 * as configured; on the levels the first is passed and the second unlocks. The back office's API
 * lists both attempts with their scores; every new page is axe clean with 44 px touch targets.
 * A contest with an access code (口令) asks it at the start and refuses a wrong one in the server's
 * words; a save refused just before 交卷 (the contest paused) shows the server's words and hands
 * nothing in, and once the contest runs again the paper goes in with that answer.
 */
const KEY = 'h5quiz';
const ADMIN = { account: 'h5quiz_admin', real_name: '钱馆长', password: 'H5#Admin123' };
const READER = { account: 'R7100001', real_name: '答题读者', first: 'First#Pass1', password: 'Reader#2026' };
const DAY = 24 * 3600;

browserSuite('the reader app (h5): knowledge contests and levels', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let paper: number;
  let levelled: number;
  let page: Page;
  const found: string[] = [];

  /** axe (WCAG 2 A/AA), one h1, 44 px touch targets, nothing sideways (axe.ts phoneProblems). */
  const audit = async (where: string) => found.push(...(await phoneProblems(page, where)));

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城西图书馆', types: [3, 6] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    const review = { show_score: 'immediately', show_correctness: 'immediately', show_answer: 'immediately', show_analysis: 'immediately', shuffle_questions: 0, shuffle_options: 0 };
    paper = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contest`, { title: '世界读书日知识竞赛', start_at: now - DAY, end_at: now + 10 * DAY, time_limit: 1200, config: { ...review, pass_score: 10 } })).id;
    await adminApi.post(`/v1/${KEY}/contest/${paper}/question`, { type: 1, stem: '《草房子》的作者是谁？', options: ['冰心', '曹文轩', '老舍', '巴金'].map((text, i) => ({ key: 'ABCD'[i], text })), answer: 'B', score: 5 });
    await adminApi.post(`/v1/${KEY}/contest/${paper}/question`, { type: 2, stem: '下列哪些是四大名著？', options: ['红楼梦', '围城', '西游记', '家'].map((text, i) => ({ key: 'ABCD'[i], text })), answer: 'A,C', score: 5 });
    await adminApi.post(`/v1/${KEY}/contest/${paper}/question`, { type: 3, stem: '世界读书日是4月23日。', answer: 'T', score: 5, analysis: '联合国教科文组织定于每年4月23日。' });
    await adminApi.post(`/v1/${KEY}/contest/${paper}/publish`, {});

    levelled = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contestpro`, { title: '阅读闯关赛', start_at: now - DAY, end_at: now + 10 * DAY, config: { ...review } })).id;
    const one = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contestpro/${levelled}/pass`, { name: '第一关', pass_mode: 'correct_count', pass_value: 1 })).id;
    const two = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contestpro/${levelled}/pass`, { name: '第二关', pass_mode: 'correct_count', pass_value: 1 })).id;
    await adminApi.post(`/v1/${KEY}/contestpro/${levelled}/question`, { type: 3, stem: '《西游记》的作者是吴承恩。', answer: 'T', score: 10, level_id: one });
    await adminApi.post(`/v1/${KEY}/contestpro/${levelled}/question`, { type: 3, stem: '《骆驼祥子》的作者是鲁迅。', answer: 'F', score: 10, level_id: two });
    await adminApi.post(`/v1/${KEY}/contestpro/${levelled}/publish`, {});

    // the reader, signed in through the reader API; the app finds the token on the device
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('answers a contest with its timer and autosave, resumes after a reload, submits and sees the result as configured', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5/activities/${paper}`);
    await page.getByRole('link', { name: '开始答题' }).click();
    await page.getByTestId('h5-contest').waitFor();
    await expectText(page, '还没有答题记录');
    await audit('contest');
    await page.getByRole('button', { name: /^开始答题$/ }).click();
    const timer = page.getByRole('timer', { name: '剩余时间' });
    await timer.waitFor();
    // 20 minutes at most (20:00 when the page reads the attempt in its first second)
    expect(await timer.textContent()).toMatch(/^剩余时间 (1\d:[0-5]\d|20:00)$/);
    expect(page.url()).toMatch(/\?attempt=\d+$/);

    // The first autosave reaches the server but its answer is lost: it is sent again, same request id and answers.
    const sent: { request_id: string; items: unknown }[] = [];
    let lose = true;
    await page.route(`**/v1/${KEY}/client/attempts/*/answers`, async (route) => {
      sent.push(route.request().postDataJSON() as { request_id: string; items: unknown });
      const answer = await route.fetch();
      if (lose) {
        lose = false;
        return route.abort('failed');
      }
      return route.fulfill({ response: answer });
    });
    await page.getByRole('radio', { name: 'B. 曹文轩' }).click();
    await expectText(page, '网络异常，答案稍后自动重新保存');
    await expectText(page, '答案已自动保存', 15_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    await page.getByRole('checkbox', { name: 'A. 红楼梦' }).click();
    await page.getByRole('checkbox', { name: 'C. 西游记' }).click();
    await page.getByRole('radio', { name: '错误', exact: true }).click();
    await expect.poll(() => sent.at(-1)?.items, { timeout: 10_000 }).toContainEqual(expect.objectContaining({ answer: 'F' }));
    await expectText(page, '答案已自动保存');
    await audit('contest paper');

    // a reload resumes the attempt with the answers saved
    await page.reload();
    await timer.waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'B. 曹文轩' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'C. 西游记' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: /^交\s?卷$/ }).click();
    const result = page.getByRole('region', { name: '答题结果' });
    await result.waitFor();
    expect((await result.innerText()).replace(/\s+/g, ' ')).toContain('得分 10 / 15分 是否通过 通过');
    expect(await result.innerText()).toMatch(/答对题数\s*2 \/ 3/);
    await expectText(page, '回答错误');
    await expectText(page, '正确答案：正确');
    await expectText(page, '解析：联合国教科文组织定于每年4月23日。');
    await audit('contest result');

    // back on the contest: the attempt listed with its result
    await page.getByRole('button', { name: /^返\s?回$/ }).click();
    await expectText(page, '第1次答题 · 已完成');

    // the back office sees the attempt, marked
    const attempts = await adminApi.get<{ items: { real_name: string; score: number; state: string; correct_count: number }[] }>(`/v1/${KEY}/contest/${paper}/attempts`);
    expect(attempts.items.map((a) => [a.real_name, a.state, a.score, a.correct_count])).toEqual([[READER.real_name, 'finished', 10, 2]]);
  });

  it('passes the first level of an advanced contest and unlocks the second', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5/activities/${levelled}`);
    await page.getByRole('link', { name: '闯关答题' }).click();
    const levels = page.getByRole('list', { name: '关卡' });
    await levels.waitFor();
    await expect.poll(() => levels.innerText()).toMatch(/第一关\s*可挑战[\s\S]*第二关\s*未解锁/);
    await audit('levels');
    expect(await page.getByRole('button', { name: '开始挑战 第二关' }).count()).toBe(0);
    await page.getByRole('button', { name: '开始挑战 第一关' }).click();
    await page.getByRole('timer').waitFor();
    await page.getByRole('radio', { name: '正确', exact: true }).click();
    await page.getByRole('button', { name: /^交\s?卷$/ }).click();
    const result = page.getByRole('region', { name: '答题结果' });
    await result.waitFor();
    expect((await result.innerText()).replace(/\s+/g, ' ')).toContain('是否通过 通过');
    await page.getByRole('button', { name: /^返\s?回$/ }).click();
    await expect.poll(() => levels.innerText()).toMatch(/第一关\s*已通过[\s\S]*第二关\s*可挑战/);
    await page.getByRole('button', { name: '开始挑战 第二关' }).waitFor();

    const attempts = await adminApi.get<{ items: { real_name: string; passed: number; state: string }[] }>(`/v1/${KEY}/contestpro/${levelled}/attempts`);
    expect(attempts.items.map((a) => [a.real_name, a.state, a.passed])).toEqual([[READER.real_name, 'finished', 1]]);
    expect(found).toEqual([]);
  });

  it('asks the access code at the start, refuses a wrong one in the server\'s words; a save refused before 交卷 shows the server\'s words', { timeout: 180_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const coded = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contest`, { title: '馆员口令竞赛', start_at: now - DAY, end_at: now + 10 * DAY, time_limit: 600, access_code: 'dushu2026', config: { show_score: 'immediately', pass_score: 5 } })).id;
    await adminApi.post(`/v1/${KEY}/contest/${coded}/question`, { type: 3, stem: '图书馆的借书证可以转借他人。', answer: 'F', score: 5 });
    await adminApi.post(`/v1/${KEY}/contest/${coded}/publish`, {});
    const alerts = () => page.getByRole('alert').allTextContents();

    // paused before the reader starts: the gate's refusal shown before trying, in its words
    await adminApi.post(`/v1/${KEY}/contest/${coded}/disable`);
    await page.goto(`/${KEY}/h5/activities/${coded}/contest`);
    await expect.poll(alerts).toEqual(['活动已暂停']);
    await adminApi.post(`/v1/${KEY}/contest/${coded}/enable`);
    await page.reload();
    const code = page.getByLabel('参与口令');
    await code.waitFor();
    expect(await alerts()).toEqual([]);
    await expectText(page, '本竞赛需要口令，请输入主办方提供的口令');
    await audit('contest access code');
    // none given: asked for; a wrong one: the server's refusal
    await page.getByRole('button', { name: /^开始答题$/ }).click();
    await expect.poll(alerts).toEqual(['请输入参与口令']);
    await code.fill('dushu2025');
    await page.getByRole('button', { name: /^开始答题$/ }).click();
    await expect.poll(alerts).toEqual(['参与口令不正确']);
    expect((await adminApi.get<{ items: unknown[] }>(`/v1/${KEY}/contest/${coded}/attempts`)).items).toEqual([]);
    await code.fill('dushu2026');
    await page.getByRole('button', { name: /^开始答题$/ }).click();
    await page.getByRole('timer', { name: '剩余时间' }).waitFor();

    // paused by the library while the reader answers: the save before 交卷 is refused, in the server's words
    await adminApi.post(`/v1/${KEY}/contest/${coded}/disable`);
    await page.getByRole('radio', { name: '错误', exact: true }).click();
    await page.getByRole('button', { name: /^交\s?卷$/ }).click();
    await expect.poll(alerts).toEqual(['活动已暂停']);
    expect((await alerts()).join()).not.toContain('网络');
    await page.getByRole('timer').waitFor();
    const [waiting] = (await adminApi.get<{ items: { state: string }[] }>(`/v1/${KEY}/contest/${coded}/attempts`)).items;
    expect(waiting.state).toBe('inprogress');

    // running again: 交卷 hands the paper in with the answer the refused save held
    await adminApi.post(`/v1/${KEY}/contest/${coded}/enable`);
    await page.getByRole('button', { name: /^交\s?卷$/ }).click();
    const result = page.getByRole('region', { name: '答题结果' });
    await result.waitFor();
    expect((await result.innerText()).replace(/\s+/g, ' ')).toContain('得分 5 / 5分 是否通过 通过');
    const attempts = await adminApi.get<{ items: { real_name: string; score: number; state: string }[] }>(`/v1/${KEY}/contest/${coded}/attempts`);
    expect(attempts.items.map((a) => [a.real_name, a.state, a.score])).toEqual([[READER.real_name, 'finished', 5]]);

    // joined now: the next visit asks no code
    await page.getByRole('button', { name: /^返\s?回$/ }).click();
    await expectText(page, '第1次答题 · 已完成');
    expect(await page.getByLabel('参与口令').count()).toBe(0);
    expect(await alerts()).toEqual([]);
    // paused after joining: the joined reader is told before trying, as one who has not joined is
    await adminApi.post(`/v1/${KEY}/contest/${coded}/disable`);
    await page.reload();
    await expectText(page, '第1次答题 · 已完成');
    await expect.poll(alerts).toEqual(['活动已暂停']);
    await adminApi.post(`/v1/${KEY}/contest/${coded}/enable`);
    expect(found).toEqual([]);
  });
});
