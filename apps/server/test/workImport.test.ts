/**
 * An administrator's batch of works on readers' behalf (issue 12): the activity's template, and
 * a spreadsheet plus a zip of the files imported all or nothing — every row checked first
 * (readers, creation types, groups, files by their bytes against the type's limits, the
 * per-reader limit), every error named by its row, nothing written when one is wrong.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import sharp from 'sharp';
import yazl from 'yazl';
import { count, eq } from 'drizzle-orm';
import { WORK_IMPORT_COLUMNS, WORK_IMPORT_NO_ZIP } from '@huodong/domain';
import { files, works } from '../src/db/schema.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const su = () => ({ token: t.superToken });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-workimport-'));

const TEXT_TYPE = { id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 };
const IMAGE_TYPE = { id: 2, name: '书画', media: 'image', files_min: 1, files_max: 2, file_max_kb: 40 };
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
const bigPng = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png({ compressionLevel: 0 }).toBuffer();

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, dataDir, storage: { driver: 'local' } });
  org = await t.org('importlib', { activity_types: [1, 9] });
  other = await t.org('importother', { activity_types: [1, 9] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A published type-9 activity (a text and a picture type, groups 小学/初中) of `o`. */
async function activity(over: Record<string, unknown> = {}, o = org): Promise<number> {
  const made = await t.call('POST', `/v1/${o.key}/originalmix`, { ...su(), body: { title: `导入${Math.random().toString(36).slice(2, 6)}`, start_at: now() - DAY, end_at: now() + DAY } });
  const cfg = await t.call('PUT', `/v1/${o.key}/originalmix/work/config?act=${made.data.id}`, {
    ...su(),
    body: { creation_types: [TEXT_TYPE, IMAGE_TYPE], groups: [{ id: 1, name: '小学', code: 'X' }, { id: 2, name: '初中', code: 'C' }], per_user_max_works: 2, ...over },
  });
  expect(cfg.status, cfg.message).toBe(200);
  expect((await t.call('POST', `/v1/${o.key}/originalmix/${made.data.id}/publish`, su())).status).toBe(200);
  return made.data.id;
}

