import { sql } from '../sql.js';
import { bigint, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { activities, readers } from './activities.js';
import { nowSeconds, seconds, sort, stamps } from './columns.js';

// ---- Questionnaires (type 4, design activities §6) ---------------------------------------------

/**
 * A question of a questionnaire (rules/survey.ts): its type, title, options (stable ids; an option
 * with answers is hidden, never removed), matrix rows, the type's settings and the show/jump logic
 * on earlier questions. `revision` grows when the type changes after answers (the earlier answers
 * stay readable with the version they were given against); a deleted question is only marked.
 */
export const surveyQuestions = pgTable('survey_questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  ...sort,
  type: varchar('type', { length: 20 }).notNull(),
  title: varchar('title', { length: 500 }).notNull(),
  description: text('description').notNull().default(''),
  is_required: smallint('is_required').notNull().default(1),
  options: jsonb('options').$type<Record<string, unknown>[]>().notNull().default([]),
  rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull().default([]),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  show_logic: jsonb('show_logic').$type<Record<string, unknown> | null>(),
  jump_logic: jsonb('jump_logic').$type<Record<string, unknown>[]>().notNull().default([]),
  revision: integer('revision').notNull().default(1),
  is_delete: smallint('is_delete').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('survey_questions_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'survey_questions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('survey_questions_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('survey_questions_act_idx').on(t.act_id, t.is_delete, t.sort),
]);

/** The questionnaire as readers answer it, frozen once per change of its questions: a response names its version. */
export const surveyVersions = pgTable('survey_versions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  version: integer('version').notNull(),
  questions: jsonb('questions').$type<Record<string, unknown>[]>().notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'survey_versions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('survey_versions_version_uq').on(t.act_id, t.version),
]);

/**
 * A reader's response: a draft (`status` 0, one per reader and questionnaire) or submitted (1).
 * `answers` by question id as given, `option_snapshot` the texts of the chosen options then;
 * `unit_id` the reader's unit when submitting; `day` the China day `YYYY-MM-DD` of the first
 * submission (the once-per-day limit counts by it). Anonymous questionnaires keep `reader_id` only
 * to count a reader's responses: it is never shown or exported. `once_key`: on a submitted response
 * of a questionnaire limited to one response per reader (`once`) or per day (`once_per_day`: the
 * day), unique among the reader's submitted responses, so that two submissions of one reader at
 * once are never both written (issue 22: a submission in one statement holds no lock); null when
 * the limit is n responses.
 */
export const surveyResponses = pgTable('survey_responses', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  unit_id: integer('unit_id'),
  version: integer('version').notNull(),
  status: smallint('status').notNull().default(0),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
  option_snapshot: jsonb('option_snapshot').$type<Record<string, unknown>>().notNull().default({}),
  started_at: seconds('started_at'),
  submitted_at: seconds('submitted_at'),
  day: varchar('day', { length: 10 }).notNull().default(''),
  duration_sec: integer('duration_sec').notNull().default(0),
  edit_count: integer('edit_count').notNull().default(0),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  channel: varchar('channel', { length: 20 }).notNull().default(''),
  once_key: varchar('once_key', { length: 10 }),
  ...stamps,
}, (t) => [
  uniqueIndex('survey_responses_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'survey_responses_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'survey_responses_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('survey_responses_draft_uq').on(t.act_id, t.reader_id).where(sql`${t.status} = 0`),
  uniqueIndex('survey_responses_once_uq').on(t.act_id, t.reader_id, t.once_key).where(sql`${t.status} = 1`),
  index('survey_responses_reader_idx').on(t.act_id, t.reader_id, t.day),
  index('survey_responses_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('survey_responses_submitted_idx').on(t.act_id, t.status, t.submitted_at),
]);

/**
 * A submitted response's answers, one row per chosen option, matrix cell, rank or value: what the
 * statistics group by. `option_id`/`row_id` blank when not an option or a matrix row; `num` a
 * rating, an NPS score or a rank; `text` written text (an open answer, an option's "other" text,
 * a date, a cascade path, uploaded files). `revision` the question's when answered; `unit_id`
 * and `submitted_at` copied from the response for the filters; `lead` marks one row per response
 * and question.
 */
export const surveyAnswers = pgTable('survey_answers', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  response_id: integer('response_id').notNull(),
  question_id: integer('question_id').notNull(),
  revision: integer('revision').notNull(),
  option_id: varchar('option_id', { length: 16 }).notNull().default(''),
  row_id: varchar('row_id', { length: 16 }).notNull().default(''),
  num: doublePrecision('num'),
  text: text('text').notNull().default(''),
  /** 1 on the first row of a response's answer to a question: respondents are counted in the one grouped read. */
  lead: smallint('lead').notNull().default(0),
  unit_id: integer('unit_id'),
  submitted_at: seconds('submitted_at').notNull(),
}, (t) => [
  foreignKey({ name: 'survey_answers_response_fk', columns: [t.org_id, t.response_id], foreignColumns: [surveyResponses.org_id, surveyResponses.id] }).onDelete('cascade'),
  index('survey_answers_stats_idx').on(t.act_id, t.question_id, t.revision, t.option_id, t.row_id),
  index('survey_answers_response_idx').on(t.response_id),
]);

// ---- Statistics rollups (issue 22): what the statistics read, kept per questionnaire -----------

/**
 * The statistics of a questionnaire folded so far (kinds/survey/rollup.ts): every submitted
 * response with an id up to `through` (and its answer rows) is counted in the rollup tables below;
 * responses above it are counted live by each read. `candidate` is the response id the next fold
 * may go up to once the transactions of this database running when it was read have ended
 * (`candidate_running`, each as its process and its transaction's start): by then every response with an id up to it is
 * committed or rolled back. `stale` 1: old rows changed (an edit, a deleted reader), recount.
 * `readers` the distinct readers of the folded responses.
 */
export const surveyRollups = pgTable('survey_rollups', {
  act_id: integer('act_id').primaryKey(),
  org_id: integer('org_id').notNull(),
  through: integer('through').notNull().default(0),
  candidate: integer('candidate'),
  candidate_running: text('candidate_running').array(),
  stale: smallint('stale').notNull().default(0),
  readers: integer('readers').notNull().default(0),
}, (t) => [
  foreignKey({ name: 'survey_rollups_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('survey_rollups_org_idx').on(t.org_id),
]);

/** A group of answer rows as the statistics group them (a question's revision, an option, a matrix row, a number): rows, respondents (`lead`), written texts. */
const cellColumns = () => ({
  question_id: integer('question_id').notNull(),
  revision: integer('revision').notNull(),
  option_id: varchar('option_id', { length: 16 }).notNull(),
  row_id: varchar('row_id', { length: 16 }).notNull(),
  num: doublePrecision('num'),
  n: integer('n').notNull(),
  leads: integer('leads').notNull(),
  texts: integer('texts').notNull(),
});

/** Folded answer rows grouped as the statistics group them, per unit (0: none). */
export const surveyRollupCells = pgTable('survey_rollup_cells', {
  act_id: integer('act_id').notNull().references(() => surveyRollups.act_id, { onDelete: 'cascade' }),
  unit_id: integer('unit_id').notNull(),
  ...cellColumns(),
}, (t) => [unique('survey_rollup_cells_uq').on(t.act_id, t.unit_id, t.question_id, t.revision, t.option_id, t.row_id, t.num).nullsNotDistinct()]);

/** Folded responses per unit (0: none) and China day of submission: how many, and their nonzero durations' sum and count. */
export const surveyRollupDays = pgTable('survey_rollup_days', {
  act_id: integer('act_id').notNull().references(() => surveyRollups.act_id, { onDelete: 'cascade' }),
  unit_id: integer('unit_id').notNull(),
  day: varchar('day', { length: 10 }).notNull(),
  responses: integer('responses').notNull(),
  duration_sum: bigint('duration_sum', { mode: 'number' }).notNull(),
  durations: integer('durations').notNull(),
}, (t) => [primaryKey({ name: 'survey_rollup_days_pk', columns: [t.act_id, t.unit_id, t.day] })]);

/** The readers of the folded responses per unit (0: none): the distinct readers of a unit filter. */
export const surveyRollupReaders = pgTable('survey_rollup_readers', {
  act_id: integer('act_id').notNull().references(() => surveyRollups.act_id, { onDelete: 'cascade' }),
  reader_id: integer('reader_id').notNull(),
  unit_id: integer('unit_id').notNull(),
}, (t) => [primaryKey({ name: 'survey_rollup_readers_pk', columns: [t.act_id, t.reader_id, t.unit_id] }), index('survey_rollup_readers_unit_idx').on(t.act_id, t.unit_id, t.reader_id)]);

/** Folded answer rows as `survey_rollup_cells`, per China day of submission too: the cells of a range of whole days. */
export const surveyRollupDayCells = pgTable('survey_rollup_day_cells', {
  act_id: integer('act_id').notNull().references(() => surveyRollups.act_id, { onDelete: 'cascade' }),
  day: varchar('day', { length: 10 }).notNull(),
  unit_id: integer('unit_id').notNull(),
  ...cellColumns(),
}, (t) => [unique('survey_rollup_day_cells_uq').on(t.act_id, t.day, t.unit_id, t.question_id, t.revision, t.option_id, t.row_id, t.num).nullsNotDistinct()]);

/** The readers of the folded responses per China day of submission and unit: the distinct readers of a range of whole days. */
export const surveyRollupDayReaders = pgTable('survey_rollup_day_readers', {
  act_id: integer('act_id').notNull().references(() => surveyRollups.act_id, { onDelete: 'cascade' }),
  day: varchar('day', { length: 10 }).notNull(),
  reader_id: integer('reader_id').notNull(),
  unit_id: integer('unit_id').notNull(),
}, (t) => [primaryKey({ name: 'survey_rollup_day_readers_pk', columns: [t.act_id, t.day, t.reader_id, t.unit_id] })]);
