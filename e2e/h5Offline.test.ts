import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { phoneProblems } from './axe';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhone, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';

/**
 * Offline events in the reader app (issue 27, type 5) on a phone (390 × 844) against the real
 * server. Set up through the API: an organisation authorised for offline events, its
 * administrator, three published lectures (one with two seats a reader and a sign-up field, one
 * with one seat another reader holds, one starting within its cancellation deadline). The reader
 * books two seats with a companion and the sign-up answer, opens the ticket: its QR is the secret
 * the staff's check-in redeems (the back office's API records the check-in, the ticket shows it);
 * joins the full lecture's waiting list (first in line), takes up the offer once the seat is
 * freed, then cancels that booking; the cancellation after the deadline is refused with the
 * server's reason. Every new page is axe clean with one h1 and 44 px touch targets.
 */
const KEY = 'h5off';
const ADMIN = { account: 'h5off_admin', real_name: '钱馆长', password: 'H5#Admin123' };
const READER = { account: 'R7100001', real_name: '读者丙', first: 'First#Pass1', password: 'Reader#2026' };
const OTHER = { account: 'R7100002', real_name: '读者丁', first: 'First#Pass1', password: 'Reader#2026' };
const TALK = '非遗剪纸体验课';
const FULL = '作家见面会';
const SOON = '周末绘本共读';
const COMPANION = '丙的妹妹';
const SCHOOL = '城南小学';
const DAY = 24 * 3600;
const HOUR = 3600;

