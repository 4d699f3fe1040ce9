/**
 * Original works (types 1 and 9, issue 12) through HTTP: the work configuration and publishing,
 * the reader's submit / draft / edit / withdraw through the gate, files checked by their bytes,
 * every state transition and refusal, the review queue, work numbers, limits under concurrency,
 * and the media zip.
 */
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { multipartBody } from '../src/seed/step.js';
import { signedInReader, testApp, type TestApp } from './helpers.js';

/** The file names of a zip, read from its central directory (what an unzip tool lists). */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-works-'));
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const su = () => ({ token: t.superToken });
const rid = () => randomUUID();
let seq = 0;

const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
const bigPng = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png({ compressionLevel: 0 }).toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, dataDir, storage: { driver: 'local' } });
  org = await t.org('worklib', { activity_types: [1, 9, 7] });
  other = await t.org('workother', { activity_types: [1, 9] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const TEXT_TYPE = { id: 1, name: '征文', media: 'text', text_min_words: 5, text_max_words: 200 };
const IMAGE_TYPE = { id: 2, name: '书画', media: 'image', files_min: 1, files_max: 2 };

/** A type-1 (or 9) activity of `o`, configured with `config` and published; answers its id. */
async function workActivity(config: Record<string, unknown> = {}, type: 1 | 9 = 1, o = org): Promise<number> {
  const base = type === 1 ? 'original' : 'originalmix';
  const made = await t.call('POST', `/v1/${o.key}/${base}`, { ...su(), body: { title: `征文${++seq}`, start_at: now() - DAY, end_at: now() + DAY } });
  expect(made.status, made.message).toBe(200);
  const types = type === 1 ? [TEXT_TYPE] : [TEXT_TYPE, IMAGE_TYPE];
  const saved = await t.call('PUT', `/v1/${o.key}/${base}/work/config?act=${made.data.id}`, { ...su(), body: { creation_types: types, author_fields: { phone: 'optional', unit: 'optional' }, ...config } });
  expect(saved.status, saved.message).toBe(200);
  const published = await t.call('POST', `/v1/${o.key}/${base}/${made.data.id}/publish`, su());
  expect(published.status, published.message).toBe(200);
  return made.data.id;
}

const essay = (over: Record<string, unknown> = {}) => ({ request_id: rid(), creation_type_id: 1, title: `我的阅读${++seq}`, content: '读书使人明智，读史使人明智。', pledge: true, author: { real_name: '张三' }, ...over });
const submit = (token: string, act: number, body: Record<string, unknown>, o = org) => t.call('POST', `/v1/${o.key}/client/activities/${act}/works`, { token, body });

async function upload(token: string, name: string, content: Buffer) {
  const { body, contentType } = multipartBody(name, content, 'application/octet-stream', 'file');
  const res = await t.app.inject({ method: 'POST', url: `/v1/${org.key}/client/upload`, headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
  return { status: res.statusCode, ...(res.json() as { message: string; data: { url: string; ext: string } }) };
}

describe('work configuration', () => {
  it('an activity without a work configuration cannot be published; the defaults are offered until one is saved', async () => {
    const made = await t.call('POST', `/v1/${org.key}/original`, { ...su(), body: { title: '未设置', start_at: now() - DAY, end_at: now() + DAY } });
    const got = await t.call('GET', `/v1/${org.key}/original/work/config?act=${made.data.id}`, su());
    expect(got.status).toBe(200);
    expect(got.data.saved).toBe(false);
    expect(got.data.config.creation_types).toHaveLength(1);
    const refused = await t.call('POST', `/v1/${org.key}/original/${made.data.id}/publish`, su());
    expect(refused.status).toBe(422);
    expect(refused.message).toContain('发布前请完成作品设置');
  });

  it('a bad configuration is refused naming the field; type 9 needs two creation types; another organisation reads 404', async () => {
    const made = await t.call('POST', `/v1/${org.key}/originalmix`, { ...su(), body: { title: '多类型', start_at: now() - DAY, end_at: now() + DAY } });
    const one = await t.call('PUT', `/v1/${org.key}/originalmix/work/config?act=${made.data.id}`, { ...su(), body: { creation_types: [TEXT_TYPE] } });
    expect(one.status).toBe(422);
    expect(one.message).toBe('多类型原创作品至少设置2个创作类型');
    const late = await t.call('PUT', `/v1/${org.key}/originalmix/work/config?act=${made.data.id}`, { ...su(), body: { creation_types: [TEXT_TYPE, IMAGE_TYPE], submit_end_at: now() + 5 * DAY } });
    expect(late.message).toBe('征集结束时间不能晚于活动结束时间');
    // The type-1 path does not serve a type-9 activity.
    expect((await t.call('GET', `/v1/${org.key}/original/work/config?act=${made.data.id}`, su())).status).toBe(404);
    const manager = await t.manager(other.id, 'workotheradmin');
    const token = await t.login(manager.account, 'Manager#Pass1', other.key);
    expect((await t.call('GET', `/v1/${other.key}/originalmix/work/config?act=${made.data.id}`, { token })).status).toBe(404);
    expect((await t.call('GET', `/v1/${org.key}/originalmix/work/config?act=${made.data.id}`, { token })).status).toBe(403);
  });
});

describe('a reader submits, edits and withdraws', () => {
  it('submit lands in the queue; a replay answers the same work; the public wall shows it only once approved and numbered', async () => {
    const act = await workActivity();
    const r = await signedInReader(t, org);
    const body = essay();
    const first = await submit(r.token, act, body);
    expect(first.status, first.message).toBe(200);
    expect(first.data.status).toBe('submitted');
    expect(first.data.work_no).toBeNull();
    const replay = await submit(r.token, act, body);
    expect(replay.data.id).toBe(first.data.id);
    const mine = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works?mine=1`, { token: r.token });
    expect(mine.data.items.map((w: { id: number }) => w.id)).toEqual([first.data.id]);
    expect((await t.call('GET', `/v1/${org.key}/client/activities/${act}/works`, { token: r.token })).data.items).toHaveLength(0);
    // Joined on the first work.
    const detail = await t.call('GET', `/v1/${org.key}/client/activities/${act}`, { token: r.token });
    expect(detail.data.mine.joined).toBe(true);

    const queue = await t.call('GET', `/v1/${org.key}/check/activity`, su());
    expect(queue.data.items.find((a: { id: number }) => a.id === act)).toMatchObject({ kind: 'creation', pending: 1, moderation: 'pre' });
    const approved = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [first.data.id], status: 1 } });
    expect(approved.status, approved.message).toBe(200);
    const wall = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works`, { token: r.token });
    expect(wall.data.items).toHaveLength(1);
    expect(wall.data.items[0].work_no).toBe(`${act}-0001`);
    expect(wall.data.items[0].author.phone).toBeUndefined();
    expect((await t.call('GET', `/v1/${org.key}/check/activity`, su())).data.items.find((a: { id: number }) => a.id === act)).toBeUndefined();
  });

  it('a draft is checked only for what adding cannot fix; a submission for everything missing', async () => {
    const act = await workActivity();
    const r = await signedInReader(t, org);
    const short = await submit(r.token, act, essay({ content: '短' }));
    expect(short.status).toBe(422);
    expect(short.message).toBe('正文不能少于5字（当前1字）');
    const noPledge = await submit(r.token, act, essay({ pledge: false }));
    expect(noPledge.message).toBe('请阅读并勾选原创承诺');
    const draft = await submit(r.token, act, essay({ content: '短', pledge: false, submit: false }));
    expect(draft.status, draft.message).toBe(200);
    expect(draft.data.status).toBe('draft');
    // Editing the draft into a complete submission.
    const sent = await t.call('PUT', `/v1/${org.key}/client/works/${draft.data.id}`, { token: r.token, body: essay() });
    expect(sent.status, sent.message).toBe(200);
    expect(sent.data.status).toBe('submitted');
  });

  it('every transition: reject with a reason, edit back to submitted, approve with a number, edit after approval re-queues, withdraw, then nothing', async () => {
    const act = await workActivity();
    const r = await signedInReader(t, org);
    const w = (await submit(r.token, act, essay())).data;
    const base = `/v1/${org.key}/original/${act}/work`;
    const noReason = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [w.id], status: 2 } });
    expect(noReason.status).toBe(422);
    expect(noReason.message).toBe('请输入驳回原因');
    const rejected = await t.call('POST', `${base}/${w.id}/reject`, { ...su(), body: { reason: '内容与主题不符' } });
    expect(rejected.status, rejected.message).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '内容与主题不符' });
    // The reader sees why, edits and submits again.
    const mine = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works?mine=1`, { token: r.token });
    expect(mine.data.items[0].reason).toBe('内容与主题不符');
    const again = await t.call('PUT', `/v1/${org.key}/client/works/${w.id}`, { token: r.token, body: essay({ title: '改过的作品' }) });
    expect(again.data.status).toBe('submitted');
    const approved = await t.call('POST', `${base}/${w.id}/approve`, su());
    expect(approved.status, approved.message).toBe(200);
    expect(approved.data.status).toBe('approved');
    expect(approved.data.work_no).toMatch(new RegExp(`^${act}-\\d{4}$`));
    // Approving again is refused by the state (409, gate 40021).
    const twice = await t.call('POST', `${base}/${w.id}/approve`, su());
    expect(twice.status).toBe(409);
    expect(twice.message).toBe('作品已通过，不能审核通过');
    const edited = await t.call('PUT', `/v1/${org.key}/client/works/${w.id}`, { token: r.token, body: essay({ title: '再改' }) });
    expect(edited.data).toMatchObject({ status: 'submitted', work_no: approved.data.work_no });
    const withdrawn = await t.call('POST', `/v1/${org.key}/client/works/${w.id}/withdraw`, { token: r.token, body: { request_id: rid() } });
    expect(withdrawn.data.status).toBe('withdrawn');
    const again2 = await t.call('POST', `/v1/${org.key}/client/works/${w.id}/withdraw`, { token: r.token, body: { request_id: rid() } });
    expect(again2.status).toBe(409);
    expect(again2.message).toBe('作品已撤回，不能撤回');
    const edit = await t.call('PUT', `/v1/${org.key}/client/works/${w.id}`, { token: r.token, body: essay() });
    expect(edit.message).toBe('作品已撤回，不能修改');
    // A reader cannot act as an administrator, nor on another reader's work.
    expect((await t.call('POST', `${base}/${w.id}/approve`, { token: r.token })).status).toBe(403);
    const stranger = await signedInReader(t, org);
    expect((await t.call('POST', `/v1/${org.key}/client/works/${w.id}/withdraw`, { token: stranger.token, body: { request_id: rid() } })).status).toBe(404);
  });

  it('works per reader: the second is refused, a withdrawn one gives the place back', async () => {
    const act = await workActivity();
    const r = await signedInReader(t, org);
    const w = (await submit(r.token, act, essay())).data;
    const second = await submit(r.token, act, essay());
    expect(second.status).toBe(403);
    expect(second.message).toBe('每人最多提交1件作品');
    await t.call('POST', `/v1/${org.key}/client/works/${w.id}/withdraw`, { token: r.token, body: { request_id: rid() } });
    expect((await submit(r.token, act, essay())).status).toBe(200);
  });

  it('20 parallel submissions of one reader never exceed the works per reader', async () => {
    const act = await workActivity({ per_user_max_works: 3 });
    const r = await signedInReader(t, org);
    const results = await Promise.all(Array.from({ length: 20 }, () => submit(r.token, act, essay())));
    expect(results.filter((x) => x.status === 200)).toHaveLength(3);
    expect(results.filter((x) => x.status === 403).every((x) => x.message === '每人最多提交3件作品')).toBe(true);
    const mine = await t.call('GET', `/v1/${org.key}/client/activities/${act}/works?mine=1`, { token: r.token });
    expect(mine.data._meta.totalCount).toBe(3);
  });

  it('the gate: a paused activity refuses, an ended submission window refuses, an administrator-upload activity refuses readers', async () => {
    const act = await workActivity();
    const r = await signedInReader(t, org);
    await t.call('POST', `/v1/${org.key}/original/${act}/disable`, su());
    const paused = await submit(r.token, act, essay());
    expect(paused.status).toBe(403);
    expect(paused.message).toBe('活动已暂停');
    const adminOnly = await workActivity({ user_upload: 0 });
    expect((await submit(r.token, adminOnly, essay())).message).toBe('本活动由管理员代为上传作品');
    const closed = await workActivity({ submit_start_at: now() - DAY + 10, submit_end_at: now() - 100, edit_until: now() - 50 });
    const late = await submit(r.token, closed, essay());
    expect(late.status).toBe(403);
    expect(late.message).toBe('作品征集已结束');
  });
});

describe('files are checked by their bytes', () => {
  it('a reader uploads a real picture; a PDF named .png is stored as a PDF and refused by an image type; a too large picture is refused', async () => {
    const act = await workActivity({ creation_types: [TEXT_TYPE, { ...IMAGE_TYPE, file_max_kb: 100 }] }, 9);
    const r = await signedInReader(t, org);
    const pic = await upload(r.token, '画.png', png);
    expect(pic.status, pic.message).toBe(200);
    expect(pic.data.ext).toBe('png');
    const fake = await upload(r.token, '假图.png', pdf);
    expect(fake.data.ext).toBe('pdf');
    const big = await upload(r.token, '大.png', bigPng);
    const painting = (media: string[]) => essay({ creation_type_id: 2, media, content: '' });
    const wrong = await submit(r.token, act, painting([fake.data.url]));
    expect(wrong.status).toBe(422);
    expect(wrong.message).toBe('作品文件：只能上传jpg、png、gif、webp格式的图片');
    const large = await submit(r.token, act, painting([big.data.url]));
    expect(large.message).toBe('作品文件：图片大小不能超过100KB');
    const three = await submit(r.token, act, painting([pic.data.url, pic.data.url, pic.data.url]));
    expect(three.message).toBe('作品文件：最多上传2张图片');
    // Another reader's file is not yours to submit.
    const thief = await signedInReader(t, org);
    const stolen = await submit(thief.token, act, painting([pic.data.url]));
    expect(stolen.message).toBe('作品文件不存在或不是您上传的');
    // …nor as a cover; and a cover is a picture.
    const ownPic = await upload(thief.token, '我的.png', png);
    const stolenCover = await submit(thief.token, act, { ...painting([ownPic.data.url]), cover: pic.data.url });
    expect(stolenCover.message).toBe('封面不存在或不是您上传的');
    const pdfCover = await submit(r.token, act, { ...painting([pic.data.url]), cover: fake.data.url });
    expect(pdfCover.message).toBe('封面必须是jpg、png、gif或webp图片');
    const ok = await submit(r.token, act, { ...painting([pic.data.url]), cover: pic.data.url });
    expect(ok.status, ok.message).toBe(200);
  });
});

describe('the review queue and work numbers', () => {
  it('50 concurrent approvals give 50 distinct consecutive numbers', async () => {
    const act = await workActivity({ per_user_max_works: 20 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await signedInReader(t, org);
      const n = i < 2 ? 20 : 10;
      for (let k = 0; k < n; k++) ids.push((await submit(r.token, act, essay())).data.id);
    }
    expect(ids).toHaveLength(50);
    const results = await Promise.all(ids.map((id) => t.call('POST', `/v1/${org.key}/original/${act}/work/${id}/approve`, su())));
    expect(results.every((x) => x.status === 200)).toBe(true);
    const numbers = results.map((x) => Number(String(x.data.work_no).split('-').at(-1))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('batch decisions: all or nothing, at most 200, rejected with a quick reply as the reason, audited', async () => {
    const act = await workActivity({ per_user_max_works: 5 });
    const r = await signedInReader(t, org);
    const a = (await submit(r.token, act, essay())).data;
    const b = (await submit(r.token, act, essay())).data;
    await t.call('POST', `/v1/quickReplies`, { ...su(), body: { content: '请补充作品说明', sort: 1 } });
    const quick = await t.call('GET', `/v1/${org.key}/check/quick`, su());
    expect(quick.data.items.map((q: { content: string }) => q.content)).toContain('请补充作品说明');
    const tooMany = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: Array.from({ length: 201 }, (_, i) => i + 1), status: 1 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.message).toBe('一次最多审核200条');
    // One item that is not pending makes the whole batch fail; nothing changes.
    await t.call('POST', `/v1/${org.key}/client/works/${b.id}/withdraw`, { token: r.token, body: { request_id: rid() } });
    const mixed = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [a.id, b.id], status: 2, reason: '请补充作品说明' } });
    expect(mixed.status).toBe(409);
    const items = await t.call('GET', `/v1/${org.key}/check/${act}/creation`, su());
    expect(items.data.items.map((w: { id: number }) => w.id)).toEqual([a.id]);
    const done = await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [a.id], status: 2, reason: '请补充作品说明' } });
    expect(done.data.updated).toBe(1);
    const all = await t.call('GET', `/v1/${org.key}/check/${act}/creation?all=1`, su());
    expect(all.data.items.find((w: { id: number }) => w.id === a.id)).toMatchObject({ status: 'rejected', reason: '请补充作品说明' });
    // The originalmix queue does not serve a type-1 activity.
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/originalmix`, su())).status).toBe(404);
  });

  it('post moderation publishes at once with a number and keeps the work in the queue until looked at', async () => {
    const act = await workActivity({ moderation: 'post' });
    const r = await signedInReader(t, org);
    const w = (await submit(r.token, act, essay())).data;
    expect(w.status).toBe('approved');
    expect(w.work_no).toBe(`${act}-0001`);
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/creation`, su())).data.items).toHaveLength(1);
    await t.call('POST', `/v1/${org.key}/check/${act}/creation`, { ...su(), body: { ids: [w.id], status: 1 } });
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/creation`, su())).data.items).toHaveLength(0);
  });
});