type Row = Partial<Record<string, string | number>>;
/** A workbook with the template's columns and these rows (by header). */
function sheet(rows: Row[], headers = WORK_IMPORT_COLUMNS.map((c) => c.header)): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]), '作品');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
async function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream.pipe(new PassThrough())) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
/** A multipart body with the files `sheet` and `zip`. */
function form(parts: { sheet?: Buffer; zip?: Buffer; sheetName?: string }): { body: Buffer; contentType: string } {
  const boundary = `----imp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const add = (field: string, name: string, bytes: Buffer) => {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n'));
  };
  if (parts.sheet) add('sheet', parts.sheetName ?? 'works.xlsx', parts.sheet);
  if (parts.zip) add('zip', 'files.zip', parts.zip);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
async function importWorks(act: number, parts: Parameters<typeof form>[0], token = t.superToken, o = org) {
  const { body, contentType } = form(parts);
  const res = await t.app.inject({ method: 'POST', url: `/v1/${o.key}/originalmix/${act}/creations/import`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
  return { status: res.statusCode, ...(res.json() as { message: string; data: { imported: number; ids: number[]; errors?: string[] } }) };
}
const worksOf = async (act: number) => (await t.call('GET', `/v1/${org.key}/originalmix/${act}/creations?page_size=40`, su())).data.items as Record<string, any>[];
const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0].n;
const storedObjects = () => (fs.existsSync(path.join(dataDir, 'files', org.key)) ? fs.readdirSync(path.join(dataDir, 'files', org.key), { recursive: true }).length : 0);

describe('the template', () => {
  it('has the import columns, and a sheet explaining the activity\'s creation types and groups', async () => {
    const act = await activity();
    const res = await t.app.inject({ method: 'GET', url: `/v1/${org.key}/originalmix/${act}/creations/import/template`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(res.rawPayload);
    expect(book.SheetNames).toEqual(['作品', '说明']);
    expect(XLSX.utils.sheet_to_json(book.Sheets['作品'], { header: 1 })[0]).toEqual(WORK_IMPORT_COLUMNS.map((c) => c.header));
    const notes = JSON.stringify(XLSX.utils.sheet_to_json(book.Sheets['说明'], { header: 1 }));
    for (const word of ['征文', '书画', '小学', '初中']) expect(notes).toContain(word);
  });
});

describe('an import', () => {
  it('makes every row a numbered, approved work of its reader, with the zip\'s files stored and served', async () => {
    const act = await activity();
    const a = await signedInReader(t, org, { real_name: '李明', unit: '实验小学' });
    const b = await signedInReader(t, org, { real_name: '王芳' });
    // A student number typed as a number in the sheet (a cell of type n): read as its digits.
    const c = await t.call('POST', `/v1/${org.key}/readers`, { ...su(), body: { account: '202400000001', password: 'Reader#Pass1', real_name: '赵六', unit: '三中', phone: '13900000000', identity: 1 } });
    expect(c.status, c.message).toBe(200);
    const rows: Row[] = [
      { 读者账号: a.account, 创作类型: '征文', 组别: '小学', 作品标题: '我的书房', 作品内容: '书房里有很多很多书。' },
      { 读者账号: b.account, 创作类型: '书画', 组别: 'C', 作品标题: '山水', 文件名: 'b/山水1.png | b/山水2.png', '学校/单位': '第二中学', 指导老师: '赵老师' },
      { 读者账号: 202400000001, 创作类型: 1, 组别: '初中', 作品标题: 2024, 作品内容: '数字标题的作品正文。' },
    ];
    const res = await importWorks(act, { sheet: sheet(rows), zip: await zipOf({ 'b/山水1.png': png, 'b/山水2.png': png, 'unused.txt': Buffer.from('x') }) });
    expect(res.status, res.message).toBe(200);
    expect(res.data.imported).toBe(3);
    const list = await worksOf(act);
    const byTitle = new Map(list.map((w) => [w.title, w]));
    expect(byTitle.get('我的书房')).toMatchObject({ status: 'approved', reader_id: a.id, creation_type_id: 1, group_id: 1, author_name: '李明', unit: '实验小学' });
    expect(byTitle.get('我的书房')!.work_no).toMatch(/-X-0001$/);
    const art = byTitle.get('山水')!;
    expect(art).toMatchObject({ status: 'approved', reader_id: b.id, creation_type_id: 2, group_id: 2, author_name: '王芳', unit: '第二中学' });
    expect(art.author.instructor).toBe('赵老师');
    expect(byTitle.get('2024')).toMatchObject({ status: 'approved', reader_id: c.data.id, creation_type_id: 1, group_id: 2, author_name: '赵六' });
    expect(art.media).toHaveLength(2);
    const served = await t.app.inject({ method: 'GET', url: art.media[0], headers: { authorization: `Bearer ${t.superToken}` } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    // Stored where the storage keeps the organisation's files (what the refusals below count).
    expect(storedObjects()).toBeGreaterThan(0);
    // The readers joined the activity, and the import is audited.
    const mine = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works?mine=1`, { token: b.token });
    expect(mine.data.items.map((w: { id: number }) => w.id)).toEqual([art.id]);
  });

  it('refuses the whole batch naming every wrong row: readers, types, groups, titles, words, missing and misnamed files, sizes, counts', async () => {
    const act = await activity();
    const r = await signedInReader(t, org, { real_name: '张三', unit: '一中' });
    const rows: Row[] = [
      { 读者账号: r.account, 创作类型: '征文', 组别: '小学', 作品标题: '好作品', 作品内容: '这是一篇完全合格的作文。' },
      { 读者账号: 'nobody', 创作类型: '征文', 组别: '小学', 作品标题: '无此读者', 作品内容: '这是一篇完全合格的作文。' },
      {},
      { 读者账号: r.account, 创作类型: '舞蹈', 组别: '高中', 作品标题: '' },
      { 读者账号: r.account, 创作类型: '征文', 组别: '初中', 作品标题: '太短', 作品内容: '短' },
      { 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: '假图片', 文件名: 'fake.png；missing.png' },
      { 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: '太大', 文件名: 'big.png' },
      { 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: '太多', 文件名: 'a.png|b.png|c.png' },
      { 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: '重复', 文件名: 'a.png' },
    ];
    const zip = await zipOf({ 'fake.png': Buffer.from('not a picture at all'), 'big.png': bigPng, 'a.png': png, 'b.png': png, 'c.png': png });
    const [filesBefore, objectsBefore] = [await fileCount(), storedObjects()];
    const res = await importWorks(act, { sheet: sheet(rows), zip });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual([
      '第3行: 读者账号“nobody”不存在',
      '第5行: 缺少作品标题',
      '第5行: 创作类型“舞蹈”不存在',
      '第5行: 组别“高中”不存在',
      '第6行: 正文不能少于5字（当前1字）',
      '第7行: 文件“fake.png”已损坏或不是可接受的文件类型',
      '第7行: 压缩包中没有文件“missing.png”',
      '第8行: 文件“big.png”：图片大小不能超过40KB',
      '第9行: 最多上传2张图片',
      '第10行: 文件“a.png”已在第9行使用',
    ]);
    expect(res.message.split('\n')[0]).toBe('第3行: 读者账号“nobody”不存在');
    expect(await worksOf(act)).toEqual([]);
    expect([await fileCount(), storedObjects()]).toEqual([filesBefore, objectsBefore]);
  });

  it('the per-reader limit is counted row by row: one row over it and nothing is kept', async () => {
    const act = await activity({ per_user_max_works: 1 });
    const r = await signedInReader(t, org, { real_name: '张三', unit: '一中' });
    const essay = (title: string): Row => ({ 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: title, 文件名: `${title}.png` });
    const [filesBefore, objectsBefore] = [await fileCount(), storedObjects()];
    const res = await importWorks(act, { sheet: sheet([essay('一'), essay('二')]), zip: await zipOf({ '一.png': png, '二.png': png }) });
    expect(res.status).toBe(422);
    expect(res.data.errors).toEqual(['第3行: 每人最多提交1件作品']);
    expect(await worksOf(act)).toEqual([]);
    expect([await fileCount(), storedObjects()]).toEqual([filesBefore, objectsBefore]);
  });

  it('needs a spreadsheet, a zip when files are named, and a header row without repeated columns', async () => {
    const act = await activity();
    const r = await signedInReader(t, org, { unit: '一中' });
    expect((await importWorks(act, { zip: await zipOf({ 'a.png': png }) })).message).toBe('请上传作品表格（xlsx或xls）');
    const notSheet = await importWorks(act, { sheet: Buffer.from('读者账号,创作类型\n'), sheetName: 'works.csv' });
    expect(notSheet.status).toBe(422);
    expect(notSheet.message).toBe('只能上传xlsx、xls格式的表格');
    expect((notSheet.data as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['sheet']);
    const noZip = await importWorks(act, { sheet: sheet([{ 读者账号: r.account, 创作类型: '书画', 组别: '小学', 作品标题: '画', 文件名: 'a.png' }]) });
    expect(noZip.message).toBe(WORK_IMPORT_NO_ZIP);
    const twice = await importWorks(act, { sheet: sheet([{ 读者账号: r.account }], [...WORK_IMPORT_COLUMNS.map((c) => c.header), '作品标题']) });
    expect(twice.message).toBe("本作品表格的'作品标题'字段存在重复");
    const empty = await importWorks(act, { sheet: sheet([]) });
    expect(empty.message).toBe('表格中没有作品信息');
  });

  it('another organisation\'s manager is refused; another organisation\'s activity reads as missing; readers are the path organisation\'s', async () => {
    const act = await activity();
    const m = await t.manager(other.id, 'importotheradmin');
    const token = await t.login(m.account, 'Manager#Pass1', other.key);
    const s = sheet([{ 读者账号: 'x', 创作类型: '征文', 组别: '小学', 作品标题: '越权', 作品内容: '这是一篇完全合格的作文。' }]);
    expect((await importWorks(act, { sheet: s }, token)).status).toBe(403);
    expect((await importWorks(act, { sheet: s }, token, other)).status).toBe(404);
    // A reader of the other organisation is not a reader here.
    const stranger = await signedInReader(t, other, { unit: '外校' });
    const res = await importWorks(act, { sheet: sheet([{ 读者账号: stranger.account, 创作类型: '征文', 组别: '小学', 作品标题: '外人', 作品内容: '这是一篇完全合格的作文。' }]) });
    expect(res.data.errors).toEqual([`第2行: 读者账号“${stranger.account}”不存在`]);
    expect((await t.db.select().from(works).where(eq(works.act_id, act)))).toEqual([]);
  });
});
