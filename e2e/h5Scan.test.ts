import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHECKIN_RESULTS, SCAN_RESULTS } from '@huodong/domain';
import { browserSuite, expectText, launchBrowser, orgWithAdmin, readerPhonePage, signedInPage, signedInReaderApi, startServer, type ApiClient, type Server } from './harness';
import { expectPhonePageClean } from './h5Reader';

/**
 * 扫一扫 in the reader app (issue 27) on a phone (390 × 844) against the real server, the camera a
 * fake one filming a QR code. Set up through the API: an organisation authorised for scan campaigns
 * (16) and offline events (5), its administrator, a published campaign with a batch of codes, a
 * talk starting in ten minutes (sign-in open) the reader booked. The test draws the links as QR
 * pictures (the `qrcode` package the server's PDFs use) and films them (ffmpeg → .y4m, Chromium's
 * fake camera). The reader opens 扫一扫 from the home: the camera reads the code and the points are
 * granted (the administrator's scan log shows them); a session's sign-in QR read by the camera
 * checks the reader in; without a camera the page says so in Chinese and 从相册选择 decodes an
 * uploaded picture; a QR of something else is shown as text and nothing is opened. The spec's
 * addresses (`/{org}/scan?…`, `/{org}/trainSign?…`) open the app's pages with their query.
 */
const KEY = 'h5scan';
const ADMIN = { account: 'h5scan_admin', real_name: '严馆长', password: 'H5#Admin123' };
const READER = { account: 'R7300001', real_name: '读者庚', first: 'First#Pass1', password: 'Reader#2026' };
const CAMPAIGN = '寻书扫码赢积分';
const TALK = '古籍里的节气';
const POINTS = 12;

