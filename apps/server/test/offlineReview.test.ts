/**
 * Review materials of an offline activity (活动回顾, issue 23, spec §7 Review): a summary, images
 * and files uploaded through the storage, a video through the resumable upload (body code 0 while
 * it converts, spec §8), links; shown or hidden, per session or for the activity; limits and bad
 * input as 422 naming the field; another organisation gets 404 on every path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, count, eq } from 'drizzle-orm';
import { REVIEW_FILE_MISSING, REVIEW_KINDS, REVIEW_LIMITS, REVIEW_SESSION_MISSING, VIDEO_CONVERTING, reviewCountMessage } from '@huodong/domain';
import { offlineReviews } from '../src/db/schema.js';
import { multipartBody } from '../src/seed/step.js';
import { MANAGER_PASSWORD, ok, testApp, type TestApp } from './helpers.js';

const CHUNK = 16 * 1024;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-review-'));
const clipPath = path.join(work, 'clip.mov');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-c:v', 'mpeg4', clipPath]);
const clip = fs.readFileSync(clipPath);
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 130, b: 30 } } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let t: TestApp;
let org: { id: number; key: string };
let other: { id: number; key: string };
let token: string;
let otherToken: string;
let act: number;
let session: number;
const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const as = () => ({ token });
const base = () => `/v1/${org.key}/review/${act}`;

beforeAll(async () => {
  t = await testApp({ loginCaptcha: false, dataDir: fs.mkdtempSync(path.join(work, 'data-')), storage: { driver: 'local' }, videoChunkBytes: CHUNK, jobPollMs: 3_600_000 });
  org = await t.org('offreview', { activity_types: [5] });
  other = await t.org('offreviewx', { activity_types: [5] });
  await t.manager(org.id, 'reviewboss');
  await t.manager(other.id, 'otherboss');
  token = await t.login('reviewboss', MANAGER_PASSWORD, org.key);
  otherToken = await t.login('otherboss', MANAGER_PASSWORD, other.key);
  act = (await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...as(), body: { title: '读书会', start_at: now() - DAY, end_at: now() + 60 * DAY } }))).id;
  session = (await ok(t.call('POST', `/v1/${org.key}/train/${act}/session`, { ...as(), body: { title: '第一场', start_at: now() + 2 * DAY, end_at: now() + 2 * DAY + 3600, capacity: 30 } }))).id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const upload = (url: string, name: string, content: Buffer, type: string, tok = token) => {
  const { body, contentType } = multipartBody(name, content, type);
  return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, authorization: `Bearer ${tok}` } });
};
const held = async (kind: string) => (await t.db.select({ n: count() }).from(offlineReviews).where(and(eq(offlineReviews.act_id, act), eq(offlineReviews.kind, kind))))[0].n;

it('a summary per session is written once and replaced; the activity’s own is apart from the session’s', async () => {
  const first = await ok(t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content: '本场共有32位读者参加。' } }));
  const again = await ok(t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content: '改写后的总结', is_show: 0 } }));
  expect(again.id).toBe(first.id);
  expect(again).toMatchObject({ kind: 'summary', content: '改写后的总结', is_show: 0, session_id: session });
  await ok(t.call('POST', `${base()}/createSummary`, { ...as(), body: { content: '系列活动总结' } }));
  expect((await ok(t.call('GET', `${base()}/summary?session_id=${session}`, as()))).items.map((x: { content: string }) => x.content)).toEqual(['改写后的总结']);
  expect((await ok(t.call('GET', `${base()}/summary`, as()))).items.map((x: { content: string }) => x.content)).toEqual(['系列活动总结']);
  const empty = await t.call('POST', `${base()}/createSummary`, { ...as(), body: { content: '  ' } });
  expect(empty.status).toBe(422);
  expect(empty.data.errors[0]).toMatchObject({ field: 'content', message: '请填写活动总结' });
});

it('a summary is rich text stored sanitised: script, on* attributes and javascript: addresses go, the allowed tags stay', async () => {
  const html = [
    '<h2 style="color:red" onclick="steal()">活动回顾</h2>',
    '<p>本场<strong>32位</strong>读者参加，<em>气氛热烈</em>，<u>下期</u><s>取消</s>。<script>alert(1)</script></p>',
    '<ul><li>第一项</li><li><b>第二项</b></li></ul><ol><li>甲</li></ol><blockquote>引文</blockquote><h3>小结</h3><h4>附</h4>',
    '<p><a href="javascript:alert(1)">坏链接</a> <a href="https://example.org/x" onmouseover="x()">好链接</a> <a href="mailto:a@b.cn">写信</a></p>',
    '<img src="x" onerror="alert(1)"><img src="/v1/files/review/a.png" onload="x()" alt="合影"><img src="https://img.example.org/b.png"><img src="javascript:alert(1)">',
    '<iframe src="https://evil.example"></iframe><style>p{}</style><span style="x">文字</span><br>',
  ].join('');
  const saved = await ok(t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content: html } }));
  const stored: string = saved.content;
  for (const gone of ['<script', 'alert(', 'onclick', 'onerror', 'onload', 'onmouseover', 'javascript:', 'style', '<iframe', '<span', 'src="x"']) expect(stored).not.toContain(gone);
  for (const kept of ['<h2>活动回顾</h2>', '<strong>32位</strong>', '<em>气氛热烈</em>', '<u>下期</u>', '<s>取消</s>', '<ul><li>第一项</li><li><b>第二项</b></li></ul>', '<ol><li>甲</li></ol>', '<blockquote>引文</blockquote>', '<h3>小结</h3>', '<h4>附</h4>', '文字<br />'])
    expect(stored).toContain(kept);
  expect(stored).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">好链接</a>');
  expect(stored).toContain('<a href="mailto:a@b.cn" rel="noopener noreferrer" target="_blank">写信</a>');
  expect(stored).toContain('<a rel="noopener noreferrer" target="_blank">坏链接</a>');
  expect(stored).toContain('<img src="/v1/files/review/a.png" alt="合影" />');
  expect(stored).toContain('<img src="https://img.example.org/b.png" />');
  expect(stored.match(/<img/g)).toHaveLength(2);
  // What is stored is what the list answers; an edit through updateFiles is sanitised the same way.
  expect((await ok(t.call('GET', `${base()}/summary?session_id=${session}`, as()))).items[0].content).toBe(stored);
  const edited = await ok(t.call('POST', `${base()}/updateFiles/${saved.id}`, { ...as(), body: { content: '<p onclick="x()">改<b>过</b></p><script>x</script>' } }));
  expect(edited.content).toBe('<p>改<b>过</b></p>');
  // Nothing left once sanitised is an empty summary; NUL is refused naming the field; too long is refused.
  for (const content of ['<script>alert(1)</script>', '<p> </p>', '<img src="javascript:x">']) {
    const res = await t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content } });
    expect(res.status).toBe(422);
    expect(res.data.errors[0]).toMatchObject({ field: 'content', message: '请填写活动总结' });
  }
  const nul = await t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content: '<p>a\u0000b</p>' } });
  expect(nul.status).toBe(422);
  expect(nul.data.errors[0].field).toBe('content');
  expect(nul.data.errors[0].message).toContain('活动总结');
  const long = await t.call('POST', `${base()}/createSummary`, { ...as(), body: { session_id: session, content: `<p>${'&amp;'.repeat(REVIEW_LIMITS.summaryChars / 5 + 1)}</p>` } });
  expect(long.status).toBe(422);
  expect(long.data.errors[0]).toMatchObject({ field: 'content', message: `活动总结不能超过${REVIEW_LIMITS.summaryChars}个字符` });
});

it('images and files are uploaded to the storage, then added; shown or hidden; a file of another kind or organisation is refused', async () => {
  const img = await upload(`${base()}/uploadImage`, '合影.png', png, 'image/png');
  expect(img.statusCode).toBe(200);
  const image = img.json().data;
  expect(image).toMatchObject({ ext: 'png', type: 'image' });
  // A PDF is no picture.
  const notImage = await upload(`${base()}/uploadImage`, 'a.pdf', pdf, 'application/pdf');
  expect(notImage.statusCode).toBe(422);
  const doc = (await upload(`${base()}/uploadFiles`, '讲义.pdf', pdf, 'application/pdf')).json().data;
  expect(doc).toMatchObject({ ext: 'pdf' });

  const added = await ok(t.call('POST', `${base()}/createImage`, { ...as(), body: { session_id: session, file_ids: [image.id] } }));
  expect(added.items[0]).toMatchObject({ kind: 'image', url: image.url, title: '合影.png', is_show: 1, session_id: session });
  const files = await ok(t.call('POST', `${base()}/createFiles`, { ...as(), body: { session_id: session, file_ids: [doc.id] } }));
  expect(files.items[0]).toMatchObject({ kind: 'file', url: doc.url, size: pdf.length });
  // A picture is not a file of the files list, and an upload of another kind is not a review picture.
  const wrong = await t.call('POST', `${base()}/createFiles`, { ...as(), body: { file_ids: [image.id] } });
  expect(wrong.status).toBe(422);
  expect(wrong.data.errors[0]).toMatchObject({ field: 'file_ids', message: REVIEW_FILE_MISSING });
  const cover = (await upload(`/v1/${org.key}/upload/cover`, 'c.png', png, 'image/png')).json().data;
  expect((await t.call('POST', `${base()}/createImage`, { ...as(), body: { file_ids: [cover.id] } })).status).toBe(422);

  const hidden = await ok(t.call('POST', `${base()}/updateFiles/${added.items[0].id}`, { ...as(), body: { is_show: 0, title: '全体合影' } }));
  expect(hidden).toMatchObject({ is_show: 0, title: '全体合影' });
  const listed = await ok(t.call('GET', `${base()}/image?session_id=${session}`, as()));
  expect(listed.items).toHaveLength(1);
  expect(listed.items[0]).toMatchObject({ is_show: 0, title: '全体合影' });
  expect((await ok(t.call('GET', `${base()}/files?session_id=${session}`, as()))).items).toHaveLength(1);
  // A picture has no text of its own.
  const content = await t.call('POST', `${base()}/updateFiles/${added.items[0].id}`, { ...as(), body: { content: 'x' } });
  expect(content.status).toBe(422);
  expect(content.data.errors[0].field).toBe('content');
});

it('at most 50 pictures a session: one more is 422 on file_ids and nothing is added', async () => {
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push((await upload(`${base()}/uploadImage`, `p${i}.png`, png, 'image/png')).json().data.id);
  const room = REVIEW_LIMITS.image.count;
  // Fill the activity's own pictures up to the limit but two.
  await t.db.insert(offlineReviews).values(Array.from({ length: room - 2 }, (_, i) => ({ org_id: org.id, act_id: act, kind: 'image', title: `p${i}`, url: '/v1/files/x.png' })));
  const before = await held('image');
  const over = await t.call('POST', `${base()}/createImage`, { ...as(), body: { file_ids: ids } });
  expect(over.status).toBe(422);
  expect(over.data.errors[0]).toMatchObject({ field: 'file_ids', message: reviewCountMessage('image', room) });
  expect(await held('image')).toBe(before);
  await ok(t.call('POST', `${base()}/createImage`, { ...as(), body: { file_ids: ids.slice(0, 2) } }));
  const all = (await ok(t.call('GET', `${base()}/image`, as()))).items as { id: number }[];
  expect(all).toHaveLength(room);
  // batchDelete removes only this activity's materials.
  const gone = await ok(t.call('POST', `${base()}/batchDelete`, { ...as(), body: { ids: all.map((x) => x.id) } }));
  expect(gone.deleted).toBe(room);
});

it('links: an http(s) address with a title; a bad address is 422 naming url', async () => {
  const link = await ok(t.call('POST', `${base()}/createLink`, { ...as(), body: { session_id: session, title: '活动报道', url: 'https://news.example.org/a/1' } }));
  expect(link).toMatchObject({ kind: 'link', url: 'https://news.example.org/a/1', title: '活动报道' });
  const bad = await t.call('POST', `${base()}/createLink`, { ...as(), body: { title: '坏链接', url: 'javascript:alert(1)' } });
  expect(bad.status).toBe(422);
  expect(bad.data.errors[0].field).toBe('url');
  const moved = await ok(t.call('POST', `${base()}/updateFiles/${link.id}`, { ...as(), body: { url: 'https://news.example.org/a/2' } }));
  expect(moved.url).toBe('https://news.example.org/a/2');
  expect((await ok(t.call('GET', `${base()}/link?session_id=${session}`, as()))).items).toHaveLength(1);
});

it('a video answers body code 0 while it uploads and converts, then plays with its cover', async () => {
  const auth = await ok(t.call('POST', `/v1/${org.key}/upload/video/getAuth`, { ...as(), body: { name: 'clip.mov', size: clip.length } }));
  const video = await ok(t.call('POST', `${base()}/createVideo`, { ...as(), body: { session_id: session, videoId: auth.videoId, title: '现场视频' } }));
  expect(video).toMatchObject({ kind: 'video', videoId: auth.videoId, status: 'uploading', url: '' });
  const during = await t.call('GET', `${base()}/video?session_id=${session}`, as());
  expect(during).toMatchObject({ status: 200, code: 0, message: VIDEO_CONVERTING });
  expect(during.data.items[0]).toMatchObject({ videoId: auth.videoId, status: 'uploading' });
  for (let offset = 0; offset < clip.length; offset += auth.chunkSize) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${auth.uploadAddress}?offset=${offset}`,
      headers: { authorization: `Bearer ${token}`, 'x-upload-auth': auth.uploadAuth, 'content-type': 'application/octet-stream' },
      payload: clip.subarray(offset, offset + auth.chunkSize),
    });
    expect(res.statusCode).toBe(200);
  }
  await t.app.jobs.idle();
  const done = await t.call('GET', `${base()}/video?session_id=${session}`, as());
  expect(done.code).toBe(200);
  expect(done.data.items[0]).toMatchObject({ status: 'done', title: '现场视频' });
  expect(done.data.items[0].url).toMatch(/\.mp4$/);
  expect(done.data.items[0].cover).toMatch(/^\/v1\/files\//);
  // Another organisation's video cannot be attached.
  const foreign = await ok(t.call('POST', `/v1/${other.key}/upload/video/getAuth`, { token: otherToken, body: { name: 'x.mp4', size: 100 } }));
  const refused = await t.call('POST', `${base()}/createVideo`, { ...as(), body: { videoId: foreign.videoId } });
  expect(refused.status).toBe(422);
  expect(refused.data.errors[0].field).toBe('videoId');
});

it('a session of another activity is 422 on session_id', async () => {
  const act2 = (await ok(t.call('POST', `/v1/${org.key}/offlines`, { ...as(), body: { title: '另一系列', start_at: now() - DAY, end_at: now() + 60 * DAY } }))).id;
  const res = await t.call('POST', `/v1/${org.key}/review/${act2}/createLink`, { ...as(), body: { session_id: session, title: '链接', url: 'https://e.example.org' } });
  expect(res.status).toBe(422);
  expect(res.data.errors[0]).toMatchObject({ field: 'session_id', message: REVIEW_SESSION_MISSING });
});

it('a single offline activity has review materials too', async () => {
  const single = await ok(t.call('POST', `/v1/${org.key}/offline`, { ...as(), body: { title: '讲座', start_at: now() + 3 * DAY, end_at: now() + 3 * DAY + 3600, person_limit: 50 } }));
  await ok(t.call('POST', `/v1/${org.key}/review/${single.id}/createSummary`, { ...as(), body: { content: '讲座回顾' } }));
  expect((await ok(t.call('GET', `/v1/${org.key}/review/${single.id}/summary`, as()))).items).toHaveLength(1);
});

it('tenant: a manager of another organisation gets 404 on every path for this organisation’s activity, and nothing changes', async () => {
  const [row] = await t.db.select().from(offlineReviews).where(eq(offlineReviews.act_id, act)).limit(1);
  const b = `/v1/${other.key}/review/${act}`;
  for (const p of Object.keys(REVIEW_KINDS)) expect((await t.call('GET', `${b}/${p}`, { token: otherToken })).status, p).toBe(404);
  const writes: [string, unknown][] = [
    ['createSummary', { content: 'x' }],
    ['createLink', { title: 'x', url: 'https://x.example.org' }],
    ['createImage', { file_ids: [1] }],
    ['createFiles', { file_ids: [1] }],
    ['createVideo', { videoId: 'a'.repeat(24) }],
    [`updateFiles/${row.id}`, { is_show: 0 }],
    ['batchDelete', { ids: [row.id] }],
  ];
  for (const [p, body] of writes) expect((await t.call('POST', `${b}/${p}`, { token: otherToken, body })).status, p).toBe(404);
  for (const p of ['uploadImage', 'uploadFiles']) expect((await upload(`${b}/${p}`, 'a.png', png, 'image/png', otherToken)).statusCode, p).toBe(404);
  const [still] = await t.db.select().from(offlineReviews).where(eq(offlineReviews.id, row.id));
  expect(still).toEqual(row);
  // And on this organisation's path a foreign manager is refused (403) by the access hook.
  expect((await t.call('GET', `${base()}/summary`, { token: otherToken })).status).toBe(403);
});
