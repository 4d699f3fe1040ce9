import { rememberedPointsConfig } from '../../points/ledger.js';
import type { ActivityRow } from '../kind.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import {
  ballotRequestSchema,
  chinaDayStart,
  COMMENT_REFUSAL,
  commentProblems,
  commentRefusal,
  commentRequestSchema,
  countDisplay,
  idParam,
  initialItemStatus,
  ITEM_APPROVED,
  ITEM_PENDING,
  itemVisible,
  likeRequestSchema,
  pageQuerySchema,
  readRefusal,
  replyTarget,
  reportRequestSchema,
  SCREEN_REJECT_REASON,
  sourceSignupSchema,
  statusAfterReport,
  VOTE_COUNT_CACHE_SECONDS,
  type CheckItemStatus,
  type GateRefusal,
  type ModerationMode,
  type ScreenResult,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, commentReactions, comments, readers, voteSources } from '../../db/schema.js';
import { validationError, refused } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { consumeCaptcha } from '../../auth/captcha.js';
import { orgOf, readerOf, settleReader } from '../../auth/access.js';
import { GatePassed, passGate as sharedGate, seenBy } from '../../participation/gate.js';
import { idempotent, keptFrom } from '../../participation/idempotency.js';
import { ballotAtOnce, ballotLock, castBallot, quotaOf, voteOrigin } from './ballots.js';
import { commentRulesOf, voteRulesOf, windowOf } from './rules.js';
import { screenFor } from '../../sensitive/screen.js';
import { recordOffence } from '../../participation/offences.js';
import { nowSec } from '../../participation/clock.js';
import { actParams, orgParams } from '../../participation/params.js';


export const SIGNUP_CLOSED: GateRefusal = { gate: 40022, status: 403, message: '本活动未开放读者报名' };
export const SIGNUP_TWICE = '您已报名，请勿重复报名';
const COMMENT_MISSING: GateRefusal = { gate: 40400, status: 404, message: '评论不存在' };

type ReaderRow = typeof readers.$inferSelect;

/**
 * The participant API of voting activities (type 2, design §15): sources with the counts the
 * rules let readers see, the vote quota, ballots, sign-ups of sources, and comments with likes
 * and reports. Every write goes through the participation gate and is idempotent by `request_id`.
 */