describe('administrators', () => {
  it('list filters, batch show / not show, recommend; upload on a reader\'s behalf is approved and numbered at once', async () => {
    const act = await workActivity({ per_user_max_works: 3 });
    const r = await signedInReader(t, org);
    const w = (await submit(r.token, act, essay({ title: '春天的故事', author: { real_name: '李四', unit: '第一小学' } }))).data;
    const base = `/v1/${org.key}/original/${act}/work`;
    const byUnit = await t.call('GET', `${base}?unit=第一`, su());
    expect(byUnit.data.items.map((x: { id: number }) => x.id)).toEqual([w.id]);
    expect(byUnit.data.items[0]).toMatchObject({ creation_type_name: '征文', author_name: '李四', unit: '第一小学' });
    expect((await t.call('GET', `${base}?keyword=春天`, su())).data.items).toHaveLength(1);
    expect((await t.call('GET', `${base}?status=approved`, su())).data.items).toHaveLength(0);
    expect((await t.call('POST', `${base}/batchNotShow`, { ...su(), body: { ids: [w.id] } })).data.updated).toBe(1);
    expect((await t.call('POST', `${base}/${w.id}/recommend`, su())).data.is_rec).toBe(1);
    const up = await t.call('POST', `${base}/upload`, { ...su(), body: { reader_id: r.id, creation_type_id: 1, title: '代传作品', content: '这是管理员代为上传的作品内容。', pledge: true, author: { real_name: '李四' } } });
    expect(up.status, up.message).toBe(200);
    expect(up.data).toMatchObject({ status: 'approved', work_no: `${act}-0001` });
  });

  it('the media zip names each file title plus index, streamed', async () => {
    const act = await workActivity({ creation_types: [TEXT_TYPE, IMAGE_TYPE], per_user_max_works: 2 }, 9);
    const r = await signedInReader(t, org);
    const pic = await upload(r.token, 'a.png', png);
    const made = await submit(r.token, act, essay({ creation_type_id: 2, title: '我的画', media: [pic.data.url, pic.data.url], content: '' }));
    expect(made.status, made.message).toBe(200);
    const w = made.data;
    const text = (await submit(r.token, act, essay())).data;
    const res = await t.app.inject({ method: 'POST', url: `/v1/${org.key}/originalmix/download`, headers: { authorization: `Bearer ${t.superToken}` }, payload: { act, ids: [w.id, text.id] } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="works\.zip"; filename\*=UTF-8''.*-%E4%BD%9C%E5%93%81\.zip$/);
    const names = zipNames(res.rawPayload);
    expect(names).toEqual(['我的画-1.png', '我的画-2.png', `${text.title}-1.txt`]);
  });
});

describe('performances (节目) of a mixed activity', () => {
  it('audio and video works are reviewed in the program queue, the others in originalmix; a queue decides only its own works', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-program-'));
    const mp3Path = path.join(dir, 'reading.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libmp3lame', mp3Path]);
    const RECITAL = { id: 2, name: '朗诵', media: 'audio' };
    const act = await workActivity({ creation_types: [TEXT_TYPE, RECITAL], per_user_max_works: 2 }, 9);
    const r = await signedInReader(t, org);
    const essayWork = await submit(r.token, act, essay());
    expect(essayWork.status, essayWork.message).toBe(200);
    const file = await upload(r.token, 'reading.mp3', fs.readFileSync(mp3Path));
    expect(file.status, file.message).toBe(200);
    const recital = await submit(r.token, act, { request_id: rid(), creation_type_id: 2, title: '《春》朗诵', media: [file.data.url], pledge: true, author: { real_name: '张三' } });
    expect(recital.status, recital.message).toBe(200);

    const queues = (await t.call('GET', `/v1/${org.key}/check/activity`, su())).data.items.filter((a: { id: number }) => a.id === act);
    expect(queues.map((q: { kind: string; pending: number }) => [q.kind, q.pending]).sort()).toEqual([
      ['originalmix', 1],
      ['program', 1],
    ]);
    const idsOf = async (kind: string) => (await t.call('GET', `/v1/${org.key}/check/${act}/${kind}`, su())).data.items.map((w: { id: number }) => w.id);
    expect(await idsOf('originalmix')).toEqual([essayWork.data.id]);
    expect(await idsOf('program')).toEqual([recital.data.id]);
    // The program queue does not decide an essay, nor originalmix a performance.
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/program`, { ...su(), body: { ids: [essayWork.data.id], status: 1 } })).status).toBe(404);
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/originalmix`, { ...su(), body: { ids: [recital.data.id], status: 1 } })).status).toBe(404);
    const approved = await t.call('POST', `/v1/${org.key}/check/${act}/program`, { ...su(), body: { ids: [recital.data.id], status: 1 } });
    expect(approved.status, approved.message).toBe(200);
    expect(await idsOf('program')).toEqual([]);
    expect(await idsOf('originalmix')).toEqual([essayWork.data.id]);

    // The download pages: every work that passed review, or its performances only.
    const zipOf = (part: string) => t.app.inject({ method: 'GET', url: `/v1/${org.key}/originalmix/download?act=${act}&part=${part}`, headers: { authorization: `Bearer ${t.superToken}` } });
    expect(zipNames((await zipOf('program')).rawPayload)).toEqual(['《春》朗诵-1.mp3']);
    expect(zipNames((await zipOf('passed')).rawPayload)).toEqual(['《春》朗诵-1.mp3']);
    expect((await t.call('POST', `/v1/${org.key}/check/${act}/originalmix`, { ...su(), body: { ids: [essayWork.data.id], status: 1 } })).status).toBe(200);
    // In the order the works came (the essay first).
    expect(zipNames((await zipOf('passed')).rawPayload)).toEqual([`${essayWork.data.title}-1.txt`, '《春》朗诵-1.mp3']);
    expect(zipNames((await zipOf('program')).rawPayload)).toEqual(['《春》朗诵-1.mp3']);
    const neither = await t.call('GET', `/v1/${org.key}/originalmix/download?act=${act}`, su());
    expect([neither.status, neither.message]).toEqual([422, '请选择作品']);
    // Another organisation's administrator cannot read the queue.
    const otherAdmin = await t.manager(other.id, 'workotherprog');
    const token = await t.login(otherAdmin.account, 'Manager#Pass1', other.key);
    expect((await t.call('GET', `/v1/${org.key}/check/${act}/program`, { token })).status).toBe(403);
    expect((await t.call('GET', `/v1/${other.key}/check/${act}/program`, { token })).status).toBe(404);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
