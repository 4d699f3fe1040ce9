import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserSuite, launchBrowser, loginViaPage, newPage, startServer, superToken, type ApiClient, type Server, signedInReaderApi } from './harness';
import { rowControl } from './rowControl';

/**
 * Row actions by the row's state, and tables that show what matters (issue 20, items 3, 5, 8), at
 * 1440×900. Set up through the API: an organisation with works (type 1) and contests (type 3);
 * a works activity without moderation whose two works are approved on submission, one of which
 * an expert then scores and whose published results award it (一等奖); a second works activity
 * with pre moderation and a work waiting; a contest with a short answer waiting for its marks.
 * Then on 原创作品 the awarded work offers 驳回 disabled with 作品已获奖，不能驳回 as its tooltip, the
 * approved one offers no 通过, and the 状态 cell is not under the fixed 操作 column; an activity
 * row shows at most three controls and 更多; 作品审核 lists the waiting works and no contest, its
 * 审核方式 as 先审后发.
 */
const KEY = 'rowlib';
const ADMIN = { account: 'row_admin', real_name: '许馆长', password: 'Row#Admin123' };
const EXPERT = { name: '周评审', unit: '市作协', account: 'row_expert', password: 'Expert#Pass1' };
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const TEXT_TYPE = { id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 };
const AWARDED = '获奖的征文';
const APPROVED = '通过的征文';
const WAITING = '待审的征文';
const CONTEST = '读书知识竞赛';

/** The table row whose cells include exactly `text`. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
/** The buttons of a row's 操作 cell (its last cell). */
const controlsOf = (r: Locator) => r.getByRole('cell').last().getByRole('button');

