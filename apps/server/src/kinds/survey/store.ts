import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { ANONYMOUS_LOCKED, ANONYMOUS_READER, orderQuestions, PUBLISH_NEEDS_QUESTIONS, surveyConfigOf, type JumpRule, type ShowLogic, type SurveyOption, type SurveyQuestion, type SurveyQuestionType } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, organizations, readers, surveyAnswers, surveyQuestions, surveyResponses, surveyVersions } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';

/**
 * A questionnaire's questions and versions (design activities §6). Every write of its questions
 * ends by freezing the questionnaire as it now reads into a new version; readers answer a version
 * and their responses are checked against it, so a later change never breaks a response in progress
 * and earlier answers stay readable with the questions they answered.
 */

export type QuestionRow = typeof surveyQuestions.$inferSelect;

export const toQuestion = (r: QuestionRow): SurveyQuestion => ({
  id: r.id,
  type: r.type as SurveyQuestionType,
  title: r.title,
  description: r.description,
  is_required: r.is_required,
  options: r.options as unknown as SurveyOption[],
  rows: r.rows as unknown as SurveyQuestion['rows'],
  settings: r.settings as SurveyQuestion['settings'],
  show_logic: (r.show_logic as ShowLogic | null) ?? null,
  jump_logic: (r.jump_logic as unknown as JumpRule[]) ?? [],
  revision: r.revision,
  sort: r.sort,
});

/** The questionnaire's questions now (not deleted), in order. */
export async function currentQuestions(db: Db | Tx, actId: number): Promise<SurveyQuestion[]> {
  const rows = await db.select().from(surveyQuestions).where(and(eq(surveyQuestions.act_id, actId), eq(surveyQuestions.is_delete, 0))).orderBy(asc(surveyQuestions.sort), asc(surveyQuestions.id));
  return orderQuestions(rows.map(toQuestion));
}

export interface SurveyVersion {
  version: number;
  questions: SurveyQuestion[];
  created_at: number;
}

const asVersion = (row: typeof surveyVersions.$inferSelect | undefined): SurveyVersion | undefined =>
  row && { version: row.version, questions: row.questions as unknown as SurveyQuestion[], created_at: row.created_at };

export async function latestVersion(db: Db | Tx, actId: number): Promise<SurveyVersion | undefined> {
  return asVersion((await db.select().from(surveyVersions).where(eq(surveyVersions.act_id, actId)).orderBy(desc(surveyVersions.version)).limit(1))[0]);
}

export async function versionOf(db: Db | Tx, actId: number, version: number): Promise<SurveyVersion | undefined> {
  return asVersion((await db.select().from(surveyVersions).where(and(eq(surveyVersions.act_id, actId), eq(surveyVersions.version, version))))[0]);
}

/** Every version of a questionnaire by number (a paper, the export read the one each response answered). */
export async function versionsOf(db: Db | Tx, actId: number): Promise<Map<number, SurveyQuestion[]>> {
  const rows = await db.select({ version: surveyVersions.version, questions: surveyVersions.questions }).from(surveyVersions).where(eq(surveyVersions.act_id, actId));
  return new Map(rows.map((r) => [r.version, r.questions as unknown as SurveyQuestion[]]));
}

/**
 * Freeze the questions as they now are into the next version. The activity row is locked first,
 * so two administrators' writes take consecutive numbers.
 */
export async function writeVersion(tx: Tx, orgId: number, actId: number): Promise<number> {
  await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, actId)).for('update');
  const [{ n }] = await tx.select({ n: sql<number>`coalesce(max(${surveyVersions.version}), 0)`.mapWith(Number) }).from(surveyVersions).where(eq(surveyVersions.act_id, actId));
  const questions = await currentQuestions(tx, actId);
  await tx.insert(surveyVersions).values({ org_id: orgId, act_id: actId, version: n + 1, questions: questions as unknown as Record<string, unknown>[] });
  return n + 1;
}

