import { and, count, eq, gte, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import {
  checkQuestion,
  correctRate,
  findDuplicates,
  questionAnswerText,
  similarLengths,
  stemKey,
  CATEGORY_NOT_IN_BANK,
  type QuestionBody,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { categories, questionCategories, questions } from '../db/schema.js';
import { validationError } from '../http/errors.js';
import type { ResourceContext, Row } from '../resources/binding.js';

/**
 * A question bank: the public one (`null`) or an organisation's (its id). Every helper here
 * narrows to one bank; `bank_id` is the bank as one number (0 = public).
 */
export type Bank = number | null;
export const bankIdOf = (bank: Bank): number => bank ?? 0;
/** A bank's live rows (deleted ones are only marked). */
export const inBank = (bank: Bank): SQL => and(bank === null ? isNull(questions.org_id) : eq(questions.org_id, bank), eq(questions.is_delete, 0))!;

/** Is `id` a category of the bank (a platform category for the public bank, the organisation's own otherwise)? */
export async function categoryInBank(db: Db | Tx, bank: Bank, id: number): Promise<boolean> {
  const [found] =
    bank === null
      ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))
      : await db.select({ id: questionCategories.id }).from(questionCategories).where(and(eq(questionCategories.id, id), eq(questionCategories.org_id, bank)));
  return !!found;
}

/** 422 on `category_id` unless it is null or a category of the bank. */
export async function assertCategory(db: Db | Tx, bank: Bank, id: unknown): Promise<void> {
  if (id === null || id === undefined) return;
  if (!(await categoryInBank(db, bank, id as number))) throw validationError([{ field: 'category_id', message: CATEGORY_NOT_IN_BANK }]);
}

/** The question columns a body may carry, merged over the stored row when editing. */
const QUESTION_KEYS = ['type', 'stem', 'options', 'answer'] as const;

/**
 * A create or update of a bank's question: the checks across fields on the merged question (422
 * naming the field), the answer in stored form, the normalised stem, the category of the bank,
 * and who made it.
 */
export async function prepareQuestion(values: Record<string, unknown>, ctx: ResourceContext & { existing?: Row }, bank: Bank): Promise<Record<string, unknown>> {
  const out = { ...values };
  const { existing } = ctx;
  if (!existing || QUESTION_KEYS.some((k) => k in values)) {
    const merged = { ...(existing ?? {}), ...values } as unknown as QuestionBody;
    const { problems, answer } = checkQuestion({ ...merged, options: merged.options ?? [] });
    if (problems.length) throw validationError(problems);
    out.answer = answer;
    out.stem_key = stemKey(merged.stem);
    if (!existing || 'type' in values) {
      // Options only belong to choice questions.
      if (merged.type !== 1 && merged.type !== 2) out.options = [];
    }
  }
  for (const k of ['analysis', 'source_book'] as const) if (k in out && out[k] === undefined) out[k] = '';
  await assertCategory(ctx.tx, bank, out.category_id);
  if (!existing) {
    out.creator_kind = ctx.caller.kind;
    out.created_by = ctx.caller.id;
  }
  return out;
}

/** What the lists show beside the columns: the answer as text and the correct rate in %. */
export function presentQuestions(rows: Row[]): Row[] {
  return rows.map((r) => ({
    ...r,
    answer_text: questionAnswerText(Number(r.type), String(r.answer ?? '')),
    correct_rate: correctRate(Number(r.correct_count ?? 0), Number(r.answered_count ?? 0)),
  }));
}

export interface DuplicateView {
  id: number;
  type: number;
  stem: string;
  options: unknown;
  answer_text: string;
  difficulty: number;
  similarity: number;
}

/** Stems compared one by one through the keyword index; more (an import) read the bank's stems of similar length at once. */
const PROBED_STEMS = 20;

