import { postPoints } from '../../points/ledger.js';
import { payoutFor } from '../../payouts/payouts.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  assignmentProblem,
  autoAssign,
  awardByQuota,
  awardQuotaOf,
  canonicalJson,
  canWrite,
  defaultWorkConfig,
  expertActsResource,
  idParam,
  idRef,
  rankWorks,
  summarizeScores,
  workTransition,
  type ExpertActConfig,
  type ScoreSummary,
  type WorkCommand,
  type WorkConfig,
  type WorkStatus,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, expertActWorks, expertActs, expertAssignments, experts, readers, works } from '../../db/schema.js';
import { HttpError, forbidden, notFound, validationError } from '../../http/errors.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { nowSec } from '../../participation/clock.js';


/**
 * Expert judging (issue 12, design §2b). Administrators (`/v1/{org}/expert/act/{id}/…`) add works
 * to an expert activity, assign experts by hand or automatically (never a conflicted one), read
 * the results and publish them (a ranked snapshot with its SHA-256, works scored and awarded
 * through workTransition). Experts (`/v1/{org}/client/expert/…`, their own token kind) read only
 * their assignments, as the blind view (expertWorkView) with file metadata stripped, and submit
 * reviews (reviewProblems).
 */

/** Activity types whose works are judged. */
export const WORKS_TYPES = [1, 9];
export const orgParams = z.object({ org: z.string() });
const actParams = orgParams.extend({ id: idParam });
const workIdsBody = z.object({ work_ids: z.array(idRef('作品'), { error: '请选择作品' }).min(1, '请选择作品').max(1000, '一次最多1000件作品') });

export const PUBLISHED = '评审结果已发布，不能再修改';
export const ARBITRATION_PENDING = '有作品分差超过阈值待仲裁，请增加评审专家后再发布，或确认按当前结果发布';

export type ActRow = typeof expertActs.$inferSelect;
type WorkRow = typeof works.$inferSelect & { reader_unit_id: number | null };

export const actConfig = (act: ActRow): ExpertActConfig => act as unknown as ExpertActConfig;

/**
 * The works configuration of an activity (`config.work`, as the works routes keep it: validated
 * and completed when saved, so read as it is), or the type's defaults when it has none yet.
 */
function workConfigOf(activity: { type: number; config: Record<string, unknown> }): WorkConfig {
  const fallback = defaultWorkConfig(activity.type === 9 ? 9 : 1);
  const saved = (activity.config as { work?: Partial<WorkConfig> } | null)?.work;
  return saved && typeof saved === 'object' && Array.isArray(saved.creation_types) ? { ...fallback, ...saved } : fallback;
}

async function actOf(db: Db | Tx, orgId: number, id: number): Promise<ActRow> {
  const [act] = await db.select().from(expertActs).where(and(eq(expertActs.id, id), eq(expertActs.org_id, orgId)));
  if (!act) throw notFound();
  return act;
}

/** The works of an expert activity with their author's unit id (conflicts). */
async function worksOf(db: Db | Tx, act: ActRow, ids?: number[]): Promise<WorkRow[]> {
  const rows = await db
    .select({ w: works, reader_unit_id: readers.unit_id })
    .from(expertActWorks)
    .innerJoin(works, and(eq(works.id, expertActWorks.work_id), eq(works.org_id, expertActWorks.org_id)))
    .innerJoin(readers, eq(readers.id, works.reader_id))
    .where(and(eq(expertActWorks.expert_act_id, act.id), ids ? inArray(works.id, ids) : undefined))
    .orderBy(asc(works.id));
  return rows.map((r) => ({ ...r.w, reader_unit_id: r.reader_unit_id }));
}

/** What the conflict rule reads of a work's author. */
const partyOf = (w: WorkRow, config: WorkConfig) => ({
  id: w.id,
  unit_id: w.reader_unit_id,
  unit: w.author.unit ?? null,
  instructor: w.author.instructor ?? null,
  creation_type_name: config.creation_types.find((t) => t.id === w.creation_type_id)?.name ?? null,
});

