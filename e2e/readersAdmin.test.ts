import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEFAULT_BLACKLIST_CONFIG, type BlacklistConfig } from '@huodong/domain';
import { api, browserSuite, dialogWith, expectText, launchBrowser, startServer, superToken, tick, type ApiClient, type Server, signedInPage } from './harness';

/**
 * Reader administration pages (issue 11) in the browser, each outcome checked through the API:
 * 黑名单设置 (`adminBlacklist/adminBlackconfig`): an organisation administrator turns one automatic
 * rule on, changes its count and days, saves, and finds them kept after a reload; a value the
 * server refuses shows its message on the field. 批量设置初始密码 on 用户统计
 * (`adminCount/adminUserCount`): two selected users get first passwords by prefix + account tail
 * and sign in as readers who must change them; a rule that makes weak passwords names the rows
 * (第N行: …) and changes nothing.
 */
const KEY = 'rdradmin';
const ADMIN = { account: 'rdr_admin', real_name: '黄馆长', password: 'Rdr#Admin12' };

/** The users the batch tests work on (学号 is the reader's account). */
const USERS = [
  { academic_num: 'R20250001', real_name: '陈一' },
  { academic_num: 'R20250002', real_name: '林二' },
  { academic_num: 'R20250003', real_name: '王三' },
  { academic_num: 'K12345678', real_name: '赵四' },
  { academic_num: '20250008', real_name: '钱五' },
];

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const row = (page: Page, account: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: account, exact: true }) });

/** The card of one rule: the innermost block holding both its switch and a 达到次数 field. */
const ruleCard = (page: Page, label: string) =>
  page
    .locator('div')
    .filter({ has: page.getByRole('switch', { name: `${label}启用`, exact: true }) })
    .filter({ has: page.getByLabel('达到次数', { exact: true }) })
    .last();

