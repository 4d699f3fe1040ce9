import { sql } from '../sql.js';
import { foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { activities, readers } from './activities.js';
import { nowSeconds, searchIndex, searchOf, seconds, sort, stamps } from './columns.js';

// ---- Knowledge contests (types 3 and 6, rules/contests.ts) -----------------------------------------

/**
 * A levelled contest's levels (type 6, design §5): order (`sort`, passsort), its own paper (fixed
 * questions or rules), time limit, pass rule, attempts, unlocking and points.
 */
export const contestLevels = pgTable('contest_levels', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  ...sort,
  name: varchar('name', { length: 50 }).notNull(),
  intro: varchar('intro', { length: 1000 }).notNull().default(''),
  /** 1 fixed paper (the level's questions), 2 random by `rules`. */
  contest_type: smallint('contest_type').notNull().default(1),
  rules: jsonb('rules').$type<Record<string, unknown>[]>().notNull().default([]),
  time_limit: integer('time_limit').notNull().default(0),
  /** score | correct_count | accuracy. */
  pass_mode: varchar('pass_mode', { length: 16 }).notNull().default('accuracy'),
  pass_value: numeric('pass_value', { precision: 8, scale: 2, mode: 'number' }).notNull().default(60),
  attempts_per_level: integer('attempts_per_level').notNull().default(0),
  attempts_per_day: integer('attempts_per_day').notNull().default(0),
  unlock_after_previous: smallint('unlock_after_previous').notNull().default(1),
  open_at: seconds('open_at'),
  reward_points: integer('reward_points').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_levels_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_levels_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('contest_levels_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('contest_levels_act_idx').on(t.act_id, t.sort),
]);

/**
 * A contest's questions: copies of bank questions (`question_id`, at most once per contest, so
 * levels never repeat one) or questions added to it, with score, order and the must flag; a
 * levelled contest's belong to a level. Attempts keep pointing at these rows (never deleted once
 * answered).
 */
export const contestQuestions = pgTable('contest_questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id'),
  /** The bank question copied (null: added to the contest only). */
  question_id: integer('question_id'),
  type: smallint('type').notNull(),
  difficulty: smallint('difficulty').notNull().default(3),
  category_id: integer('category_id'),
  stem: text('stem').notNull(),
  stem_images: jsonb('stem_images').$type<string[]>().notNull().default([]),
  options: jsonb('options').$type<{ key: string; text: string; image?: string }[]>().notNull().default([]),
  /** Stored form of rules/questions.ts (never sent to readers before they submit). */
  answer: text('answer').notNull(),
  analysis: text('analysis').notNull().default(''),
  score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull().default(5),
  ...sort,
  is_must: smallint('is_must').notNull().default(0),
  /** Drawn into papers, answered, answered right (whole credit). */
  used_count: integer('used_count').notNull().default(0),
  answered_count: integer('answered_count').notNull().default(0),
  correct_count: integer('correct_count').notNull().default(0),
  ...stamps,
  search: searchOf('stem'),
}, (t) => [
  uniqueIndex('contest_questions_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_questions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_questions_level_fk', columns: [t.org_id, t.level_id], foreignColumns: [contestLevels.org_id, contestLevels.id] }).onDelete('cascade'),
  uniqueIndex('contest_questions_bank_uq').on(t.act_id, t.question_id).where(sql`${t.question_id} is not null`),
  index('contest_questions_list_idx').on(t.org_id, t.act_id, t.created_at, t.id, t.search),
  index('contest_questions_pool_idx').on(t.act_id, t.level_id, t.type),
  searchIndex('contest_questions_keys_idx', t),
]);

/**
 * A reader's attempt (design §4): the paper drawn for it (question ids, points, option order),
 * the server's deadline, and the result. `level_id` 0 for a single-round contest. States:
 * inprogress → finished, or pending_grading while short answers wait for a marker.
 */
