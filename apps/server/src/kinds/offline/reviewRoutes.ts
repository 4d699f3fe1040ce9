import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  canWrite,
  idParam,
  offlineResource,
  REVIEW_FILE_MISSING,
  REVIEW_KIND_LABELS,
  REVIEW_KINDS,
  REVIEW_LIMITS,
  REVIEW_SESSION_MISSING,
  REVIEW_UPLOADS,
  REVIEW_VIDEO_FAILED,
  reviewCountMessage,
  reviewDeleteBody,
  reviewFilesBody,
  reviewImageBody,
  reviewLinkBody,
  reviewQuery,
  reviewSummaryBody,
  reviewUpdateBody,
  reviewVideoBody,
  VIDEO_CONVERTING,
  VIDEO_NOT_FOUND,
  type ReviewItem,
  type ReviewKind,
  type ReviewPath,
} from '@huodong/domain';
import { callerOf } from '../../auth/access.js';
import type { Tx } from '../../db/client.js';
import { activities, files, offlineReviews, offlineSessions, videoJobs } from '../../db/schema.js';
import { forbidden, notFound, validationError } from '../../http/errors.js';
import { offlineActivity } from './manageRoutes.js';
import { audit } from '../../resources/audit.js';
import { fileInfo, receiveMultipart } from '../../storage/files.js';
import { richText } from '../../http/richText.js';
import { VIDEO_CONVERTING_CODE } from '../../routes/uploads.js';

const REVIEW = 'offlineReviews';
const params = z.object({ org: z.string(), act: idParam });
type Review = typeof offlineReviews.$inferSelect;

/**
 * Review materials (活动回顾, spec §7 Review, design §7b) of an offline activity (single or series)
 * or one of its sessions, base `/v1/{org}/review/{act}`:
 * - `GET summary|image|video|link|files?session_id=` → `{ items }` in their order (without
 *   `session_id` the activity's own); `GET video` answers body code 0 (spec §8) while a video is
 *   still uploading or converting, its items in `data`;
 * - `POST uploadImage|uploadFiles` (multipart `file`, ≤ 10 MB images / ≤ 50 MB files) → the stored file;
 * - `POST createSummary` (one per session: replaces it; its `content` is rich text, stored as
 *   sanitised HTML: http/richText.ts), `createLink`, `createImage` and
 *   `createFiles` (`file_ids` of those uploads, ≤ 50 images and ≤ 20 files a session),
 *   `createVideo` (`videoId` of the resumable video upload);
 * - `POST updateFiles/{id}` (title, shown or hidden, a summary's text, a link's address), `POST batchDelete {ids}`.
 * Another organisation's activity, or one of another type, is 404; every write is one transaction
 * with an audit row, counts checked under the activity's row lock.
 */
