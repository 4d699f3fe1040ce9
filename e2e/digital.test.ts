import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { AUDIO_ARTIST } from '@huodong/domain';
import { rowControl } from './rowControl';
import { browserSuite, dialogWith, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage } from './harness';

/**
 * Pages made from declarations alone that the carousel does not show: a sub-resource page (a
 * digital group's resources, reached from the group's row, with the parent's title and a way
 * back), a set filter (资源类型 in several kinds), an audiobook's file previewed as an audio with its
 * title and author (spec §9 defaults), and the region cascader of offline addresses.
 */
const KEY = 'diglib';
const ADMIN = { account: 'dig_admin', real_name: '许馆长', password: 'Dig#Admin12' };

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Pick an option of an open searchable select by typing it and pressing Enter (the first match is active). */
async function pick(page: Page, label: string): Promise<void> {
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
}

browserSuite('declared pages: sub-resources, set filters, regions', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城西图书馆', types: [] }, ADMIN);
    for (const [title, kind] of [['论语译注', 1], ['边城（有声书）', 2], ['读者（期刊）', 4]] as const) {
      await adminApi.post(`/v1/${KEY}/digitalresource`, { title, kind });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('filters digital resources by several kinds at once', async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/digitalResources/adminDigital`);
    await row(page, '读者（期刊）').waitFor();
    const kinds = page.getByLabel('资源类型', { exact: true });
    await kinds.click();
    await pick(page, '电子书');
    await pick(page, '有声书');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '查 询' }).or(page.getByRole('button', { name: '查询' })).first().click();
    await row(page, '读者（期刊）').waitFor({ state: 'detached' });
    await row(page, '论语译注').waitFor();
    await row(page, '边城（有声书）').waitFor();
  });

  it("a group's resources: reached from the group's row, titled by the group, added by picking a resource, with a way back", async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/digitalResources/adminDigitalGroup`);
    await page.getByTestId('resource-digitalGroups').waitFor();

    await page.getByRole('button', { name: '新增', exact: true }).click();
    const create = await dialogWith(page, '新增资源分组');
    await create.getByLabel('分组名称').fill('寒假书单');
    await create.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, '寒假书单').waitFor();
    const [group] = (await adminApi.get<{ items: { id: number; name: string }[] }>(`/v1/${KEY}/digitalgroup`)).items;

    await row(page, '寒假书单').getByRole('button', { name: '分组资源', exact: true }).click();
    await page.waitForURL(`**/${KEY}/digitalResources/adminDigitalGroupSource?groupID=${group.id}`);
    await page.getByTestId('parent-title').filter({ hasText: '资源分组：寒假书单' }).waitFor();

    await page.getByRole('button', { name: '新增', exact: true }).click();
    const add = await dialogWith(page, '新增分组资源');
    await add.getByLabel('资源', { exact: true }).click();
    await pick(page, '论语译注');
    await add.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, '论语译注').waitFor();
    const members = await adminApi.get<{ items: { title: string; group_id: number }[] }>(`/v1/${KEY}/digitalgroup/${group.id}/resource`);
    expect(members.items.map((m) => [m.title, m.group_id])).toEqual([['论语译注', group.id]]);

    await page.getByRole('button', { name: '返回资源分组' }).click();
    await page.waitForURL(`**/${KEY}/digitalResources/adminDigitalGroup`);
    await row(page, '寒假书单').waitFor();
  });

  it("an audiobook's file plays in its list row and in its form with the book's title and author, 管理员 without one (spec §9)", async () => {
    await adminApi.post(`/v1/${KEY}/digitalresource`, { title: '城南旧事（有声书）', kind: 2, author: '林海音', file: 'https://media.example.org/chengnan.mp3' });
    await adminApi.post(`/v1/${KEY}/digitalresource`, { title: '童谣选（有声书）', kind: 2, file: 'https://media.example.org/tongyao.mp3' });
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/digitalResources/adminDigital`);
    // The list's row plays the audiobook's file (a file field whose stored file is an audio), named by the book's title.
    for (const title of ['城南旧事（有声书）', '童谣选（有声书）']) {
      const player = row(page, title).getByLabel(`资源文件：${title}`, { exact: true });
      await player.waitFor();
      expect(await player.evaluate((a: HTMLAudioElement) => [a.tagName, a.controls, a.preload])).toEqual(['AUDIO', true, 'none']);
    }
    for (const [title, artist] of [['城南旧事（有声书）', '林海音'], ['童谣选（有声书）', AUDIO_ARTIST]]) {
      await (await rowControl(page, row(page, title), '编辑')).click();
      const dialog = await dialogWith(page, '资源文件');
      const audio = dialog.getByTestId('audio-file');
      await audio.waitFor();
      expect([await audio.getByTestId('audio-title').innerText(), await audio.getByTestId('audio-artist').innerText()]).toEqual([title, artist]);
      await dialog.getByRole('button', { name: '取消', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('an offline address takes its region from the provinces cascader', async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminSystem/adminOfflineAddress`);
    await page.getByTestId('resource-offlineAddresses').waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const dialog = await dialogWith(page, '新增活动地址');
    await dialog.getByLabel('地点名称').fill('多功能厅');
    await dialog.getByLabel('所在地区').click();
    await page.getByRole('menuitemcheckbox', { name: '江苏省' }).or(page.getByText('江苏省', { exact: true })).first().click();
    await page.getByRole('menuitemcheckbox', { name: '苏州市' }).or(page.getByText('苏州市', { exact: true })).first().click();
    await dialog.getByLabel('详细地址').fill('人民路100号');
    await dialog.getByLabel('容纳人数').fill('80');
    await dialog.getByRole('button', { name: '确定', exact: true }).click();
    await row(page, '多功能厅').filter({ hasText: '江苏省 / 苏州市' }).waitFor();
    const saved = await adminApi.get<{ items: { region: string[]; capacity: number }[] }>(`/v1/${KEY}/offline/address`);
    expect(saved.items.map((a) => [a.region, a.capacity])).toEqual([[['江苏省', '苏州市'], 80]]);
  });
});