export const contestAttempts = pgTable('contest_attempts', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id').notNull().default(0),
  reader_id: integer('reader_id').notNull(),
  attempt_no: integer('attempt_no').notNull(),
  /** China day `YYYYMMDD` of the start. */
  day: varchar('day', { length: 8 }).notNull(),
  paper: jsonb('paper').$type<{ id: number; score: number; options: string[] }[]>().notNull(),
  state: varchar('state', { length: 16 }).notNull().default('inprogress'),
  started_at: seconds('started_at').notNull(),
  deadline_at: seconds('deadline_at').notNull(),
  submitted_at: seconds('submitted_at'),
  /** 1: submitted by the server (deadline or tab switches). */
  auto_submitted: smallint('auto_submitted').notNull().default(0),
  score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
  max_score: numeric('max_score', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  correct_count: integer('correct_count').notNull().default(0),
  question_count: integer('question_count').notNull(),
  pending_count: integer('pending_count').notNull().default(0),
  duration_sec: integer('duration_sec'),
  switch_count: integer('switch_count').notNull().default(0),
  passed: smallint('passed'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  unit_id: integer('unit_id'),
  /**
   * What of the attempt its questions' counters hold (issue 22): 0 nothing (or, with its row in
   * `contest_paper_folds`, the paper drawn), 1 the paper drawn (`used_count`; attempts made before
   * that table), 2 also its answers (`answered_count`, `correct_count`); the fold (engine.ts
   * `foldQuestionCounters`) writes it with the counters, in one statement, once the attempt is submitted.
   */
  counted: smallint('counted').notNull().default(0),
  /** 1: a finished attempt the figures' rollup holds (kinds/contests/rollup.ts); advanced in the same statement as the rollup rows. */
  rolled: smallint('rolled').notNull().default(0),
  /**
   * 1: a finished attempt whose right answers the statistics' `correct` metric holds
   * (statistics/rollups.ts): marks change until the attempt is finished, so right answers are
   * counted then, not when their rows are made.
   */
  stat_folded: smallint('stat_folded').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_attempts_org_id_uq').on(t.org_id, t.id),
  index('contest_attempts_uncounted_idx').on(t.act_id, t.id).where(sql`${t.counted} < 2`),
  index('contest_attempts_unrolled_idx').on(t.act_id, t.id).where(sql`${t.state} = 'finished' and ${t.rolled} = 0`),
  index('contest_attempts_unfolded_idx').on(t.id).where(sql`${t.state} = 'finished' and ${t.stat_folded} = 0`),
  index('contest_attempts_unfinished_idx').on(t.act_id, t.id).where(sql`${t.state} <> 'finished'`),
  foreignKey({ name: 'contest_attempts_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_attempts_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('contest_attempts_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('contest_attempts_reader_idx').on(t.act_id, t.level_id, t.reader_id),
  index('contest_attempts_open_idx').on(t.deadline_at).where(sql`${t.state} = 'inprogress'`),
  index('contest_attempts_done_idx').on(t.act_id, t.level_id, t.submitted_at).where(sql`${t.state} <> 'inprogress'`),
]);

/**
 * The open attempts whose paper the questions' `used_count` holds (issue 22): the fold's mark for
 * an attempt still being answered, a row of its own so that the fold never writes (so never locks)
 * the attempt's row, which the reader's save and submission lock. No foreign key for the same
 * reason (its check would lock the attempt). The fold removes the row when it counts the attempt's
 * answers (`counted` 2); an attempt with `counted` 1 (made before this table) has its paper counted.
 */
export const contestPaperFolds = pgTable('contest_paper_folds', {
  org_id: integer('org_id').notNull(),
  attempt_id: integer('attempt_id').notNull(),
}, (t) => [primaryKey({ columns: [t.attempt_id, t.org_id] })]);

/**
 * One answer of an attempt: saved while answering (autosave), marked at submission (`credit` the
 * points given; `is_right` 1 whole credit), a short answer `pending` until marked by hand.
 */
export const contestAnswers = pgTable('contest_answers', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  attempt_id: integer('attempt_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  question_id: integer('question_id').notNull(),
  answer: jsonb('answer').$type<string | string[] | null>(),
  is_right: smallint('is_right'),
  credit: numeric('credit', { precision: 8, scale: 2, mode: 'number' }),
  max_score: numeric('max_score', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  pending: smallint('pending').notNull().default(0),
  answered_at: seconds('answered_at'),
  marked_by: integer('marked_by'),
  marked_at: seconds('marked_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_answers_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_answers_attempt_fk', columns: [t.org_id, t.attempt_id], foreignColumns: [contestAttempts.org_id, contestAttempts.id] }).onDelete('cascade'),
  uniqueIndex('contest_answers_attempt_uq').on(t.attempt_id, t.question_id),
  index('contest_answers_question_idx').on(t.act_id, t.question_id),
  index('contest_answers_pending_idx').on(t.org_id, t.act_id, t.id).where(sql`${t.pending} = 1`),
]);

/**
 * A reader's standing in a contest (level 0) or a level: attempts in total and today (counted
 * under this row's lock, so parallel starts cannot pass the limits), the open attempt, the best
 * result, the result by the grade method (the ranking reads these), and when the level was passed.
 */
export const contestProgress = pgTable('contest_progress', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id').notNull().default(0),
  reader_id: integer('reader_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  day: varchar('day', { length: 8 }).notNull().default(''),
  day_attempts: integer('day_attempts').notNull().default(0),
  last_started_at: seconds('last_started_at'),
  open_attempt_id: integer('open_attempt_id'),
  best_score: numeric('best_score', { precision: 8, scale: 2, mode: 'number' }),
  best_duration: integer('best_duration'),
  graded_score: numeric('graded_score', { precision: 8, scale: 2, mode: 'number' }),
  graded_duration: integer('graded_duration'),
  graded_submitted_at: seconds('graded_submitted_at'),
  graded_attempt_id: integer('graded_attempt_id'),
  passed: smallint('passed').notNull().default(0),
  passed_at: seconds('passed_at'),
  unit_id: integer('unit_id'),
  ...stamps,
}, (t) => [
  primaryKey({ name: 'contest_progress_pk', columns: [t.act_id, t.level_id, t.reader_id] }),
  foreignKey({ name: 'contest_progress_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_progress_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('contest_progress_rank_idx').on(t.act_id, t.level_id, t.graded_score, t.graded_duration, t.graded_submitted_at),
]);

/** Frozen rankings of a contest (at its end; a later regrade writes a new version); `hash` SHA-256 of the canonical text. */
export const contestRankings = pgTable('contest_rankings', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  version: integer('version').notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  ranked: jsonb('ranked').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'contest_rankings_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('contest_rankings_version_uq').on(t.act_id, t.version),
]);

// ---- The figures' rollup (issue 22, kinds/contests/rollup.ts) ---------------------------------------

/**
 * A contest's figures rollup: finished attempts folded by the figures reads (`contest_attempts.rolled`
 * 1) into the rows below; the attempts not folded yet are counted live. `stale` 1: folded attempts
 * went (a deleted reader takes theirs): the next fold recounts, the reads count everything live.
 * Attempts are ranked as the item analysis ranks them: by `ratio` (score / max_score, the same
 * numeric expression; null first) descending, then by id; `bucket` is id / 256, so that the
 * attempts of one ratio up to an id are whole buckets plus a part of one, read by id.
 */
export const contestFigures = pgTable('contest_figures', {
  act_id: integer('act_id').primaryKey(),
  org_id: integer('org_id').notNull(),
  stale: smallint('stale').notNull().default(0),
  /** The distinct readers of the folded attempts. */
  readers: integer('readers').notNull().default(0),
}, (t) => [
  foreignKey({ name: 'contest_figures_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('contest_figures_org_idx').on(t.org_id),
]);

/** Folded attempts per ratio and id bucket: how many, passed, their scores' sum and count, their durations' sum and count, submitted by the server. */
export const contestFigureGroups = pgTable('contest_figure_groups', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  ratio: numeric('ratio'),
  bucket: integer('bucket').notNull(),
  attempts: integer('attempts').notNull(),
  passed: integer('passed').notNull(),
  score_sum: numeric('score_sum').notNull(),
  scores: integer('scores').notNull(),
  duration_sum: numeric('duration_sum').notNull(),
  durations: integer('durations').notNull(),
  autos: integer('autos').notNull(),
}, (t) => [unique('contest_figure_groups_uq').on(t.act_id, t.ratio, t.bucket).nullsNotDistinct()]);

/** Folded answers per question and attempt ratio: answer rows, the sum of credit / max_score, whole credits. */
export const contestFigureItems = pgTable('contest_figure_items', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  question_id: integer('question_id').notNull(),
  ratio: numeric('ratio'),
  answered: integer('answered').notNull(),
  credit: numeric('credit').notNull(),
  right_count: integer('right_count').notNull(),
}, (t) => [unique('contest_figure_items_uq').on(t.act_id, t.question_id, t.ratio).nullsNotDistinct()]);

/** The same per ratio and id bucket (answer rows, credit): the part of the boundary ratio of the top or bottom 27 %. */
export const contestFigureSlices = pgTable('contest_figure_slices', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  ratio: numeric('ratio'),
  bucket: integer('bucket').notNull(),
  question_id: integer('question_id').notNull(),
  answered: integer('answered').notNull(),
  credit: numeric('credit').notNull(),
}, (t) => [unique('contest_figure_slices_uq').on(t.act_id, t.ratio, t.bucket, t.question_id).nullsNotDistinct()]);

/** Folded option picks per question (the key as the figures read it: upper-cased, trimmed). */
export const contestFigurePicks = pgTable('contest_figure_picks', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  question_id: integer('question_id').notNull(),
  key: text('key').notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'contest_figure_picks_pk', columns: [t.act_id, t.question_id, t.key] })]);

/** Folded attempts per China day of their start. */
export const contestFigureDays = pgTable('contest_figure_days', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  day: varchar('day', { length: 10 }).notNull(),
  attempts: integer('attempts').notNull(),
}, (t) => [primaryKey({ name: 'contest_figure_days_pk', columns: [t.act_id, t.day] })]);

/** The readers of the folded attempts (the live part's readers are counted when not among them). */
export const contestFigureReaders = pgTable('contest_figure_readers', {
  act_id: integer('act_id').notNull().references(() => contestFigures.act_id, { onDelete: 'cascade' }),
  reader_id: integer('reader_id').notNull(),
}, (t) => [primaryKey({ name: 'contest_figure_readers_pk', columns: [t.act_id, t.reader_id] })]);