/**
 * The keyword-index pieces a duplicate of `stem` holds: three groups of three 3-character pieces
 * (letters and digits only) from its start, middle and end. A stem at least DUPLICATE_SIMILARITY
 * similar differs in a few character pairs at most, so it keeps every piece of at least one
 * group unless edited in all three places (which, for a stem long enough to have three groups,
 * takes it under the similarity). Short stems give one group of what they have.
 */
export function probeGroups(stem: string): string[][] {
  const text = stem.toLowerCase();
  const pieces: string[] = [];
  for (let i = 0; i + 3 <= text.length; i++) {
    const piece = text.slice(i, i + 3);
    if (/^[\p{L}\p{N}]{3}$/u.test(piece)) pieces.push(piece);
  }
  if (pieces.length < 9) return pieces.length ? [pieces.filter((_, i) => i % 3 === 0).slice(0, 3)] : [];
  const at = (from: number) => [pieces[from], pieces[from + 3] ?? pieces[from + 1], pieces[from + 6] ?? pieces[from + 2]];
  const mid = Math.max(0, Math.floor(pieces.length / 2) - 4);
  return [at(0), at(mid), at(pieces.length - 7)];
}

/**
 * The bank's questions similar to each stem (rules/questionBank.ts findDuplicates), answered with
 * what the side-by-side view shows. Candidates: for a few stems, the rows holding one of each
 * stem's probe groups (the keyword index questions_keys_idx); for an import, the bank's live
 * stems of a length that can be that similar (questions_stem_len_idx).
 */
export async function duplicatesInBank(db: Db | Tx, bank: Bank, stems: readonly string[], excludeId?: number): Promise<DuplicateView[][]> {
  const lengths = stems.map((s) => stemKey(s).length).filter((n) => n > 0);
  if (lengths.length === 0) return stems.map(() => []);
  const lo = similarLengths(Math.min(...lengths)).min;
  const hi = similarLengths(Math.max(...lengths)).max;
  const len = sql`char_length(${questions.stem_key})`;
  const owner = bankIdOf(bank);
  const live = and(eq(questions.bank_id, owner), eq(questions.is_delete, 0), excludeId ? ne(questions.id, excludeId) : undefined);
  const groups = stems.length <= PROBED_STEMS ? stems.map(probeGroups) : [];
  const probed = groups.length > 0 && groups.every((g) => g.length > 0);
  const keys = sql`keyword_keys(${questions.bank_id}, ${questions.search})`;
  const candidates = await db
    .select({ id: questions.id, stem: questions.stem, stem_key: questions.stem_key })
    .from(questions)
    .where(
      probed
        ? and(live, or(...groups.flat().map((g) => sql`${keys} @> array[${sql.join(g.map((x) => sql`${`${owner}:${x}`}`), sql`, `)}]::text[]`)))
        : and(live, gte(len, lo), lte(len, hi)),
    );
  const matches = findDuplicates(stems, candidates);
  const ids = [...new Set(matches.flat().map((m) => m.id))];
  if (ids.length === 0) return stems.map(() => []);
  const rows = await db
    .select({ id: questions.id, type: questions.type, stem: questions.stem, options: questions.options, answer: questions.answer, difficulty: questions.difficulty })
    .from(questions)
    .where(inArray(questions.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return matches.map((list) =>
    list.flatMap((m) => {
      const r = byId.get(m.id);
      return r ? [{ id: r.id, type: r.type, stem: r.stem, options: r.options, answer_text: questionAnswerText(r.type, r.answer), difficulty: r.difficulty, similarity: m.similarity }] : [];
    }),
  );
}

/** Questions of each category among `ids` in an organisation's bank (the categories' list column). */
export async function questionCountsByCategory(db: Db, orgId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: questions.category_id, n: count() })
    .from(questions)
    .where(and(eq(questions.org_id, orgId), eq(questions.is_delete, 0), inArray(questions.category_id, ids)))
    .groupBy(questions.category_id);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}
