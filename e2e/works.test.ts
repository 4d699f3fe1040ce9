import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import yazl from 'yazl';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { png } from './png';
import { api, browserSuite, dialogWith, expectText, launchBrowser, startServer, superToken, tick, type ApiClient, type Server, signedInPage } from './harness';

/**
 * Original works (issue 12, works slice) in the browser. Set up through the API: an organisation
 * authorised for types 1 and 9, an essay contest (type 1) whose one creation type takes pictures,
 * its work configuration, published; a platform quick reply; three readers who upload real PNG
 * files through the reader API and submit a work each. Then the administrator opens 作品审核
 * (`adminCheck/adminCheckAct`) and the activity's queue (`adminCheckWorkIndex`), previews a work
 * (its picture is served), rejects one with the quick reply as the reason and approves another,
 * whose work number then shows; each decision is checked through the API (and the reader sees the
 * reason). Last, on 原创作品 (`adminAct/adminOriWork`) the administrator selects two works and
 * presses 下载作品: the zip the browser saves names each file title plus index and holds the
 * uploaded bytes. And 批量导入: the activity's template downloads; a sheet naming a file the zip
 * lacks is refused with its row in 错误提示 and nothing imported; the corrected sheet with the zip
 * makes an approved, numbered work of the reader, its picture stored as sent.
 */
const KEY = 'worklib';
const ADMIN = { account: 'work_admin', real_name: '沈馆长', password: 'Work#Admin12' };
const TITLE = '“我眼中的家乡”书画征集';
const QUICK = '作品与征集主题不符，请修改后重新提交';
const DAY = 24 * 3600;
const READER_FIRST = 'First#Pass1';
const READER_PASSWORD = 'Reader#2025';

/** The three works: who submits which title with how many pictures (the first has two). */
const WORKS = [
  { account: 'R30000001', name: '陈小雨', unit: '实验小学', title: '家乡的石桥', colours: [[200, 40, 40], [40, 200, 40]] },
  { account: 'R30000002', name: '林晓风', unit: '第二中学', title: '不合题的画', colours: [[40, 40, 200]] },
  { account: 'R30000003', name: '王一鸣', unit: '实验小学', title: '运河上的船', colours: [[220, 180, 20]] },
] as const;
const [APPROVED, REJECTED, WAITING] = WORKS;

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
/** The row whose 作品名称 cell is exactly `title`. */
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
/** antd writes two-character button texts with a space between (确 定). */
const OK = /^确\s?定$/;


// ---- a zip, read from its central directory (what an unzip tool lists)

