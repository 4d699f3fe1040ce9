import { activityOfPath } from '../kind.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  COMMENT_REPORTS,
  commentChecksResource,
  evaluationSourcesResource,
  evaluationVotesResource,
  idParam,
  importSourcesSchema,
  ITEM_APPROVED,
  ITEM_PENDING,
  PASSED_STATUSES,
  voidVotesBody,
} from '@huodong/domain';
import { activities, commentReactions, comments, readers, voteSources, votes, works } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { bind, type ReadContext } from '../../resources/binding.js';
import { keywordWhere } from '../../resources/keyword.js';
import { tenantWhere } from '../../resources/tenant.js';
import { audit } from '../../resources/audit.js';
import { voidVotes } from './admin.js';
import { resultsOf, votingFiguresActivity } from './figures.js';
import { RESULTS_EXPORT_HEADERS, RESULTS_EXPORT_TITLE, resultsExportRows } from './resultsExport.js';
import { attachment, xlsxStream, XLSX_TYPE } from '../../exports/xlsxStream.js';
import { postPoints, reversePoints } from '../../points/ledger.js';
import { commentRulesOf, type VotingActivity } from './rules.js';
import type { CheckKind } from '../../routes/checkQueue.js';
import { nowSec } from '../../participation/clock.js';

export const IMPORT_FROM_WRONG = '请选择本机构的原创作品活动';

const actParams = z.object({ org: z.string(), act: idParam });

/** The voting activity of the path, through its declaration (another organisation's, a deleted or another type's: 404). */
export const votingActivityOf = (app: FastifyInstance, request: FastifyRequest, id: number): Promise<VotingActivity> => activityOfPath(app, request, 2, id);

/** Reader accounts of the organisation by id, for list columns. */
async function accountsOf(request: FastifyRequest, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await request.server.database.db
    .select({ id: readers.id, account: readers.account })
    .from(readers)
    .where(and(tenantWhere(readers, request), inArray(readers.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.account]));
}