export async function votingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'reader' as const };
  /** Counts shown under `cached_300s`: per activity, refreshed at most every VOTE_COUNT_CACHE_SECONDS (per app: activity ids are the database's). */
  const cachedCounts = new Map<number, { at: number; counts: Map<number, number> }>();

  const readerRow = async (id: number) => (await db.select().from(readers).where(eq(readers.id, id)))[0];
  /** A voting activity of the path's organisation (another type reads as missing). */
  const votingActivity = async (request: FastifyRequest, id: number, tx: Db | Tx = db): Promise<ActivityRow | undefined> =>
    (await tx.select().from(activities).where(and(eq(activities.id, id), eq(activities.org_id, orgOf(request).id), eq(activities.type, 2))))[0];

  /** Reads: the activity exists, is published and the reader is in its scope (else 404 like a missing one). */
  async function readable(request: FastifyRequest, id: number): Promise<{ act: ActivityRow; reader: ReaderRow }> {
    const reader = await readerRow(readerOf(request).id);
    const { act } = await seenBy(db, reader, await votingActivity(request, id));
    return { act, reader };
  }

  /** The gate for a write (blacklist action `vote`, `comment`, `submit`), joining the reader on the first qualifying action. */
  const passGate = (tx: Tx, request: FastifyRequest, id: number, action: string) => sharedGate(tx, request, id, 2, { action, join: true });

  /** The counts a reader may see now (countDisplay): live, cached up to 300 s, or none. */
  function shownCounts(act: ActivityRow, live: Map<number, number>): Map<number, number> | null {
    const now = nowSec();
    const mode = countDisplay(voteRulesOf(act), windowOf(act), now);
    if (mode === 'hidden') return null;
    if (mode === 'realtime') return live;
    const kept = cachedCounts.get(act.id);
    if (kept && now - kept.at < VOTE_COUNT_CACHE_SECONDS) return kept.counts;
    cachedCounts.set(act.id, { at: now, counts: live });
    return live;
  }

  /** `GET /client/activities/{id}/sources`: the shown sources in order, with the counts the rules show, and the reader's own sign-ups. */
  r.get('/v1/:org/client/activities/:id/sources', { config, schema: { params: actParams } }, async (request) => {
    const { act, reader } = await readable(request, request.params.id);
    const [shown, mine] = await Promise.all([
      db.select().from(voteSources).where(and(eq(voteSources.act_id, act.id), eq(voteSources.status, 1))).orderBy(asc(voteSources.sort), asc(voteSources.id)).limit(2000),
      db
        .select({ id: voteSources.id, title: voteSources.title, status: voteSources.status, reason: voteSources.reason })
        .from(voteSources)
        .where(and(eq(voteSources.act_id, act.id), eq(voteSources.reader_id, reader.id))),
    ]);
    const counts = shownCounts(act, new Map(shown.map((s) => [s.id, s.vote_count])));
    return {
      show_counts: counts !== null,
      items: shown.map((s) => ({
        id: s.id,
        title: s.title,
        author: s.author,
        cover: s.cover,
        intro: s.intro,
        media: s.media,
        group_name: s.group_name,
        sort: s.sort,
        comment_count: s.comment_count,
        votes: counts ? (counts.get(s.id) ?? 0) : null,
      })),
      mine,
    };
  });

  /** `GET /client/activities/{id}/vote-quota`. */
  r.get('/v1/:org/client/activities/:id/vote-quota', { config, schema: { params: actParams } }, async (request) => {
    const { act, reader } = await readable(request, request.params.id);
    return quotaOf(db, act, reader.id, voteOrigin(request).ip, nowSec());
  });

  /** Voting activities a ballot passed the gate of (ballotAtOnce's plain gate). */
  const gateActs = new GatePassed();

  /**
   * `POST /client/activities/{id}/ballots {source_ids, request_id, captcha_key?, captcha_code?}`:
   * on a remembered activity with a plain gate, TWO statements (ballotAtOnce: the token and the
   * facts, then the ballot); otherwise, or when that answers null, the long way: the gate
   * (blacklist action `vote`), then the ballot in the same transaction (castBallot).
   * A captcha answer is consumed before (single use), whatever the ballot's outcome, once the token is checked.
   */
  r.post('/v1/:org/client/activities/:id/ballots', { config: { ...config, tokenInWrite: true }, schema: { params: actParams, body: ballotRequestSchema } }, async (request) => {
    const body = request.body;
    // A captcha answer is single use: the token is checked before it is consumed, so that a refused one leaves it.
    if (body.captcha_key && body.captcha_code) await settleReader(request);
    const captchaPassed = body.captcha_key && body.captcha_code ? await consumeCaptcha(db, body.captcha_key, body.captcha_code) : false;
    const origin = voteOrigin(request);
    const id = request.params.id;
    // Read before the transaction (a read of the pool inside it would wait for it on PGlite's one connection).
    const points = await rememberedPointsConfig(request.server.database, orgOf(request).id);
    const known = gateActs.known(request, id, 2);
    if (known) {
      const cast = await ballotAtOnce(db, request, known, body.source_ids, origin, { now: nowSec(), captchaPassed, requestId: body.request_id, points });
      if (cast) return cast;
    }
    // The token the read checked (or the one left unchecked) resolved as the access hook would, refusals included.
    const me = await settleReader(request);
    // Issue 22: the ballot's locks in the gate's statement; the first join and the kept answer in
    // the ballot's own statement (the activity's row held only to the commit); no read of a kept
    // answer first: a replay's ballot is undone by the kept answer's key (or refused by the limits).
    return idempotent(
      db,
      request,
      body.request_id,
      async (tx) => {
        const { act, reader, joinPart, now } = await sharedGate(tx, request, id, 2, { action: 'vote', join: 'last', lock: ballotLock(id, me.id) });
        gateActs.remember(act);
        const keep = (answer: SQL, from: SQL) => keptFrom(request, body.request_id, answer, from);
        return castBallot(tx, act, reader.id, body.source_ids, origin, { now, captchaPassed, requestId: body.request_id, last: { join: joinPart, keep }, points });
      },
      { readKeptFirst: false, keptByRun: true },
    );
  });

  /** `POST /client/activities/{id}/sources`: a reader signs up a source (when the activity allows it), shown after review; once per reader. */
  r.post('/v1/:org/client/activities/:id/sources', { config, schema: { params: actParams, body: sourceSignupSchema } }, async (request) => {
    const { request_id, ...body } = request.body;
    return idempotent(db, request, request_id, async (tx) => {
      const { act, reader } = await passGate(tx, request, request.params.id, 'submit');
      if (!(act.config as { source_signup?: number }).source_signup) throw refused(SIGNUP_CLOSED);
      await tx.execute(sql`select pg_advisory_xact_lock(${act.id}::int, ${reader.id}::int)`);
      const [before] = await tx
        .select({ id: voteSources.id })
        .from(voteSources)
        .where(and(eq(voteSources.act_id, act.id), eq(voteSources.reader_id, reader.id), inArray(voteSources.status, [0, 1])));
      if (before) throw refused({ gate: 40007, status: 409, message: SIGNUP_TWICE });
      const [made] = await tx
        .insert(voteSources)
        .values({ org_id: act.org_id, act_id: act.id, title: body.title, media: (body.media ?? []).filter((m): m is string => !!m), author: body.author ?? reader.real_name, cover: body.cover ?? '', intro: body.intro ?? '', status: ITEM_PENDING, origin: 'reader', reader_id: reader.id })
        .returning({ id: voteSources.id, title: voteSources.title, status: voteSources.status });
      return made;
    });
  });

  // ---- comments ---------------------------------------------------------------------------------

  /**
   * What a reader sees of comments (itemVisible): approved ones, pending ones unless moderation is
   * pre or the sensitive-word screen held them, and their own.
   */
  const visibleTo = (readerId: number, mode: ModerationMode): SQL =>
    or(
      eq(comments.status, ITEM_APPROVED),
      mode === 'pre' ? undefined : and(eq(comments.status, ITEM_PENDING), eq(comments.auto_result, 'pass')),
      eq(comments.reader_id, readerId),
    )!;

  const shape = (c: typeof comments.$inferSelect, accounts: Map<number, string>, liked: Set<number>) => ({
    id: c.id,
    parent_id: c.parent_id,
    content: c.content,
    images: c.images,
    author: c.is_official ? '管理员' : accounts.get(c.reader_id ?? 0) ?? '',
    mine: false as boolean,
    reply_to: c.reply_to_reader_id ? accounts.get(c.reply_to_reader_id) ?? '' : null,
    is_top: c.is_top,
    is_featured: c.is_featured,
    is_official: c.is_official,
    like_count: c.like_count,
    liked: liked.has(c.id),
    status: c.status,
    created_at: c.created_at,
  });

  /**
   * `GET /client/activities/{id}/sources/{sid}/comments`: top-level comments pinned, featured,
   * newest first (compareComments), each with its replies (administrator replies first, then oldest first).
   */
  r.get(
    '/v1/:org/client/activities/:id/sources/:sid/comments',
    { config, schema: { params: actParams.extend({ sid: idParam }), querystring: pageQuerySchema } },
    async (request) => {
      const { act, reader } = await readable(request, request.params.id);
      const mode = commentRulesOf(act).moderation;
      const where = and(eq(comments.act_id, act.id), eq(comments.source_id, request.params.sid), isNull(comments.parent_id), visibleTo(reader.id, mode));
      return pagedList(
        request.query,
        request.url,
        async () => (await db.select({ n: count() }).from(comments).where(where))[0].n,
        async (limit, offset) => {
          const tops = await db.select().from(comments).where(where).orderBy(desc(comments.is_top), desc(comments.is_featured), desc(comments.created_at), desc(comments.id)).limit(limit).offset(offset);
          const replies = tops.length
            ? await db
                .select()
                .from(comments)
                .where(and(inArray(comments.parent_id, tops.map((t) => t.id)), visibleTo(reader.id, mode)))
                .orderBy(desc(comments.is_official), asc(comments.created_at), asc(comments.id))
            : [];
          const all = [...tops, ...replies];
          const ids = [...new Set(all.flatMap((c) => [c.reader_id, c.reply_to_reader_id]).filter((x): x is number => x !== null))];
          const [names, likes] = await Promise.all([
            ids.length ? db.select({ id: readers.id, account: readers.account, real_name: readers.real_name }).from(readers).where(inArray(readers.id, ids)) : Promise.resolve([]),
            db
              .select({ id: commentReactions.comment_id })
              .from(commentReactions)
              .where(and(eq(commentReactions.reader_id, reader.id), eq(commentReactions.kind, 'like'), inArray(commentReactions.comment_id, all.map((c) => c.id).concat(-1)))),
          ]);
          // Readers are shown by name when they gave one, else by a masked account.
          const accounts = new Map(names.map((n) => [n.id, n.real_name || `${n.account.slice(0, 3)}***`]));
          const liked = new Set(likes.map((l) => l.id));
          const view = (c: typeof comments.$inferSelect) => ({ ...shape(c, accounts, liked), mine: c.reader_id === reader.id });
          return tops.map((t) => ({ ...view(t), replies: replies.filter((x) => x.parent_id === t.id).map(view) }));
        },
      );
    },
  );

  /**
   * `POST /client/activities/{id}/comments {source_id, parent_id?, content, images, request_id}`: the
   * gate (blacklist action `comment`), the activity's comment rules (open, per day, interval; under
   * the reader's lock), one reply level (replyTarget), status by the moderation mode and the
   * sensitive-word screen (initialItemStatus): a risky comment is rejected at once and counts as
   * the reader's offence (`comment_rejected_risky`, the organisation's automatic blacklist rule);
   * one needing review waits for a person whatever the mode.
   */
  r.post('/v1/:org/client/activities/:id/comments', { config, schema: { params: actParams, body: commentRequestSchema } }, async (request) => {
    const { request_id, ...body } = request.body;
    const ip = voteOrigin(request).ip;
    // Before the transaction: the lists are remembered reads through `db` (sensitive/screen.ts).
    const screened = await screenFor(app.database, orgOf(request).id, [body.content]);
    return idempotent(db, request, request_id, async (tx) => {
      const { act, reader } = await passGate(tx, request, request.params.id, 'comment');
      const rules = commentRulesOf(act);
      if (!rules.enabled) throw refused(COMMENT_REFUSAL.closed);
      const problems = commentProblems(rules, body);
      if (problems.length) throw validationError(problems);
      await tx.execute(sql`select pg_advisory_xact_lock(${act.id}::int, ${reader.id}::int)`);
      const now = nowSec();
      const [facts] = await tx
        .select({
          today: sql<number>`count(*) filter (where ${comments.created_at} >= ${chinaDayStart(now)})`.mapWith(Number),
          last_at: sql<number | null>`max(${comments.created_at})`,
        })
        .from(comments)
        .where(and(eq(comments.act_id, act.id), eq(comments.reader_id, reader.id)));
      const refusal = commentRefusal(rules, { now, today: facts.today, last_at: facts.last_at === null ? null : Number(facts.last_at) });
      if (refusal) throw refused(refusal);
      const [source] = await tx.select({ id: voteSources.id }).from(voteSources).where(and(eq(voteSources.act_id, act.id), eq(voteSources.id, body.source_id), eq(voteSources.status, 1)));
      if (!source) throw validationError([{ field: 'source_id', message: '评论对象不存在' }]);
      let parent: { parent_id: number; reply_to_user_id: number } | null = null;
      if (body.parent_id !== null) {
        const [p] = await tx.select().from(comments).where(and(eq(comments.act_id, act.id), eq(comments.id, body.parent_id)));
        const target = replyTarget(
          p && { id: p.id, parent_id: p.parent_id, source_id: p.source_id, user_id: p.reader_id ?? 0, status: p.status as CheckItemStatus },
          body.source_id,
          !!p && itemVisible(p.status as CheckItemStatus, rules.moderation, p.reader_id === reader.id, p.auto_result as ScreenResult),
        );
        if ('gate' in target) throw refused(target);
        parent = target;
      }
      const [made] = await tx
        .insert(comments)
        .values({
          org_id: act.org_id,
          act_id: act.id,
          source_id: source.id,
          reader_id: reader.id,
          parent_id: parent?.parent_id ?? null,
          reply_to_reader_id: parent && parent.reply_to_user_id !== reader.id ? parent.reply_to_user_id : null,
          content: body.content,
          images: body.images.filter((m): m is string => !!m),
          status: initialItemStatus(rules.moderation, screened.result),
          reason: screened.result === 'risky' ? SCREEN_REJECT_REASON : '',
          auto_result: screened.result,
          auto_words: screened.words,
          ip,
          created_at: now,
          updated_at: now,
        })
        .returning();
      if (screened.result === 'risky') {
        await recordOffence(tx, { org_id: act.org_id, reader_id: reader.id, kind: 'comment_rejected_risky', act_id: act.id, act_type: act.type, ref: `comment:${made.id}` });
      } else {
        await tx.update(voteSources).set({ comment_count: sql`${voteSources.comment_count} + 1` }).where(eq(voteSources.id, source.id));
      }
      return { id: made.id, parent_id: made.parent_id, status: made.status, reason: made.reason, created_at: made.created_at };
    });
  });

  /** A comment of a published voting activity of the path's organisation that the reader can see. */
  async function visibleComment(tx: Tx, request: FastifyRequest, cid: number, readerId: number) {
    const [c] = await tx.select().from(comments).where(and(eq(comments.id, cid), eq(comments.org_id, orgOf(request).id))).for('update');
    const act = c ? await votingActivity(request, c.act_id, tx) : undefined;
    if (!c || !act || readRefusal(act) || !itemVisible(c.status as CheckItemStatus, commentRulesOf(act).moderation, c.reader_id === readerId, c.auto_result as ScreenResult)) throw refused(COMMENT_MISSING);
    return c;
  }

  /** `POST /client/comments/{cid}/like`: once per reader (a second like changes nothing). */
  r.post('/v1/:org/client/comments/:cid/like', { config, schema: { params: orgParams.extend({ cid: idParam }), body: likeRequestSchema } }, async (request) => {
    const me = readerOf(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      const c = await visibleComment(tx, request, request.params.cid, me.id);
      const [made] = await tx.insert(commentReactions).values({ comment_id: c.id, reader_id: me.id, kind: 'like' }).onConflictDoNothing().returning();
      if (!made) return { liked: true, like_count: c.like_count };
      const [after] = await tx.update(comments).set({ like_count: sql`${comments.like_count} + 1` }).where(eq(comments.id, c.id)).returning({ like_count: comments.like_count });
      return { liked: true, like_count: after.like_count };
    });
  });

  /**
   * `POST /client/comments/{cid}/report {reason?}`: once per reader; the third report hides a
   * visible comment unless a moderator kept it (statusAfterReport). The comment row is locked, so
   * parallel reports count one by one.
   */
  r.post('/v1/:org/client/comments/:cid/report', { config, schema: { params: orgParams.extend({ cid: idParam }), body: reportRequestSchema } }, async (request) => {
    const me = readerOf(request);
    return idempotent(db, request, request.body.request_id, async (tx) => {
      const c = await visibleComment(tx, request, request.params.cid, me.id);
      const [made] = await tx.insert(commentReactions).values({ comment_id: c.id, reader_id: me.id, kind: 'report', reason: request.body.reason ?? '' }).onConflictDoNothing().returning();
      if (!made) return { reported: true };
      const reports = c.report_count + 1;
      const status = statusAfterReport(c.status as CheckItemStatus, reports, c.kept === 1);
      await tx.update(comments).set({ report_count: reports, status, ...(status !== c.status ? { is_top: 0, is_featured: 0 } : {}) }).where(eq(comments.id, c.id));
      return { reported: true };
    });
  });
}