browserSuite('the reader app (h5): 扫一扫 reads a QR with the camera or from a picture', () => {
  let server: Server;
  let adminApi: ApiClient;
  let readerApi: ApiClient;
  let actId: number;
  let codeLinks: string[];
  let talk: { act: number; sid: number; rid: number };
  let signLink: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5scan-'));
  const browsers: Browser[] = [];

  /** The link as a QR picture (PNG) and as a 3 s film of it (.y4m, 640 × 480). */
  async function qrFiles(name: string, text: string): Promise<{ png: string; y4m: string }> {
    const png = path.join(dir, `${name}.png`);
    const y4m = path.join(dir, `${name}.y4m`);
    await QRCode.toFile(png, text, { width: 440, margin: 4 });
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', png, '-t', '3', '-pix_fmt', 'yuv420p', '-vf', 'scale=440:440,pad=640:480:100:20:white', y4m]);
    return { png, y4m };
  }
  async function phone(camera?: string): Promise<Page> {
    const browser = await launchBrowser({ camera });
    browsers.push(browser);
    return readerPhonePage(browser, server.url, KEY, readerApi.token!);
  }
  /** The administrator's scan log as `result points`, in a fixed order. */
  const scanLog = async () => (await adminApi.get<{ items: { result: string; points: number }[] }>(`/v1/${KEY}/integral/${actId}/scan?page=1&pageSize=20`)).items.map((i) => `${i.result} ${i.points}`).sort();

  beforeAll(async () => {
    server = await startServer();
    adminApi = await orgWithAdmin(server.url, { key: KEY, name: '城北图书馆', types: [16, 5] }, ADMIN);
    const now = Math.floor(Date.now() / 1000);
    actId = (await adminApi.post<{ id: number }>(`/v1/${KEY}/integral`, { title: CAMPAIGN, start_at: now - 3600, end_at: now + 30 * 86400 })).id;
    await adminApi.post(`/v1/${KEY}/integral/${actId}/publish`);
    const batch = await adminApi.post<{ id: number }>(`/v1/${KEY}/integral/${actId}/batch`, { name: '二楼书架', count: 3, points: POINTS });
    codeLinks = (await adminApi.get<{ items: { link: string }[] }>(`/v1/${KEY}/integral/${actId}/code?batch_id=${batch.id}&page=1&pageSize=20`)).items.map((c) => c.link);
    readerApi = await signedInReaderApi(server.url, adminApi, KEY, READER);
    const act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/offline`, { title: TALK, start_at: now + 600, end_at: now + 7800, person_limit: 20, address: '一楼报告厅' })).id;
    await adminApi.post(`/v1/${KEY}/offline/${act}/publish`);
    const sid = (await readerApi.get<{ items: { id: number }[] }>(`/v1/${KEY}/client/activities/${act}/sessions`)).items[0].id;
    const rid = (await readerApi.post<{ id: number }>(`/v1/${KEY}/client/sessions/${sid}/reservations`, { request_id: randomUUID() })).id;
    talk = { act, sid, rid };
    signLink = (await adminApi.get<{ link: string }>(`/v1/${KEY}/train/session/${sid}/signcode?type=1`)).link;
  }, 240_000);

  afterAll(async () => {
    for (const b of browsers) await b.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the camera reads a scan code from 扫一扫 on the home: the points are granted and the back office’s log shows them', { timeout: 120_000 }, async () => {
    expect(new URL(codeLinks[0]).origin).toBe(server.url);
    const page = await phone((await qrFiles('code0', codeLinks[0])).y4m);
    await page.goto(`/${KEY}/h5`);
    await page.getByRole('link', { name: '扫一扫' }).click();
    const result = page.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-result'), { timeout: 30_000 }).toBe('ok');
    expect(await result.textContent()).toBe(SCAN_RESULTS.ok);
    expect(await page.getByTestId('scan-points').textContent()).toBe(`+${POINTS} 积分`);
    await expectText(page, CAMPAIGN);
    // the app's page of the code's link, in the app's shell
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/${KEY}/h5/scan`);
    expect(url.search).toBe(new URL(codeLinks[0]).search);
    expect(await page.getByRole('navigation').getByRole('link', { name: '我的' }).count()).toBe(1);
    expect(await scanLog()).toEqual([`ok ${POINTS}`]);
    await expectPhonePageClean(page, 'scan code credit');
    // 继续扫码 goes back to the camera, which reads the same code again: already scanned, nothing granted twice
    await page.getByRole('link', { name: '继续扫码' }).click();
    await page.getByTestId('h5-scan').waitFor();
    await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-result'), { timeout: 30_000 }).toBe('duplicate');
    expect(await scanLog()).toEqual(['duplicate 0', `ok ${POINTS}`]);
  });

  it('the scan page with the camera on is clean on the phone (one h1, 44 px targets, axe)', { timeout: 60_000 }, async () => {
    // a camera filming a code of another site: read, shown as text, nothing opened
    const page = await phone((await qrFiles('elsewhere', 'https://example.com/activity?id=1')).y4m);
    await page.goto(`/${KEY}/h5/me`);
    await page.getByRole('link', { name: '扫一扫' }).click();
    await page.getByTestId('h5-scan').waitFor();
    await expectPhonePageClean(page, 'scan (camera)');
    await expect.poll(() => page.getByTestId('scanned-text').textContent().catch(() => null), { timeout: 30_000 }).toBe('https://example.com/activity?id=1');
    expect(new URL(page.url()).pathname).toBe(`/${KEY}/h5/scan`);
    await expectText(page, '这不是本馆活动的二维码');
    await expectPhonePageClean(page, 'scan (text read)');
  });

  it('the camera reads a session’s sign-in QR: the reader is checked in', { timeout: 120_000 }, async () => {
    const page = await phone((await qrFiles('sign', signLink)).y4m);
    await page.goto(`/${KEY}/h5/scan`);
    const result = page.getByTestId('sign-result');
    await expect.poll(() => result.getAttribute('data-result'), { timeout: 30_000 }).toBe('ok');
    expect(await result.textContent()).toBe(CHECKIN_RESULTS.ok);
    expect(new URL(page.url()).pathname).toBe(`/${KEY}/h5/trainSign`);
    await expectText(page, TALK);
    const mine = await readerApi.get<{ checked_in_at: number | null }>(`/v1/${KEY}/client/reservations/${talk.rid}`);
    expect(mine.checked_in_at).not.toBeNull();
    await expectPhonePageClean(page, 'trainSign in the app');
  });

  it('without a camera the page says so; 从相册选择 decodes an uploaded picture and the code is credited', { timeout: 120_000 }, async () => {
    const page = await phone();
    await page.goto(`/${KEY}/h5/scan`);
    await page.getByTestId('camera-problem').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('camera-problem').textContent()).toMatch(/摄像头.*从相册选择二维码图片/);
    await expectPhonePageClean(page, 'scan (no camera)');
    // a picture without a code
    const blank = path.join(dir, 'blank.png');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=white:s=200x200', '-frames:v', '1', blank]);
    await page.getByLabel('从相册选择').setInputFiles(blank);
    await expectText(page, '未在图片中识别到二维码');
    await page.getByLabel('从相册选择').setInputFiles((await qrFiles('code1', codeLinks[1])).png);
    const result = page.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-result'), { timeout: 30_000 }).toBe('ok');
    expect(await scanLog()).toEqual(['duplicate 0', `ok ${POINTS}`, `ok ${POINTS}`]);
  });

  it('the spec’s addresses of the QR pages open the app’s pages with their query', { timeout: 60_000 }, async () => {
    const page = await phone();
    const code = new URL(codeLinks[2]);
    await page.goto(`${code.pathname}${code.search}`);
    await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-result'), { timeout: 30_000 }).toBe('ok');
    expect(new URL(page.url()).pathname).toBe(`/${KEY}/h5/scan`);
    const sign = new URL(signLink);
    await page.goto(`${sign.pathname}${sign.search}`);
    await expect.poll(() => page.getByTestId('sign-result').getAttribute('data-result'), { timeout: 30_000 }).toBe('already_checked_in');
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(`/${KEY}/h5/trainSign${sign.search}`);
  });

  it('the staff’s 扫描票码 reads a reader’s ticket with the camera (jsqr where the browser has no QR reader)', { timeout: 120_000 }, async () => {
    const ticket = await readerApi.get<{ secret: string }>(`/v1/${KEY}/client/reservations/${talk.rid}/ticket`);
    const browser = await launchBrowser({ camera: (await qrFiles('ticket', ticket.secret)).y4m });
    browsers.push(browser);
    const staff = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await staff.goto(`/${KEY}/adminAct/adminOfflineCheckin?actID=${talk.act}`);
    await staff.getByRole('button', { name: '打开摄像头' }).click();
    // the reader checked in by the session's QR above: the ticket reads as already in
    const shown = staff.getByTestId('redeem-result');
    await expect.poll(() => shown.getAttribute('data-result'), { timeout: 30_000 }).toBe('already_checked_in');
    await expectText(staff, READER.real_name);
  });
});
