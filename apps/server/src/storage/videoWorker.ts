import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { FILE_TYPES, VIDEO_TRANSCODE_FAILED } from '@huodong/domain';
import { files, organizations, videoJobs } from '../db/schema.js';
import { extractFrame, probeImage, probeMedia, transcodeToMp4 } from './media.js';
import { TMP_PREFIX, newKey, scratchDir } from './files.js';

/** A transcoding job is tried this often before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/** How long a running job belongs to its instance without a heartbeat. */
const LEASE_MS = 2 * 60_000;
const HEARTBEAT_MS = 30_000;

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

export interface VideoWorker {
  /** Look for work now (after an upload completes). */
  kick(): void;
  /** Resolves when the worker has nothing more to do (tests). */
  idle(): Promise<void>;
}

/**
 * The background transcoder: one job at a time per process. Jobs are claimed in the database
 * (`FOR UPDATE SKIP LOCKED`), so several instances share one queue; a running job holds a lease
 * renewed by a heartbeat, and a job whose instance died is claimed again when its lease runs out.
 * On close the job in hand is put back in the queue.
 */
export function startVideoWorker(app: FastifyInstance, opts: { pollMs?: number; chunkBytes: number }): VideoWorker {
  const { db } = app.database;
  let running: Promise<void> | null = null;
  let again = false;
  let closing = false;
  const abort = new AbortController();

  async function claim(): Promise<VideoJob | null> {
    const now = Date.now();
    const rows = await app.database.query<VideoJob>(
      `update video_jobs set status = 'running', attempts = attempts + 1, locked_until = $1, updated_at = extract(epoch from now())::bigint
         where id = (select id from video_jobs
                      where status = 'queued' or (status = 'running' and locked_until < $2)
                      order by created_at, id limit 1 for update skip locked)
       returning *`,
      [now + LEASE_MS, now],
    );
    const row = rows[0];
    // Raw rows carry bigint columns as strings on node-postgres.
    return row ? { ...row, size: Number(row.size), org_id: row.org_id === null ? null : Number(row.org_id), attempts: Number(row.attempts) } : null;
  }

  async function transcode(job: VideoJob): Promise<void> {
    const heartbeat = setInterval(() => {
      void db.update(videoJobs).set({ locked_until: Date.now() + LEASE_MS }).where(and(eq(videoJobs.id, job.id), eq(videoJobs.status, 'running'))).catch(() => {});
    }, HEARTBEAT_MS);
    heartbeat.unref();
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
      if (!probe.hasVideo) throw Object.assign(new Error('no video stream'), { permanent: true });
      const mp4 = path.join(dir, 'out.mp4');
      await transcodeToMp4(app.config.ffmpegPath, source, mp4, abort.signal);
      const info = await probeMedia(app.config.ffmpegPath, mp4);
      const cover = path.join(dir, 'cover.jpg');
      await extractFrame(app.config.ffmpegPath, mp4, Math.min(1, (info.duration ?? 0) / 2), cover);
      const coverSize = await probeImage(cover);

      const [org] = job.org_id === null ? [] : await db.select({ key: organizations.key }).from(organizations).where(eq(organizations.id, job.org_id));
      // The video's key follows from the job, so a retry after a crash overwrites the same object.
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
          .set({ status: 'done', error: '', locked_until: null, file_id: v.id, cover_file_id: c.id, updated_at: sql`extract(epoch from now())::bigint` })
          .where(eq(videoJobs.id, job.id));
      });
      await app.storage.deletePrefix(chunkPrefix(job.id)).catch((err) => app.log.warn({ err, job: job.id }, 'video chunks not deleted'));
    } finally {
      clearInterval(heartbeat);
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  async function fail(job: VideoJob, err: unknown): Promise<void> {
    if (closing) {
      // Shutting down: not the video's fault; back in the queue without using up an attempt.
      await db.update(videoJobs).set({ status: 'queued', attempts: sql`greatest(${videoJobs.attempts} - 1, 0)`, locked_until: null }).where(eq(videoJobs.id, job.id));
      return;
    }
    const permanent = (err as { permanent?: boolean }).permanent === true;
    const last = permanent || job.attempts >= MAX_ATTEMPTS;
    app.log.warn({ err, job: job.id, attempt: job.attempts }, last ? 'video transcoding failed' : 'video transcoding failed, will retry');
    await db
      .update(videoJobs)
      .set({
        status: last ? 'failed' : 'queued',
        error: (permanent ? VIDEO_TRANSCODE_FAILED : String((err as Error).message ?? err)).slice(0, 500),
        locked_until: null,
        updated_at: sql`extract(epoch from now())::bigint`,
      })
      .where(eq(videoJobs.id, job.id));
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      let job: VideoJob | null;
      while (!closing && (job = await claim())) {
        try {
          await transcode(job);
        } catch (err) {
          await fail(job, err);
        }
      }
    } while (again && !closing);
  }

  function kick(): void {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => app.log.error({ err }, 'video worker'))
      .finally(() => {
        running = null;
      });
  }

  const timer = setInterval(kick, opts.pollMs ?? 10_000);
  timer.unref();
  app.addHook('onReady', async () => kick());
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    abort.abort();
    await running;
  });
  return { kick, idle: async () => { while (running) await running; } };
}