browserSuite('row actions by state, 更多, content-sized columns, the review queues', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let worksAct: number;
  let queuedAct: number;
  let contestAct: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城南图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [1, 3] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    adminApi = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token);
    const now = Math.floor(Date.now() / 1000);

    const worksActivity = async (title: string, moderation: string) => {
      const id = (await adminApi.post<{ id: number }>(`/v1/${KEY}/original`, { title, start_at: now - DAY, end_at: now + 30 * DAY })).id;
      await adminApi.put(`/v1/${KEY}/original/work/config?act=${id}`, {
        creation_types: [TEXT_TYPE],
        author_fields: { real_name: 'required', unit: 'optional', phone: 'optional' },
        award_quota: { 一等奖: 1 },
        moderation,
        per_user_max_works: 2,
      });
      await adminApi.post(`/v1/${KEY}/original/${id}/publish`);
      return id;
    };
    worksAct = await worksActivity('“书香校园”征文', 'none');
    queuedAct = await worksActivity('“我的家乡”征文', 'pre');

    // One reader, whose first password is changed at the first sign-in
    const reader = await signedInReaderApi(server.url, adminApi, KEY, { account: 'R50000001', real_name: '顾小禾', first: READER_FIRST, password: READER_PASSWORD });
    const submit = (act: number, title: string) =>
      reader.post<{ id: number; status: string }>(`/v1/${KEY}/client/activities/${act}/works`, {
        request_id: randomUUID(),
        creation_type_id: 1,
        title,
        content: `${title}：读书使人明智，读史使人明智。`,
        pledge: true,
        author: { real_name: '顾小禾', unit: '实验小学' },
      });
    const awarded = await submit(worksAct, AWARDED);
    expect((await submit(worksAct, APPROVED)).status).toBe('approved');
    expect((await submit(queuedAct, WAITING)).status).toBe('submitted');

    // The awarded work: an expert scores it, the results are published (一等奖)
    await adminApi.post(`/v1/${KEY}/expert`, { ...EXPERT, specialties: ['征文'] });
    const expertAct = (
      await adminApi.post<{ id: number }>(`/v1/${KEY}/expert/act`, { title: '征文初评', act_id: worksAct, start_at: now - 60, end_at: now + DAY, reviewers_per_work: 1, rubric: [{ name: '主题', weight: 100 }] })
    ).id;
    await adminApi.post(`/v1/${KEY}/expert/act/${expertAct}/works`, { work_ids: [awarded.id] });
    await adminApi.post(`/v1/${KEY}/expert/act/${expertAct}/autoAssign`);
    const expertApi = api(server.url, (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/client/expert/login`, { account: EXPERT.account, password: EXPERT.password, key: '', code: '' })).access_token);
    const assignments = await expertApi.get<{ id: number }[] | { items: { id: number }[] }>(`/v1/${KEY}/client/expert/assignments`);
    const [assignment] = Array.isArray(assignments) ? assignments : assignments.items;
    await expertApi.put(`/v1/${KEY}/client/expert/assignments/${assignment.id}/review`, { scores: { 主题: 9 }, comment: '立意清楚。' });
    await adminApi.post(`/v1/${KEY}/expert/act/${expertAct}/publish`, {});
    const listed = await adminApi.get<{ items: { title: string; status: string }[] }>(`/v1/${KEY}/original/${worksAct}/work?page_size=10`);
    expect(Object.fromEntries(listed.items.map((w) => [w.title, w.status]))).toEqual({ [AWARDED]: 'awarded', [APPROVED]: 'approved' });

    // A contest whose one short answer waits for its marks
    contestAct = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contest`, { title: CONTEST, start_at: now - DAY, end_at: now + DAY, config: { contest_type: 1, shuffle_questions: 0 } })).id;
    const question = (await adminApi.post<{ id: number }>(`/v1/${KEY}/contest/${contestAct}/question`, { type: 5, stem: '谈谈你最喜欢的一本书', answer: '言之有理即可', score: 10 })).id;
    await adminApi.post(`/v1/${KEY}/contest/${contestAct}/publish`);
    const attempt = (await reader.post<{ id: number }>(`/v1/${KEY}/client/activities/${contestAct}/attempts`, { request_id: randomUUID() })).id;
    await reader.put(`/v1/${KEY}/client/attempts/${attempt}/answers`, { request_id: randomUUID(), items: [{ question_id: question, answer: '《城南旧事》' }] });
    await reader.post(`/v1/${KEY}/client/attempts/${attempt}/submit`, { request_id: randomUUID() });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedIn = async (path: string): Promise<Page> => {
    const page = await newPage(browser, server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginViaPage(page, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.waitForURL((u) => !u.pathname.endsWith('/login'));
    await page.goto(`/${KEY}/${path}`);
    return page;
  };

  it('原创作品: 驳回 on the awarded work is disabled with the reason, the approved work offers no 通过, 状态 is not under 操作', { timeout: 120_000 }, async () => {
    const page = await signedIn(`adminAct/adminOriWork?actID=${worksAct}`);
    const awarded = row(page, AWARDED);
    await awarded.waitFor();
    const reject = controlsOf(awarded).filter({ hasText: '驳回' });
    await expect.poll(() => reject.isDisabled()).toBe(true);
    // the reason as its tooltip on hover
    const tip = page.getByRole('tooltip').filter({ hasText: '作品已获奖，不能驳回' });
    await expect
      .poll(async () => {
        // The tooltip opens after its enter delay: hover, then give it a second before trying again
        // (moving away at once would close what the last hover opened).
        if (await tip.isVisible()) return true;
        await page.mouse.move(0, 0);
        await reject.hover();
        return tip.waitFor({ state: 'visible', timeout: 1_000 }).then(() => true, () => false);
      }, { timeout: 15_000 })
      .toBe(true);

    const approved = row(page, APPROVED);
    const labels = await controlsOf(approved).allInnerTexts();
    expect(labels.map((l) => l.replace(/\s/g, ''))).not.toContain('通过');
    expect(labels.map((l) => l.replace(/\s/g, ''))).toContain('驳回');
    // nor under 更多
    if (labels.some((l) => l.includes('更多'))) {
      await controlsOf(approved).filter({ hasText: '更多' }).click();
      const more = page.getByTestId('row-more').last();
      await more.waitFor();
      expect(await more.getByRole('button', { name: '通过', exact: true }).count()).toBe(0);
      await page.keyboard.press('Escape');
    }

    // 状态 reads whole, left of the fixed 操作 column
    const status = awarded.getByRole('cell', { name: '已获奖', exact: true });
    const actions = awarded.getByRole('cell').last();
    const [s, a] = [await status.boundingBox(), await actions.boundingBox()];
    expect(s && a).toBeTruthy();
    expect(s!.x + s!.width).toBeLessThanOrEqual(a!.x + 0.5);
    expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.context().close();
  });

  it('an activity row shows at most three controls and 更多 with the rest; a wide table says it scrolls sideways', { timeout: 60_000 }, async () => {
    const page = await signedIn('adminAct/adminOri');
    const activity = row(page, '“书香校园”征文');
    await activity.waitFor();
    const texts = (await controlsOf(activity).allInnerTexts()).map((l) => l.replace(/\s/g, ''));
    expect(texts.at(-1)).toBe('更多');
    expect(texts.length).toBeLessThanOrEqual(4);
    // 更多's menu loads on first use: rowControl clicks again until it opens (a first click before
    // the menu's code arrived was lost on a busy machine); 删除 must then be under 更多, not in the row.
    await rowControl(page, activity, '删除');
    const more = page.getByTestId('row-more').filter({ visible: true });
    // 删除 and the activity's pages are there, under 更多
    await more.getByRole('button', { name: /^删\s?除$/ }).waitFor();
    expect(await more.getByRole('button').count()).toBeGreaterThan(2);
    await page.keyboard.press('Escape');
    // the activity list is wider than the page at 1440: the hint says so; 结束时间 is not under the fixed 操作 column
    await page.getByTestId('side-scroll-hint').waitFor();
    const [end, ops] = [await page.getByRole('columnheader', { name: '结束时间' }).boundingBox(), await page.getByRole('columnheader', { name: '操作', exact: true }).boundingBox()];
    expect(end!.x + end!.width).toBeLessThanOrEqual(ops!.x + 0.5);
    await page.context().close();
  });

  it('作品审核 lists the works waiting with 审核方式 by its label, and no contest', { timeout: 60_000 }, async () => {
    const page = await signedIn('adminCheck/adminCheckAct');
    const queue = page.getByTestId('check-activities');
    const waiting = row(page, '“我的家乡”征文');
    await waiting.waitFor();
    await waiting.getByRole('cell', { name: '先审后发', exact: true }).waitFor();
    expect(await queue.getByText(CONTEST).count()).toBe(0);
    expect(await queue.getByRole('cell', { name: 'manual', exact: true }).count()).toBe(0);
    // …where 竞赛审核 lists the contest
    await page.goto(`/${KEY}/adminCheck/adminCheckContest`);
    await page.getByTestId('check-contests').getByRole('cell', { name: CONTEST, exact: true }).waitFor();
    expect(await page.getByTestId('check-contests').getByText('“我的家乡”征文').count()).toBe(0);
    await page.context().close();
  });
});