export async function offlineReviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  await app.register(multipart, { limits: { fileSize: 0, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  /** The type-5 activity of the path in the caller's organisation (single or series), else 404; locked for a write's counts. */
  async function activityOf(request: FastifyRequest, tx: Tx | typeof db = db, lock = false) {
    const act = await offlineActivity(tx, request, (request.params as { act: number }).act);
    if (lock) await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, act.id)).for('update');
    return act;
  }
  const assertWriter = (request: FastifyRequest) => {
    if (!canWrite(offlineResource, callerOf(request))) throw forbidden();
  };
  /** A session of the activity (null: the activity's own materials), else 422 naming it. */
  async function sessionOf(tx: Tx, actId: number, id: number | null | undefined): Promise<number | null> {
    if (id === null || id === undefined) return null;
    const [s] = await tx.select({ id: offlineSessions.id }).from(offlineSessions).where(and(eq(offlineSessions.id, id), eq(offlineSessions.act_id, actId), eq(offlineSessions.is_delete, 0)));
    if (!s) throw validationError([{ field: 'session_id', message: REVIEW_SESSION_MISSING }]);
    return s.id;
  }
  const placeOf = (actId: number, session: number | null) =>
    and(eq(offlineReviews.act_id, actId), session === null ? isNull(offlineReviews.session_id) : eq(offlineReviews.session_id, session));

  /** Add `n` more of a kind unless the session would hold more than its limit (the activity's row is locked). */
  async function assertRoom(tx: Tx, actId: number, session: number | null, kind: ReviewKind, n: number, max: number, field: string) {
    const [held] = await tx.select({ n: count() }).from(offlineReviews).where(and(placeOf(actId, session), eq(offlineReviews.kind, kind)));
    if ((held?.n ?? 0) + n > max) throw validationError([{ field, message: reviewCountMessage(kind, max) }]);
  }

  /** One write: the activity locked, the session checked, the rows made, an audit row. */
  function write<T>(request: FastifyRequest, sessionId: number | null | undefined, run: (tx: Tx, actId: number, session: number | null) => Promise<T>) {
    assertWriter(request);
    return db.transaction(async (tx) => {
      const act = await activityOf(request, tx, true);
      const session = await sessionOf(tx, act.id, sessionId);
      return run(tx, act.id, session);
    });
  }
  async function insert(tx: Tx, request: FastifyRequest, rows: (Partial<Review> & { act_id: number; kind: ReviewKind })[]) {
    const made = await tx
      .insert(offlineReviews)
      .values(rows.map((x) => ({ ...x, org_id: request.org!.id })))
      .returning();
    await audit(tx, request, 'create', REVIEW, made.map((x) => x.id));
    return made;
  }

  /** Videos with their upload's state: `done` ones play (url and cover of the transcoded file). */
  async function withVideos(rows: Review[], tx: Tx | typeof db = db): Promise<ReviewItem[]> {
    const ids = rows.map((x) => x.video_job_id).filter((x): x is string => !!x);
    const jobs = ids.length ? await tx.select().from(videoJobs).where(inArray(videoJobs.id, ids)) : [];
    const fileIds = jobs.flatMap((j) => [j.file_id, j.cover_file_id]).filter((x): x is number => x !== null);
    const stored = new Map((fileIds.length ? await tx.select().from(files).where(inArray(files.id, fileIds)) : []).map((f) => [f.id, fileInfo(f)]));
    const byId = new Map(jobs.map((j) => [j.id, j]));
    return rows.map((x) => {
      const job = x.video_job_id ? byId.get(x.video_job_id) : undefined;
      const done = job?.status === 'done';
      return present(x, {
        videoId: x.video_job_id,
        status: job?.status ?? 'failed',
        url: done && job.file_id ? (stored.get(job.file_id)?.url ?? '') : '',
        cover: done && job.cover_file_id ? (stored.get(job.cover_file_id)?.url ?? null) : null,
        size: done && job.file_id ? (stored.get(job.file_id)?.size ?? 0) : x.size,
      });
    });
  }
  const present = (x: Review, more: Partial<ReviewItem> = {}): ReviewItem => ({
    id: x.id,
    act_id: x.act_id,
    session_id: x.session_id,
    kind: x.kind as ReviewKind,
    title: x.title,
    content: x.content,
    url: x.url,
    size: x.size,
    is_show: x.is_show as 0 | 1,
    sort: x.sort,
    created_at: x.created_at,
    ...more,
  });

  for (const [path, kind] of Object.entries(REVIEW_KINDS) as [ReviewPath, ReviewKind][]) {
    r.get(`/v1/:org/review/:act/${path}`, { config: { ...config, rawBody: kind === 'video' }, schema: { params, querystring: reviewQuery } }, async (request, reply) => {
      const act = await activityOf(request);
      const session = request.query.session_id ?? null;
      const rows = await db
        .select()
        .from(offlineReviews)
        .where(and(placeOf(act.id, session), eq(offlineReviews.kind, kind)))
        .orderBy(asc(offlineReviews.sort), asc(offlineReviews.id));
      if (kind !== 'video') return { items: rows.map((x) => present(x)) };
      const items = await withVideos(rows);
      // Spec §8: code 0 while a video is still being uploaded or converted (its items come along).
      const converting = items.some((x) => x.status !== 'done' && x.status !== 'failed');
      return reply.send(converting ? { code: VIDEO_CONVERTING_CODE, message: VIDEO_CONVERTING, data: { items } } : { code: 200, message: 'success', data: { items } });
    });
  }

  for (const which of ['image', 'file'] as const) {
    const rule = REVIEW_UPLOADS[which];
    r.post(`/v1/:org/review/:act/${which === 'image' ? 'uploadImage' : 'uploadFiles'}`, { config, schema: { params } }, async (request) => {
      assertWriter(request);
      await activityOf(request);
      return receiveMultipart(app, request, rule.kind, rule, rule.maxMB * 1024 * 1024);
    });
  }

  /** A summary's rich text as stored: sanitised (http/richText.ts), else 422 naming `content`. */
  const summaryHtml = (html: string) => richText(html, 'content', REVIEW_KIND_LABELS.summary, REVIEW_LIMITS.summaryChars);

  r.post('/v1/:org/review/:act/createSummary', { config, schema: { params, body: reviewSummaryBody } }, (request) =>
    write(request, request.body.session_id, async (tx, actId, session) => {
      const content = summaryHtml(request.body.content);
      const [old] = await tx.select().from(offlineReviews).where(and(placeOf(actId, session), eq(offlineReviews.kind, 'summary')));
      const values = { content, ...(request.body.is_show !== undefined ? { is_show: request.body.is_show } : {}) };
      if (!old) return present((await insert(tx, request, [{ act_id: actId, session_id: session, kind: 'summary', ...values }]))[0]);
      const [row] = await tx.update(offlineReviews).set({ ...values, updated_at: sql`extract(epoch from now())::bigint` }).where(eq(offlineReviews.id, old.id)).returning();
      await audit(tx, request, 'update', REVIEW, [row.id]);
      return present(row);
    }),
  );

  r.post('/v1/:org/review/:act/createLink', { config, schema: { params, body: reviewLinkBody } }, (request) =>
    write(request, request.body.session_id, async (tx, actId, session) => {
      await assertRoom(tx, actId, session, 'link', 1, REVIEW_LIMITS.link.count, 'url');
      const { title, url, is_show } = request.body;
      return present((await insert(tx, request, [{ act_id: actId, session_id: session, kind: 'link', title, content: url, url, is_show: is_show ?? 1 }]))[0]);
    }),
  );

  for (const which of ['image', 'file'] as const) {
    const body = which === 'image' ? reviewImageBody : reviewFilesBody;
    r.post(`/v1/:org/review/:act/${which === 'image' ? 'createImage' : 'createFiles'}`, { config, schema: { params, body } }, (request) =>
      write(request, request.body.session_id, async (tx, actId, session) => {
        const ids = [...new Set(request.body.file_ids)];
        await assertRoom(tx, actId, session, which, ids.length, REVIEW_LIMITS[which].count, 'file_ids');
        const stored = await tx.select().from(files).where(and(inArray(files.id, ids), eq(files.org_id, request.org!.id), eq(files.kind, REVIEW_UPLOADS[which].kind)));
        if (stored.length !== ids.length) throw validationError([{ field: 'file_ids', message: REVIEW_FILE_MISSING }]);
        const byId = new Map(stored.map((f) => [f.id, fileInfo(f)]));
        const made = await insert(
          tx,
          request,
          ids.map((id) => {
            const f = byId.get(id)!;
            return { act_id: actId, session_id: session, kind: which, title: f.name.slice(0, 200), url: f.url, size: f.size, is_show: request.body.is_show ?? 1 };
          }),
        );
        return { items: made.map((x) => present(x)) };
      }),
    );
  }

  r.post('/v1/:org/review/:act/createVideo', { config, schema: { params, body: reviewVideoBody } }, (request) =>
    write(request, request.body.session_id, async (tx, actId, session) => {
      const [job] = await tx.select().from(videoJobs).where(and(eq(videoJobs.id, request.body.videoId), eq(videoJobs.org_id, request.org!.id)));
      if (!job) throw validationError([{ field: 'videoId', message: VIDEO_NOT_FOUND }]);
      if (job.status === 'failed') throw validationError([{ field: 'videoId', message: REVIEW_VIDEO_FAILED }]);
      await assertRoom(tx, actId, session, 'video', 1, REVIEW_LIMITS.video.count, 'videoId');
      const title = request.body.title || job.name.slice(0, 200);
      const [row] = await insert(tx, request, [{ act_id: actId, session_id: session, kind: 'video', title, video_job_id: job.id, size: job.size, is_show: request.body.is_show ?? 1 }]);
      return (await withVideos([row], tx))[0];
    }),
  );

  r.post('/v1/:org/review/:act/updateFiles/:id', { config, schema: { params: params.extend({ id: idParam }), body: reviewUpdateBody } }, (request) =>
    write(request, null, async (tx, actId) => {
      const [old] = await tx.select().from(offlineReviews).where(and(eq(offlineReviews.id, request.params.id), eq(offlineReviews.act_id, actId))).for('update');
      if (!old) throw notFound();
      const { title, is_show, content, url } = request.body;
      if (content !== undefined && old.kind !== 'summary') throw validationError([{ field: 'content', message: '只有活动总结可以修改正文' }]);
      if (url !== undefined && old.kind !== 'link') throw validationError([{ field: 'url', message: '只有链接可以修改地址' }]);
      const values = {
        ...(title !== undefined ? { title } : {}),
        ...(is_show !== undefined ? { is_show } : {}),
        ...(content !== undefined ? { content: summaryHtml(content) } : {}),
        ...(url !== undefined ? { url, content: url } : {}),
      };
      const [row] = await tx.update(offlineReviews).set({ ...values, updated_at: sql`extract(epoch from now())::bigint` }).where(eq(offlineReviews.id, old.id)).returning();
      await audit(tx, request, 'update', REVIEW, [row.id]);
      return row.kind === 'video' ? (await withVideos([row], tx))[0] : present(row);
    }),
  );

  r.post('/v1/:org/review/:act/batchDelete', { config, schema: { params, body: reviewDeleteBody } }, (request) =>
    write(request, null, async (tx, actId) => {
      const gone = await tx
        .delete(offlineReviews)
        .where(and(inArray(offlineReviews.id, request.body.ids), eq(offlineReviews.act_id, actId)))
        .returning({ id: offlineReviews.id });
      if (gone.length) await audit(tx, request, 'delete', REVIEW, gone.map((x) => x.id));
      return { deleted: gone.length };
    }),
  );
}