async function activityOf(db: Db | Tx, act: ActRow) {
  const [activity] = await db.select({ id: activities.id, type: activities.type, title: activities.title, config: activities.config }).from(activities).where(eq(activities.id, act.act_id));
  return activity;
}

/** Per work: the summary of its submitted totals, ranks within its group, the level its rank earns. */
export interface WorkResult extends ScoreSummary {
  work_id: number;
  work_no: string | null;
  title: string;
  group_id: number | null;
  assigned: number;
  submitted: number;
  rank: number | null;
  award_level: string | null;
}

async function computeResults(db: Db | Tx, act: ActRow): Promise<WorkResult[]> {
  const activity = await activityOf(db, act);
  const config = workConfigOf(activity);
  const list = await worksOf(db, act);
  const reviews = await db
    .select({ work_id: expertAssignments.work_id, total: expertAssignments.total, submitted_at: expertAssignments.submitted_at })
    .from(expertAssignments)
    .where(eq(expertAssignments.expert_act_id, act.id));
  const out: WorkResult[] = [];
  const byGroup = new Map<number | null, WorkResult[]>();
  for (const w of list) {
    const mine = reviews.filter((r) => r.work_id === w.id);
    const totals = mine.filter((r) => r.submitted_at !== null).map((r) => Number(r.total));
    const summary = summarizeScores(totals, act.aggregate as never, act.disagreement_threshold);
    const row: WorkResult = { work_id: w.id, work_no: w.work_no, title: w.title, group_id: w.group_id, assigned: mine.length, submitted: totals.length, ...summary, rank: null, award_level: null };
    out.push(row);
    if (!byGroup.has(w.group_id)) byGroup.set(w.group_id, []);
    byGroup.get(w.group_id)!.push(row);
  }
  for (const [groupId, rows] of byGroup) {
    const ranked = rankWorks(rows.map((r) => ({ id: r.work_id, final: r.final })));
    const levels = awardByQuota(ranked, awardQuotaOf(config, groupId));
    for (const r of ranked) {
      const row = rows.find((x) => x.work_id === r.id)!;
      row.rank = r.rank;
      row.award_level = levels.get(r.id) ?? null;
    }
  }
  return out.sort((a, b) => (a.group_id ?? 0) - (b.group_id ?? 0) || (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.work_id - b.work_id);
}

/** The published snapshot's text (canonical JSON, hashed with SHA-256). */
const snapshotOf = (act: ActRow, results: WorkResult[]) => ({
  expert_act_id: act.id,
  act_id: act.act_id,
  items: results.map((r) => ({ work_id: r.work_id, work_no: r.work_no, group_id: r.group_id, n: r.n, mean: r.mean, stdev: r.stdev, range: r.range, final: r.final, rank: r.rank, award_level: r.award_level, needs_arbitration: r.needs_arbitration })),
});

function assertOpen(act: ActRow) {
  if (act.published_at) throw new HttpError(409, PUBLISHED);
}

function assertWriter(request: FastifyRequest) {
  if (!canWrite(expertActsResource, callerOf(request))) throw forbidden();
}

/** Apply a work transition as the system or an administrator; refusals are 409/403 with the work named. */
function transitionOrThrow(work: { id: number; status: string; work_no: string | null }, command: WorkCommand, actor: 'admin' | 'system', extra: { reviews_submitted?: number; award_levels?: readonly string[] } = {}) {
  const t = workTransition({ status: work.status as WorkStatus, work_no: work.work_no }, command, actor, {
    now: nowSec(),
    windows: { submit_start_at: null, submit_end_at: null, edit_until: null },
    moderation: 'pre',
    ...extra,
  });
  if (!t.ok) throw new HttpError(t.refusal.status, `作品${work.work_no ?? work.id}：${t.refusal.message}`, { gate: t.refusal.gate, work_id: work.id });
  return t;
}

/** Administrator routes of an expert activity (registered with its declaration). */
export async function judgingAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };

  /** Options of the expert activity form: the organisation's original-works activities. */
  r.get('/v1/:org/expert/act/activities', { config, schema: { params: orgParams } }, async (request) =>
    db
      .select({ id: activities.id, title: activities.title, type: activities.type })
      .from(activities)
      .where(and(eq(activities.org_id, orgOf(request).id), eq(activities.is_delete, 0), inArray(activities.type, WORKS_TYPES)))
      .orderBy(sql`${activities.id} desc`)
      .limit(500),
  );

  /** The works of the expert activity with their assignments and review progress (administrators see authors). */
  r.get('/v1/:org/expert/act/:id/works', { config, schema: { params: actParams } }, async (request) => {
    const act = await actOf(db, orgOf(request).id, request.params.id);
    const list = await worksOf(db, act);
    const assignments = await db
      .select({ id: expertAssignments.id, work_id: expertAssignments.work_id, expert_id: expertAssignments.expert_id, name: experts.name, total: expertAssignments.total, submitted_at: expertAssignments.submitted_at })
      .from(expertAssignments)
      .innerJoin(experts, eq(experts.id, expertAssignments.expert_id))
      .where(eq(expertAssignments.expert_act_id, act.id))
      .orderBy(asc(expertAssignments.id));
    return list.map((w) => ({
      id: w.id,
      work_no: w.work_no,
      title: w.title,
      status: w.status,
      group_id: w.group_id,
      creation_type_id: w.creation_type_id,
      author_name: w.author.real_name ?? '',
      author_unit: w.author.unit ?? '',
      instructor: w.author.instructor ?? '',
      assignments: assignments.filter((a) => a.work_id === w.id).map(({ work_id: _w, ...a }) => a),
    }));
  });

  /** Works of the activity that may be added: approved or shortlisted and not in this expert activity yet. */
  r.get('/v1/:org/expert/act/:id/candidates', { config, schema: { params: actParams } }, async (request) => {
    const act = await actOf(db, orgOf(request).id, request.params.id);
    return db
      .select({ id: works.id, work_no: works.work_no, title: works.title, status: works.status, group_id: works.group_id })
      .from(works)
      .where(
        and(
          eq(works.org_id, act.org_id),
          eq(works.act_id, act.act_id),
          eq(works.is_delete, 0),
          inArray(works.status, ['approved', 'shortlisted']),
          sql`not exists (select 1 from ${expertActWorks} where ${expertActWorks.expert_act_id} = ${act.id} and ${expertActWorks.work_id} = ${works.id})`,
        ),
      )
      .orderBy(asc(works.id))
      .limit(2000);
  });

  /** Add works: an approved work is shortlisted (入围) as it enters expert review. */
  r.post('/v1/:org/expert/act/:id/works', { config, schema: { params: actParams, body: workIdsBody } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      assertOpen(act);
      const ids = [...new Set(request.body.work_ids)];
      const found = await tx.select().from(works).where(and(eq(works.org_id, org.id), eq(works.act_id, act.act_id), eq(works.is_delete, 0), inArray(works.id, ids))).for('update');
      const missing = ids.find((id) => !found.some((w) => w.id === id));
      if (missing !== undefined) throw validationError([{ field: 'work_ids', message: `作品不存在或不属于本活动：${missing}` }]);
      for (const w of found) {
        if (w.status === 'shortlisted') continue;
        const t = transitionOrThrow(w, { action: 'shortlist' }, 'admin');
        await tx.update(works).set({ status: t.to, updated_at: nowSec() }).where(eq(works.id, w.id));
      }
      await tx.insert(expertActWorks).values(found.map((w) => ({ org_id: org.id, expert_act_id: act.id, work_id: w.id }))).onConflictDoNothing();
      await audit(tx, request, 'addWorks', expertActsResource.name, [act.id]);
      return { added: found.length };
    });
  });

  /** Remove works without a submitted review; a shortlisted work goes back to approved. */
  r.post('/v1/:org/expert/act/:id/works/remove', { config, schema: { params: actParams, body: workIdsBody } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      assertOpen(act);
      const list = await worksOf(tx, act, request.body.work_ids);
      for (const w of list) {
        const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(expertAssignments).where(and(eq(expertAssignments.work_id, w.id), isNotNull(expertAssignments.submitted_at)));
        if (w.status === 'shortlisted') {
          const t = transitionOrThrow(w, { action: 'unshortlist' }, 'admin', { reviews_submitted: n });
          await tx.update(works).set({ status: t.to, updated_at: nowSec() }).where(eq(works.id, w.id));
        } else if (n > 0) throw new HttpError(409, `作品${w.work_no ?? w.id}：已有专家提交评审，不能移出`);
        await tx.delete(expertAssignments).where(and(eq(expertAssignments.expert_act_id, act.id), eq(expertAssignments.work_id, w.id)));
        await tx.delete(expertActWorks).where(and(eq(expertActWorks.expert_act_id, act.id), eq(expertActWorks.work_id, w.id)));
      }
      await audit(tx, request, 'removeWorks', expertActsResource.name, [act.id]);
      return { removed: list.length };
    });
  });

  /** Manual assignment: refused for a paused or conflicted expert, or one already on the work (may exceed reviewers per work: arbitration). */
  r.post('/v1/:org/expert/act/:id/assign', { config, schema: { params: actParams, body: z.object({ work_id: idRef('作品'), expert_id: idRef('专家') }) } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      assertOpen(act);
      const [work] = await worksOf(tx, act, [request.body.work_id]);
      if (!work) throw validationError([{ field: 'work_id', message: '作品不在本评审活动中' }]);
      const [expert] = await tx.select().from(experts).where(and(eq(experts.id, request.body.expert_id), eq(experts.org_id, org.id)));
      if (!expert) throw validationError([{ field: 'expert_id', message: '专家不存在' }]);
      const assigned = await tx.select({ expert_id: expertAssignments.expert_id }).from(expertAssignments).where(and(eq(expertAssignments.expert_act_id, act.id), eq(expertAssignments.work_id, work.id)));
      const problem = assignmentProblem(expert, partyOf(work, workConfigOf(await activityOf(tx, act))), assigned.map((a) => a.expert_id));
      if (problem) throw validationError([{ field: 'expert_id', message: problem }]);
      const [row] = await tx.insert(expertAssignments).values({ org_id: org.id, expert_act_id: act.id, expert_id: expert.id, work_id: work.id }).returning({ id: expertAssignments.id });
      await audit(tx, request, 'assign', expertActsResource.name, [act.id]);
      return row;
    });
  });

  /** Balanced automatic assignment: every work topped up to the reviewers per work, conflicts skipped. */
  r.post('/v1/:org/expert/act/:id/autoAssign', { config, schema: { params: actParams } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      assertOpen(act);
      // One automatic assignment at a time per expert activity: two would both top up the same works.
      await tx.select({ id: expertActs.id }).from(expertActs).where(eq(expertActs.id, act.id)).for('update');
      const config = workConfigOf(await activityOf(tx, act));
      const list = await worksOf(tx, act);
      const current = await tx.select({ work_id: expertAssignments.work_id, expert_id: expertAssignments.expert_id }).from(expertAssignments).where(eq(expertAssignments.expert_act_id, act.id));
      const pool = await tx.select().from(experts).where(and(eq(experts.org_id, org.id), eq(experts.is_pause, 0))).orderBy(asc(experts.id));
      const plan = autoAssign(
        list.map((w) => ({ ...partyOf(w, config), assigned: current.filter((a) => a.work_id === w.id).map((a) => a.expert_id) })),
        pool.map((e) => ({ ...e, load: current.filter((a) => a.expert_id === e.id).length })),
        act.reviewers_per_work,
      );
      if (plan.assignments.length) await tx.insert(expertAssignments).values(plan.assignments.map((a) => ({ org_id: org.id, expert_act_id: act.id, ...a }))).onConflictDoNothing();
      await audit(tx, request, 'autoAssign', expertActsResource.name, [act.id]);
      return { assigned: plan.assignments.length, short: plan.short };
    });
  });

  /** Withdraw an assignment whose review has not been submitted. */
  r.delete('/v1/:org/expert/act/:id/assignments/:aid', { config, schema: { params: actParams.extend({ aid: idParam }) } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      assertOpen(act);
      const [gone] = await tx
        .delete(expertAssignments)
        .where(and(eq(expertAssignments.id, request.params.aid), eq(expertAssignments.expert_act_id, act.id), isNull(expertAssignments.submitted_at)))
        .returning({ id: expertAssignments.id });
      if (!gone) throw notFound('分配不存在，或专家已提交评审');
      await audit(tx, request, 'unassign', expertActsResource.name, [act.id]);
      return null;
    });
  });

  /** Results per work (count, mean, spread, final, arbitration, rank, level); once published, the frozen snapshot. */
  r.get('/v1/:org/expert/act/:id/results', { config, schema: { params: actParams } }, async (request) => {
    const act = await actOf(db, orgOf(request).id, request.params.id);
    if (act.published_at) return { published_at: act.published_at, hash: act.results_hash, items: (act.results as { items: unknown[] }).items };
    return { published_at: null, hash: null, items: await computeResults(db, act) };
  });

  /**
   * Publish: freeze the ranked snapshot with its SHA-256, give each work its final score, and move
   * it reviewed → awarded(level) | not_awarded (workTransition, as the system). Refused while a
   * work waits for arbitration unless `force`.
   */
  r.post('/v1/:org/expert/act/:id/publish', { config, schema: { params: actParams, body: z.object({ force: z.boolean({ error: '确认发布只能是是或否' }).optional() }).nullish() } }, async (request) => {
    assertWriter(request);
    const org = orgOf(request);
    return db.transaction(async (tx) => {
      const act = await actOf(tx, org.id, request.params.id);
      await tx.select({ id: expertActs.id }).from(expertActs).where(eq(expertActs.id, act.id)).for('update');
      assertOpen(act);
      const results = await computeResults(tx, act);
      if (results.some((x) => x.needs_arbitration) && !request.body?.force) throw new HttpError(409, ARBITRATION_PENDING);
      const config = workConfigOf(await activityOf(tx, act));
      const list = await worksOf(tx, act);
      for (const res of results) {
        const w = list.find((x) => x.id === res.work_id)!;
        let status = w.status;
        if (status === 'shortlisted') status = transitionOrThrow(w, { action: 'complete_review' }, 'system').to;
        if (!['reviewed', 'awarded', 'not_awarded'].includes(status)) continue; // disqualified or withdrawn meanwhile
        const command: WorkCommand = res.award_level ? { action: 'award', level: res.award_level } : { action: 'not_award' };
        const next = status === 'not_awarded' && command.action === 'not_award' ? { to: 'not_awarded' as const } : transitionOrThrow({ ...w, status }, command, 'system', { award_levels: config.award_levels });
        await tx.update(works).set({ status: next.to, score: res.final, award_level: res.award_level, updated_at: nowSec() }).where(eq(works.id, w.id));
        // The award's points (design §10 work_awarded), once per work however the publishing is repeated.
        if (next.to === 'awarded') await postPoints(tx, { orgId: w.org_id, readerId: w.reader_id, actId: w.act_id, rule: 'work_awarded', source: { type: 'work', id: w.id } });
        // The red packet of the award or of the rank (whichever the activity's configuration pays), once per work.
        const award = { orgId: w.org_id, actId: w.act_id, readerId: w.reader_id, awardKey: `work:${w.id}`, rank: res.rank };
        if (next.to === 'awarded') await payoutFor(tx, { ...award, trigger: 'award' });
        if (res.rank != null) await payoutFor(tx, { ...award, trigger: 'rank' });
      }
      const snapshot = snapshotOf(act, results);
      const hash = createHash('sha256').update(canonicalJson(snapshot)).digest('hex');
      const at = nowSec();
      await tx.update(expertActs).set({ published_at: at, results: snapshot, results_hash: hash, updated_at: at }).where(eq(expertActs.id, act.id));
      await audit(tx, request, 'publish', expertActsResource.name, [act.id]);
      return { published_at: at, hash, items: snapshot.items };
    });
  });
}
