import { sql } from '../sql.js';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, searchOf, sort, stamps } from './columns.js';
import { orgId, organizations } from './platform.js';

// ---- Question banks (issue 13, design activities §4, rules/questions.ts) ----------------------

/**
 * A question of a bank: the public bank (`org_id` null, `/v1/public`) or an organisation's
 * (`/v1/org/{org}/questions`, `/v1/{org}/question`). `bank_id` is the bank as one number (0 the
 * public bank, else the organisation), for the keyword index and for drawing from both banks at
 * once. The columns of rules/questions.ts `questionFields` (answer in stored form: `B`, `A,C`,
 * `T`/`F`, fill-in JSON of the blanks, short answer the reference text); `category_id` names a
 * platform category (`categories`) in the public bank and an organisation's question category
 * (`question_categories`) in an organisation's bank (no foreign key: two tables; a deleted category
 * leaves its questions without one). `stem_key` is rules/questions.ts `stemKey(stem)` (duplicates).
 * `used_count` grows when a paper includes the question, `answered_count`/`correct_count` when an
 * answer of it is marked (question statistics). Deleting only marks (`is_delete`): papers keep
 * naming their questions. `copied_from` is the public question an organisation copied.
 */
export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  bank_id: integer('bank_id').notNull().generatedAlwaysAs(sql`coalesce("org_id", 0)`),
  category_id: integer('category_id'),
  type: smallint('type').notNull(),
  difficulty: smallint('difficulty').notNull().default(3),
  stem: text('stem').notNull(),
  stem_images: jsonb('stem_images').$type<string[]>().notNull().default([]),
  options: jsonb('options').$type<{ key: string; text: string; image?: string }[]>().notNull().default([]),
  answer: text('answer').notNull(),
  analysis: text('analysis').notNull().default(''),
  default_score: smallint('default_score').notNull().default(5),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  source_book: varchar('source_book', { length: 100 }).notNull().default(''),
  stem_key: text('stem_key').notNull(),
  used_count: integer('used_count').notNull().default(0),
  answered_count: integer('answered_count').notNull().default(0),
  correct_count: integer('correct_count').notNull().default(0),
  copied_from: integer('copied_from'),
  creator_kind: varchar('creator_kind', { length: 10 }).notNull().default(''),
  created_by: integer('created_by'),
  is_delete: smallint('is_delete').notNull().default(0),
  search: searchOf('stem', 'source_book'),
  ...isPause,
  ...stamps,
}, (t) => [
  // A bank's list in list order, carrying what its filters test (type, difficulty, category, pause): read from the index alone.
  index('questions_list_idx').on(t.org_id, t.is_delete, t.created_at, t.id, t.type, t.difficulty, t.category_id, t.is_pause),
  index('questions_category_idx').on(t.org_id, t.category_id, t.is_delete, t.created_at, t.id),
  // A type (and difficulty) filter counts only its own entries (migration 0020).
  index('questions_type_idx').on(t.org_id, t.is_delete, t.type, t.difficulty, t.created_at, t.id),
  // Drawing a random paper: a bank's active questions of a type, category and difficulty.
  index('questions_draw_idx').on(t.bank_id, t.type, t.category_id, t.difficulty, t.id).where(sql`${t.is_pause} = 0 and ${t.is_delete} = 0`),
  // Duplicate candidates: a bank's stems of about the same length (rules/questions.ts stemSimilarity).
  index('questions_stem_len_idx').on(t.bank_id, sql`char_length(${t.stem_key})`).where(sql`${t.is_delete} = 0`),
  index('questions_copied_idx').on(t.org_id, t.copied_from).where(sql`${t.copied_from} is not null`),
  index('questions_keys_idx').using('gin', sql`keyword_keys(${t.bank_id}, ${t.search})`),
]);

/** An organisation's question categories (`/v1/{org}/category`, `/v1/org/{org}/category`). */
export const questionCategories = pgTable('question_categories', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('question_categories_org_name_uq').on(t.org_id, t.name),
  uniqueIndex('question_categories_org_id_uq').on(t.org_id, t.id),
  index('question_categories_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

// ---- The banks' state (issue 26: the question statistics over millions of questions) -----------

/** The key (bank, type, difficulty, category 0 for none, pause flag) and the sums, fresh builders for each table: the sums and their moves alike. */
const bankSumColumns = () => ({
  bank_id: integer('bank_id').notNull(),
  type: smallint('type').notNull(),
  difficulty: smallint('difficulty').notNull(),
  category_id: integer('category_id').notNull(),
  is_pause: smallint('is_pause').notNull(),
  questions: integer('questions').notNull(),
  used: bigint('used', { mode: 'number' }).notNull(),
  answered: bigint('answered', { mode: 'number' }).notNull(),
  correct: bigint('correct', { mode: 'number' }).notNull(),
});

/**
 * The live questions (`is_delete` 0) of each bank (`bank_id`, 0 the public bank) per type,
 * difficulty, category (0: none) and pause flag: how many, and the sums of their use counters.
 * What `/v1/count/question`, `/v1/{org}/count/question` and `/v1/count/question/organizations`
 * sum (questions/figures.ts), instead of the questions themselves. Kept by folding
 * `question_bank_moves` (questions/bankSums.ts); the moves' sum and these rows equal a recount of
 * the questions at every moment.
 */
export const questionBankSums = pgTable('question_bank_sums', {
  ...bankSumColumns(),
}, (t) => [primaryKey({ name: 'question_bank_sums_pk', columns: [t.bank_id, t.type, t.difficulty, t.category_id, t.is_pause] })]);

/**
 * What each statement on `questions` changed of `question_bank_sums`, per key (the rows it took
 * out subtracted, those it made added), appended by the statement triggers of migration 0045 in
 * the writer's own transaction (appends only: writers never wait for one another here); folded by
 * questions/bankSums.ts `foldBankMoves` before the sums are read and by the statistics' sweep.
 */
export const questionBankMoves = pgTable('question_bank_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ...bankSumColumns(),
});
