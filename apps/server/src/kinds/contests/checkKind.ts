import { and, asc, count, desc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { contestMarkBody, type ContestMark } from '@huodong/domain';
import { activities, contestAnswers, contestQuestions, readers } from '../../db/schema.js';
import { pagedList } from '../../http/pagination.js';
import { callerOf } from '../../auth/access.js';
import type { CheckKind } from '../../routes/checkQueue.js';
import { markPending, shownAnswer } from './engine.js';

/**
 * Short answers of contests in the review queue (spec `/check/{id}/contest`, pages
 * adminCheck/adminCheckContest and adminCheckContestWorkIndex): the pending answers of an
 * activity with the question, its reference answer and points; `POST` gives each its points
 * (0…the question's score); an attempt is finished when its last one is marked.
 */
export const contestCheckKind: CheckKind = {
  kind: 'contest',
  label: '竞赛简答题',
  queue: 'contest',
  types: [3, 6],
  page: 'adminCheck/adminCheckContest/adminCheckContestWorkIndex',
  body: contestMarkBody,
  async pending(db, orgId) {
    return db
      .select({ act_id: contestAnswers.act_id, pending: count() })
      .from(contestAnswers)
      .innerJoin(activities, eq(activities.id, contestAnswers.act_id))
      .where(and(eq(contestAnswers.org_id, orgId), eq(contestAnswers.pending, 1), eq(activities.is_delete, 0)))
      .groupBy(contestAnswers.act_id);
  },
  moderation: () => 'manual',
  async items(db, request, act, query) {
    // Pending ones; with `all` every short answer given (marked ones with their points).
    const where = and(
      eq(contestAnswers.org_id, act.org_id),
      eq(contestAnswers.act_id, act.id),
      query.all ? and(eq(contestQuestions.type, 5), sql`${contestAnswers.answer} is not null`) : eq(contestAnswers.pending, 1),
    );
    return pagedList(
      query,
      request.url,
      async () => (await db.select({ n: count() }).from(contestAnswers).innerJoin(contestQuestions, eq(contestQuestions.id, contestAnswers.question_id)).where(where))[0].n,
      async (limit, offset) => {
        const rows = await db
          .select({
            id: contestAnswers.id,
            attempt_id: contestAnswers.attempt_id,
            question_id: contestAnswers.question_id,
            answer: contestAnswers.answer,
            credit: contestAnswers.credit,
            max_score: contestAnswers.max_score,
            pending: contestAnswers.pending,
            answered_at: contestAnswers.answered_at,
            marked_at: contestAnswers.marked_at,
            stem: contestQuestions.stem,
            type: contestQuestions.type,
            reference: contestQuestions.answer,
            analysis: contestQuestions.analysis,
            reader_id: contestAnswers.reader_id,
            account: sql<string>`coalesce(${readers.account}, '')`,
            real_name: sql<string>`coalesce(${readers.real_name}, '')`,
          })
          .from(contestAnswers)
          .innerJoin(contestQuestions, eq(contestQuestions.id, contestAnswers.question_id))
          .leftJoin(readers, eq(readers.id, contestAnswers.reader_id))
          .where(where)
          .orderBy(desc(contestAnswers.pending), asc(contestAnswers.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({ ...r, reference: shownAnswer({ type: r.type, answer: r.reference }) }));
      },
    );
  },
  async decide(tx, request, act, decision) {
    return markPending(tx, act, (decision as unknown as ContestMark).items, callerOf(request).id);
  },
};
