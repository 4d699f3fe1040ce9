import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Voting and comments in the reader app (issue 27) on a phone (390 × 844). Set up through the API:
 * an organisation authorised for 投票 (type 2), a vote of three books (two votes a day, one a day
 * for the same book, counts hidden until the end, comments reviewed before they show); a signed-in
 * reader. The reader votes for one book, is refused a second vote for it and then the day's third
 * vote in the server's words, comments on a book (waiting for review, then shown once approved),
 * and sees the ranked results once voting has ended. The back office's results count the votes.
 */
const KEY = 'h5vote';
const ADMIN = { account: 'h5v_admin', real_name: '冯馆长', password: 'H5v#Admin123' };
const READER = { account: 'R7200001', real_name: '读者丁', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '最受欢迎童书投票';
const BOOKS = ['《草房子》', '《城南旧事》', '《小王子》'] as const;
const COMMENT = '小时候读过三遍，每次都哭。';
const DAY = 24 * 3600;
/** A poll's wait for the server's answer on a busy machine. */
const WAIT = { timeout: 10_000 };

browserSuite('the reader app (h5): voting within the limits, comments, results', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城中图书馆', types: [2] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (
      await adminApi.post<{ id: number }>(`/v1/${KEY}/evaluation`, {
        title: TITLE,
        start_at: now - DAY,
        end_at: now + 30 * DAY,
        config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 2, per_source_per_day: 1, max_select: 1, show_counts: 'hidden_until_end', comments: { moderation: 'pre', min_interval_sec: 0 } },
      })
    ).id;
    for (const [i, title] of BOOKS.entries()) await adminApi.post(`/v1/${KEY}/evaluation/${act}/source`, { title, sort: i + 1 });
    await adminApi.post(`/v1/${KEY}/evaluation/${act}/publish`);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, READER);
    page = await readerPhonePage(browser, server.url, KEY, reader.token!);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const candidate = (title: string) => page.getByTestId('h5-candidate').filter({ has: page.getByRole('heading', { name: title }) });
  const vote = async (title: string) => {
    await page.getByRole('checkbox', { name: `选择 ${title}` }).check();
    await page.getByRole('button', { name: '投票（已选1项）' }).click();
  };
  const alert = () => page.getByRole('alert').first().textContent();

  it('votes within the limits, is refused in the server\'s words, comments, sees the results at the end', { timeout: 180_000 }, async () => {
    const found: string[] = [];
    await page.goto(`/${KEY}/h5/activities/${act}`);
    await page.getByRole('link', { name: '去投票' }).click();
    await page.getByTestId('h5-voting').waitFor();
    await expectText(page, '票数将在投票结束后公布');
    await expect.poll(() => page.getByTestId('h5-vote-quota').textContent(), WAIT).toBe('今日剩余2票');
    found.push(...(await phoneProblems(page, 'voting')));

    await vote(BOOKS[0]);
    await expectText(page, '投票成功');
    await expect.poll(() => page.getByTestId('h5-vote-quota').textContent(), WAIT).toBe('今日剩余1票');
    // the same book again: one vote a day for it
    await vote(BOOKS[0]);
    await expect.poll(alert, WAIT).toBe(`今日已为“${BOOKS[0]}”投过票`);
    await page.getByRole('checkbox', { name: `选择 ${BOOKS[0]}` }).uncheck();
    await vote(BOOKS[1]);
    await expectText(page, '投票成功');
    await expect.poll(() => page.getByTestId('h5-vote-quota').textContent(), WAIT).toBe('今日剩余0票');
    // the day's votes are used up
    await vote(BOOKS[2]);
    await expect.poll(alert, WAIT).toBe('今日投票次数已用完（每天2票）');
    // no count shown while voting runs
    expect(await candidate(BOOKS[0]).textContent()).not.toContain('票');

    // a comment: waiting for review, the reader's own shown as such; approved, shown to all
    await candidate(BOOKS[0]).getByRole('button', { name: '评论（0）' }).click();
    const comments = page.getByRole('region', { name: `${BOOKS[0]} 的评论` });
    await comments.getByLabel('写评论').fill(COMMENT);
    await comments.getByRole('button', { name: /^发表评论$/ }).click();
    await expectText(page, '评论已提交，审核通过后展示');
    await comments.getByTestId('h5-comment').filter({ hasText: COMMENT }).getByText('（审核中）').waitFor();
    found.push(...(await phoneProblems(page, 'voting with comments')));
    const queue = await adminApi.get<{ items: { id: number; content: string }[] }>(`/v1/${KEY}/check/${act}/comment?status=0`);
    expect(queue.items.map((c) => c.content)).toEqual([COMMENT]);
    await adminApi.post(`/v1/${KEY}/check/${act}/comment/batchApprove`, { ids: queue.items.map((c) => c.id) });
    await page.reload();
    await candidate(BOOKS[0]).getByRole('button', { name: '评论（1）' }).click();
    const shown = page.getByRole('region', { name: `${BOOKS[0]} 的评论` }).getByTestId('h5-comment');
    await expect.poll(() => shown.textContent(), WAIT).toBe(`${READER.real_name}：${COMMENT}`);

    // the back office counts the two votes
    const results = await adminApi.get<{ rows: { title: string; votes: number }[] }>(`/v1/${KEY}/evaluation/${act}/results`);
    expect(Object.fromEntries(results.rows.map((r) => [r.title, r.votes]))).toEqual({ [BOOKS[0]]: 1, [BOOKS[1]]: 1, [BOOKS[2]]: 0 });

    // voting ends: the results are public, ranked
    await adminApi.post(`/v1/${KEY}/evaluation/${act}`, { config: { vote_end_at: Math.floor(Date.now() / 1000) - 60 } });
    await page.reload();
    await expect.poll(alert, WAIT).toBe('投票已结束');
    const ranked = page.getByRole('region', { name: '投票结果' }).getByRole('listitem');
    await expect.poll(() => ranked.allTextContents(), WAIT).toEqual([`${BOOKS[0]}：1票`, `${BOOKS[1]}：1票`, `${BOOKS[2]}：0票`]);
    await candidate(BOOKS[0]).getByText('1票', { exact: true }).waitFor();
    found.push(...(await phoneProblems(page, 'voting ended')));
    expect(await page.locator('h1').allInnerTexts()).toEqual([TITLE]);
    expect(found).toEqual([]);
  });
});