/** Each entry's name and bytes (stored, or deflated). */
function unzip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({ name, data: method === 0 ? Buffer.from(raw) : zlib.inflateRawSync(raw) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

interface Work {
  id: number;
  title: string;
  status: string;
  work_no: string | null;
  reason: string;
  media: string[];
}

browserSuite('works: the review queue with a quick reply, the work number, the media zip', () => {
  let server: Server;
  let browser: Browser;
  let adminApi: ApiClient;
  let adminToken = '';
  let act: number;
  /** Work id by title, and the bytes each reader uploaded for it. */
  const ids: Record<string, number> = {};
  const files: Record<string, Buffer[]> = {};
  const readerApis: Record<string, ApiClient> = {};

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const superApi = api(server.url, await superToken(server.url));
    const org = await superApi.post<{ id: number }>('/v1/organizations', { key: KEY, name: '城西图书馆' });
    await superApi.post(`/v1/organizations/${org.id}/authorize`, { module_ids: [], activity_types: [1, 9] });
    await superApi.post(`/v1/org/${KEY}/managers`, { ...ADMIN, type: 'admin' });
    // the quick replies are the platform's
    await superApi.post('/v1/quickReplies', { content: QUICK, sort: 1 });
    const token = (await api(server.url).post<{ access_token: string }>(`/v1/${KEY}/login`, { account: ADMIN.account, password: ADMIN.password })).access_token;
    adminApi = api(server.url, token);
    adminToken = token;

    // The contest: one creation type of pictures (one or two), the author's name asked, published
    const now = Math.floor(Date.now() / 1000);
    act = (await adminApi.post<{ id: number }>(`/v1/${KEY}/original`, { title: TITLE, start_at: now - DAY, end_at: now + 30 * DAY, address: '线上', profile: '画出你眼中的家乡。' })).id;
    expect((await adminApi.get<{ saved: boolean }>(`/v1/${KEY}/original/work/config?act=${act}`)).saved).toBe(false);
    await adminApi.put(`/v1/${KEY}/original/work/config?act=${act}`, {
      creation_types: [{ id: 1, name: '书画', media: 'image', files_min: 1, files_max: 2, file_max_kb: 1024 }],
      author_fields: { real_name: 'required', unit: 'optional', phone: 'optional' },
      moderation: 'pre',
    });
    await adminApi.post(`/v1/${KEY}/original/${act}/publish`);

    // The readers: a first password from the administrator, changed at the first sign-in; then
    // their pictures through the reader upload and a work each
    for (const w of WORKS) {
      await adminApi.post(`/v1/${KEY}/readers`, { account: w.account, password: READER_FIRST, real_name: w.name });
      const first = await api(server.url).post<{ access_token: string; must_change_password: boolean }>(`/v1/${KEY}/client/login`, { account: w.account, password: READER_FIRST, key: '', code: '' });
      expect(first.must_change_password).toBe(true);
      const reader = api(server.url, first.access_token);
      await reader.put(`/v1/${KEY}/client/me/password`, { old_password: READER_FIRST, password: READER_PASSWORD });
      readerApis[w.title] = reader;
      files[w.title] = w.colours.map((c) => png(c));
      const media: string[] = [];
      for (const [i, bytes] of files[w.title].entries()) {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `画${i + 1}.png`);
        const res = await fetch(`${server.url}/v1/${KEY}/client/upload`, { method: 'POST', headers: { authorization: `Bearer ${first.access_token}` }, body: form });
        const body = (await res.json()) as { code: number; message: string; data: { url: string; ext: string } };
        expect(body.code, body.message).toBe(200);
        expect(body.data.ext).toBe('png');
        media.push(body.data.url);
      }
      const made = await reader.post<Work>(`/v1/${KEY}/client/activities/${act}/works`, {
        request_id: randomUUID(),
        creation_type_id: 1,
        title: w.title,
        content: '',
        media,
        pledge: true,
        author: { real_name: w.name, unit: w.unit },
      });
      expect(made).toMatchObject({ status: 'submitted', work_no: null });
      ids[w.title] = made.id;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const works = async () => (await adminApi.get<{ items: Work[] }>(`/v1/${KEY}/original/${act}/work?page_size=100`)).items;
  const work = async (title: string) => (await works()).find((w) => w.title === title)!;
  const signedIn = async (path: string): Promise<Page> => {
    const page = await signedInPage(browser, server.url, { org: KEY, account: ADMIN.account, password: ADMIN.password });
    await page.goto(`/${KEY}/${path}`);
    return page;
  };

  it('作品审核: preview a work, reject one with a quick reply, approve another and its number shows', { timeout: 180_000 }, async () => {
    const page = await signedIn('adminCheck/adminCheckAct');

    // The activities with works waiting: this one, 3 pending, 先审后发
    const listed = page.getByTestId('check-activities');
    const activity = listed.getByRole('row').filter({ hasText: TITLE });
    await activity.waitFor();
    await activity.getByText('原创作品', { exact: true }).waitFor();
    await activity.getByText('先审后发', { exact: true }).waitFor();
    expect((await adminApi.get<{ items: { id: number; pending: number }[] }>(`/v1/${KEY}/check/activity`)).items).toEqual([expect.objectContaining({ id: act, kind: 'creation', pending: 3 })]);
    await button(activity, /^审\s?核$/).click();
    await page.waitForURL(`**/${KEY}/adminCheck/adminCheckAct/adminCheckWorkIndex?actID=${act}&kind=creation`);
    const queue = page.getByTestId('check-works');
    await queue.getByText(TITLE, { exact: true }).waitFor();
    for (const w of WORKS) await row(page, w.title).getByText('待审核', { exact: true }).waitFor();

    // 预览: the drawer shows the author and both pictures, served as images
    await button(row(page, APPROVED.title), /^预\s?览$/).click();
    const drawer = await dialogWith(page, `作品预览：${APPROVED.title}`);
    const preview = drawer.getByTestId('work-preview');
    await preview.getByText(APPROVED.name, { exact: true }).waitFor();
    await preview.getByText(APPROVED.unit, { exact: true }).waitFor();
    const pictures = preview.getByRole('img', { name: APPROVED.title });
    await expect.poll(() => pictures.count()).toBe(2);
    for (const img of await pictures.all()) await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await drawer.getByRole('button', { name: /close|关闭/i }).first().click();
    await drawer.waitFor({ state: 'hidden' });

    // 驳回 with the quick reply as the reason
    await button(row(page, REJECTED.title), /^驳\s?回$/).click();
    const reject = await dialogWith(page, '快捷回复');
    await reject.getByTestId('quick-reply').click();
    // the visible option (antd keeps a hidden accessible list beside it)
    await page.getByText(QUICK, { exact: true }).filter({ visible: true }).click();
    const reason = reject.getByLabel('驳回原因', { exact: true });
    await expect.poll(() => reason.inputValue()).toBe(QUICK);
    await button(reject, OK).click();
    await reject.waitFor({ state: 'hidden' });
    await expectText(page, '审核完成');
    await row(page, REJECTED.title).waitFor({ state: 'detached' });
    const rejected = await work(REJECTED.title);
    expect(rejected).toMatchObject({ status: 'rejected', reason: QUICK, work_no: null });
    // the reader sees why
    const mine = await readerApis[REJECTED.title].get<{ items: Work[] }>(`/v1/${KEY}/client/activities/${act}/works?mine=1`);
    expect(mine.items.map((w) => [w.title, w.status, w.reason])).toEqual([[REJECTED.title, 'rejected', QUICK]]);

    // 通过: the work leaves the queue, numbered
    await button(row(page, APPROVED.title), /^通\s?过$/).click();
    await row(page, APPROVED.title).waitFor({ state: 'detached' });
    const approved = await work(APPROVED.title);
    expect(approved).toMatchObject({ status: 'approved', work_no: `${act}-0001` });
    await row(page, WAITING.title).getByText('待审核', { exact: true }).waitFor();

    // 显示全部作品: the decided works with their states; the approved one's preview shows its number
    await queue.getByRole('switch', { name: '显示全部作品' }).click();
    await row(page, APPROVED.title).getByText('已通过', { exact: true }).waitFor();
    await row(page, REJECTED.title).getByText('未通过', { exact: true }).waitFor();
    await button(row(page, APPROVED.title), /^预\s?览$/).click();
    const numbered = await dialogWith(page, `作品预览：${APPROVED.title}`);
    await numbered.getByText(`${act}-0001`, { exact: true }).waitFor();
    await numbered.getByRole('button', { name: /close|关闭/i }).first().click();
    await button(row(page, REJECTED.title), /^预\s?览$/).click();
    const why = await dialogWith(page, `作品预览：${REJECTED.title}`);
    await why.getByText(QUICK, { exact: true }).waitFor();

    // Through the API: one still pending, the decisions audited by kind
    const pending = await adminApi.get<{ items: { id: number; pending: number }[] }>(`/v1/${KEY}/check/activity`);
    expect(pending.items.find((a) => a.id === act)?.pending).toBe(1);
    const left = await adminApi.get<{ items: Work[] }>(`/v1/${KEY}/check/${act}/creation`);
    expect(left.items.map((w) => w.title)).toEqual([WAITING.title]);
    // the public wall shows the approved work only
    const wall = await readerApis[WAITING.title].get<{ items: Work[] }>(`/v1/${KEY}/client/activities/${act}/works`);
    expect(wall.items.map((w) => [w.title, w.work_no])).toEqual([[APPROVED.title, `${act}-0001`]]);
  });

  it('原创作品: the number in the list, and 下载作品 saves a zip naming each file title plus index', { timeout: 180_000 }, async () => {
    const page = await signedIn(`adminAct/adminOriWork?actID=${act}`);
    await page.getByTestId('works-title').filter({ hasText: TITLE }).waitFor();
    await row(page, APPROVED.title).getByText(`${act}-0001`, { exact: true }).waitFor();
    await row(page, APPROVED.title).getByText('已通过', { exact: true }).waitFor();
    await row(page, REJECTED.title).getByText(QUICK, { exact: true }).waitFor();

    // Nothing selected: a warning, no download
    await page.getByTestId('download-works').click();
    await expectText(page, '请先选择要下载的作品');

    await tick(row(page, APPROVED.title).getByRole('checkbox'));
    await tick(row(page, WAITING.title).getByRole('checkbox'));
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('download-works').click()]);
    expect(download.suggestedFilename()).toBe(`${TITLE}-作品.zip`);
    const saved = await download.path();
    const entries = unzip(fs.readFileSync(saved));
    // in the order of the works, each picture its title plus its index, the bytes as uploaded
    expect(entries.map((e) => e.name)).toEqual([`${APPROVED.title}-1.png`, `${APPROVED.title}-2.png`, `${WAITING.title}-1.png`]);
    expect(entries[0].data.equals(files[APPROVED.title][0])).toBe(true);
    expect(entries[1].data.equals(files[APPROVED.title][1])).toBe(true);
    expect(entries[2].data.equals(files[WAITING.title][0])).toBe(true);
    expect(ids[APPROVED.title]).toBeLessThan(ids[WAITING.title]);
  });

  it('作品下载: from the figures to the download page; the zip of the works that passed review holds only those', { timeout: 180_000 }, async () => {
    const page = await signedIn(`adminCount/adminActCount/actCountOri?actID=${act}`);
    await page.getByTestId('count-title').waitFor();
    await page.getByRole('button', { name: '下载', exact: true }).click();
    await page.getByTestId('work-download').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/adminCount\/adminActCount\/actCountOriDownload$/);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: '下载：审核通过的作品' }).click()]);
    const entries = unzip(fs.readFileSync(await download.path()));
    expect(entries.map((e) => e.name)).toEqual([`${APPROVED.title}-1.png`, `${APPROVED.title}-2.png`]);
    expect(entries[0].data.equals(files[APPROVED.title][0])).toBe(true);
  });

  it('批量导入: the template, a row-numbered refusal, then the batch imported as approved works', { timeout: 180_000 }, async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'works-import-'));
    const reader = { account: 'R30000009', name: '周小满', unit: '城西小学' };
    await adminApi.post(`/v1/${KEY}/readers`, { account: reader.account, password: READER_FIRST, real_name: reader.name });
    const picture = png([10, 120, 200]);
    const zipFile = path.join(tmp, 'files.zip');
    await new Promise<void>((resolve, reject) => {
      const zip = new yazl.ZipFile();
      zip.addBuffer(picture, '作品/小桥流水.png');
      zip.end();
      zip.outputStream.pipe(fs.createWriteStream(zipFile)).on('close', resolve).on('error', reject);
    });
    const sheetFile = (name: string, fileName: string) => {
      const book = XLSX.utils.book_new();
      const headers = ['读者账号', '创作类型', '组别', '作品标题', '作品内容', '作品链接', '文件名', '真实姓名', '学校/单位'];
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, [reader.account, '书画', '', '小桥流水', '', '', fileName, '', reader.unit]]), '作品');
      const file = path.join(tmp, name);
      fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
      return file;
    };

    const page = await signedIn(`adminAct/adminOriWork?actID=${act}`);
    await page.getByTestId('works-title').filter({ hasText: TITLE }).waitFor();
    await page.getByTestId('import-works').click();
    const dialog = await dialogWith(page, '下载模板');

    // 下载模板: the activity's own template, its columns first
    const [template] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), dialog.getByTestId('works-template').click()]);
    expect(template.suggestedFilename()).toBe(`${TITLE}-作品导入模板.xlsx`);
    const book = XLSX.read(fs.readFileSync(await template.path()));
    expect((XLSX.utils.sheet_to_json(book.Sheets['作品'], { header: 1 })[0] as string[]).slice(0, 4)).toEqual(['读者账号', '创作类型', '组别', '作品标题']);

    // A row naming a file the zip does not hold: refused, its row named, nothing imported
    await dialog.locator('input[type=file][accept=".xlsx,.xls"]').setInputFiles(sheetFile('bad.xlsx', '不存在.png'));
    await dialog.getByTestId('import-sheet-name').getByText('bad.xlsx').waitFor();
    await dialog.locator('input[type=file][accept=".zip"]').setInputFiles(zipFile);
    await dialog.getByTestId('import-zip-name').getByText('files.zip').waitFor();
    await dialog.getByTestId('import-works-run').click();
    const errors = page.getByRole('dialog', { name: '错误提示' });
    await expect.poll(() => errors.getByTestId('import-errors').innerText()).toBe('第2行: 压缩包中没有文件“不存在.png”');
    await errors.getByRole('button').last().click();
    await errors.waitFor({ state: 'hidden' });
    expect((await works()).some((w) => w.title === '小桥流水')).toBe(false);

    // Corrected: the work is made for the reader, approved and numbered, its picture as sent
    await dialog.locator('input[type=file][accept=".xlsx,.xls"]').setInputFiles(sheetFile('good.xlsx', '作品/小桥流水.png'));
    await dialog.getByTestId('import-sheet-name').getByText('good.xlsx').waitFor();
    await dialog.getByTestId('import-works-run').click();
    await expectText(page, '成功导入1件作品');
    await dialog.waitFor({ state: 'hidden' });
    const numberedBefore = (await works()).filter((w) => w.work_no && w.title !== '小桥流水').length;
    const imported = await work('小桥流水');
    const number = `${act}-${String(numberedBefore + 1).padStart(4, '0')}`;
    expect(imported).toMatchObject({ status: 'approved', work_no: number });
    await row(page, '小桥流水').getByText(number, { exact: true }).waitFor();
    const served = await fetch(`${server.url}${imported.media[0]}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