async function sourceTitles(request: FastifyRequest, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await request.server.database.db
    .select({ id: voteSources.id, title: voteSources.title })
    .from(voteSources)
    .where(and(tenantWhere(voteSources, request), inArray(voteSources.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The account filter of a list through the organisation's readers (the account is not a column of the row). */
const accountFilter = (column: typeof votes.reader_id | typeof comments.reader_id) => (value: unknown, { request }: ReadContext) =>
  inArray(
    column,
    request.server.database.db
      .select({ id: readers.id })
      .from(readers)
      .where(and(tenantWhere(readers, request), keywordWhere([readers.account], value as string))),
  );

/**
 * A voting activity's sources: the administrator's own (`origin` admin), imported works, readers'
 * sign-ups (pending until 通过). A source with votes is never deleted (its votes are evidence).
 */
export const evaluationSourcesBinding = bind({
  def: evaluationSourcesResource,
  table: voteSources,
  prepare(values, { existing }) {
    if (!existing) values.origin = 'admin';
    return values;
  },
  rowUpdates: { reject: (values) => ({ status: 2, reason: values.reason }) },
  actionValues: (action, values) => (action === 'show' || action === 'hide' ? { ...values, reason: '' } : values),
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const config = { access: 'org' as const };

    /**
     * `POST /v1/{org}/evaluation/{act}/source/import {from_act_id, work_ids?}`: the approved works
     * (PASSED_STATUSES, not deleted) of a type 1/9 activity of the same organisation become sources,
     * once each (a work imported before is skipped), in one transaction.
     */
    r.post('/v1/:org/evaluation/:act/source/import', { config, schema: { params: actParams, body: importSourcesSchema } }, async (request) => {
      const act = await votingActivityOf(app, request, request.params.act);
      const { from_act_id, work_ids } = request.body;
      const [from] = await db
        .select({ id: activities.id, type: activities.type, config: activities.config })
        .from(activities)
        .where(and(tenantWhere(activities, request), eq(activities.id, from_act_id), eq(activities.is_delete, 0)));
      if (!from || (from.type !== 1 && from.type !== 9)) throw validationError([{ field: 'from_act_id', message: IMPORT_FROM_WRONG }]);
      const groups = new Map((((from.config as { groups?: { id: number; name: string }[] }).groups) ?? []).map((g) => [g.id, g.name]));
      const found = await db
        .select()
        .from(works)
        .where(
          and(
            eq(works.org_id, act.org_id),
            eq(works.act_id, from.id),
            eq(works.is_delete, 0),
            inArray(works.status, [...PASSED_STATUSES]),
            work_ids ? inArray(works.id, work_ids) : undefined,
          ),
        )
        .orderBy(works.id);
      return db.transaction(async (tx) => {
        const rows = found.map((w, i) => ({
          org_id: act.org_id,
          act_id: act.id,
          title: w.title.slice(0, 100),
          author: (w.author.real_name ?? '').slice(0, 100),
          cover: w.cover,
          intro: w.content.slice(0, 5000),
          media: w.media,
          group_name: (w.group_id !== null ? groups.get(w.group_id) ?? '' : '').slice(0, 50),
          sort: i + 1,
          origin: 'work',
          work_id: w.id,
        }));
        const made = rows.length ? await tx.insert(voteSources).values(rows).onConflictDoNothing().returning({ id: voteSources.id }) : [];
        await audit(tx, request, 'import', evaluationSourcesResource.name, made.map((m) => m.id));
        return { imported: made.length, skipped: found.length - made.length };
      });
    });

    /**
     * `GET /v1/{org}/export/evaluationresults?act=`: the results (`GET …/results`: live before the
     * end, the frozen snapshot after it, with its version and hash) as an .xlsx (page actCountEvaDownload).
     * The activity is read first: another organisation's or another type's is a JSON 404.
     */
    r.get(
      '/v1/:org/export/evaluationresults',
      { config: { ...config, rawBody: true }, schema: { params: z.object({ org: z.string() }), querystring: z.object({ act: idParam, reflesh: z.unknown().optional() }) } },
      async (request, reply) => {
        const act = await votingFiguresActivity(db, request, request.query.act);
        const results = await resultsOf(db, act, nowSec());
        async function* rows() {
          yield resultsExportRows(results);
        }
        return reply
          .header('content-type', XLSX_TYPE)
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(`${RESULTS_EXPORT_TITLE}_${results.activity.title}.xlsx`))
          .send(xlsxStream(RESULTS_EXPORT_TITLE, RESULTS_EXPORT_HEADERS, rows()));
      },
    );

    /** `POST /v1/{org}/evaluation/{act}/votes/void`: void by rule with a reason (voidVotesBody), counts recomputed. */
    r.post('/v1/:org/evaluation/:act/votes/void', { config, schema: { params: actParams, body: voidVotesBody } }, async (request) => {
      const act = await votingActivityOf(app, request, request.params.act);
      return db.transaction((tx) => voidVotes(tx, request, act, request.body, nowSec()));
    });
  },
});

/** Every vote of a voting activity, with the source's title and the reader's account. */
export const evaluationVotesBinding = bind({
  def: evaluationVotesResource,
  table: votes,
  filters: { account: accountFilter(votes.reader_id) },
  async present(rows, { request }) {
    if (!rows.length) return rows;
    const [titles, accounts] = await Promise.all([sourceTitles(request, rows.map((r) => r.source_id as number)), accountsOf(request, rows.map((r) => r.reader_id as number))]);
    return rows.map((r) => ({ ...r, source_title: titles.get(r.source_id as number) ?? '', account: accounts.get(r.reader_id as number) ?? '' }));
  },
});

const commentPoints = (row: Record<string, unknown>) => ({
  orgId: row.org_id as number,
  readerId: row.reader_id as number,
  actId: row.act_id as number,
  source: { type: 'comment', id: row.id as number },
});

/**
 * The comment queue of a voting activity: approve (a comment kept after reports is no longer
 * hidden by reports), reject with a reason, hide, pin and feature (approved top-level comments
 * only), and an administrator's reply under the comment.
 */
export const commentChecksBinding = bind({
  def: commentChecksResource,
  table: comments,
  filters: { account: accountFilter(comments.reader_id) },
  async present(rows, { request }) {
    if (!rows.length) return rows;
    const tops = rows.map((r) => (r.parent_id as number | null) ?? r.id);
    const [titles, accounts, replies] = await Promise.all([
      sourceTitles(request, rows.map((r) => r.source_id as number)),
      accountsOf(request, rows.map((r) => r.reader_id as number | null)),
      request.server.database.db
        .selectDistinctOn([comments.parent_id], { parent_id: comments.parent_id, content: comments.content })
        .from(comments)
        .where(and(tenantWhere(comments, request), inArray(comments.parent_id, tops), eq(comments.is_official, 1)))
        .orderBy(comments.parent_id, desc(comments.id)),
    ]);
    const reply = new Map(replies.map((x) => [x.parent_id, x.content]));
    return rows.map((r) => ({
      ...r,
      source_title: titles.get(r.source_id as number) ?? '',
      account: r.is_official ? '管理员' : accounts.get(r.reader_id as number) ?? '',
      reply: reply.get(r.id) ?? '',
      // The words the sensitive-word screen found, as one cell.
      auto_words: ((r.auto_words as string[] | undefined) ?? []).join('、'),
    }));
  },
  async actionValues(action, values, row, { tx }) {
    // Approved after reports: reports no longer hide it (statusAfterReport's keptByModerator).
    if (action === 'approve') {
      // The reader's points for an approved comment (design §10 comment_approved), once per comment.
      if (row.reader_id != null && !row.is_official) await postPoints(tx, { ...commentPoints(row), rule: 'comment_approved' });
      return { ...values, reason: '', kept: (row.report_count as number) > 0 ? 1 : (row.kept as number) };
    }
    if (action === 'hide') return { ...values, is_top: 0, is_featured: 0 };
    return values;
  },
  rowLists: {
    /**
     * 举报详情 (COMMENT_REPORTS): the reports on the comment the queue's scope read (organisation and
     * activity of the path), newest first, with each reader's name and account.
     */
    [COMMENT_REPORTS.name]: (row, { request }) =>
      request.server.database.db
        .select({ reader_id: commentReactions.reader_id, real_name: readers.real_name, account: readers.account, reason: commentReactions.reason, created_at: commentReactions.created_at })
        .from(commentReactions)
        .innerJoin(readers, and(eq(readers.id, commentReactions.reader_id), tenantWhere(readers, request)))
        .where(and(eq(commentReactions.comment_id, row.id), eq(commentReactions.kind, 'report')))
        .orderBy(desc(commentReactions.created_at), desc(commentReactions.reader_id)),
  },
  rowUpdates: {
    /** Rejected after its approval, a comment gives its points back (a reversing row). */
    async reject(values, { tx, existing }) {
      if (existing.reader_id != null) await reversePoints(tx, { ...commentPoints(existing), key: `comment_approved:comment:${existing.id as number}`, reason: '评论被驳回' });
      return { status: 2, reason: values.reason, is_top: 0, is_featured: 0 };
    },
    /** An official reply under the comment (under its top-level comment for a reply), shown at once. */
    async reply(values, { tx, existing, caller }) {
      await tx.insert(comments).values({
        org_id: existing.org_id as number,
        act_id: existing.act_id as number,
        source_id: existing.source_id as number,
        manager_id: caller.kind === 'manager' ? caller.id : null,
        parent_id: (existing.parent_id as number | null) ?? existing.id,
        reply_to_reader_id: existing.reader_id as number | null,
        content: values.reply as string,
        status: ITEM_APPROVED,
        is_official: 1,
      });
      return {};
    },
  },
});

/**
 * The review queue's kind for comments (`/check/activity`): the voting activities with comments
 * waiting (pending under pre moderation, or held by the sensitive-word screen), reviewed on the
 * declared comment queue (`commentChecks`, page adminAct/adminEvaComment).
 */
export const commentsCheckKind: CheckKind = {
  kind: 'comment',
  label: '评论',
  queue: 'comment',
  types: [2],
  page: 'adminAct/adminEvaComment',
  async pending(db, orgId) {
    return db
      .select({ act_id: comments.act_id, pending: count() })
      .from(comments)
      .innerJoin(activities, eq(activities.id, comments.act_id))
      .where(and(eq(comments.org_id, orgId), eq(comments.status, ITEM_PENDING), eq(activities.type, 2), eq(activities.is_delete, 0)))
      .groupBy(comments.act_id);
  },
  moderation: (act) => commentRulesOf(act).moderation,
};
