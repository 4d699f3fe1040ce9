import type { FieldProblem } from './ruleSchemas.js';
import { answerProblems, type SurveyAnswers, type SurveyQuestion } from './surveyKinds.js';

/**
 * Which rules of a questionnaire's current version bind a response that names an earlier version
 * (issue 20, item 19). A reader answers the version they were shown (its questions, their order
 * and logic, its numbering), but what the administrator decided since also holds:
 *
 * - the questionnaire's settings (total limit, per-reader limits) live on the activity, not on a
 *   version, so they bind whatever version is named;
 * - for every question of the named version that the current version still has with the same type,
 *   the current question's rules bind too: required or not, its settings (answer limits: number
 *   of choices, length, validation, files), its options and rows (an option stopped or removed
 *   since is refused, a row made required must be answered) and its option quotas, counted by
 *   option identity (question id + option id), so a quota added later counts the same places;
 * - a question the current version dropped, or whose type it changed (its answers start a new
 *   revision), keeps the named version's rules only.
 *
 * The named version's own rules still apply as well: an answer must fit both.
 */
export function boundQuestions(answered: readonly SurveyQuestion[], current: readonly SurveyQuestion[]): SurveyQuestion[] {
  const now = new Map(current.map((q) => [q.id, q]));
  return answered.map((q) => {
    const c = now.get(q.id);
    // The named version's place, number and logic; the current version's rules.
    return c && c.type === q.type ? { ...q, is_required: c.is_required, settings: c.settings, options: c.options, rows: c.rows } : q;
  });
}

/**
 * A response's problems against the version it names and against the current version's rules
 * (`boundQuestions`); one problem per question, the named version's first. Fields: `answers.{id}`.
 */
export function versionedAnswerProblems(answered: readonly SurveyQuestion[], current: readonly SurveyQuestion[], answers: SurveyAnswers, options: { partial?: boolean } = {}): FieldProblem[] {
  const own = answerProblems(answered, answers, options);
  if (answered === current) return own;
  const named = new Set(own.map((p) => p.field));
  return [...own, ...answerProblems(boundQuestions(answered, current), answers, options).filter((p) => !named.has(p.field))];
}
