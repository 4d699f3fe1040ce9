import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { checkDecisionBody, idParam, pageQuerySchema, type CheckActivityRow, type CheckDecision, type ListData } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, quickReplies } from '../db/schema.js';
import { offeredTo } from '../resources/families/tags.js';
import { notFound } from '../http/errors.js';
import { orgOf } from '../auth/access.js';
import { audit } from '../resources/audit.js';

type ActivityRow = typeof activities.$inferSelect;
export const itemsQuery = pageQuerySchema.extend({ all: z.enum(['0', '1'], { error: 'all只能是0或1' }).optional().transform((v) => v === '1') });
export type ItemsQuery = z.output<typeof itemsQuery>;

/**
 * One kind of reader content in the review queue (design §1.5, spec §7 `/check/{id}/{kind}`):
 * works (creation, originalmix) now; every kind lists its own in its `checkKinds` (kinds/index.ts collects them).
 */
export interface CheckKind {
  /** The path segment: `creation`, `originalmix`, `comment`… */
  kind: string;
  label: string;
  /**
   * The queue page listing its activities: `activity` (作品审核, `/check/activity`), or another
   * (`contest` → 竞赛审核, `/check/contest/activity`). A queue lists only its own kinds.
   */
  queue: string;
  /** Activity types whose items are of this kind. */
  types: number[];
  /** The page reviewing one activity's items (route path below `/{org}/`). */
  page: string;
  /** Pending items per activity of the organisation. */
  pending(db: Db, orgId: number): Promise<{ act_id: number; pending: number }[]>;
  /** The activity's moderation mode (pre, post, none). */
  moderation(act: ActivityRow): string;
  /**
   * The activity's items: pending ones, or with `all` every reviewable one. Absent (with `decide`)
   * when a declared resource serves the kind's queue at the same path (comments: `commentChecks`,
   * with its filters and actions): the kind then only counts its pending items for `/check/activity`.
   */
  items?(db: Db, request: FastifyRequest, act: ActivityRow, query: ItemsQuery): Promise<ListData<unknown>>;
  /**
   * The `POST` body when the kind is not approved or rejected but marked (contest short answers
   * get points): `decide` then receives it instead of a CheckDecision.
   */
  body?: z.ZodType;
  /** Approve or reject the items (all or nothing, inside `tx`); answers the ids decided. */
  decide?(tx: Tx, request: FastifyRequest, act: ActivityRow, decision: CheckDecision): Promise<number[]>;
}

/**
 * The review queue: `/v1/{org}/check/activity` (activities with works waiting, by kind; other queues at
 * `/check/{queue}/activity`, e.g. `/check/contest/activity` for short answers to mark),
 * `/v1/{org}/check/quick` (quick replies as reasons), and per kind `GET /v1/{org}/check/{id}/{kind}`
 * (items) and `POST` the same path (batch approve or reject, ≤ CHECK_BATCH_MAX, audited).
 */
export async function checkQueueRoutes(app: FastifyInstance, kinds: readonly CheckKind[]): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const orgParams = z.object({ org: z.string() });
  const actParams = orgParams.extend({ id: idParam });

  // The platform's quick replies, then the organisation's own (adminQuick); a text offered once.
  r.get('/v1/:org/check/quick', { config, schema: { params: orgParams } }, async (request) => {
    const { where, order } = offeredTo(quickReplies, orgOf(request).id);
    const offered = await db.select({ id: quickReplies.id, content: quickReplies.content }).from(quickReplies).where(where).orderBy(...order);
    const seen = new Set<string>();
    const items = offered.filter((q) => !seen.has(q.content) && seen.add(q.content));
    return { items };
  });

  /** The activities with pending items of the queue's kinds (or of the one `kind` asked), most pending first. */
  for (const queue of new Set(kinds.map((k) => k.queue))) {
    const own = kinds.filter((k) => k.queue === queue);
    // `?kind=` picks one kind of any queue on /check/activity (the voting page counts its comments there), of its own on the others.
    const askable = queue === 'activity' ? kinds : own;
    const query = z.object({ kind: z.enum(askable.map((k) => k.kind) as [string, ...string[]], { error: '请选择有效的审核内容类型' }).optional() });
    r.get(queue === 'activity' ? '/v1/:org/check/activity' : `/v1/:org/check/${queue}/activity`, { config, schema: { params: orgParams, querystring: query } }, async (request) => {
      const org = orgOf(request);
      const out: CheckActivityRow[] = [];
      for (const k of request.query.kind ? askable.filter((k) => k.kind === request.query.kind) : own) {
        const counts = await k.pending(db, org.id);
        if (counts.length === 0) continue;
        const acts = await db.select().from(activities).where(and(eq(activities.org_id, org.id), inArray(activities.id, counts.map((c) => c.act_id))));
        const byId = new Map(acts.map((a) => [a.id, a]));
        for (const c of counts) {
          const act = byId.get(c.act_id);
          if (act) out.push({ id: act.id, title: act.title, type: act.type, kind: k.kind, pending: c.pending, moderation: k.moderation(act) });
        }
      }
      out.sort((a, b) => b.pending - a.pending || b.id - a.id);
      return { items: out, kinds: own.map((k) => ({ kind: k.kind, label: k.label, types: k.types, page: k.page })) };
    });
  }

  for (const k of kinds) {
    const { items, decide } = k;
    if (!items || !decide) continue;
    const activityOf = async (request: FastifyRequest & { params: { id: number } }, tx: Db | Tx = db) => {
      const [act] = await tx.select().from(activities).where(and(eq(activities.id, request.params.id), eq(activities.org_id, orgOf(request).id), eq(activities.is_delete, 0), inArray(activities.type, k.types)));
      if (!act) throw notFound('活动不存在');
      return act;
    };

    r.get(`/v1/:org/check/:id/${k.kind}`, { config, schema: { params: actParams, querystring: itemsQuery } }, async (request) => {
      const act = await activityOf(request);
      return { activity: { id: act.id, title: act.title, type: act.type, moderation: k.moderation(act) }, ...(await items(db, request, act, request.query)) };
    });

    r.post(`/v1/:org/check/:id/${k.kind}`, { config, schema: { params: actParams, body: k.body ?? checkDecisionBody } }, async (request) =>
      db.transaction(async (tx) => {
        const act = await activityOf(request, tx);
        const body = request.body as CheckDecision;
        const decision = k.body ? body : { ...body, ids: [...new Set(body.ids)] };
        const ids = await decide(tx, request, act, decision);
        // Who decided is the audit row's actor; why is the reason the items keep.
        await audit(tx, request, k.body ? 'checkMark' : decision.status === 1 ? 'checkApprove' : 'checkReject', k.kind, ids);
        return { updated: ids.length };
      }),
    );
  }
}
