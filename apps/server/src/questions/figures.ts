import { eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { correctRate, DIFFICULTY_LEVELS, MIN_ANSWERS, QUESTION_TYPES, type QuestionBankFigures, type QuestionGroupFigures } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { categories, questionCategories } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { bankIdOf, type Bank } from './bank.js';
import { bankSums, type BankSumRow } from './bankSums.js';

type Sums = { count: number; paused: number; used: number; answered: number; correct: number };

/** The sums of `rows` per `key` (the rows of bankSums.ts). */
function sumBy<K>(rows: BankSumRow[], key: (r: BankSumRow) => K): Map<K, Sums> {
  const out = new Map<K, Sums>();
  for (const r of rows) {
    const s = out.get(key(r)) ?? { count: 0, paused: 0, used: 0, answered: 0, correct: 0 };
    s.count += r.count;
    s.paused += r.paused;
    s.used += r.used;
    s.answered += r.answered;
    s.correct += r.correct;
    out.set(key(r), s);
  }
  return out;
}

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
export async function bankFigures(db: Db, bank: Bank, tops: (bankId: number, read: () => Promise<TopQuestions>) => Promise<TopQuestions> = (_, read) => read()): Promise<QuestionBankFigures> {
  // Totals, types, difficulties, categories: the bank's sums (bankSums.ts), not its questions.
  const [rows, names, { hardest, mostUsed }] = await Promise.all([
    bankSums(db, bankIdOf(bank)),
    bank === null
      ? db.select({ id: categories.id, name: categories.name }).from(categories)
      : db.select({ id: questionCategories.id, name: questionCategories.name }).from(questionCategories).where(eq(questionCategories.org_id, bank)),
    tops(bankIdOf(bank), () => topQuestions(db, bankIdOf(bank))),
  ]);
  const total = sumBy(rows, () => 0).get(0);
  const byCategory = [...sumBy(rows, (r) => r.category_id).entries()].map(([key, s]) => ({ key, ...s }));
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const types = sumBy(rows, (r) => r.type);
  const levels = sumBy(rows, (r) => r.difficulty);
  return {
    total: total?.count ?? 0,
    paused: total?.paused ?? 0,
    used: total?.used ?? 0,
    answered: total?.answered ?? 0,
    correct: total?.correct ?? 0,
    correct_rate: correctRate(total?.correct ?? 0, total?.answered ?? 0),
    by_type: Object.entries(QUESTION_TYPES).map(([id, name]) => group(Number(id), name, types.get(Number(id)))),
    by_difficulty: Object.entries(DIFFICULTY_LEVELS).map(([id, name]) => group(Number(id), name, levels.get(Number(id)))),
    by_category: byCategory
      .map((c) => group(c.key, c.key === null ? UNCATEGORISED : (nameOf.get(c.key) ?? UNCATEGORISED), c))
      .sort((a, b) => b.count - a.count || (a.key ?? 0) - (b.key ?? 0)),
    hardest: hardest.map((h) => ({ id: h.id, stem: h.stem, type: h.type, answered: h.answered, correct_rate: correctRate(h.correct, h.answered) ?? 0 })),
    most_used: mostUsed.map((m) => ({ id: m.id, stem: m.stem, type: m.type, used: m.used, correct_rate: correctRate(m.correct, m.answered) })),
  };
}

/** A bank's ten hardest and ten most used questions. */
export type TopQuestions = Record<'hardest' | 'mostUsed', TopRow[]>;

interface TopRow {
  list: 'hardest' | 'used';
  id: number;
  stem: string;
  type: number;
  used: number;
  answered: number;
  correct: number;
}

/**
 * The bank's hardest questions (lowest correct rate among those answered at least MIN_ANSWERS
 * times) and most used ones, ten each, in one statement: the bank's live questions are read once
 * (bank_id through questions_stem_len_idx), their counters only; the stems of the twenty after.
 */
async function topQuestions(db: Db, bankId: number): Promise<TopQuestions> {
  const rows = rowsOf<TopRow>(
    await db.execute(sql`with b as materialized (
        select id, used_count, answered_count, correct_count from questions
        where bank_id = ${bankId} and is_delete = 0 and (answered_count >= ${MIN_ANSWERS} or used_count >= 1)
      ),
      top as (
        (select 'hardest' as list, id, row_number() over (order by correct_count::float / answered_count, answered_count desc, id) as n
          from b where answered_count >= ${MIN_ANSWERS} order by n limit 10)
        union all
        (select 'used', id, row_number() over (order by used_count desc, id) from b where used_count >= 1 order by 3 limit 10)
      )
      select top.list, q.id, q.stem, q.type, q.used_count as used, q.answered_count as answered, q.correct_count as correct
      from top join questions q on q.id = top.id order by top.list, top.n`),
  );
  const of = (list: TopRow['list']) => rows.filter((r) => r.list === list).map((r) => ({ ...r, type: Number(r.type), used: Number(r.used), answered: Number(r.answered), correct: Number(r.correct) }));
  return { hardest: of('hardest'), mostUsed: of('used') };
}

/** Every organisation bank together (statistics/quesCount): totals and by type. */
export async function orgBankFigures(db: Db): Promise<{ orgs: { total: number; banks: number; answered: number; correct_rate: number | null; by_type: QuestionGroupFigures[] } }> {
  const rows = await bankSums(db, null);
  const total = sumBy(rows, () => 0).get(0);
  const byType = sumBy(rows, (r) => r.type);
  return {
    orgs: {
      total: total?.count ?? 0,
      banks: new Set(rows.map((r) => r.bank_id)).size,
      answered: total?.answered ?? 0,
      correct_rate: correctRate(total?.correct ?? 0, total?.answered ?? 0),
      by_type: Object.entries(QUESTION_TYPES).map(([id, name]) => group(Number(id), name, byType.get(Number(id)))),
    },
  };
}
