import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import sharp from 'sharp';
import {
  canSeeOtherReviews,
  expertWorkView,
  idParam,
  loginBodySchema,
  reviewBodySchema,
  reviewProblems,
  reviewTotal,
  reviewWindowRefusal,
  FILE_TYPES,
  type Criterion,
  type JudgedWork,
} from '@huodong/domain';
import { expertActs, expertAssignments, experts, works } from '../../db/schema.js';
import { HttpError, forbidden, notFound, validationError, refused } from '../../http/errors.js';
import { expertOf, orgOf } from '../../auth/access.js';
import { consumeCaptcha, createCaptcha } from '../../auth/captcha.js';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords.js';
import { countAttempt, signedIn, THROTTLED_MESSAGE } from '../../auth/throttle.js';
import { issueToken, revokeToken } from '../../auth/tokens.js';
import { blindDocument, NotCleanable, OFFICE_EXTS } from '../../storage/blindFiles.js';
import { ACCOUNT_DISABLED, BAD_CAPTCHA, BAD_CREDENTIALS } from '../../routes/auth.js';
import { buffer } from 'node:stream/consumers';
import { orgParams, PUBLISHED, actConfig, type ActRow } from './routes.js';
import { nowSec } from '../../participation/clock.js';

/**
 * Expert judging (issue 12, design §2b). Administrators (`/v1/{org}/expert/act/{id}/…`) add works
 * to an expert activity, assign experts by hand or automatically (never a conflicted one), read
 * the results and publish them (a ranked snapshot with its SHA-256, works scored and awarded
 * through workTransition). Experts (`/v1/{org}/client/expert/…`, their own token kind) read only
 * their assignments, as the blind view (expertWorkView) with file metadata stripped, and submit
 * reviews (reviewProblems).
 */

/** The expert's own calls (split from routes.ts, the administrator's judging routes). */

const assignmentParams = orgParams.extend({ aid: idParam });
const IMAGE_EXTS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif']);
export const NOT_CLEANABLE = '该文件无法去除作者信息（可能已加密或损坏），请联系管理员';
const FILE_URL = /^\/v1\/files\/([A-Za-z0-9_./-]+)$/;
const extOf = (url: string) => (/\.([A-Za-z0-9]+)$/.exec(url)?.[1] ?? 'bin').toLowerCase();

/**
 * `/v1/{org}/client/expert/…`: sign-in, profile, assignments and reviews of an expert. Every
 * answer about a work is `expertWorkView` (blind: no author, files named by the work number) and
 * its files come through `…/media/{n}`, images re-encoded without their metadata.
 */
