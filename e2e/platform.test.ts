import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { rowControl, rowHas, rowOffers } from './rowControl.js';
import { NO_PERMISSION_PAGE, IS_PAUSE, PAUSE, ENABLE } from '@huodong/domain';
import {
  SUPER_ACCOUNT,
  SUPER_PASSWORD,
  api,
  browserSuite,
  expectText,
  launchBrowser,
  loginApi,
  loginViaPage,
  newPage,
  startServer,
  superToken,
  tick,
  dialogWith,
  type ApiClient,
  type Server,
} from './harness';

/**
 * The platform pages through the built app: an operator manages an organisation and its
 * administrator; the administrator signs in to their own back office only.
 */
const KEY = 'eastlib';
const NAME = '城东图书馆';
const RENAMED = '城东图书馆新馆';
const OTHER_KEY = 'westlib';
const ADMIN = { account: 'east_admin', real_name: '王馆长', password: 'East#Admin1' };

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

browserSuite('platform pages', () => {
  let server: Server;
  let browser: Browser;
  let superApi: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    superApi = api(server.url, await superToken(server.url));
    await superApi.post('/v1/organizations', { key: OTHER_KEY, name: '城西图书馆' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const orgRow = async () => {
    const list = await superApi.get<{ items: { key: string; name: string; is_pause: number }[] }>(`/v1/organizations?keyword=${KEY}`);
    return list.items.find((o) => o.key === KEY);
  };

  it('an operator creates, edits, disables and re-enables an organisation and creates its administrator; the administrator is kept to their own back office', async () => {
    const page = await newPage(browser, server.url);
    await loginViaPage(page, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await page.waitForURL('**/super/functionIndex');

    // Create
    await page.goto('/super/orgManage');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const create = await dialogWith(page, '新增机构');
    // validation from the declaration before anything is sent
    await create.getByRole('button', { name: '确定', exact: true }).click();
    await expectText(page, '请输入机构名称');
    await create.getByLabel('机构标识').fill(KEY);
    await create.getByLabel('机构名称').fill(NAME);
    await create.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, KEY).getByText(NAME, { exact: true }).waitFor();
    expect((await orgRow())?.name).toBe(NAME);

    // Edit
    await (await rowControl(page, row(page, KEY), '编辑')).click();
    const edit = await dialogWith(page, '编辑机构');
    await expect(edit.getByLabel('机构名称').inputValue()).resolves.toBe(NAME);
    await edit.getByLabel('机构名称').fill(RENAMED);
    await edit.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, KEY).getByText(RENAMED, { exact: true }).waitFor();
    expect((await orgRow())?.name).toBe(RENAMED);

    // Disable, with a confirmation naming the organisation
    await (await rowControl(page, row(page, KEY), PAUSE)).click();
    const ask = await dialogWith(page, `确定暂停机构「${RENAMED}」吗？`);
    await ask.waitFor();
    await ask.getByRole('button', { name: '确定', exact: true }).click();
    await rowOffers(page, row(page, KEY), ENABLE);
    await row(page, KEY).getByText(IS_PAUSE[1], { exact: true }).waitFor();
    expect((await orgRow())?.is_pause).toBe(1);

    // Re-enable
    await (await rowControl(page, row(page, KEY), ENABLE)).click();
    await rowOffers(page, row(page, KEY), PAUSE);
    expect((await orgRow())?.is_pause).toBe(0);

    // Its administrator, from the row's 管理员 control
    await (await rowControl(page, row(page, KEY), '管理员')).click();
    await page.waitForURL(`**/super/manage/adminManage?org=${KEY}`);
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const addAdmin = await dialogWith(page, '新增管理员');
    await addAdmin.getByLabel('账号').fill(ADMIN.account);
    await addAdmin.getByLabel('真实姓名').fill(ADMIN.real_name);
    await addAdmin.getByLabel('管理员类型').click();
    await page.getByTitle('组织管理员', { exact: true }).click();
    await addAdmin.getByLabel('密码').fill(ADMIN.password);
    await addAdmin.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, ADMIN.account).getByText(ADMIN.real_name).waitFor();
    const managers = await superApi.get<{ items: { account: string; type: string }[] }>(`/v1/org/${KEY}/managers`);
    expect(managers.items.map((m) => [m.account, m.type])).toEqual([[ADMIN.account, 'admin']]);

    // An ordinary administrator of the same organisation (made through the API)
    await superApi.post(`/v1/org/${KEY}/managers`, { account: 'east_staff', real_name: '李馆员', password: 'East#Staff1', type: 'normal' });

    // The administrator signs in to the organisation's back office
    const adminPage = await newPage(browser, server.url);
    await loginViaPage(adminPage, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await adminPage.waitForURL(`**/${KEY}/functionIndex`);
    await adminPage.goto(`/${KEY}/adminManager`);
    await row(adminPage, ADMIN.account).waitFor();
    // an organisation administrator edits ordinary administrators only
    await rowOffers(adminPage, row(adminPage, 'east_staff'), '编辑');
    expect(await rowHas(adminPage, row(adminPage, ADMIN.account), '编辑')).toBe(false);
    expect(await rowHas(adminPage, row(adminPage, ADMIN.account), '删除')).toBe(false);

    // A platform page under its own organisation: no permission, error page
    await adminPage.goto(`/${KEY}/orgManage`);
    await adminPage.waitForURL(`**/${KEY}/errorPage`);
    await expectText(adminPage, NO_PERMISSION_PAGE);

    // Another organisation's back office: signed in elsewhere, so no permission and its error page
    await adminPage.goto(`/${OTHER_KEY}/adminManager`);
    await adminPage.waitForURL(`**/${OTHER_KEY}/errorPage`);
    await expectText(adminPage, NO_PERMISSION_PAGE);
    // and its API refuses the administrator's token
    const adminToken = await loginApi(server.url, ADMIN.account, ADMIN.password, KEY);
    const refused = await api(server.url, adminToken).request('GET', `/v1/org/${OTHER_KEY}/managers`);
    expect(refused.status).toBe(403);
  });
  it('batch delete reports how many were deleted; a taken key shows on its field; authorize and permissions are saved', async () => {
    const tags = await Promise.all(['阅读', '科普', '历史'].map((name) => superApi.post<{ id: number }>('/v1/tags', { name })));
    const page = await newPage(browser, server.url);
    await loginViaPage(page, { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    await page.waitForURL('**/super/functionIndex');

    // Batch delete two of three tags
    await page.goto('/super/system/systemTag');
    await tick(row(page, '阅读').getByRole('checkbox'));
    await tick(row(page, '科普').getByRole('checkbox'));
    await page.getByRole('button', { name: '批量删除', exact: true }).click();
    const ask = await dialogWith(page, '确定删除选中的2条标签吗？');
    await ask.getByRole('button', { name: '确定', exact: true }).click();
    await expectText(page, '已删除2条标签');
    await row(page, '阅读').waitFor({ state: 'detached' });
    const left = await superApi.get<{ items: { id: number }[] }>('/v1/tags');
    expect(left.items.map((t) => t.id)).toEqual([tags[2].id]);

    // Delete one, with a confirmation naming it
    await (await rowControl(page, row(page, '历史'), '删除')).click();
    await (await dialogWith(page, '确定删除标签「历史」吗？')).getByRole('button', { name: '确定', exact: true }).click();
    await row(page, '历史').waitFor({ state: 'detached' });
    expect((await superApi.get<{ items: unknown[] }>('/v1/tags')).items).toEqual([]);

    // The server's 422 goes on the form field
    await page.goto('/super/orgManage');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const create = await dialogWith(page, '新增机构');
    await create.getByLabel('机构标识').fill(OTHER_KEY);
    await create.getByLabel('机构名称').fill('重复的机构');
    await create.getByRole('button', { name: '确定', exact: true }).click();
    await create.getByText('机构标识已存在', { exact: true }).waitFor();
    await create.getByRole('button', { name: '取消', exact: true }).click();

    // Authorize: modules and activity types
    const mod = await superApi.post<{ id: number }>('/v1/modules', { name: '阅读推广', code: 'reading' });
    await page.reload();
    await (await rowControl(page, row(page, OTHER_KEY), '授权')).click();
    const auth = await dialogWith(page, '机构授权「城西图书馆」');
    await tick(auth.getByLabel('阅读推广'));
    await tick(auth.getByLabel('问卷调查'));
    await auth.getByRole('button', { name: '确定', exact: true }).click();
    await expectText(page, '授权已保存');
    const org = (await superApi.get<{ items: { key: string; module_ids: number[]; activity_types: number[] }[] }>(`/v1/organizations?keyword=${OTHER_KEY}`)).items[0];
    expect([org.module_ids, org.activity_types]).toEqual([[mod.id], [4]]);

    // Page permissions of a super administrator
    await superApi.post('/v1/supers', { account: 'ops2', real_name: '运营二', password: 'Ops2#Pass' });
    await page.goto('/super/manage/superManage');
    // the signed-in administrator edits its own row but is offered no 暂停 or 删除 there
    const own = row(page, SUPER_ACCOUNT).filter({ hasNot: page.getByText('ops2') });
    await own.getByRole('button', { name: '编辑', exact: true }).waitFor();
    expect(await rowHas(page, own, PAUSE)).toBe(false);
    expect(await rowHas(page, own, '删除')).toBe(false);
    expect(await own.getByRole('checkbox').isDisabled()).toBe(true);
    await rowOffers(page, row(page, 'ops2'), PAUSE);
    await (await rowControl(page, row(page, 'ops2'), '权限')).click();
    const perm = await dialogWith(page, '页面权限「ops2」');
    await perm.getByText('不勾选任何页面表示可使用全部页面').waitFor();
    await tick(perm.getByLabel('机构管理', { exact: true }));
    await perm.getByRole('button', { name: '确定', exact: true }).click();
    await expectText(page, '权限已保存');
    const supers = await superApi.get<{ items: { account: string; permissions: string[] }[] }>('/v1/supers?keyword=ops2');
    expect(supers.items[0].permissions).toEqual(['orgManage']);
  });
});
