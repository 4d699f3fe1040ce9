import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq, inArray } from 'drizzle-orm';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { VIDEO_CONVERTING, VIDEO_TRANSCODE_FAILED, UPLOAD_EXPIRED, UPLOAD_OFFSET_MISMATCH, formatsMessage, IMAGE_EXTS, VIDEO_UPLOAD } from '@huodong/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { AppConfig, StorageConfig } from '../src/config.js';
import { files, jobs, videoJobs } from '../src/db/schema.js';
import { MANAGER_PASSWORD, testApp, type TestApp } from './helpers.js';
import { multipartBody } from '../src/seed/step.js';

const CHUNK = 16 * 1024;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A multipart body with one file in the field `file` (what the web's upload control sends). */
function multipart(filename: string, content: Buffer, type = 'application/octet-stream', field = 'file') {
  const { body, contentType } = multipartBody(filename, content, type, field);
  return { payload: body, headers: { 'content-type': contentType } };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-files-'));
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
/** A one-second clip with sound, not yet H.264 (so the job really transcodes). */
const clipPath = path.join(work, 'clip.mov');
ffmpeg('-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', clipPath);
const clip = fs.readFileSync(clipPath);
const mp3Path = path.join(work, 'tone.mp3');
ffmpeg('-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libmp3lame', mp3Path);
const mp3 = fs.readFileSync(mp3Path);
const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function probe(file: Buffer): { codecs: string[]; duration: number } {
  const f = path.join(work, `probe-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(f, file);
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', f]).toString());
  return { codecs: out.streams.map((s: { codec_name: string }) => s.codec_name), duration: Number(out.format.duration) };
}

let s3: { close(): Promise<void> } | null = null;
let s3Config: StorageConfig;

beforeAll(async () => {
  const port = await freePort();
  s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: 'huodong-files' }] });
  await (s3 as unknown as { run(): Promise<unknown> }).run();
  s3Config = {
    driver: 's3',
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'huodong-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('stored files on the %s driver', (driver) => {
  let t: TestApp;
  let config: Partial<AppConfig>;
  let orgToken: string;
  let otherToken: string;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(work, `${driver}-`));
    config = { dataDir, storage: driver === 's3' ? s3Config : { driver: 'local' }, videoChunkBytes: CHUNK, jobPollMs: 3_600_000, uploadMaxMB: { logo: 0.0625 } };
    t = await testApp(config);
    const a = await t.org('filesa');
    const b = await t.org('filesb');
    await t.manager(a.id, 'fa');
    await t.manager(b.id, 'fb');
    orgToken = await t.login('fa', MANAGER_PASSWORD, 'filesa');
    otherToken = await t.login('fb', MANAGER_PASSWORD, 'filesb');
  });
  afterAll(() => t.close());

  const upload = (url: string, token: string | null, name: string, content: Buffer, type?: string) => {
    const m = multipart(name, content, type);
    return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('an image uploaded to the platform is stored, accounted and served with its size, type and long cache', async () => {
    const res = await upload('/v1/upload/cover', t.superToken, '封面.png', png, 'image/png');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ ext: 'png', mime: 'image/png', type: 'image', size: png.length, width: 400, height: 300, name: '封面.png' });
    expect(data.key).toMatch(/^super\/cover\/\d{4}\/[a-f0-9]{24}\.png$/);
    expect(data.url).toBe(`/v1/files/${data.key}`);
    const [row] = await t.db.select().from(files).where(eq(files.key, data.key));
    expect(row).toMatchObject({ org_id: null, kind: 'cover', size: png.length, creator_kind: 'super' });

    const file = await get(data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.rawPayload.equals(png)).toBe(true);
    const again = await get(data.url, { 'if-none-match': String(file.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('an organisation upload is stored under its key; a manager of another organisation is refused; no token, no upload', async () => {
    const res = await upload('/v1/filesa/upload/cover', orgToken, 'a.png', png);
    expect(res.statusCode).toBe(200);
    const { key } = res.json().data;
    expect(key).toMatch(/^filesa\/cover\//);
    const [row] = await t.db.select().from(files).where(eq(files.key, key));
    expect(row.creator_kind).toBe('manager');
    expect(row.org_id).not.toBeNull();
    expect((await upload('/v1/filesa/upload/cover', otherToken, 'a.png', png)).statusCode).toBe(403);
    expect((await upload('/v1/upload/cover', orgToken, 'a.png', png)).statusCode).toBe(403);
    expect((await upload('/v1/filesa/upload/cover', null, 'a.png', png)).statusCode).toBe(401);
  });

  it('the type is read from the bytes: HTML or SVG named .png is refused with the allowed formats', async () => {
    for (const [name, content] of [
      ['evil.png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['doc.png', pdf],
    ] as const) {
      const res = await upload('/v1/upload/cover', t.superToken, name, content, 'image/png');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(`资源文件：${formatsMessage(IMAGE_EXTS, '图片')}`);
    }
    const none = await t.app.inject({ method: 'POST', url: '/v1/upload/cover', headers: { authorization: `Bearer ${t.superToken}` }, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('资源文件：请选择要上传的文件');
  });

  it('a file over the kind’s limit is refused with a message naming the limit, and nothing is stored', async () => {
    const big = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' }, }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(64 * 1024);
    const before = (await t.db.select().from(files)).length;
    const res = await upload('/v1/upload/logo', t.superToken, 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('文件大小不能超过64KB');
    expect((await t.db.select().from(files)).length).toBe(before);
  });

  it('documents are served as attachments; audio inline with its duration and byte ranges', async () => {
    const doc = (await upload('/v1/filesa/upload/public', orgToken, '报告.pdf', pdf)).json().data;
    expect(doc).toMatchObject({ ext: 'pdf', type: 'document' });
    const d = await get(doc.url);
    expect(d.headers['content-type']).toBe('application/pdf');
    expect(d.headers['content-disposition']).toMatch(/^attachment; filename=".*\.pdf"; filename\*=UTF-8''%E6%8A%A5%E5%91%8A\.pdf$/);
    expect(d.headers['content-security-policy']).toMatch(/^sandbox/);

    const audio = (await upload('/v1/filesa/upload/question', orgToken, 'tone.mp3', mp3)).json().data;
    expect(audio).toMatchObject({ ext: 'mp3', type: 'audio', mime: 'audio/mpeg' });
    expect(audio.duration).toBeGreaterThan(0.9);
    const part = await get(audio.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${mp3.length}`);
    expect(Number(part.headers['content-length'])).toBe(100);
    expect(part.rawPayload.equals(mp3.subarray(100, 200))).toBe(true);
    const tail = await get(audio.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(mp3.subarray(mp3.length - 10))).toBe(true);
    const beyond = await get(audio.url, { range: `bytes=${mp3.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp3.length}`);
    expect(String(beyond.headers['cache-control'] ?? '')).not.toContain('immutable');
    expect(d.headers['content-disposition']).toBeDefined();
    expect(part.headers['content-disposition']).toBeUndefined();
  });

  it('images take ?width (no value = 200, no upscaling, bounded) and the thumbnail is kept in the storage', async () => {
    const { url, key } = (await upload('/v1/upload/profile', t.superToken, 'p.png', png)).json().data;
    const w100 = await get(`${url}?width=100`);
    expect(w100.statusCode).toBe(200);
    expect((await sharp(w100.rawPayload).metadata()).width).toBe(100);
    expect(await t.app.storage.size(`_cache/w100/${key}`)).toBe(w100.rawPayload.length);
    const again = await get(`${url}?width=100`);
    expect(again.rawPayload.equals(w100.rawPayload)).toBe(true);
    expect((await sharp((await get(`${url}?width`)).rawPayload).metadata()).width).toBe(200);
    expect((await sharp((await get(url)).rawPayload).metadata()).width).toBe(400);
    expect((await get(`${url}?width=1000`)).rawPayload.equals(png)).toBe(true);
    for (const bad of ['abc', '5', '5000', '10.5']) {
      const res = await get(`${url}?width=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/宽度/);
    }
    expect((await get('/v1/files/super/cover/2026/nothere.png')).statusCode).toBe(404);
    expect((await get('/v1/files/../../etc/passwd')).statusCode).toBe(404);
    expect((await get(`/v1/files/_cache/w100/${key}`)).statusCode).toBe(404);
  });

  /** Upload a whole video through getAuth and chunks; returns the videoId. */
  async function uploadVideo(app: FastifyInstance, prefix: string, token: string, content = clip): Promise<string> {
    const auth = await t.call('POST', `${prefix}/upload/video/getAuth`, { token, body: { name: 'clip.mov', size: content.length } });
    expect(auth.status).toBe(200);
    for (let offset = 0; offset < content.length; offset += auth.data.chunkSize) {
      const res = await app.inject({
        method: 'PUT',
        url: `${auth.data.uploadAddress}?offset=${offset}`,
        headers: { authorization: `Bearer ${token}`, 'x-upload-auth': auth.data.uploadAuth, 'content-type': 'application/octet-stream' },
        payload: content.subarray(offset, offset + auth.data.chunkSize),
      });
      expect(res.statusCode).toBe(200);
    }
    return auth.data.videoId;
  }

  it('a video uploads in chunks, answers code 0 while converting, then plays as H.264/AAC MP4 with a cover', async () => {
    const auth = await t.call('POST', '/v1/filesa/upload/video/getAuth', { token: orgToken, body: { name: 'clip.mov', size: clip.length } });
    expect(auth.status).toBe(200);
    expect(auth.data).toMatchObject({ chunkSize: CHUNK, offset: 0, size: clip.length, uploadAddress: `/v1/filesa/upload/video/${auth.data.videoId}` });
    const put = (offset: number, body: Buffer, uploadAuth = auth.data.uploadAuth) =>
      t.app.inject({
        method: 'PUT',
        url: `${auth.data.uploadAddress}?offset=${offset}`,
        headers: { authorization: `Bearer ${orgToken}`, 'x-upload-auth': uploadAuth, 'content-type': 'application/octet-stream' },
        payload: body,
      });
    const info = () => t.call('GET', `/v1/filesa/upload/video/getInfo?videoId=${auth.data.videoId}`, { token: orgToken });

    expect((await put(0, clip.subarray(0, CHUNK))).json().data).toMatchObject({ offset: CHUNK, status: 'uploading' });
    // A chunk sent again (a lost answer) is refused with the offset to continue from.
    const dup = await put(0, clip.subarray(0, CHUNK));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: UPLOAD_OFFSET_MISMATCH, data: { offset: CHUNK } });
    const during = await info();
    expect(during).toMatchObject({ status: 200, code: 0, message: VIDEO_CONVERTING });

    // An expired authorisation lets nothing in until refresh renews it.
    await t.db.update(videoJobs).set({ auth_expires_at: Date.now() - 1 }).where(eq(videoJobs.id, auth.data.videoId));
    const expired = await put(CHUNK, clip.subarray(CHUNK, 2 * CHUNK));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(UPLOAD_EXPIRED);
    const refreshed = await t.call('POST', '/v1/filesa/upload/video/refresh', { token: orgToken, body: { videoId: auth.data.videoId } });
    expect(refreshed.data).toMatchObject({ offset: CHUNK, videoId: auth.data.videoId });
    for (let offset = CHUNK; offset < clip.length; offset += CHUNK) {
      expect((await put(offset, clip.subarray(offset, offset + CHUNK), refreshed.data.uploadAuth)).statusCode).toBe(200);
    }
    // Another organisation does not see it.
    expect((await t.call('GET', `/v1/filesb/upload/video/getInfo?videoId=${auth.data.videoId}`, { token: otherToken })).status).toBe(404);

    await t.app.jobs.idle();
    const done = await info();
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({ videoId: auth.data.videoId, status: 'done', width: 160, height: 120 });
    expect(done.data.duration).toBeGreaterThan(0.9);
    expect(done.data.url).toMatch(/^\/v1\/files\/filesa\/video\/\d{4}\/[a-f0-9]{24}\.mp4$/);
    const video = await get(done.data.url);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['content-disposition']).toBeUndefined();
    expect(probe(video.rawPayload).codecs.sort()).toEqual(['aac', 'h264']);
    const seek = await get(done.data.url, { range: 'bytes=0-15' });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const cover = await get(done.data.cover);
    expect((await sharp(cover.rawPayload).metadata()).format).toBe('jpeg');
    expect(await t.app.storage.size(`_tmp/video/${auth.data.videoId}/0000000000000`)).toBeNull();

    const vc = await t.call('GET', `/v1/filesa/upload/videoCover?videoId=${auth.data.videoId}`, { token: orgToken });
    expect(vc.data.cover).toBe(done.data.cover);
    const frame = await t.call('POST', `/v1/filesa/upload/updateCover`, { token: orgToken, body: { videoId: auth.data.videoId, time: 0.5 } });
    expect(frame.status).toBe(200);
    expect(frame.data.cover).not.toBe(done.data.cover);
    const m = multipart('cover.png', png, 'image/png');
    const chosen = await t.app.inject({
      method: 'POST',
      url: `/v1/filesa/upload/updateCover?videoId=${auth.data.videoId}`,
      headers: { ...m.headers, authorization: `Bearer ${orgToken}` },
      payload: m.payload,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.cover).toMatch(/\.png$/);
    expect((await info()).data.cover).toBe(chosen.json().data.cover);
  });

  it('a video upload is refused by its bytes, by its size, and can be cancelled', async () => {
    const big = await t.call('POST', '/v1/upload/video/getAuth', { token: t.superToken, body: { name: 'a.mp4', size: VIDEO_UPLOAD.maxMB * 1024 * 1024 + 1 } });
    expect(big.status).toBe(413);
    expect(big.message).toBe(`文件大小不能超过${VIDEO_UPLOAD.maxMB}MB`);
    const named = await t.call('POST', '/v1/upload/video/getAuth', { token: t.superToken, body: { name: 'a.html', size: 10 } });
    expect(named.status).toBe(422);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const auth = await t.call('POST', '/v1/upload/video/getAuth', { token: t.superToken, body: { name: 'a.mp4', size: html.length } });
    const res = await t.app.inject({
      method: 'PUT',
      url: `${auth.data.uploadAddress}?offset=0`,
      headers: { authorization: `Bearer ${t.superToken}`, 'x-upload-auth': auth.data.uploadAuth, 'content-type': 'application/octet-stream' },
      payload: html,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(`资源文件：${formatsMessage(VIDEO_UPLOAD.exts, '视频')}`);

    const cancel = await t.call('DELETE', `/v1/upload/video/${auth.data.videoId}`, { token: t.superToken });
    expect(cancel.status).toBe(200);
    expect((await t.call('GET', `/v1/upload/video/getInfo?videoId=${auth.data.videoId}`, { token: t.superToken })).status).toBe(404);
  });

  it('a file that is not a playable video fails after upload, and getInfo says so', async () => {
    const fake = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);
    const id = await uploadVideo(t.app, '/v1', t.superToken, fake);
    await t.app.jobs.idle();
    const res = await t.call('GET', `/v1/upload/video/getInfo?videoId=${id}`, { token: t.superToken });
    expect(res.status).toBe(422);
    expect(res.message).toBe(VIDEO_TRANSCODE_FAILED);
  });

  it('jobs survive a restart and several instances share the queue: each video is transcoded exactly once', async () => {
    // An instance without a worker takes the uploads; one job was left running by an instance that died.
    const uploader = await buildApp({ ...t.app.config, videoWorker: false }, { database: t.database, logger: false });
    await uploader.ready();
    const ids = [await uploadVideo(uploader, '/v1', t.superToken), await uploadVideo(uploader, '/v1', t.superToken), await uploadVideo(uploader, '/v1', t.superToken)];
    const keys = ids.map((id) => `video:${id}`);
    await t.db.update(jobs).set({ status: 'running', attempts: 1, locked_by: 'dead', locked_until: Date.now() - 1 }).where(eq(jobs.key, keys[0]));
    await uploader.close();

    // Two fresh instances start (their runners claim on start) and work side by side.
    const workers = await Promise.all([0, 1].map(() => buildApp(t.app.config, { database: t.database, logger: false })));
    await Promise.all(workers.map((w) => w.ready()));
    await Promise.all(workers.map((w) => w.jobs.idle()));
    workers.forEach((w) => w.jobs.kick());
    await Promise.all(workers.map((w) => w.jobs.idle()));
    const mine = (await t.db.select().from(videoJobs).where(inArray(videoJobs.id, ids))).sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    expect(mine.map((r) => r.status)).toEqual(['done', 'done', 'done']);
    const queue = (await t.db.select().from(jobs).where(inArray(jobs.key, keys))).sort((a, b) => keys.indexOf(a.key!) - keys.indexOf(b.key!));
    expect(queue.map((j) => [j.status, j.attempts])).toEqual([['done', 2], ['done', 1], ['done', 1]]);
    const videos = await t.db.select().from(files).where(eq(files.kind, 'video'));
    for (const id of ids) expect(videos.filter((f) => f.key.includes(id))).toHaveLength(1);
    await Promise.all(workers.map((w) => w.close()));
  });
});
