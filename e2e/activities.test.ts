import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api, browserSuite, dialogWith, expectText, fillPicker, launchBrowser, loginViaPage, newPage, pickerText, startServer, superToken, tick, type ApiClient, type Server, signedInPage } from './harness';
import { rowControl, rowOffers } from './rowControl';

/**
 * Activities (issue 11), third party end to end in the browser: an organisation administrator
 * creates a third-party activity, publishes, pauses and re-enables it, copies it, ends and reopens
 * it, puts it in an activity group through the group's picker; a reader launches it and its
 * figures page counts the launch; the public figures page shows it without signing in. Each
 * step is checked through the API as well. The platform's list and the blacklist page render.
 */
const KEY = 'actlib';
const ADMIN = { account: 'act_admin', real_name: '周馆长', password: 'Act#Admin12' };
const READER = { account: 'R20250001', first: 'First#Pass1', password: 'Reader#2025' };
const TITLE = '城市定向阅读挑战';
const COPY = `${TITLE}（副本）`;
const GROUP = '春季阅读月';
const LINK = 'https://partner.example.com/act/42';
const DAY = 24 * 3600;

/** The row whose 活动名称 cell is exactly `title` (the copy's title contains the original's). */
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** Pick an option of an open searchable select by typing it and pressing Enter (the first match is active). */
async function pick(page: Page, label: string): Promise<void> {
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

interface Activity {
  id: number;
  title: string;
  is_tmp: number;
  is_pause: number;
  is_rec: number;
  state: number | null;
  act_state: number;
  start_at: number;
  end_at: number;
  config: { link: string; callback_secret: string };
}

browserSuite('activities: third party end to end, groups, the public figures', () => {
  let server: Server;
  let browser: Browser;
  let superApi: ApiClient;
  let adminApi: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城南图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [7] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const activities = async () => (await adminApi.get<{ items: Activity[] }>(`/v1/${KEY}/third?page_size=100`)).items;
  const one = async (title: string) => {
    const found = (await activities()).find((a) => a.title === title);
    if (!found) throw new Error(`no activity ${title}`);
    return found;
  };

  it('an administrator creates, publishes, pauses, copies, ends and groups a third-party activity; a reader launches it and the figures count it', { timeout: 240_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // The page (活动管理 → 第三方活动): the declared list with its filters
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await page.getByTestId('resource-third').waitFor();
    await page.getByLabel('活动状态', { exact: true }).waitFor();
    await page.getByLabel('发布状态', { exact: true }).waitFor();

    // 新增: title, times through the pickers, the partner's https link
    const now = Math.floor(Date.now() / 1000);
    await button(page, '新增').click();
    const create = await dialogWith(page, '新增第三方活动');
    await create.getByLabel('活动名称', { exact: true }).fill(TITLE);
    await fillPicker(page, create.getByLabel('开始时间', { exact: true }), pickerText(now - DAY));
    await fillPicker(page, create.getByLabel('结束时间', { exact: true }), pickerText(now + 30 * DAY));
    await create.getByLabel('活动链接', { exact: true }).fill(LINK);
    await create.getByLabel('合作方', { exact: true }).fill('城市书房联盟');
    await button(create, '确定').click();
    await row(page, TITLE).waitFor();
    await create.waitFor({ state: 'hidden' });

    // A draft, in progress by its times
    await row(page, TITLE).getByText('草稿', { exact: true }).waitFor();
    await row(page, TITLE).getByText('进行中', { exact: true }).waitFor();
    let act = await one(TITLE);
    expect(act).toMatchObject({ is_tmp: 1, is_pause: 0, act_state: 2, config: { link: LINK } });
    expect(Math.abs(act.start_at - (now - DAY))).toBeLessThan(2);
    expect(Math.abs(act.end_at - (now + 30 * DAY))).toBeLessThan(2);
    expect(act.config.callback_secret).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    // 发布 → 已发布, the button becomes 撤回
    await (await rowControl(page, row(page, TITLE), '发布')).click();
    await expectText(page, `已发布第三方活动「${TITLE}」`);
    await row(page, TITLE).getByText('已发布', { exact: true }).waitFor();
    await rowOffers(page, row(page, TITLE), '撤回');
    expect((await one(TITLE)).is_tmp).toBe(0);

    // 暂停 (confirmed) → 已暂停, then 启用
    await (await rowControl(page, row(page, TITLE), '暂停')).click();
    const pause = await dialogWith(page, `确定暂停第三方活动「${TITLE}」吗？`);
    await button(pause, '确定').click();
    await row(page, TITLE).getByText('已暂停', { exact: true }).waitFor();
    expect((await one(TITLE)).is_pause).toBe(1);
    await (await rowControl(page, row(page, TITLE), '启用')).click();
    await rowOffers(page, row(page, TITLE), '暂停');
    await row(page, TITLE).getByText('正常', { exact: true }).waitFor();
    expect((await one(TITLE)).is_pause).toBe(0);

    // 推荐 → 已推荐 with its time, then 取消推荐
    await (await rowControl(page, row(page, TITLE), '推荐')).click();
    await rowOffers(page, row(page, TITLE), '取消推荐');
    await row(page, TITLE).getByText('已推荐', { exact: true }).waitFor();
    expect((await one(TITLE)).is_rec).toBe(1);
    await (await rowControl(page, row(page, TITLE), '取消推荐')).click();
    await rowOffers(page, row(page, TITLE), '推荐');
    expect((await one(TITLE)).is_rec).toBe(0);

    // 复制 (confirmed) → a new draft titled …（副本）
    await (await rowControl(page, row(page, TITLE), '复制')).click();
    const copy = await dialogWith(page, '复制为一个新的草稿活动？');
    await button(copy, '确定').click();
    await expectText(page, '复制成功');
    await row(page, COPY).getByText('草稿', { exact: true }).waitFor();
    const copied = await one(COPY);
    expect(copied).toMatchObject({ is_tmp: 1, is_pause: 0, config: { link: LINK } });
    expect(copied.id).not.toBe(act.id);
    expect(copied.config.callback_secret).not.toBe(act.config.callback_secret);

    // 结束 (confirmed) → 已结束, then 重新开放 → 进行中 again
    await (await rowControl(page, row(page, TITLE), '结束')).click();
    const end = await dialogWith(page, `确定结束第三方活动「${TITLE}」吗？`);
    await button(end, '确定').click();
    await row(page, TITLE).getByText('已结束', { exact: true }).waitFor();
    act = await one(TITLE);
    expect([act.state, act.act_state]).toEqual([3, 3]);
    await (await rowControl(page, row(page, TITLE), '重新开放')).click();
    await row(page, TITLE).getByText('进行中', { exact: true }).waitFor();
    expect((await one(TITLE)).act_state).toBe(2);

    // An activity group, and the activity added through the group's picker
    await page.goto(`/${KEY}/adminActGroup`);
    await page.getByTestId('resource-activityGroups').waitFor();
    await button(page, '新增').click();
    const group = await dialogWith(page, '新增活动分类');
    await group.getByLabel('分类名称', { exact: true }).fill(GROUP);
    await button(group, '确定').click();
    await row(page, GROUP).waitFor();
    const [saved] = (await adminApi.get<{ items: { id: number; name: string }[] }>(`/v1/${KEY}/actcate`)).items;
    expect(saved.name).toBe(GROUP);
    await button(row(page, GROUP), '分类活动').click();
    await page.waitForURL(`**/${KEY}/adminActGroupList?groupID=${saved.id}`);
    await page.getByTestId('parent-title').filter({ hasText: `活动分类：${GROUP}` }).waitFor();
    await button(page, '新增').click();
    const add = await dialogWith(page, '新增分类活动');
    await add.getByLabel('活动', { exact: true }).click();
    await pick(page, COPY);
    await button(add, '确定').click();
    await row(page, COPY).waitFor();
    const members = await adminApi.get<{ items: { act_id: number; title: string }[] }>(`/v1/${KEY}/actcate/${saved.id}/acts`);
    expect(members.items.map((m) => [m.act_id, m.title])).toEqual([[copied.id, COPY]]);

    // A reader: first password from the administrator, changed at the first sign-in, then a launch
    await adminApi.post(`/v1/${KEY}/readers`, { account: READER.account, password: READER.first, real_name: '陈读者' });
    const first = await api(server.url).post<{ access_token: string; must_change_password: boolean }>(`/v1/${KEY}/client/login`, { account: READER.account, password: READER.first, key: '', code: '' });
    expect(first.must_change_password).toBe(true);
    const readerApi = api(server.url, first.access_token);
    await readerApi.put(`/v1/${KEY}/client/me/password`, { old_password: READER.first, password: READER.password });
    const launch = await readerApi.post<{ url: string }>(`/v1/${KEY}/client/activities/${act.id}/launch`, { request_id: randomUUID() });
    expect(launch.url.startsWith(LINK)).toBe(true);
    // the draft copy is not open to readers
    expect((await readerApi.request('POST', `/v1/${KEY}/client/activities/${copied.id}/launch`, { request_id: randomUUID() })).status).toBe(404);

    // 统计 from the row: the figures page counts the launch
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await (await rowControl(page, row(page, TITLE), '统计')).click();
    await page.waitForURL(`**/${KEY}/adminCount/adminActCount/thirdPartyCount?actID=${act.id}`);
    await page.getByTestId('count-title').filter({ hasText: `第三方活动统计：${TITLE}` }).waitFor();
    const launches = page.getByTestId('total-launches');
    await launches.getByText('启动次数').waitFor();
    expect((await launches.innerText()).replace(/\s+/g, ' ')).toContain('启动次数 1');
    expect((await page.getByTestId('total-joins').innerText()).replace(/\s+/g, ' ')).toContain('参与人数 1');
    await page.getByRole('img', { name: `每日参与趋势：${TITLE}` }).waitFor();
    const counted = await adminApi.get<{ totals: { launches: number; readers: number; joins: number } }>(`/v1/${KEY}/third/${act.id}/count`);
    expect(counted.totals).toMatchObject({ launches: 1, readers: 1, joins: 1 });
    // one day in the table, with its launch
    const today = page.getByRole('row').filter({ hasText: /^\s*\d{4}-\d{2}-\d{2}/ });
    await expect.poll(() => today.count()).toBe(1);
    await page.getByRole('button', { name: '返回第三方活动' }).click();
    await page.waitForURL(`**/${KEY}/adminAct/adminThirdParty`);
    await row(page, TITLE).waitFor();
  });

  it('filters by 活动状态 and 发布状态: a reopened activity is in progress, not finished', async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await row(page, COPY).waitFor();
    const search = button(page, '查询').or(button(page, '查 询')).first();
    const reset = button(page, '重置').or(button(page, '重 置')).first();
    const filterBy = async (label: string, option: string) => {
      await reset.click();
      await page.getByLabel(label, { exact: true }).click();
      await pick(page, option);
      await search.click();
    };

    // 草稿: the copy only
    await filterBy('发布状态', '草稿');
    await row(page, TITLE).waitFor({ state: 'detached' });
    await row(page, COPY).waitFor();
    // 进行中: both (the original was ended and reopened, the copy never had a state)
    await filterBy('活动状态', '进行中');
    await row(page, TITLE).waitFor();
    await row(page, COPY).waitFor();
    // 已结束: neither
    expect((await adminApi.get<{ items: Activity[] }>(`/v1/${KEY}/third?act_state=3`)).items.map((a) => a.title)).toEqual([]);
    await filterBy('活动状态', '已结束');
    await row(page, COPY).waitFor({ state: 'detached' });
    await row(page, TITLE).waitFor({ state: 'detached' });
  });

  it('the other declared pages of the issue render: the platform list (super) and the blacklist', async () => {
    const page = await newPage(browser, server.url);
    await loginViaPage(page, { account: 'admin', password: 'E2e#Super123' });
    await page.waitForURL('**/super/functionIndex');
    await page.goto('/super/actManage');
    await page.getByTestId('resource-platformActivities').waitFor();
    await row(page, TITLE).filter({ hasText: '城南图书馆' }).waitFor();
    // read-only: no 新增, 编辑 or 删除; its toggles are there
    expect(await button(page, '新增').count()).toBe(0);
    await rowOffers(page, row(page, TITLE), '推荐');
    expect(await button(row(page, TITLE), '编辑').count()).toBe(0);

    const org = await newPage(browser, server.url);
    await loginViaPage(org, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await org.waitForURL(`**/${KEY}/functionIndex`);
    await org.goto(`/${KEY}/adminBlacklist/adminDisabledlist`);
    await org.getByTestId('resource-blacklists').waitFor();
    await button(org, '新增').waitFor();
    await org.getByLabel('原因类别', { exact: true }).waitFor();
  });

  it('the public figures page shows a published activity without signing in', async () => {
    const act = await one(TITLE);
    const open = await api(server.url).get<{ title: string; join_num: number }>(`/v1/${KEY}/activity/${act.id}/public`);
    expect(open).toMatchObject({ title: TITLE, join_num: 1 });
    const page = await newPage(browser, server.url);
    await page.goto(`/${KEY}/alter/viewCount?actID=${act.id}`);
    const card = page.getByTestId('view-count');
    await card.getByRole('heading', { name: TITLE }).waitFor();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain(`参与人数 1`);
    await card.getByText('进行中', { exact: true }).waitFor();
    expect(page.url()).toContain('/alter/viewCount');

    // a draft is not public
    await page.goto(`/${KEY}/alter/viewCount?actID=${(await one(COPY)).id}`);
    await page.getByTestId('view-count-missing').waitFor();
  });

  it('详情 from the list opens the activity: its settings with 编辑, the reader who took part, the figures chart', { timeout: 120_000 }, async () => {
    const act = await one(TITLE);
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await (await rowControl(page, row(page, TITLE), '详情')).click();
    await page.waitForURL(`**/${KEY}/adminAct/adminActDetail?actID=${act.id}`);
    await page.getByTestId('detail-title').filter({ hasText: `第三方活动：${TITLE}` }).waitFor();

    // 设置: the type's fields as they are saved; 编辑 opens the type's own form and the view follows
    const settings = page.getByTestId('activity-settings');
    await settings.getByText(LINK, { exact: true }).waitFor();
    await settings.getByText('城市书房联盟', { exact: true }).waitFor();
    await button(settings, '编辑').or(button(settings, '编 辑')).click();
    const edit = await dialogWith(page, '编辑第三方活动');
    await edit.getByLabel('合作方', { exact: true }).fill('城市书房联盟二期');
    await button(edit, '确定').or(button(edit, '确 定')).click();
    await edit.waitFor({ state: 'hidden' });
    await settings.getByText('城市书房联盟二期', { exact: true }).waitFor();
    expect((await one(TITLE)).config).toMatchObject({ link: LINK, partner_name: '城市书房联盟二期' });

    // 参与者: the reader who launched it, with the name they had when joining, and its export
    await page.getByRole('tab', { name: '参与者' }).click();
    await page.waitForURL(/tab=participants/);
    const participants = page.getByTestId('resource-activityParticipants');
    await row(page, READER.account).getByText('陈读者', { exact: true }).waitFor();
    await row(page, READER.account).getByText('已参与', { exact: true }).waitFor();
    await participants.getByRole('button', { name: '导出参与者名单' }).waitFor();
    const listed = await adminApi.get<{ items: { account: string; real_name: string }[] }>(`/v1/${KEY}/activity/${act.id}/participants`);
    expect(listed.items.map((p) => [p.account, p.real_name])).toEqual([[READER.account, '陈读者']]);

    // 统计: the cards and the chart of joins per day
    await page.getByRole('tab', { name: '统计' }).click();
    await page.getByRole('img', { name: `每日参与趋势：${TITLE}` }).waitFor();
    expect((await page.getByTestId('total-joins').innerText()).replace(/\s+/g, ' ')).toContain('参与人数 1');
    expect((await page.getByTestId('total-today').innerText()).replace(/\s+/g, ' ')).toContain('今日参与 1');
    // and back to the list
    await page.getByRole('button', { name: '返回第三方活动' }).click();
    await page.waitForURL(`**/${KEY}/adminAct/adminThirdParty`);
  });

  it('批量删除 removes the copy, also from its group', async () => {
    const copy = await one(COPY);
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminAct/adminThirdParty`);
    await tick(row(page, COPY).getByRole('checkbox'));
    await button(page, '批量删除').click();
    const ask = await dialogWith(page, '确定删除选中的1条第三方活动吗？');
    await button(ask, '确定').click();
    await expectText(page, '已删除1条第三方活动');
    await row(page, COPY).waitFor({ state: 'detached' });
    await row(page, TITLE).waitFor();
    expect((await activities()).map((a) => a.id)).not.toContain(copy.id);
    const [group] = (await adminApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/actcate`)).items;
    expect((await adminApi.get<{ items: unknown[] }>(`/v1/${KEY}/actcate/${group.id}/acts`)).items).toEqual([]);
  });
});
