import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, eq, isNull } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { z } from 'zod';
import {
  IMAGE_EXTS,
  UPLOAD_EXPIRED,
  UPLOAD_KINDS,
  UPLOAD_OFFSET_MISMATCH,
  UPLOAD_RULES,
  VIDEO_CONVERTING,
  VIDEO_NOT_FOUND,
  VIDEO_TRANSCODE_FAILED,
  VIDEO_UPLOAD,
  formatsMessage,
  plainText,
  type FileExt,
} from '@huodong/domain';
import { files, videoJobs } from '../db/schema.js';
import { callerOf } from '../auth/access.js';
import { sha256 } from '../auth/tokens.js';
import { HttpError, badRequest, notFound, validationError } from '../http/errors.js';
import { fileInfo, maxBytes, receiveMultipart, scratchDir, storeFile, tooLarge, type FileInfo } from '../storage/files.js';
import { extractFrame } from '../storage/media.js';
import { sniff } from '../storage/sniff.js';
import { chunkKey, chunkPrefix, queueTranscode, type VideoJob } from '../storage/videoWorker.js';

/** How long an upload authorisation (getAuth, refresh) lets chunks in. */
export const UPLOAD_AUTH_TTL_MS = 30 * 60_000;
/** Body code of spec §8: the video is still being converted. */
export const VIDEO_CONVERTING_CODE = 0;
export const UPLOAD_AUTH_HEADER = 'x-upload-auth';

const videoIdSchema = z.string({ error: '请提供videoId' }).regex(/^[a-f0-9]{24}$/, '视频标识不正确');
const getAuthBody = z.object({
  name: plainText('文件名', '请提供文件名').trim().min(1, '请提供文件名').max(255, '文件名不能超过255个字符'),
  size: z.number({ error: '请提供文件大小' }).int('文件大小必须是整数').positive('文件大小必须大于0'),
});
const chunkQuery = z.object({ offset: z.coerce.number({ error: '请提供offset' }).int().min(0, 'offset不能小于0') });

