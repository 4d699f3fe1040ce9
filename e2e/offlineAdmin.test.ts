import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { chinaDate } from '@huodong/domain';
import * as T from '../apps/web/src/features/offline/texts';
import { rowControl } from './rowControl';
import { browserSuite, dialogWith, expectText, launchBrowser, orgWithAdmin, startServer, type ApiClient, type Server, signedInPage, signedInReaderApi } from './harness';

/**
 * The administrator's offline pages (issue 23) in the browser. Set up through the API: an
 * organisation authorised for type 5, its administrator, a series (系列线下活动). On 系列活动场次
 * (`adminOfflinesList`) the administrator opens 批量生成, picks Saturdays over four weeks with a
 * skipped date and sees the preview count, generates them, and sees them listed. A reader books
 * the first session through the reader API; the session's 报名 opens 场次报名
 * (`adminOfflinesListWork?actID=&sessionID=`) narrowed to that session, showing the booking; it
 * is cancelled there. The series' sign-up fields are edited in its form (报名项). A talk with
 * automatic promotion off: 递补候补 offers the freed seat to the first in line; its 活动回顾 summary
 * is written with the rich-text editor's 加粗 and shown rendered when the dialog opens again.
 */
const KEY = 'offlineweb';
const ADMIN = { account: 'offline_admin', real_name: '陈馆长', password: 'Offline#Admin1' };
const SERIES = '周末亲子读书会';
const SESSION = '亲子共读';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';
const OK = /^确\s?定$/;
const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });

/** The first China date from `from` days ahead that is a Saturday. */
function saturdayFrom(from: number): { date: string; at: number } {
  for (let d = from; d < from + 7; d++) {
    const at = Math.floor(Date.now() / 1000) + d * DAY;
    const date = chinaDate(at);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 6) return { date, at };
  }
  throw new Error('no Saturday');
}

async function typeDate(page: Page, input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').waitFor({ state: 'hidden' });
}