browserSuite('reader administration: blacklist rules and first passwords in batch', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let ids: Record<string, number>;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '河西图书馆' });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);
    // The users, as the spreadsheet import sends them
    const rows = USERS.map((u, i) => ({ ...u, sex: 1, department: '文学院', identity: 1, org_id: org.id, _row: i + 2 }));
    expect(await adminApi.post(`/v1/${KEY}/users/import`, { data: JSON.stringify(rows) })).toMatchObject({ created: USERS.length });
    const listed = await adminApi.get<{ items: { id: number; academic_num: string }[] }>(`/v1/${KEY}/users?page_size=100`);
    ids = Object.fromEntries(listed.items.map((u) => [u.academic_num, u.id]));
    expect(Object.keys(ids).sort()).toEqual(USERS.map((u) => u.academic_num).sort());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signedInAdmin = async (path: string): Promise<Page> => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/${path}`);
    return page;
  };
  const readerLogin = (account: string, password: string) =>
    api(server.url).request<{ access_token: string; must_change_password: boolean }>('POST', `/v1/${KEY}/client/login`, { account, password, key: '', code: '' });

  it('黑名单设置: one rule switched on with a new count and days is saved, kept after a reload, and the API answers the same', { timeout: 120_000 }, async () => {
    expect(await adminApi.get<BlacklistConfig>(`/v1/${KEY}/blacklist/config`)).toEqual(DEFAULT_BLACKLIST_CONFIG);
    const page = await signedInAdmin('adminBlacklist/adminBlackconfig');
    const LABEL = '评论违规被驳回';
    const toggle = page.getByRole('switch', { name: `${LABEL}启用`, exact: true });
    await toggle.waitFor();
    // every rule starts off
    for (const label of ['预约未到场', '投票被判无效', LABEL, '作品抄袭']) expect(await page.getByRole('switch', { name: `${label}启用`, exact: true }).isChecked()).toBe(false);

    const card = ruleCard(page, LABEL);
    await card.getByText('30天内累计3次，限制7天', { exact: true }).waitFor();
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await card.getByLabel('达到次数', { exact: true }).fill('5');
    await card.getByLabel('统计天数', { exact: true }).fill('45');
    await card.getByLabel('限制天数', { exact: true }).fill('14');
    await card.getByLabel('限制天数', { exact: true }).blur();
    await card.getByText('45天内累计5次，限制14天', { exact: true }).waitFor();
    await button(page, '保存设置').click();
    await expectText(page, '黑名单规则已保存');

    const expected: BlacklistConfig = {
      ...DEFAULT_BLACKLIST_CONFIG,
      rules: DEFAULT_BLACKLIST_CONFIG.rules.map((r) => (r.kind === 'comment_rejected_risky' ? { ...r, enabled: true, count: 5, within_days: 45, ban_days: 14 } : r)),
    };
    expect(await adminApi.get<BlacklistConfig>(`/v1/${KEY}/blacklist/config`)).toEqual(expected);

    // After a reload the page shows what was saved
    await page.reload();
    const again = page.getByRole('switch', { name: `${LABEL}启用`, exact: true });
    await again.waitFor();
    expect(await again.isChecked()).toBe(true);
    const kept = ruleCard(page, LABEL);
    expect(await kept.getByLabel('达到次数', { exact: true }).inputValue()).toBe('5');
    expect(await kept.getByLabel('统计天数', { exact: true }).inputValue()).toBe('45');
    expect(await kept.getByLabel('限制天数', { exact: true }).inputValue()).toBe('14');
    await kept.getByText('45天内累计5次，限制14天', { exact: true }).waitFor();
    // the other rules stay off
    expect(await page.getByRole('switch', { name: '预约未到场启用', exact: true }).isChecked()).toBe(false);
  });

  it('黑名单设置: an out-of-range number cannot be entered; an emptied 达到次数 is refused by the server, its message on the field, nothing saved', { timeout: 120_000 }, async () => {
    const before = await adminApi.get<BlacklistConfig>(`/v1/${KEY}/blacklist/config`);
    const page = await signedInAdmin('adminBlacklist/adminBlackconfig');
    const card = ruleCard(page, '预约未到场');
    await card.getByLabel('达到次数', { exact: true }).waitFor();

    // The inputs keep numbers in range: 9999 days become 3650 once the field is left
    const within = card.getByLabel('统计天数', { exact: true });
    await within.fill('9999');
    await within.blur();
    await expect.poll(() => within.inputValue()).toBe('3650');
    await within.fill('90');
    await within.blur();

    // An empty count is the one bad value the inputs let through: the server names the field
    const count = card.getByLabel('达到次数', { exact: true });
    await count.fill('');
    await count.blur();
    // the card's summary waits for a count (never "累计null次"); the form's watch updates a moment later
    await expect.poll(() => card.getByText(/累计/).count()).toBe(0);
    await button(page, '保存设置').click();
    await card.getByText('次数必须是数字', { exact: true }).waitFor();
    expect(await page.getByText('黑名单规则已保存').count()).toBe(0);
    expect(await adminApi.get<BlacklistConfig>(`/v1/${KEY}/blacklist/config`)).toEqual(before);

    // the same body through the API: refused, naming the field
    const refused = await adminApi.request('POST', `/v1/${KEY}/blacklist/config`, {
      ...before,
      rules: before.rules.map((r, i) => (i === 0 ? { ...r, count: null } : r)),
    });
    expect([refused.status, refused.data?.errors]).toEqual([422, [{ field: 'rules.0.count', message: '次数必须是数字' }]]);
  });

  it('批量设置初始密码: two selected users get prefix + account tail passwords and sign in as readers who must change them', { timeout: 120_000 }, async () => {
    const page = await signedInAdmin('adminCount/adminUserCount');
    await page.getByTestId('resource-orgUsers').waitFor();
    await row(page, 'R20250001').waitFor();
    await tick(row(page, 'R20250001').getByRole('checkbox'));
    await tick(row(page, 'R20250002').getByRole('checkbox'));
    await page.getByRole('button', { name: '批量设置初始密码' }).click(); // its name starts with the key icon's
    const dialog = await dialogWith(page, '已选中的 2 个');
    expect(await dialog.getByRole('radio', { name: '已选中的 2 个' }).isChecked()).toBe(true);
    await dialog.getByText('当前查询条件下的全部（共 5 个）').waitFor();

    await dialog.getByRole('radio', { name: '前缀 + 账号后几位数字' }).check();
    await dialog.getByLabel('密码前缀', { exact: true }).fill('Hd@');
    await dialog.getByLabel('后几位', { exact: true }).fill('5');
    await button(dialog, '确定').or(button(dialog, '确 定')).click();
    await expectText(page, '已为 2 个账号设置初始密码');
    await dialog.waitFor({ state: 'hidden' });

    // Hd@ + the last 5 digits of each account; each must change it
    for (const account of ['R20250001', 'R20250002']) {
      const login = await readerLogin(account, `Hd@${account.slice(-5)}`);
      expect([login.status, login.code, login.message]).toEqual([200, 200, expect.any(String)]);
      expect(login.data.must_change_password).toBe(true);
    }
    // the user who was not selected has no reader account
    expect((await readerLogin('R20250003', 'Hd@50003')).status).not.toBe(200);
  });

  it('批量设置初始密码: a rule that makes weak passwords names the rows and changes nothing', { timeout: 120_000 }, async () => {
    const page = await signedInAdmin('adminCount/adminUserCount');
    await page.getByTestId('resource-orgUsers').waitFor();
    // in this order: row 1 R20250002 (fine), row 2 K12345678 (12345678 is common), row 3 20250008 (= the account)
    for (const account of ['R20250002', 'K12345678', '20250008']) await tick(row(page, account).getByRole('checkbox'));
    await page.getByRole('button', { name: '批量设置初始密码' }).click(); // its name starts with the key icon's
    const dialog = await dialogWith(page, '已选中的 3 个');
    await dialog.getByRole('radio', { name: '前缀 + 账号后几位数字' }).check();
    await dialog.getByLabel('后几位', { exact: true }).fill('8');
    await button(dialog, '确定').or(button(dialog, '确 定')).click();

    const errors = page.getByTestId('import-errors');
    await errors.waitFor();
    await dialogWith(page, '错误提示');
    expect((await errors.innerText()).trim().split('\n')).toEqual(['第2行: 学号 K12345678，密码过于常见，请换一个', '第3行: 学号 20250008，密码不能与账号相同']);
    // the batch dialog stays open behind the message
    expect(await dialog.isVisible()).toBe(true);

    // The server says the same, and nothing changed: the first row keeps the password it had, the others have no reader
    const refused = await adminApi.request('POST', `/v1/${KEY}/users/batchPassword`, {
      ids: [ids.R20250002, ids.K12345678, ids['20250008']],
      rule: { kind: 'account_tail', prefix: '', digits: 8 },
    });
    expect([refused.status, refused.data?.errors]).toEqual([422, ['第2行: 学号 K12345678，密码过于常见，请换一个', '第3行: 学号 20250008，密码不能与账号相同']]);
    expect((await readerLogin('R20250002', '20250002')).status).not.toBe(200);
    expect((await readerLogin('R20250002', 'Hd@50002')).status).toBe(200);
    expect((await readerLogin('K12345678', '12345678')).status).not.toBe(200);
    expect((await readerLogin('20250008', '20250008')).status).not.toBe(200);
  });
});