/**
 * Uploads (spec §7): `/v1/upload/{cover,logo,profile,public,question}` (platform) and
 * `/v1/{org}/upload/…` (organisation), multipart with the file in `file`; the resumable video
 * upload (`video/getAuth`, chunks, `video/refresh`, `video/getInfo`, `videoCover`, `updateCover`).
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const chunkBytes = app.config.videoChunkBytes ?? VIDEO_UPLOAD.chunkBytes;
  // Limits per route (request.file); these only bound what no route asks for.
  await app.register(multipart, { limits: { fileSize: 0, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  // Chunks arrive as raw bytes; only here (this plugin's scope), and only up to one chunk.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: chunkBytes + 1024 }, (_req, body, done) => done(null, body));

  for (const [prefix, access] of [['/v1', 'super'], ['/v1/:org', 'org']] as const) {
    const config = { access } as const;
    const params = access === 'org' ? z.object({ org: z.string() }) : z.object({});
    const videoParams = params.extend({ videoId: videoIdSchema });

    for (const kind of UPLOAD_KINDS) {
      r.post(`${prefix}/upload/${kind}`, { config, schema: { params } }, (request) =>
        receiveMultipart(app, request, kind, UPLOAD_RULES[kind], maxBytes(app, kind)),
      );
    }

    r.post(`${prefix}/upload/video/getAuth`, { config, schema: { params, body: getAuthBody } }, async (request) => {
      const { name, size } = request.body;
      const limit = maxBytes(app, 'video');
      if (size > limit) throw tooLarge(limit);
      const byName = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
      if (!VIDEO_UPLOAD.exts.includes(byName as never)) throw validationError([{ field: 'name', message: formatsMessage(VIDEO_UPLOAD.exts, VIDEO_UPLOAD.noun) }]);
      const caller = callerOf(request);
      const id = randomBytes(12).toString('hex');
      const auth = newAuth();
      await db.insert(videoJobs).values({
        id,
        org_id: request.org?.id ?? null,
        name,
        size,
        auth_hash: auth.hash,
        auth_expires_at: auth.expiresAt,
        creator_kind: caller.kind,
        created_by: caller.id,
      });
      return authAnswer(request, { id, size, received: 0 }, auth);
    });

    r.post(`${prefix}/upload/video/refresh`, { config, schema: { params, body: z.object({ videoId: videoIdSchema }) } }, async (request) => {
      const job = await findJob(request, request.body.videoId);
      if (job.status !== 'uploading') throw badRequest('视频已上传完成，无需刷新上传授权');
      const auth = newAuth();
      await db.update(videoJobs).set({ auth_hash: auth.hash, auth_expires_at: auth.expiresAt }).where(eq(videoJobs.id, job.id));
      return authAnswer(request, job, auth);
    });

    r.put(
      `${prefix}/upload/video/:videoId`,
      { config, bodyLimit: chunkBytes + 1024, schema: { params: videoParams, querystring: chunkQuery } },
      async (request) => {
        const job = await findJob(request, request.params.videoId);
        if (job.status !== 'uploading') throw badRequest('视频已上传完成');
        const auth = request.headers[UPLOAD_AUTH_HEADER];
        if (typeof auth !== 'string' || sha256(auth) !== job.auth_hash || job.auth_expires_at <= Date.now()) throw badRequest(UPLOAD_EXPIRED);
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw validationError([{ field: 'body', message: '请以application/octet-stream发送分片内容' }]);
        const { offset } = request.query;
        if (offset !== job.received) throw new HttpError(409, UPLOAD_OFFSET_MISMATCH, { offset: job.received });
        const end = offset + body.length;
        // Every chunk but the last has the announced size, so the worker knows every chunk's name.
        if (end > job.size || (end < job.size && body.length !== chunkBytes)) {
          throw validationError([{ field: 'body', message: `分片大小必须是${chunkBytes}字节（最后一片除外），且不能超过文件大小` }]);
        }
        if (offset === 0) {
          const ext = sniff(body, job.name);
          if (!ext || !VIDEO_UPLOAD.exts.includes(ext as never)) throw validationError([{ field: 'file', message: formatsMessage(VIDEO_UPLOAD.exts, VIDEO_UPLOAD.noun) }]);
        }
        await app.storage.put(chunkKey(job.id, offset), body, 'application/octet-stream');
        const done = end === job.size;
        // The last chunk queues the transcoding in the same transaction: a complete upload always has its job.
        const row = await db.transaction(async (tx) => {
          const [stored] = await tx
            .update(videoJobs)
            .set({ received: end, status: done ? 'queued' : 'uploading', updated_at: sql`extract(epoch from now())::bigint` })
            .where(and(eq(videoJobs.id, job.id), eq(videoJobs.received, offset), eq(videoJobs.status, 'uploading')))
            .returning({ received: videoJobs.received, status: videoJobs.status });
          if (stored && done) await queueTranscode(app, tx, job);
          return stored;
        });
        if (!row) {
          // Another request stored this chunk first.
          const now = await findJob(request, job.id);
          throw new HttpError(409, UPLOAD_OFFSET_MISMATCH, { offset: now.received });
        }
        if (done) app.jobs.kick();
        return { videoId: job.id, offset: row.received, size: job.size, status: row.status };
      },
    );

    r.delete(`${prefix}/upload/video/:videoId`, { config, schema: { params: videoParams } }, async (request) => {
      const job = await findJob(request, request.params.videoId);
      // A running job finishes or fails on its own; a done video is removed with what uses it.
      if (job.status === 'running' || job.status === 'done') throw badRequest('视频已在转码或已转码完成，无法取消上传');
      const [gone] = await db
        .delete(videoJobs)
        .where(and(eq(videoJobs.id, job.id), sql`${videoJobs.status} in ('uploading', 'queued', 'failed')`))
        .returning({ id: videoJobs.id });
      if (!gone) throw badRequest('视频已在转码或已转码完成，无法取消上传');
      await app.storage.deletePrefix(chunkPrefix(job.id));
      return { videoId: job.id };
    });

    r.get(
      `${prefix}/upload/video/getInfo`,
      { config: { ...config, rawBody: true }, schema: { params, querystring: z.object({ videoId: videoIdSchema }).passthrough() } },
      async (request, reply) => {
        const job = await findJob(request, request.query.videoId);
        if (job.status !== 'done') return converting(reply, job);
        return reply.send({ code: 200, message: 'success', data: await videoInfo(job) });
      },
    );

    r.get(
      `${prefix}/upload/videoCover`,
      { config: { ...config, rawBody: true }, schema: { params, querystring: z.object({ videoId: videoIdSchema }).passthrough() } },
      async (request, reply) => {
        const job = await findJob(request, request.query.videoId);
        if (job.status !== 'done') return converting(reply, job);
        const info = await videoInfo(job);
        return reply.send({ code: 200, message: 'success', data: { videoId: job.id, cover: info.cover, coverFile: info.coverFile } });
      },
    );

    r.post(
      `${prefix}/upload/updateCover`,
      { config: { ...config, rawBody: true }, schema: { params, querystring: z.object({ videoId: videoIdSchema.optional() }).passthrough() } },
      async (request, reply) => {
        const multipart = request.isMultipart();
        const body = multipart ? {} : z.object({ videoId: videoIdSchema.optional(), time: z.number({ error: '请提供截取封面的时间（秒）' }).min(0, '时间不能小于0') }).safeParse(request.body ?? {});
        if (!multipart && !(body as { success: boolean }).success) {
          const issue = (body as z.ZodSafeParseError<unknown>).error.issues[0];
          throw validationError([{ field: String(issue.path[0] ?? 'time'), message: issue.message }]);
        }
        const parsed = multipart ? null : (body as z.ZodSafeParseSuccess<{ videoId?: string; time: number }>).data;
        const videoId = request.query.videoId ?? parsed?.videoId;
        if (!videoId) throw validationError([{ field: 'videoId', message: '请提供videoId' }]);
        const job = await findJob(request, videoId);
        if (job.status !== 'done' || !job.file_id) return converting(reply, job);
        let cover: FileInfo;
        if (multipart) {
          cover = await receiveMultipart(app, request, 'videoCover', { exts: IMAGE_EXTS, noun: '图片' }, maxBytes(app, 'cover'));
        } else {
          cover = await frameCover(request, job, parsed!.time);
        }
        await db.update(videoJobs).set({ cover_file_id: cover.id }).where(eq(videoJobs.id, job.id));
        return reply.send({ code: 200, message: 'success', data: { videoId: job.id, cover: cover.url, coverFile: cover } });
      },
    );
  }

  function newAuth() {
    const token = randomBytes(24).toString('base64url');
    return { token, hash: sha256(token), expiresAt: Date.now() + UPLOAD_AUTH_TTL_MS };
  }

  function authAnswer(request: FastifyRequest, job: Pick<VideoJob, 'id' | 'size' | 'received'>, auth: ReturnType<typeof newAuth>) {
    const base = request.org ? `/v1/${request.org.key}` : '/v1';
    return {
      videoId: job.id,
      uploadAuth: auth.token,
      /** PUT each chunk here with `?offset=` and the header `X-Upload-Auth`. */
      uploadAddress: `${base}/upload/video/${job.id}`,
      expiresAt: auth.expiresAt,
      chunkSize: chunkBytes,
      offset: job.received,
      size: job.size,
    };
  }

  /** The request scope's video (a video of another scope answers 404 like a missing one). */
  async function findJob(request: FastifyRequest, id: string): Promise<VideoJob> {
    const [job] = await db
      .select()
      .from(videoJobs)
      .where(and(eq(videoJobs.id, id), request.org ? eq(videoJobs.org_id, request.org.id) : isNull(videoJobs.org_id)));
    if (!job) throw notFound(VIDEO_NOT_FOUND);
    return job;
  }

  /** Spec §8 code 0 while the video is uploading or being converted; a failed job says so. */
  function converting(reply: FastifyReply, job: VideoJob) {
    if (job.status === 'failed') throw new HttpError(422, VIDEO_TRANSCODE_FAILED, { videoId: job.id, error: job.error });
    return reply.send({
      code: VIDEO_CONVERTING_CODE,
      message: VIDEO_CONVERTING,
      data: { videoId: job.id, status: job.status, received: job.received, size: job.size },
    });
  }

  async function videoInfo(job: VideoJob) {
    const rows = await db.select().from(files).where(sql`${files.id} in (${job.file_id ?? 0}, ${job.cover_file_id ?? 0})`);
    const video = rows.find((f) => f.id === job.file_id);
    const cover = rows.find((f) => f.id === job.cover_file_id);
    if (!video) throw notFound(VIDEO_NOT_FOUND);
    const v = fileInfo(video);
    const c = cover ? fileInfo(cover) : null;
    return { videoId: job.id, status: job.status, name: job.name, url: v.url, cover: c?.url ?? null, duration: v.duration, width: v.width, height: v.height, size: v.size, file: v, coverFile: c };
  }

  /** A frame of the transcoded video at `time` seconds (clamped into the video) as its new cover. */
  async function frameCover(request: FastifyRequest, job: VideoJob, time: number): Promise<FileInfo> {
    const [video] = await db.select().from(files).where(eq(files.id, job.file_id!));
    const obj = video ? await app.storage.get(video.key) : null;
    if (!video || !obj) throw notFound(VIDEO_NOT_FOUND);
    const dir = await scratchDir(app);
    try {
      const mp4 = path.join(dir, 'video.mp4');
      await pipeline(obj.body, fs.createWriteStream(mp4));
      const jpg = path.join(dir, 'cover.jpg');
      const at = Math.min(time, Math.max(0, (video.duration ?? 0) - 0.1));
      await extractFrame(app.config.ffmpegPath, mp4, at, jpg);
      const size = (await fs.promises.stat(jpg)).size;
      return await storeFile(app, request, { file: jpg, ext: 'jpg' as FileExt, kind: 'videoCover', name: '', size });
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }
}
