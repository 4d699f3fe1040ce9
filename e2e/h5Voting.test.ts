import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { png } from './png';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInPage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';
import { rowControl } from './rowControl';

/**
 * Voting and comments in the reader app (issue 27) on a phone (390 × 844). Set up through the API:
 * an organisation authorised for 投票 (type 2), a vote of three books (two votes a day, one a day
 * for the same book, counts hidden until the end, comments reviewed before they show); a signed-in
 * reader. The reader votes for one book, is refused a second vote for it and then the day's third
 * vote in the server's words, comments on a book (waiting for review, then shown once approved),
 * and sees the ranked results once voting has ended. The back office's results count the votes.
 * Then the reader likes, answers and reports another reader's comment (likes, the reply and the
 * report counted in the back office's comment list), and signs a book up as a candidate (报名参选,
 * waiting in the back office's candidates).
 */
const KEY = 'h5vote';
const ADMIN = { account: 'h5v_admin', real_name: '冯馆长', password: 'H5v#Admin123' };
const READER = { account: 'R7200001', real_name: '读者丁', first: 'First#Pass1', password: 'Reader#2026' };
const TITLE = '最受欢迎童书投票';
const BOOKS = ['《草房子》', '《城南旧事》', '《小王子》'] as const;
const COMMENT = '小时候读过三遍，每次都哭。';
/** Another reader's comment (made through the reader API) that the reader likes, answers and reports. */
const OTHER = { account: 'R7200002', real_name: '读者戊', first: 'First#Pass1', password: 'Reader#2026' };
const THEIRS = '英子的眼睛里有整个北京城。';
const REPLY = '同感，尤其是《爸爸的花儿落了》。';
const SIGNED_UP = '《夏洛的网》';
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
        config: { captcha: 'off', min_interval_sec: 0, votes_per_day: 2, per_source_per_day: 1, max_select: 1, show_counts: 'hidden_until_end', source_signup: 1, comments: { moderation: 'pre', min_interval_sec: 0 } },
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
    const shown = page.getByRole('region', { name: `${BOOKS[0]} 的评论` }).getByTestId('h5-comment').locator('p').first();
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

  interface AdminComment {
    id: number;
    content: string;
    parent_id: number | null;
    status: number;
    like_count: number;
    report_count: number;
  }
  const adminComments = async () => (await adminApi.get<{ items: AdminComment[] }>(`/v1/${KEY}/check/${act}/comment?page_size=100`)).items;

  it('likes, answers and reports another reader\'s comment; the back office counts them', { timeout: 120_000 }, async () => {
    // another reader's comment, approved (made through the reader API)
    const other = await signedInReaderApi(server.url, adminApi, KEY, OTHER);
    const sources = await other.get<{ items: { id: number; title: string }[] }>(`/v1/${KEY}/client/activities/${act}/sources`);
    const book = sources.items.find((x) => x.title === BOOKS[1])!;
    const made = await other.post<{ id: number }>(`/v1/${KEY}/client/activities/${act}/comments`, { request_id: 'h5vote-other-1', source_id: book.id, parent_id: null, content: THEIRS, images: [] });
    await adminApi.post(`/v1/${KEY}/check/${act}/comment/batchApprove`, { ids: [made.id] });

    await page.goto(`/${KEY}/h5/activities/${act}/vote`);
    await candidate(BOOKS[1]).getByRole('button', { name: '评论（1）' }).click();
    const comments = page.getByRole('region', { name: `${BOOKS[1]} 的评论` });
    const theirs = comments.getByTestId('h5-comment').filter({ hasText: THEIRS });
    const actions = theirs.getByRole('group', { name: `${OTHER.real_name}的评论操作` }).first();

    // 赞: once (a liked comment's button is pressed)
    await actions.getByRole('button', { name: `赞 0 ${OTHER.real_name}的评论` }).click();
    await actions.getByRole('button', { name: `已赞 1 ${OTHER.real_name}的评论`, pressed: true }).waitFor();
    expect((await adminComments()).find((c) => c.id === made.id)).toMatchObject({ like_count: 1 });

    // 回复: waits for review (moderation pre), answered under the comment
    await actions.getByRole('button', { name: `回复 ${OTHER.real_name}的评论` }).click();
    const reply = theirs.getByRole('form', { name: `回复 ${OTHER.real_name}的评论` });
    await reply.getByLabel(`回复${OTHER.real_name}`).fill(REPLY);
    await reply.getByRole('button', { name: /^发表回复$/ }).click();
    await theirs.getByText('评论已提交，审核通过后展示').waitFor();
    const replies = theirs.getByRole('list', { name: `回复${OTHER.real_name}的评论` });
    await expect.poll(() => replies.getByTestId('h5-reply').locator('p').first().textContent(), WAIT).toBe(`${READER.real_name} 回复${OTHER.real_name}：${REPLY}（审核中）`);
    expect((await adminComments()).find((c) => c.content === REPLY)).toMatchObject({ parent_id: made.id, status: 0 });

    // 举报: a reason is asked first (the page's own words), then the report counts once
    await actions.getByRole('button', { name: `举报 ${OTHER.real_name}的评论` }).click();
    const report = theirs.getByRole('form', { name: `举报 ${OTHER.real_name}的评论` });
    await report.getByRole('button', { name: /^提交举报$/ }).click();
    await expect.poll(() => report.getByRole('alert').textContent(), WAIT).toBe('请选择举报原因');
    await report.getByLabel('举报原因').selectOption('人身攻击');
    await report.getByLabel('补充说明（选填）').fill('评论里有对作者的嘲讽');
    expect(await phoneProblems(page, 'voting comment report')).toEqual([]);
    await report.getByRole('button', { name: /^提交举报$/ }).click();
    await theirs.getByText('举报已提交，感谢你的反馈').waitFor();
    expect((await adminComments()).find((c) => c.id === made.id)).toMatchObject({ report_count: 1 });
    // the back office's 评论管理: the report's reader, reason and note under 举报详情
    const office = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await office.goto(`/${KEY}/adminAct/adminEvaComment?actID=${act}`);
    const reported = office.getByRole('row').filter({ hasText: THEIRS });
    await reported.waitFor();
    await (await rowControl(office, reported, '举报详情')).click();
    const details = await dialogWith(office, '举报详情');
    const detail = details.getByRole('row').filter({ hasText: READER.real_name });
    await detail.waitFor();
    expect(await detail.innerText()).toContain('人身攻击：评论里有对作者的嘲讽');
    expect(await details.getByRole('row').count()).toBe(2);
    // an unreported comment offers none
    const plain = office.getByRole('row').filter({ hasText: REPLY });
    await plain.waitFor();
    expect(await plain.getByRole('button', { name: '举报详情' }).count()).toBe(0);
    await office.close();
    // the reader's own comment offers no 举报
    await candidate(BOOKS[0]).getByRole('button', { name: /^评论/ }).click();
    const own = page.getByRole('region', { name: `${BOOKS[0]} 的评论` }).getByTestId('h5-comment').filter({ hasText: COMMENT });
    await own.getByRole('button', { name: `回复 ${READER.real_name}的评论` }).waitFor();
    expect(await own.getByRole('button', { name: `举报 ${READER.real_name}的评论` }).count()).toBe(0);
  });

  it('signs a book up as a candidate (报名参选); the back office has it waiting for review', { timeout: 120_000 }, async () => {
    await page.goto(`/${KEY}/h5/activities/${act}/vote`);
    const signUp = page.getByRole('region', { name: '报名参选' });
    await signUp.getByRole('button', { name: '报名参选' }).click();
    const form = signUp.getByRole('form', { name: '报名参选' });
    // without a name: the server's refusal names the field
    await form.getByRole('button', { name: /^提交报名$/ }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toContain('名称');
    await form.getByLabel('参选名称').fill(SIGNED_UP);
    await form.getByLabel('简介').fill('一只蜘蛛和一头小猪的友谊。');
    await form.getByLabel('封面图片').setInputFiles({ name: '夏洛.png', mimeType: 'image/png', buffer: png([90, 140, 60]) });
    await form.getByText('夏洛.png').waitFor();
    expect(await phoneProblems(page, 'voting sign-up')).toEqual([]);
    await form.getByRole('button', { name: /^提交报名$/ }).click();
    await signUp.getByText('报名已提交，审核通过后展示').waitFor();
    await expect.poll(() => signUp.getByTestId('h5-my-signup').textContent(), WAIT).toBe(`${SIGNED_UP}：待审核`);
    // one sign-up a reader: no second form offered while it waits
    expect(await signUp.getByRole('button', { name: '报名参选' }).count()).toBe(0);
    const listed = await adminApi.get<{ items: { title: string; author: string; origin: string; status: number; cover: string }[] }>(`/v1/${KEY}/evaluation/${act}/source?page_size=100`);
    const made = listed.items.find((x) => x.title === SIGNED_UP);
    expect(made).toMatchObject({ author: READER.real_name, origin: 'reader', status: 0 });
    // the cover is the picture the reader uploaded
    expect(made?.cover).toMatch(/^\/v1\/files\//);
  });
});
