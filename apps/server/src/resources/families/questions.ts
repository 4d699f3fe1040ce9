import type { FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { bankQuestionsResource, orgQuestionCategoriesResource, orgQuestionsResource, publicQuestionsResource, questionCategoriesResource, type ResourceDef } from '@huodong/domain';
import { questionCategories, questions } from '../../db/schema.js';
import { bind, type ResourceBinding, type ResourceContext, type Row } from '../binding.js';
import { prepareQuestion, presentQuestions, questionCountsByCategory, type Bank } from '../../questions/bank.js';
import { bankRoutes } from '../../questions/routes.js';

/**
 * The question banks (rules/questionBank.ts, questions/): one table, three declarations — the
 * public bank (`org_id` null), an organisation's bank as the platform manages it and as the
 * organisation does. Deleting only marks (papers keep their questions). The keyword index is kept
 * under `bank_id` (0 = the public bank).
 */
const questionBinding = (def: ResourceDef, bankOf: (ctx: Pick<ResourceContext, 'org'>) => Bank, extra: Partial<ResourceBinding> = {}): ResourceBinding =>
  bind({
    def,
    table: questions,
    hidden: ['bank_id', 'stem_key', 'is_delete'],
    softDelete: 'is_delete',
    keywordOwner: { column: 'bank_id', id: (request: FastifyRequest) => bankOf({ org: request.org }) ?? 0 },
    prepare: (values, ctx) => prepareQuestion(values, ctx, bankOf(ctx)),
    present: (rows) => presentQuestions(rows),
    ...extra,
  });

const orgBank = (ctx: Pick<ResourceContext, 'org'>): Bank => ctx.org!.id;

export const publicQuestionsBinding = questionBinding(publicQuestionsResource, () => null, { narrow: isNull(questions.org_id) });
export const orgQuestionsBinding = questionBinding(orgQuestionsResource, orgBank);
export const bankQuestionsBinding = questionBinding(bankQuestionsResource, orgBank, {
  routes: bankRoutes({ publicDef: publicQuestionsResource, orgDef: orgQuestionsResource, ownDef: bankQuestionsResource }),
});

/** An organisation's question categories: a deleted one leaves its questions without a category. */
const categoryBinding = (def: ResourceDef): ResourceBinding =>
  bind({
    def,
    table: questionCategories,
    async present(rows, ctx) {
      const counts = await questionCountsByCategory(ctx.request.server.database.db, ctx.org!.id, rows.map((r) => r.id));
      return rows.map((r): Row => ({ ...r, question_count: counts.get(r.id) ?? 0 }));
    },
    async after(action, rows, ctx) {
      if (action !== 'delete' || rows.length === 0) return;
      await ctx.tx
        .update(questions)
        .set({ category_id: null })
        .where(and(eq(questions.org_id, ctx.org!.id), inArray(questions.category_id, rows.map((r) => r.id))));
    },
  });

export const questionCategoriesBinding = categoryBinding(questionCategoriesResource);
export const orgQuestionCategoriesBinding = categoryBinding(orgQuestionCategoriesResource);

export const QUESTION_BINDINGS = [publicQuestionsBinding, orgQuestionsBinding, bankQuestionsBinding, questionCategoriesBinding, orgQuestionCategoriesBinding];