browserSuite('offline series: batch sessions, their bookings, sign-up fields', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let act: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城西图书馆', types: [5] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offlines`, { title: SERIES, start_at: now - DAY, end_at: now + 90 * DAY, config: { booking_scope: 'session' } })).id;
  });
  /** A new reader of the organisation (signed in, first password changed) books one seat of the session. */
  async function readerBooks(account: string, sessionId: number) {
    const reader = await signedInReaderApi(server.url, adminApi, KEY, { account, real_name: `读者${account.slice(-2)}`, first: READER_FIRST, password: READER_PASSWORD });
    return reader.post<{ id: number; status: string }>(`/v1/${KEY}/client/sessions/${sessionId}/reservations`, { request_id: randomUUID(), seats: 1 });
  }
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('批量生成 → 场次列表 → 场次报名 → 取消预约; 报名项', { timeout: 180_000 }, async () => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // The series list links to its sessions.
    await page.goto(`/${KEY}/adminAct/adminOfflines`);
    await expectText(page, SERIES);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: SERIES }), '场次')).click();
    await page.waitForURL(`**/adminAct/adminOfflinesList?actID=${act}`);
    await expectText(page, SERIES);

    // 批量生成: Saturdays over four weeks, one skipped.
    const first = saturdayFrom(10);
    const last = chinaDate(first.at + 21 * DAY);
    const skipped = chinaDate(first.at + 7 * DAY);
    await page.getByTestId('batch-sessions').click();
    const dialog = await dialogWith(page, T.BATCH_TITLE);
    await dialog.getByLabel(T.F_TITLE).fill(SESSION);
    await dialog.getByLabel(T.F_SPEAKER).fill('王老师');
    await dialog.getByLabel(T.F_CAPACITY).fill('30');
    // Sign-up open from publication (0 days), closing an hour before each session.
    await dialog.getByLabel(T.F_OPEN_DAYS).fill('0');
    await typeDate(page, dialog.getByLabel('开始日期'), first.date);
    await typeDate(page, dialog.getByLabel('结束日期'), last);
    await typeDate(page, dialog.getByLabel('开始时刻'), '14:30');
    await typeDate(page, dialog.getByLabel('结束时刻'), '16:00');
    await expect.poll(() => dialog.getByTestId('batch-preview').innerText()).toContain(T.BATCH_PREVIEW(4));
    await button(dialog.getByRole('row').filter({ hasText: `${skipped} 周六` }), T.SKIP).click();
    await expect.poll(() => dialog.getByTestId('batch-preview').innerText()).toContain(T.BATCH_PREVIEW(3));
    const preview = await dialog.getByTestId('batch-preview').innerText();
    expect(preview).toContain(`${first.date} 周六`);
    expect(preview).not.toContain(`${skipped} 周六`);
    await button(dialog, OK).click();
    await expectText(page, T.BATCH_DONE(3));
    await dialog.waitFor({ state: 'hidden' });

    const sessions = (await adminApi.get<{ items: { id: number; title: string; start_at: number; capacity: number }[] }>(`/v1/${KEY}/train/${act}/session?sort=start_at`)).items;
    expect(sessions).toHaveLength(3);
    expect(sessions.every((s) => s.title === SESSION && s.capacity === 30)).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: SESSION }).count()).toBe(3);

    // A reader books the first session (published series, reader API).
    await adminApi.post(`/v1/${KEY}/offlines/${act}/publish`);
    const reader = await signedInReaderApi(server.url, adminApi, KEY, { account: 'R5000001', real_name: '林小读', first: READER_FIRST, password: READER_PASSWORD });
    await reader.post(`/v1/${KEY}/client/sessions/${sessions[0].id}/reservations`, { request_id: randomUUID(), seats: 1 });

    // The first session's 报名 opens its bookings, narrowed to it.
    await page.reload();
    const firstRow = page.getByRole('row').filter({ hasText: SESSION }).first();
    await firstRow.waitFor();
    await (await rowControl(page, firstRow, T.SIGNUPS)).click();
    await page.waitForURL(`**/adminAct/adminOfflinesListWork?actID=${act}&sessionID=${sessions[0].id}`);
    const booking = page.getByRole('row').filter({ hasText: 'R5000001' });
    await booking.waitFor();
    await expect.poll(() => booking.innerText()).toContain('已预约');
    // Another session has none.
    const narrowed = await adminApi.get<{ items: unknown[] }>(`/v1/${KEY}/offlines/${act}/reserve?session_id=${sessions[1].id}`);
    expect(narrowed.items).toHaveLength(0);

    // 取消预约 on the row.
    await (await rowControl(page, booking, T.CANCEL)).click();
    await button(await dialogWith(page, T.CANCEL_TITLE), OK).click();
    await expect.poll(() => booking.innerText()).toContain('已取消');

    // 报名项 in the series' form: a required choice field.
    await page.goto(`/${KEY}/adminAct/adminOfflines`);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: SERIES }), '编辑')).click();
    const form = await dialogWith(page, '编辑');
    await expectText(page, '签到与签退');
    const fields = form.getByTestId('signup-fields');
    await button(fields, T.ADD_FIELD).click();
    await fields.getByLabel(T.FIELD_LABEL).fill('孩子年级');
    await fields.getByLabel(T.FIELD_TYPE).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '单选' }).filter({ visible: true }).click();
    const options = fields.getByLabel(T.FIELD_OPTIONS);
    await options.fill('一年级');
    await options.press('Enter');
    await options.fill('二年级');
    await options.press('Enter');
    await button(form, OK).click();
    await form.waitFor({ state: 'hidden' });
    const saved = await adminApi.get<{ config: { signup_fields: unknown[] } }>(`/v1/${KEY}/offlines/${act}`);
    expect(saved.config.signup_fields).toEqual([{ key: 'f1', label: '孩子年级', type: 'choice', required: 1, options: ['一年级', '二年级'] }]);
  });
  it('线下活动审核 → 审核详情 → 通过 / 拒绝', { timeout: 120_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const TALK = '名家讲座：阅读与成长';
    const talk = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offline`, { title: TALK, start_at: now + 5 * DAY, end_at: now + 5 * DAY + 7200, person_limit: 10, address: '二楼报告厅', config: { approval: 'manual' } })).id;
    await adminApi.post(`/v1/${KEY}/offline/${talk}/publish`);
    const session = (await adminApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/offline/${talk}/sessions`)).items[0];
    const book = (account: string) => readerBooks(account, session.id);
    const first = await book('R5000011');
    const second = await book('R5000012');
    expect([first.status, second.status]).toEqual(['pending', 'pending']);

    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/adminCheck/adminCheckOffline`);
    const row = page.getByTestId('check-offline').getByRole('row').filter({ hasText: TALK });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('2');
    await button(row, T.CHECK_OPEN).click();
    await page.waitForURL(`**/adminCheckOfflineWorkIndex?actID=${talk}`);
    const bookings = page.getByTestId('check-offline-bookings');
    await expectText(page, TALK);
    await button(bookings.getByRole('row').filter({ hasText: 'R5000011' }), T.APPROVE).click();
    await expect.poll(() => bookings.getByRole('row').filter({ hasText: 'R5000011' }).count()).toBe(0);
    await button(bookings.getByRole('row').filter({ hasText: 'R5000012' }), T.REJECT).click();
    const reject = await dialogWith(page, T.REJECT_TITLE);
    await reject.getByLabel(T.REJECT_REASON).fill('名额优先给本校学生');
    await button(reject, OK).click();
    await expectText(page, T.NO_PENDING);
    // 显示已审核 lists the decided ones with their outcome.
    await page.getByLabel(T.SHOW_ALL).click();
    await expect.poll(() => bookings.getByRole('row').filter({ hasText: 'R5000012' }).innerText()).toContain('名额优先给本校学生');
    const after = (await adminApi.get<{ items: { account: string; status: string }[] }>(`/v1/${KEY}/offline/${talk}/reserve`)).items;
    expect(Object.fromEntries(after.map((r) => [r.account, r.status]))).toEqual({ R5000011: 'confirmed', R5000012: 'rejected' });
  });

  it('活动回顾: a bold summary written in the editor is saved and shown rendered; 递补候补 offers the freed seat to the first in line', { timeout: 120_000 }, async () => {
    const now = Math.floor(Date.now() / 1000);
    const TALK = '作家见面会：城市与书';
    const talk = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offline`, { title: TALK, start_at: now + 6 * DAY, end_at: now + 6 * DAY + 7200, person_limit: 1, address: '一楼大厅', config: { waitlist: 1, waitlist_auto: 0 } })).id;
    await adminApi.post(`/v1/${KEY}/offline/${talk}/publish`);
    const session = (await adminApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/offline/${talk}/sessions`)).items[0];
    const book = (account: string) => readerBooks(account, session.id);
    const first = await book('R5000021');
    const second = await book('R5000022');
    expect([first.status, second.status]).toEqual(['confirmed', 'waitlisted']);
    await adminApi.post(`/v1/${KEY}/train/reserve/${first.id}/cancel`, {});

    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });

    // 递补候补: automatic promotion is off, so the freed seat waits for the administrator.
    await page.goto(`/${KEY}/adminAct/adminOfflineWork?actID=${talk}`);
    const waiting = page.getByRole('row').filter({ hasText: 'R5000022' });
    await expect.poll(() => waiting.innerText()).toContain('候补中');
    await button(page, T.PROMOTE).click();
    await button(await dialogWith(page, T.PROMOTE_TITLE), OK).click();
    await expect.poll(() => waiting.innerText()).toContain('候补待确认');

    // 活动回顾: a summary with a bold phrase, through the toolbar.
    await page.goto(`/${KEY}/adminAct/adminOffline`);
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TALK }), T.REVIEW)).click();
    let dialog = await dialogWith(page, T.REVIEW_OF(TALK));
    const editor = dialog.getByRole('textbox', { name: '活动总结' });
    await editor.click();
    await page.keyboard.type('见面会圆满结束，');
    await button(dialog, '加粗').click();
    await page.keyboard.type('共有86位读者参加');
    await button(dialog, '加粗').click();
    await page.keyboard.type('。');
    await button(dialog, T.SAVE).click();
    await expectText(page, T.SAVED);
    const stored = (await adminApi.get<{ items: { content: string }[] }>(`/v1/${KEY}/review/${talk}/summary`)).items[0].content;
    expect(stored).toMatch(/<(b|strong)>共有86位读者参加<\/(b|strong)>/);
    // Opened again, the saved summary shows rendered: the phrase in bold, no tag as text.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await (await rowControl(page, page.getByRole('row').filter({ hasText: TALK }), T.REVIEW)).click();
    dialog = await dialogWith(page, T.REVIEW_OF(TALK));
    const bold = dialog.getByRole('textbox', { name: '活动总结' }).locator('b, strong');
    await expect.poll(() => bold.innerText()).toBe('共有86位读者参加');
    expect(await bold.evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');
    expect(await dialog.getByRole('textbox', { name: '活动总结' }).innerText()).toBe('见面会圆满结束，共有86位读者参加。');
  });
});