browserSuite('the reader app (h5): offline bookings, waiting list, tickets', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let readerApi: ApiClient;
  let otherApi: ApiClient;
  let page: Page;
  const acts: Record<string, number> = {};
  const sessions: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城东图书馆', types: [5] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    const lecture = async (title: string, seats: number, startIn: number, config: Record<string, unknown>) => {
      const id = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offline`, { title, start_at: now + startIn, end_at: now + startIn + 2 * HOUR, person_limit: seats, address: '三楼报告厅', config })).id;
      await adminApi.post(`/v1/${KEY}/offline/${id}/publish`, {});
      acts[title] = id;
    };
    await lecture(TALK, 10, 3 * DAY, { seats_per_user: 2, signup_fields: [{ key: 'school', label: '学校', type: 'text', required: 1 }] });
    await lecture(FULL, 1, 3 * DAY, {});
    await lecture(SOON, 10, HOUR, { cancel_before_min: 120 });
    readerApi = await signedInReaderApi(server.url, adminApi, KEY, READER);
    otherApi = await signedInReaderApi(server.url, adminApi, KEY, OTHER);
    for (const title of [TALK, FULL, SOON]) sessions[title] = (await readerApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/client/activities/${acts[title]}/sessions`)).items[0].id;
    // the other reader holds the full lecture's one seat; our reader booked the one starting soon
    await otherApi.post(`/v1/${KEY}/client/sessions/${sessions[FULL]}/reservations`, { request_id: randomUUID() });
    await readerApi.post(`/v1/${KEY}/client/sessions/${sessions[SOON]}/reservations`, { request_id: randomUUID() });
    page = await readerPhone(browser, server.url, KEY, READER);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('books two seats with a companion and the sign-up field; the ticket QR is what the staff check-in redeems', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5/activities/${acts[TALK]}`);
    await page.getByRole('link', { name: '预约场次' }).click();
    const talk = page.getByTestId('h5-offline');
    await talk.waitFor();
    await expectText(page, '剩余10/10座');
    const problems = await phoneProblems(page, 'sessions');
    await page.getByRole('button', { name: /^预\s?约 / }).click();
    await page.getByLabel('预约座位数').selectOption('2');
    await page.getByLabel('学校').fill(SCHOOL);
    // the server's refusal names what is missing
    await page.getByRole('button', { name: '提交预约' }).click();
    await expectText(page, '预约2个座位需填写1位同行人姓名');
    await page.getByLabel('同行人1姓名').fill(COMPANION);
    problems.push(...(await phoneProblems(page, 'booking form')));
    await page.getByRole('button', { name: '提交预约' }).click();
    await expectText(page, '预约成功');
    await expectText(page, '剩余8/10座');
    await page.getByRole('link', { name: '查看入场票' }).click();
    await page.getByTestId('h5-ticket').waitFor();
    await expectText(page, `同行人：${COMPANION}`);
    const qr = page.getByRole('img', { name: '入场二维码' });
    const secret = (await qr.getAttribute('data-qr'))!;
    problems.push(...(await phoneProblems(page, 'ticket')));
    expect(problems).toEqual([]);

    // the back office: the booking with its answer, and the staff's scan of the ticket's QR
    const booked = await adminApi.get<{ items: { seats: number }[] }>(`/v1/${KEY}/offline/${acts[TALK]}/reserve`);
    expect(booked.items).toHaveLength(1);
    expect(booked.items[0].seats).toBe(2);
    expect(JSON.stringify(booked.items[0])).toContain(SCHOOL);
    expect(JSON.stringify(booked.items[0])).toContain(COMPANION);
    const scanned = await adminApi.post<{ result: string; reader: { real_name: string } }>(`/v1/${KEY}/checkin/redeem`, {
      secret,
      session_id: sessions[TALK],
      type: 'entry',
      nonce: `scan-${randomUUID()}`,
      force: true,
      datetime: Math.floor(Date.now() / 1000),
    });
    expect(scanned).toMatchObject({ result: 'ok', reader: { real_name: READER.real_name } });
    await page.reload();
    await expectText(page, '已签到');
  });

  it('joins the waiting list, takes up the offer when a seat is freed, cancels; after the deadline the cancellation is refused', { timeout: 180_000 }, async () => {
    await page.goto(`/${KEY}/h5/activities/${acts[FULL]}/sessions`);
    await expectText(page, '剩余0/1座');
    await page.getByRole('button', { name: /^加入候补 / }).click();
    await page.getByRole('button', { name: '加入候补' }).click();
    await expectText(page, '已加入候补');
    await expectText(page, '候补第1位');
    // the other reader cancels: the seat is offered to the first in line
    const theirs = await otherApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/client/reservations`);
    await otherApi.del(`/v1/${KEY}/client/reservations/${theirs.items[0].id}`, { request_id: randomUUID() });
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.getByRole('link', { name: '我的预约' }).click();
    await page.getByTestId('h5-bookings').waitFor();
    const full = page.getByRole('region', { name: new RegExp(`^${FULL}`) });
    await full.getByText('有空余名额，请在').waitFor();
    expect(await phoneProblems(page, 'my bookings')).toEqual([]);
    await full.getByRole('button', { name: '确认候补名额' }).click();
    await full.getByText('已预约').waitFor();
    const mine = async () => (await readerApi.get<{ items: { act_id: number; status: string }[] }>(`/v1/${KEY}/client/reservations`)).items;
    expect((await mine()).find((r) => r.act_id === acts[FULL])?.status).toBe('confirmed');
    // cancel it (asked first)
    await full.getByRole('button', { name: '取消预约' }).click();
    await full.getByRole('button', { name: '确定取消' }).click();
    await full.getByText('已取消').waitFor();
    expect((await mine()).find((r) => r.act_id === acts[FULL])?.status).toBe('cancelled');
    // the lecture starting within its cancellation deadline: refused, saying when the deadline was
    const soon = page.getByRole('region', { name: new RegExp(`^${SOON}`) });
    await soon.getByRole('button', { name: '取消预约' }).click();
    await soon.getByRole('button', { name: '确定取消' }).click();
    expect(await soon.getByRole('alert').textContent()).toMatch(/^已过取消截止时间（.+），不能取消$/);
    expect((await mine()).find((r) => r.act_id === acts[SOON])?.status).toBe('confirmed');
  });
});