export async function expertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'expert' as const };

  r.post('/v1/:org/client/expert/login/verificationCode', { config: { access: 'publicOrg' }, schema: { params: orgParams } }, async (request) => createCaptcha(db, request.ip));
  r.post('/v1/:org/client/expert/login', { config: { access: 'publicOrg' }, schema: { params: orgParams, body: loginBodySchema } }, async (request) => {
    const org = orgOf(request);
    const { account, password, key, code } = request.body;
    const accountKey = `expert:${org.key}:${account}`;
    if (!(await countAttempt(db, accountKey, request.ip))) throw new HttpError(429, THROTTLED_MESSAGE);
    if (app.config.loginCaptcha && !(await consumeCaptcha(db, key, code))) throw new HttpError(422, BAD_CAPTCHA, { errors: [{ field: 'code', message: BAD_CAPTCHA }] });
    const [expert] = await db.select().from(experts).where(and(eq(experts.org_id, org.id), eq(experts.account, account)));
    const ok = await verifyPassword(password, expert?.password_hash ?? DUMMY_HASH);
    if (!expert || !ok) throw new HttpError(422, BAD_CREDENTIALS);
    await signedIn(db, accountKey, request.ip);
    if (expert.is_pause) throw new HttpError(403, ACCOUNT_DISABLED);
    if (org.is_pause) throw forbidden('该机构已停用，无法登录');
    await db.update(experts).set({ last_login_at: nowSec() }).where(eq(experts.id, expert.id));
    return issueToken(db, { kind: 'expert', id: expert.id, orgId: org.id, scope: org.key }, app.config.tokenTtlMs);
  });

  r.get('/v1/:org/client/expert/me', { config, schema: { params: orgParams } }, async (request) => {
    const [row] = await db
      .select({ id: experts.id, account: experts.account, name: experts.name, title: experts.title, unit: experts.unit })
      .from(experts)
      .where(eq(experts.id, expertOf(request).id));
    return row;
  });
  r.post('/v1/:org/client/expert/logout', { config, schema: { params: orgParams } }, async (request) => {
    await revokeToken(db, expertOf(request).tokenId);
    return null;
  });

  /** The expert's assignment with its activity and work (404 for anyone else's, or a paused expert activity). */
  async function assignmentOf(request: FastifyRequest, aid: number) {
    const expert = expertOf(request);
    const [row] = await db
      .select({ a: expertAssignments, act: expertActs, w: works })
      .from(expertAssignments)
      .innerJoin(expertActs, eq(expertActs.id, expertAssignments.expert_act_id))
      .innerJoin(works, eq(works.id, expertAssignments.work_id))
      .where(and(eq(expertAssignments.id, aid), eq(expertAssignments.expert_id, expert.id), eq(expertAssignments.org_id, expert.orgId), eq(expertActs.is_pause, 0)));
    if (!row) throw notFound();
    return row;
  }

  const mediaUrl = (org: string, aid: number, n: number | 'cover') => `/v1/${org}/client/expert/assignments/${aid}/media/${n}`;

  /** An assignment as the expert receives it: nothing about the work but its blind view. */
  async function present(org: string, rows: { a: typeof expertAssignments.$inferSelect; act: ActRow; w: typeof works.$inferSelect }[]) {
    const others = rows.length
      ? await db
          .select({ id: expertAssignments.id, expert_act_id: expertAssignments.expert_act_id, work_id: expertAssignments.work_id, scores: expertAssignments.scores, total: expertAssignments.total })
          .from(expertAssignments)
          .where(and(inArray(expertAssignments.work_id, rows.map((x) => x.w.id)), isNotNull(expertAssignments.submitted_at)))
      : [];
    return rows.map(({ a, act, w }) => {
      const judged: JudgedWork = {
        id: w.id,
        work_no: w.work_no,
        title: w.title,
        content: w.content,
        link: w.link,
        creation_type_id: w.creation_type_id,
        group_id: w.group_id,
        cover: w.cover ? mediaUrl(org, a.id, 'cover') : '',
        media: w.media.map((url, i) => ({ url: mediaUrl(org, a.id, i), ext: extOf(url) })),
        author: w.author,
      };
      const seeOthers = canSeeOtherReviews(act.can_see_other_reviews as never, a.submitted_at !== null);
      return {
        id: a.id,
        expert_act: {
          id: act.id,
          title: act.title,
          round: act.round,
          rubric: act.rubric,
          text_required: act.text_required,
          start_at: act.start_at,
          end_at: act.end_at,
          expire_at: act.expire_at,
          published: act.published_at !== null,
        },
        work: expertWorkView(judged, act.blind === 1),
        review: { scores: a.scores, total: a.total, comment: a.comment, submitted_at: a.submitted_at },
        // Others' scores without who gave them, when the expert activity lets them be seen.
        others: seeOthers ? others.filter((o) => o.expert_act_id === act.id && o.work_id === w.id && o.id !== a.id).map((o) => ({ scores: o.scores, total: o.total })) : null,
      };
    });
  }

  r.get('/v1/:org/client/expert/assignments', { config, schema: { params: orgParams, querystring: z.object({ expert_act_id: idParam.optional() }) } }, async (request) => {
    const expert = expertOf(request);
    const rows = await db
      .select({ a: expertAssignments, act: expertActs, w: works })
      .from(expertAssignments)
      .innerJoin(expertActs, eq(expertActs.id, expertAssignments.expert_act_id))
      .innerJoin(works, eq(works.id, expertAssignments.work_id))
      .where(and(eq(expertAssignments.expert_id, expert.id), eq(expertAssignments.org_id, expert.orgId), eq(expertActs.is_pause, 0), request.query.expert_act_id ? eq(expertActs.id, request.query.expert_act_id) : undefined))
      .orderBy(asc(expertActs.id), asc(works.work_no), asc(expertAssignments.id))
      .limit(2000);
    return present(orgOf(request).key, rows);
  });

  r.get('/v1/:org/client/expert/assignments/:aid', { config, schema: { params: assignmentParams } }, async (request) => {
    const row = await assignmentOf(request, request.params.aid);
    return (await present(orgOf(request).key, [row]))[0];
  });

  /** Submit (or change, until the window closes) the review: every required criterion scored, the comment when required. */
  r.put('/v1/:org/client/expert/assignments/:aid/review', { config, schema: { params: assignmentParams, body: reviewBodySchema } }, async (request) => {
    const { a, act } = await assignmentOf(request, request.params.aid);
    if (act.published_at) throw new HttpError(409, PUBLISHED);
    const closed = reviewWindowRefusal(actConfig(act), nowSec());
    if (closed) throw refused(closed);
    const problems = reviewProblems(act.rubric as Criterion[], request.body, act.text_required as 0 | 1);
    if (problems.length) throw validationError(problems);
    const total = reviewTotal(act.rubric as Criterion[], request.body.scores);
    const at = nowSec();
    await db
      .update(expertAssignments)
      .set({ scores: request.body.scores, comment: request.body.comment, total, submitted_at: at, updated_at: at })
      .where(eq(expertAssignments.id, a.id));
    const row = await assignmentOf(request, a.id);
    return (await present(orgOf(request).key, [row]))[0];
  });

  /**
   * A file of an assigned work. Blind review: images are re-encoded by sharp, which writes no
   * metadata (EXIF, XMP, ICC names, comments); PDF and Office files are rewritten without their
   * document properties (blindDocument); every file is named by the work number. A document that
   * cannot be cleaned (encrypted, broken) is refused rather than sent with its author.
   */
  r.get('/v1/:org/client/expert/assignments/:aid/media/:n', { config: { ...config, rawBody: true }, schema: { params: assignmentParams.extend({ n: z.string().regex(/^(cover|[0-9]{1,2})$/, '文件序号不正确').transform((v) => (v === 'cover' ? ('cover' as const) : Number(v))) }) } }, async (request, reply) => {
    const { act, w } = await assignmentOf(request, request.params.aid);
    const n = request.params.n;
    const url = n === 'cover' ? w.cover : w.media[n];
    const key = url ? FILE_URL.exec(url)?.[1] : undefined;
    if (!key) throw notFound();
    const obj = await app.storage.get(key);
    if (!obj) throw notFound();
    const ext = extOf(key);
    const type = (FILE_TYPES as Record<string, { mime: string } | undefined>)[ext]?.mime ?? 'application/octet-stream';
    const name = `${w.work_no || 'work'}-${n === 'cover' ? 'cover' : n + 1}.${ext}`;
    reply.header('content-type', type).header('content-disposition', `inline; filename="${name}"`).header('cache-control', 'private, no-store');
    if (act.blind === 1 && IMAGE_EXTS.has(ext)) {
      // Orientation applied, then written without any metadata (sharp keeps none unless asked).
      const clean = await sharp(await buffer(obj.body), { animated: ext === 'gif' }).rotate().toBuffer();
      return reply.send(clean);
    }
    if (act.blind === 1 && (ext === 'pdf' || OFFICE_EXTS.has(ext))) {
      // Document information, XMP and Office properties and comment authors removed (storage/blindFiles.ts).
      const clean = await blindDocument(ext, await buffer(obj.body)).catch((err: unknown) => {
        if (err instanceof NotCleanable) throw new HttpError(409, NOT_CLEANABLE);
        throw err;
      });
      return reply.send(clean);
    }
    return reply.send(obj.body);
  });
}
