import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  collectedAuthor,
  gateRefusal,
  groupChangeRefusal,
  idParam,
  isPublicWork,
  PASSED_STATUSES,
  pageQuerySchema,
  readerChangeRefusal,
  readerWithdrawBody,
  readerWorkBody,
  statusAfterReaderEdit,
  submitWindowRefusal,
  UPLOAD_RULES,
  workProblems,
  workWindows,
  type GateActivity,
  type ModerationMode,
  type Screening,
  type WorkConfig,
  type WorkStatus,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activityJoins, readers, works } from '../../db/schema.js';
import { HttpError, notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { orgOf, readerOf } from '../../auth/access.js';
import { maxBytes, receiveMultipart } from '../../storage/files.js';
import { activeBan, joinReader, seenBy } from '../../participation/gate.js';
import { idempotent } from '../../participation/idempotency.js';
import { screenFor } from '../../sensitive/screen.js';
import {
  giveWorkPlaceBack,
  moveWork,
  namedWork,
  nextWorkNo,
  refusedBy,
  resolveMedia,
  takeWorkPlace,
  workActivity,
  workConfigOf,
  type ActivityRow,
  type WorkRow,
} from './workService.js';
import { nowSec } from '../../participation/clock.js';
import { actParams, orgParams } from '../../participation/params.js';

const workParams = orgParams.extend({ wid: idParam });
const worksQuery = pageQuerySchema.extend({ mine: z.enum(['0', '1'], { error: 'mine只能是0或1' }).optional() });


const COVER_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
const COVER_NOT_YOURS = '封面不存在或不是您上传的';
const COVER_NOT_PICTURE = '封面必须是jpg、png、gif或webp图片';
/** Not an upload a reader may make: only the public kind (documents, pictures, audio, short video). */
export const READER_UPLOAD_KIND = 'public';

/** What the author sees of their own work (not the words the sensitive-word screen found). */
const mine = (config: WorkConfig, w: WorkRow) => {
  const { search: _s, is_delete: _d, uploaded_by: _u, check_pending: _c, auto_words: _w, auto_result: _r, ...rest } = w as WorkRow & { search?: unknown };
  return namedWork(config, rest);
};

/**
 * The moderation a submission gets: the activity's, except that a title or text the
 * sensitive-word screen flagged (review or risky) waits for a person whatever the mode.
 */
const moderationAfterScreen = (mode: ModerationMode, screened: Screening): ModerationMode => (screened.result === 'pass' ? mode : 'pre');
const screenColumns = (screened: Screening) => ({ auto_result: screened.result, auto_words: screened.words });

/** What anyone sees of a work on the public wall: no phone, no reason, author fields as collected. */
const publicWork = (config: WorkConfig, w: WorkRow) => {
  const { phone: _p, ...author } = collectedAuthor(config, w.author);
  return namedWork(config, {
    id: w.id,
    act_id: w.act_id,
    work_no: w.work_no,
    title: w.title,
    content: w.content,
    link: w.link,
    cover: w.cover,
    media: w.media,
    author,
    creation_type_id: w.creation_type_id,
    group_id: w.group_id,
    is_rec: w.is_rec,
    award_level: w.award_level,
    submitted_at: w.submitted_at,
  });
};

type CheckedWork = Omit<z.output<typeof readerWorkBody>, 'media' | 'author'> & { media: string[]; author: Record<string, string> };
/** The columns a reader's body sets (submit and edit alike). */
const workColumns = (w: CheckedWork) => ({
  creation_type_id: w.creation_type_id,
  group_id: w.group_id,
  title: w.title,
  content: w.content,
  link: w.link,
  cover: w.cover ?? '',
  media: w.media,
  author: w.author,
  pledge: w.pledge ? 1 : 0,
});

/** The reader's grade as a number (1–12) when the profile has one. */
const gradeOf = (grade: unknown): number | null => {
  const n = Number(grade);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? n : null;
};

/**
 * The participant API of original works (design §15): the configuration, submit or save a draft,
 * edit, withdraw, my works and the public wall, and the reader's own file upload. Every write
 * goes through the participation gate and is idempotent by `request_id`.
 */
export async function readerWorkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'reader' as const };
  await app.register(multipart, { limits: { fileSize: 0, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });

  const readerRow = async (id: number, tx: Db | Tx = db) => (await tx.select().from(readers).where(eq(readers.id, id)))[0];

  /** A published type-1/9 activity the reader may see, else 404 (out of scope reads as missing). */
  async function visibleActivity(tx: Db | Tx, orgId: number, actId: number, readerId: number) {
    const row = await readerRow(readerId, tx);
    return { ...(await seenBy(tx, row, await workActivity(tx, orgId, actId))), row };
  }

  /** The gate for a write (submit action), with the access code counted as given once the reader joined. */
  async function passGate(tx: Tx, act: ActivityRow, reader: Awaited<ReturnType<typeof visibleActivity>>['reader']) {
    const [joined] = await tx.select().from(activityJoins).where(and(eq(activityJoins.act_id, act.id), eq(activityJoins.reader_id, reader.id)));
    const refusal = gateRefusal(act as GateActivity, reader, {
      now: nowSec(),
      accessCode: joined?.status === 1 ? act.access_code : undefined,
      ban: await activeBan(tx, reader.id, act.type, 'submit'),
    });
    if (refusal) throw refusedBy(refusal);
    return joined;
  }

  /** Check the work against the configuration with its files as stored; 422 naming each field. */
  async function checkedWork(tx: Tx, act: ActivityRow, cfg: WorkConfig, body: z.output<typeof readerWorkBody>, draft: boolean, readerId: number, grade: number | null) {
    const media = body.media.filter((m): m is string => !!m);
    const stored = await resolveMedia(tx, act.org_id, media, readerId);
    // The cover, like the files, must be a picture the reader uploaded.
    if (body.cover) {
      const [cover] = await resolveMedia(tx, act.org_id, [body.cover], readerId).catch(() => {
        throw validationError([{ field: 'cover', message: COVER_NOT_YOURS }]);
      });
      if (!COVER_EXTS.includes(cover.ext)) throw validationError([{ field: 'cover', message: COVER_NOT_PICTURE }]);
    }
    const problems = workProblems(cfg, { ...body, files: stored }, { draft, reader_grade: grade });
    if (problems.length) throw validationError(problems);
    return { ...body, media, author: collectedAuthor(cfg, body.author) };
  }

  /** `POST /v1/{org}/client/upload`: a reader's file, its type told by its bytes (public upload rules). */
  r.post('/v1/:org/client/upload', { config, schema: { params: orgParams } }, (request) =>
    receiveMultipart(app, request, READER_UPLOAD_KIND, UPLOAD_RULES.public, maxBytes(app, READER_UPLOAD_KIND)),
  );

  r.get('/v1/:org/client/activities/:id/work-config', { config, schema: { params: actParams } }, async (request) => {
    const { act } = await visibleActivity(db, orgOf(request).id, request.params.id, readerOf(request).id);
    const { config: cfg } = workConfigOf(act);
    const [{ n }] = await db
      .select({ n: count() })
      .from(works)
      .where(and(eq(works.act_id, act.id), eq(works.reader_id, readerOf(request).id), eq(works.is_delete, 0), ne(works.status, 'withdrawn')));
    return { type: act.type, config: cfg, windows: workWindows(cfg, act), mine: { works: n, left: Math.max(0, cfg.per_user_max_works - n) } };
  });

  r.post('/v1/:org/client/activities/:id/works', { config, schema: { params: actParams, body: readerWorkBody } }, async (request) => {
    const me = readerOf(request);
    const body = request.body;
    // Before the transaction: the lists are remembered reads through `db` (sensitive/screen.ts).
    const screened = await screenFor(app.database, orgOf(request).id, [body.title, body.content]);
    return idempotent(db, request, body.request_id, async (tx) => {
      const { act, row, reader } = await visibleActivity(tx, orgOf(request).id, request.params.id, me.id);
      const joined = await passGate(tx, act, reader);
      const { config: cfg } = workConfigOf(act);
      if (!cfg.user_upload) throw new HttpError(403, '本活动由管理员代为上传作品', { gate: 40020 });
      const closed = submitWindowRefusal(workWindows(cfg, act), nowSec());
      if (closed) throw refusedBy(closed);
      const work = await checkedWork(tx, act, cfg, body, !body.submit, me.id, gradeOf(row.grade));
      // The place first (one statement each, design §1.8), then the join on the first work.
      await takeWorkPlace(tx, act, me.id, cfg, work.creation_type_id);
      if (!joined || joined.status !== 1) await joinReader(tx, act, reader, joined);
      const [draft] = await tx
        .insert(works)
        .values({
          org_id: act.org_id,
          act_id: act.id,
          reader_id: me.id,
          ...workColumns(work),
          ...screenColumns(screened),
          status: 'draft',
          // The request's clock (the seed's past moments), as the submit's own stamps.
          created_at: nowSec(),
          updated_at: nowSec(),
        })
        .returning();
      const saved = body.submit ? await moveWork(tx, draft, act, { ...cfg, moderation: moderationAfterScreen(cfg.moderation, screened) }, { action: 'submit' }, 'reader') : draft;
      return mine(cfg, saved);
    });
  });

  /** The reader's own work (another's or a deleted one reads as missing), with its activity. */
  async function ownWork(tx: Db | Tx, orgId: number, wid: number, readerId: number) {
    const [work] = await tx.select().from(works).where(and(eq(works.id, wid), eq(works.org_id, orgId), eq(works.reader_id, readerId), eq(works.is_delete, 0)));
    if (!work) throw notFound('作品不存在');
    return work;
  }

  const workPutBody = readerWorkBody;
  r.put('/v1/:org/client/works/:wid', { config, schema: { params: workParams, body: workPutBody } }, async (request) => {
    const me = readerOf(request);
    const body = request.body;
    const screened = await screenFor(app.database, orgOf(request).id, [body.title, body.content]);
    return idempotent(db, request, body.request_id, async (tx) => {
      const orgId = orgOf(request).id;
      const work = await ownWork(tx, orgId, request.params.wid, me.id);
      const { act, row, reader } = await visibleActivity(tx, orgId, work.act_id, me.id);
      await passGate(tx, act, reader);
      const { config: cfg } = workConfigOf(act);
      const now = nowSec();
      const windows = workWindows(cfg, act);
      const status = work.status as WorkStatus;
      const changeRefused = readerChangeRefusal(status, 'edit', windows, now) ?? groupChangeRefusal(work, body.group_id);
      if (changeRefused) throw refusedBy(changeRefused);
      const mode = moderationAfterScreen(cfg.moderation, screened);
      const next = statusAfterReaderEdit(status, mode, body.submit);
      // A draft submitted for the first time must be inside the submission window.
      if (status === 'draft' && next !== 'draft') {
        const closed = submitWindowRefusal(windows, now);
        if (closed) throw refusedBy(closed);
      }
      const checked = await checkedWork(tx, act, cfg, body, next === 'draft', me.id, gradeOf(row.grade));
      if (checked.creation_type_id !== work.creation_type_id) {
        await giveWorkPlaceBack(tx, act, me.id, cfg, work.creation_type_id);
        await takeWorkPlace(tx, act, me.id, cfg, checked.creation_type_id);
      }
      const queued = next !== 'draft' && mode !== 'none';
      const [saved] = await tx
        .update(works)
        .set({
          ...workColumns(checked),
          ...screenColumns(screened),
          status: next,
          reason: next === 'draft' ? work.reason : '',
          check_pending: queued ? 1 : 0,
          submitted_at: next !== 'draft' && status !== next ? now : work.submitted_at,
          work_no: next === 'approved' && !work.work_no ? await nextWorkNo(tx, act, cfg, checked.group_id) : work.work_no,
          approved_at: next === 'approved' && !work.approved_at ? now : work.approved_at,
          updated_at: now,
        })
        .where(eq(works.id, work.id))
        .returning();
      return mine(cfg, saved);
    });
  });

  r.post('/v1/:org/client/works/:wid/withdraw', { config, schema: { params: workParams, body: readerWithdrawBody } }, async (request) => {
    const me = readerOf(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      const orgId = orgOf(request).id;
      const work = await ownWork(tx, orgId, request.params.wid, me.id);
      const act = (await workActivity(tx, orgId, work.act_id))!;
      const { config: cfg } = workConfigOf(act);
      const refusal = readerChangeRefusal(work.status as WorkStatus, 'withdraw', workWindows(cfg, act), nowSec());
      if (refusal) throw refusedBy(refusal);
      const saved = await moveWork(tx, work, act, cfg, { action: 'withdraw' }, 'reader');
      await giveWorkPlaceBack(tx, act, me.id, cfg, work.creation_type_id);
      return mine(cfg, saved);
    });
  });

  /** `?mine=1`: the reader's own works in every state; otherwise the public wall (passed review and shown). */
  r.get('/v1/:org/client/activities/:id/works', { config, schema: { params: actParams, querystring: worksQuery } }, async (request) => {
    const me = readerOf(request);
    const { act } = await visibleActivity(db, orgOf(request).id, request.params.id, me.id);
    const { config: cfg } = workConfigOf(act);
    const own = request.query.mine === '1';
    const where = and(
      eq(works.act_id, act.id),
      eq(works.is_delete, 0),
      own ? eq(works.reader_id, me.id) : and(eq(works.is_show, 1), inArray(works.status, [...PASSED_STATUSES])),
    );
    return pagedList(
      request.query,
      request.url,
      async () => (await db.select({ n: count() }).from(works).where(where))[0].n,
      async (limit, offset) => {
        const rows = await db.select().from(works).where(where).orderBy(desc(works.is_rec), desc(works.created_at), desc(works.id)).limit(limit).offset(offset);
        return rows.map((w) => (own ? mine(cfg, w) : isPublicWork({ status: w.status as WorkStatus, is_show: w.is_show }) ? publicWork(cfg, w) : null)).filter(Boolean);
      },
    );
  });
}