/** Responses that answered each question in its current revision, by question id. */
export async function answeredCounts(db: Db | Tx, actId: number, questions: readonly { id: number; revision: number }[]): Promise<Map<number, number>> {
  if (!questions.length) return new Map();
  const rows = await db
    .select({ question_id: surveyAnswers.question_id, revision: surveyAnswers.revision, n: sql<number>`count(*) filter (where ${surveyAnswers.lead} = 1)`.mapWith(Number) })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.act_id, actId), sql`${surveyAnswers.question_id} in (${sql.join(questions.map((q) => sql`${q.id}`), sql`, `)})`))
    .groupBy(surveyAnswers.question_id, surveyAnswers.revision);
  const revision = new Map(questions.map((q) => [q.id, q.revision]));
  return new Map(rows.filter((r) => revision.get(r.question_id) === r.revision).map((r) => [r.question_id, r.n]));
}

/** Option ids and matrix row ids of a question that have answers in its current revision. */
export async function answeredParts(db: Db | Tx, q: { id: number; act_id: number; revision: number }): Promise<{ options: Set<string>; rows: Set<string>; any: boolean }> {
  const rows = await db
    .selectDistinct({ option_id: surveyAnswers.option_id, row_id: surveyAnswers.row_id })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.act_id, q.act_id), eq(surveyAnswers.question_id, q.id), eq(surveyAnswers.revision, q.revision)));
  return { options: new Set(rows.map((r) => r.option_id).filter(Boolean)), rows: new Set(rows.map((r) => r.row_id).filter(Boolean)), any: rows.length > 0 };
}

/** A new option or row id, unique among `taken`. */
export function newPartId(taken: Set<string>): string {
  for (;;) {
    const id = randomBytes(6).toString('base64url').slice(0, 8);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/**
 * Reader columns of responses: account, name and unit, or none in an anonymous questionnaire (not
 * even the unit: the participants list shows each reader's unit, so a unit could name the reader).
 */
export async function respondentsOf(db: Db | Tx, anonymous: boolean, rows: readonly { reader_id: number; unit_id: number | null }[]) {
  const readerIds = anonymous ? [] : [...new Set(rows.map((r) => r.reader_id))];
  const unitIds = [...new Set(rows.map((r) => r.unit_id).filter((u): u is number => u !== null))];
  const [people, units] = await Promise.all([
    readerIds.length ? db.select({ id: readers.id, account: readers.account, real_name: readers.real_name }).from(readers).where(inArray(readers.id, readerIds)) : [],
    unitIds.length && !anonymous ? db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(inArray(organizations.id, unitIds)) : [],
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const unit = new Map(units.map((u) => [u.id, u.name]));
  return (r: { reader_id: number; unit_id: number | null }) => ({
    account: anonymous ? ANONYMOUS_READER : (person.get(r.reader_id)?.account ?? ''),
    real_name: anonymous ? '' : (person.get(r.reader_id)?.real_name ?? ''),
    unit_name: anonymous || r.unit_id === null ? '' : (unit.get(r.unit_id) ?? ''),
  });
}


/** Why a questionnaire may not be published (design §1.2: at least one question), or null. */
export async function surveyPublishProblem(tx: Tx, actId: number): Promise<string | null> {
  const [{ n }] = await tx.select({ n: count() }).from(surveyQuestions).where(and(eq(surveyQuestions.act_id, actId), eq(surveyQuestions.is_delete, 0), sql`${surveyQuestions.type} <> 'description'`));
  return n > 0 ? null : PUBLISH_NEEDS_QUESTIONS;
}

/** An anonymous questionnaire with responses stays anonymous: its readers answered on that promise. */
export async function assertAnonymityKept(tx: Tx, existing: { id: number; config?: unknown } | undefined, values: Record<string, unknown>): Promise<void> {
  if (!existing || !surveyConfigOf(existing.config).anonymous) return;
  if (surveyConfigOf(values.config ?? existing.config).anonymous) return;
  const [{ n }] = await tx.select({ n: count() }).from(surveyResponses).where(and(eq(surveyResponses.act_id, existing.id), eq(surveyResponses.status, 1)));
  if (n > 0) throw validationError([{ field: 'config.anonymous', message: ANONYMOUS_LOCKED }]);
}

