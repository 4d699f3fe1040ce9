import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { FILE_TYPES, VIDEO_TRANSCODE_FAILED } from '@huodong/domain';
import { files, organizations, videoJobs } from '../db/schema.js';
import { extractFrame, probeImage, probeMedia, transcodeToMp4 } from './media.js';
import { TMP_PREFIX, newKey, scratchDir } from './files.js';
import type { Db, Tx } from '../db/client.js';
import { PermanentJobError } from '../jobs/runner.js';

/** A transcoding job is tried this often before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/** The runner's kind of a transcoding job; its key is `video:<videoId>`. */
export const VIDEO_JOB = 'video';

export type VideoJob = typeof videoJobs.$inferSelect;

/** Where the chunks of an upload live until the job has used them. */
export const chunkPrefix = (id: string): string => `${TMP_PREFIX}/video/${id}/`;
/** Chunks are named by their offset, zero-padded so that they sort. */
export const chunkKey = (id: string, offset: number): string => `${chunkPrefix(id)}${String(offset).padStart(13, '0')}`;

/** Offsets of the chunks of a complete upload: every chunk but the last is `chunkBytes` long. */
export function chunkOffsets(size: number, chunkBytes: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < size; o += chunkBytes) out.push(o);
  return out;
}

/** Where the cover of a video goes (a new random name each time: URLs are cached forever). */
export const coverKey = (videoKey: string): string => videoKey.replace(/\.mp4$/, `-${randomBytes(6).toString('hex')}.jpg`);

/** Queue the transcoding of a complete upload (in the transaction that marks it queued). */
export function queueTranscode(app: FastifyInstance, tx: Db | Tx, job: Pick<VideoJob, 'id' | 'org_id'>): Promise<number> {
  return app.jobs.enqueue(tx, VIDEO_JOB, { id: job.id }, { key: `${VIDEO_JOB}:${job.id}`, orgId: job.org_id, maxAttempts: MAX_ATTEMPTS });
}

/**
 * The transcoder, a handler of the one job runner (jobs/runner.ts), which claims, leases, retries
 * and hands a job of a dead instance to another. The video's key follows from its id, so a run
 * after a crash overwrites the same object and row: a video is stored once however often it runs.
 */
export function defineVideoJobs(app: FastifyInstance, opts: { chunkBytes: number }): void {
  const { db } = app.database;

  async function transcode(job: VideoJob, signal: AbortSignal): Promise<void> {
    const dir = await scratchDir(app);
    try {
      const source = path.join(dir, 'source');
      const out = fs.createWriteStream(source);
      for (const offset of chunkOffsets(job.size, opts.chunkBytes)) {
        const obj = await app.storage.get(chunkKey(job.id, offset));
        if (!obj) throw new Error(`chunk ${offset} missing`);
        await pipeline(obj.body, out, { end: false });
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));

      const probe = await probeMedia(app.config.ffmpegPath, source);
      if (!probe.hasVideo) throw new PermanentJobError('no video stream');
      const mp4 = path.join(dir, 'out.mp4');
      await transcodeToMp4(app.config.ffmpegPath, source, mp4, signal);
      const info = await probeMedia(app.config.ffmpegPath, mp4);
      const cover = path.join(dir, 'cover.jpg');
      await extractFrame(app.config.ffmpegPath, mp4, Math.min(1, (info.duration ?? 0) / 2), cover);
      const coverSize = await probeImage(cover);

      const [org] = job.org_id === null ? [] : await db.select({ key: organizations.key }).from(organizations).where(eq(organizations.id, job.org_id));
      const videoKey = newKey(org?.key ?? 'super', 'video', 'mp4', job.id);
      const cKey = coverKey(videoKey);
      await app.storage.put(videoKey, fs.createReadStream(mp4), FILE_TYPES.mp4.mime);
      await app.storage.put(cKey, fs.createReadStream(cover), FILE_TYPES.jpg.mime);
      const base = { org_id: job.org_id, creator_kind: job.creator_kind, created_by: job.created_by };
      await db.transaction(async (tx) => {
        const [v] = await tx
          .insert(files)
          .values({ ...base, kind: 'video', key: videoKey, name: job.name, ext: 'mp4', mime: FILE_TYPES.mp4.mime, size: (await fs.promises.stat(mp4)).size, width: info.width, height: info.height, duration: info.duration })
          .onConflictDoUpdate({ target: files.key, set: { size: sql`excluded.size` } })
          .returning({ id: files.id });
        const [c] = await tx
          .insert(files)
          .values({ ...base, kind: 'videoCover', key: cKey, name: '', ext: 'jpg', mime: FILE_TYPES.jpg.mime, size: (await fs.promises.stat(cover)).size, width: coverSize.width, height: coverSize.height })
          .returning({ id: files.id });
        await tx
          .update(videoJobs)
          .set({ status: 'done', error: '', file_id: v.id, cover_file_id: c.id, updated_at: sql`extract(epoch from now())::bigint` })
          .where(eq(videoJobs.id, job.id));
      });
      await app.storage.deletePrefix(chunkPrefix(job.id)).catch((err) => app.log.warn({ err, job: job.id }, 'video chunks not deleted'));
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  app.jobs.define<{ id: string }>(VIDEO_JOB, {
    maxAttempts: MAX_ATTEMPTS,
    async run(job, { signal }) {
      // Cancelled while queued, or already transcoded by an earlier run: nothing to do (a failed one is being retried).
      const [video] = await db
        .update(videoJobs)
        .set({ status: 'running', updated_at: sql`extract(epoch from now())::bigint` })
        .where(and(eq(videoJobs.id, job.payload.id), inArray(videoJobs.status, ['queued', 'running', 'failed'])))
        .returning();
      if (video) await transcode(video, signal);
    },
    async failed(job, err) {
      await db
        .update(videoJobs)
        .set({ status: 'failed', error: (isPermanent(err) ? VIDEO_TRANSCODE_FAILED : String((err as Error).message ?? err)).slice(0, 500), updated_at: sql`extract(epoch from now())::bigint` })
        .where(eq(videoJobs.id, job.payload.id));
    },
  });
}

const isPermanent = (err: unknown) => (err as { permanent?: boolean }).permanent === true;
