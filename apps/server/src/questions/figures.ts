import { and, asc, desc, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { correctRate, DIFFICULTY_LEVELS, MIN_ANSWERS, QUESTION_TYPES, type QuestionBankFigures, type QuestionGroupFigures } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { categories, questionCategories, questions } from '../db/schema.js';
import { inBank, type Bank } from './bank.js';

/** Sums of a group of questions, read in one pass. */
const sums = {
  count: sql<number>`count(*)`.mapWith(Number),
  paused: sql<number>`count(*) filter (where ${questions.is_pause} = 1)`.mapWith(Number),
  used: sql<number>`coalesce(sum(${questions.used_count}), 0)`.mapWith(Number),
  answered: sql<number>`coalesce(sum(${questions.answered_count}), 0)`.mapWith(Number),
  correct: sql<number>`coalesce(sum(${questions.correct_count}), 0)`.mapWith(Number),
};
type Sums = { count: number; paused: number; used: number; answered: number; correct: number };

const group = (key: number | null, name: string, s: Sums | undefined): QuestionGroupFigures => ({
  key,
  name,
  count: s?.count ?? 0,
  paused: s?.paused ?? 0,
  used: s?.used ?? 0,
  answered: s?.answered ?? 0,
  correct: s?.correct ?? 0,
  correct_rate: correctRate(s?.correct ?? 0, s?.answered ?? 0),
});

export const UNCATEGORISED = '未分类';

/**
 * A bank's question statistics (adminCount/adminQuesCount, statistics/quesCount): totals and the
 * same figures by type, category and difficulty (every type and difficulty listed, also when
 * empty), the hardest questions (lowest correct rate among those answered at least MIN_ANSWERS
 * times) and the most used ones.
 */
export async function bankFigures(db: Db, bank: Bank): Promise<QuestionBankFigures> {
  const where = inBank(bank);
  const [total] = await db.select(sums).from(questions).where(where);
  const byType = await db.select({ key: questions.type, ...sums }).from(questions).where(where).groupBy(questions.type);
  const byDifficulty = await db.select({ key: questions.difficulty, ...sums }).from(questions).where(where).groupBy(questions.difficulty);
  const byCategory = await db.select({ key: questions.category_id, ...sums }).from(questions).where(where).groupBy(questions.category_id);
  const names =
    bank === null
      ? await db.select({ id: categories.id, name: categories.name }).from(categories)
      : await db.select({ id: questionCategories.id, name: questionCategories.name }).from(questionCategories).where(eq(questionCategories.org_id, bank));
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const rate = sql<number>`${questions.correct_count}::float / nullif(${questions.answered_count}, 0)`;
  const hardest = await db
    .select({ id: questions.id, stem: questions.stem, type: questions.type, answered: questions.answered_count, correct: questions.correct_count })
    .from(questions)
    .where(and(where, gte(questions.answered_count, MIN_ANSWERS), isNotNull(rate) as SQL))
    .orderBy(asc(rate), desc(questions.answered_count), asc(questions.id))
    .limit(10);
  const mostUsed = await db
    .select({ id: questions.id, stem: questions.stem, type: questions.type, used: questions.used_count, answered: questions.answered_count, correct: questions.correct_count })
    .from(questions)
    .where(and(where, gte(questions.used_count, 1)))
    .orderBy(desc(questions.used_count), asc(questions.id))
    .limit(10);
  const of = <K>(rows: ({ key: K } & Sums)[]) => new Map(rows.map((r) => [r.key, r]));
  const types = of(byType);
  const levels = of(byDifficulty);
  return {
    total: total.count,
    paused: total.paused,
    used: total.used,
    answered: total.answered,
    correct: total.correct,
    correct_rate: correctRate(total.correct, total.answered),
    by_type: Object.entries(QUESTION_TYPES).map(([id, name]) => group(Number(id), name, types.get(Number(id)))),
    by_difficulty: Object.entries(DIFFICULTY_LEVELS).map(([id, name]) => group(Number(id), name, levels.get(Number(id)))),
    by_category: byCategory
      .map((c) => group(c.key, c.key === null ? UNCATEGORISED : (nameOf.get(c.key) ?? UNCATEGORISED), c))
      .sort((a, b) => b.count - a.count || (a.key ?? 0) - (b.key ?? 0)),
    hardest: hardest.map((h) => ({ id: h.id, stem: h.stem, type: h.type, answered: h.answered, correct_rate: correctRate(h.correct, h.answered) ?? 0 })),
    most_used: mostUsed.map((m) => ({ id: m.id, stem: m.stem, type: m.type, used: m.used, correct_rate: correctRate(m.correct, m.answered) })),
  };
}

/** Every organisation bank together (statistics/quesCount): totals and by type. */
export async function orgBankFigures(db: Db): Promise<{ orgs: { total: number; banks: number; answered: number; correct_rate: number | null; by_type: QuestionGroupFigures[] } }> {
  const where = and(isNotNull(questions.org_id), eq(questions.is_delete, 0));
  const [total] = await db.select({ ...sums, banks: sql<number>`count(distinct ${questions.org_id})`.mapWith(Number) }).from(questions).where(where);
  const byType = new Map((await db.select({ key: questions.type, ...sums }).from(questions).where(where).groupBy(questions.type)).map((r) => [r.key, r]));
  return {
    orgs: {
      total: total.count,
      banks: total.banks,
      answered: total.answered,
      correct_rate: correctRate(total.correct, total.answered),
      by_type: Object.entries(QUESTION_TYPES).map(([id, name]) => group(Number(id), name, byType.get(Number(id)))),
    },
  };
}
