import { cascadeNodes, questionNumbers, type LogicCondition, type ShowLogic, type SurveyAnswers, type SurveyQuestion } from './surveyQuestionTypes.js';
import type { FieldProblem } from './ruleSchemas.js';

/** Questionnaires: the show/jump logic (on earlier answers only, to later questions only: no cycles). Part of surveyKinds.ts, split along its sections. */

// ---- logic --------------------------------------------------------------------------------------

/** The option ids an answer chose (single, multiple, dropdown, ranking, cascader, matrix cells). */
export function chosenOptionIds(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'string') return [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.option === 'string') return [o.option];
    if (Array.isArray(o.options)) return o.options.filter((v): v is string => typeof v === 'string');
    return Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []));
  }
  return [];
}

/** Has the question an answer at all? */
export function isAnswered(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('option' in o) return typeof o.option === 'string' && o.option !== '';
    if ('options' in o) return Array.isArray(o.options) && o.options.length > 0;
    return Object.values(o).some(isAnswered);
  }
  return false;
}

export function conditionHolds(c: LogicCondition, answers: SurveyAnswers): boolean {
  const value = answers[String(c.qid)];
  if (c.op === 'answered') return isAnswered(value);
  if (c.op === 'empty') return !isAnswered(value);
  const chosen = chosenOptionIds(value);
  const hit = (c.option_ids ?? []).some((id) => chosen.includes(id));
  return c.op === 'in' ? hit : isAnswered(value) && !hit;
}

export const ruleHolds = (rule: ShowLogic, answers: SurveyAnswers): boolean =>
  rule.conditions.length === 0 ? true : rule.combine === 'any' ? rule.conditions.some((c) => conditionHolds(c, answers)) : rule.conditions.every((c) => conditionHolds(c, answers));

/**
 * The questions a reader meets with these answers, in order: a question whose show logic does not
 * hold is skipped; the first jump rule of an answered question that holds skips to its target (or
 * ends). Logic reads only the answers of questions met before, so an answer to a skipped question
 * never counts.
 */
export function reachedQuestions<Q extends Pick<SurveyQuestion, 'id' | 'show_logic' | 'jump_logic'>>(ordered: readonly Q[], answers: SurveyAnswers): Q[] {
  const met: Q[] = [];
  const seen: SurveyAnswers = {};
  const index = new Map(ordered.map((q, i) => [q.id, i]));
  let i = 0;
  while (i < ordered.length) {
    const q = ordered[i];
    if (q.show_logic && !ruleHolds(q.show_logic, seen)) {
      i++;
      continue;
    }
    met.push(q);
    if (answers[String(q.id)] !== undefined) seen[String(q.id)] = answers[String(q.id)];
    const jump = (q.jump_logic ?? []).find((r) => ruleHolds(r, seen));
    if (jump) {
      if (jump.target === 'end') break;
      const to = index.get(jump.target);
      if (to !== undefined && to > i) {
        i = to;
        continue;
      }
    }
    i++;
  }
  return met;
}

/**
 * The logic of a whole questionnaire in its order: a condition names an earlier question (with
 * options of that question), a jump goes to a later question or the end. So there is never a
 * cycle. Fields: `questions.{id}.show_logic` / `.jump_logic`.
 */
export function logicProblems(ordered: readonly Pick<SurveyQuestion, 'id' | 'type' | 'options' | 'show_logic' | 'jump_logic'>[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  const pos = new Map(ordered.map((q, i) => [q.id, i]));
  const nos = questionNumbers(ordered);
  const name = (q: { id: number }) => (nos.has(q.id) ? `第${nos.get(q.id)}题` : '说明文字');
  const checkConditions = (q: (typeof ordered)[number], i: number, conds: readonly LogicCondition[], field: string, own: boolean) => {
    for (const c of conds) {
      const at = pos.get(c.qid);
      const ref = at === undefined ? undefined : ordered[at];
      if (!ref || at! > i || (at === i && !own)) {
        out.push({ field, message: `${name(q)}的${own ? '跳转' : '显示'}逻辑只能引用${own ? '本题或' : ''}前面的题目` });
        continue;
      }
      if (ref.type === 'description') out.push({ field, message: `${name(q)}的逻辑不能引用说明文字` });
      if (c.op === 'in' || c.op === 'nin') {
        const ids = new Set((ref.type === 'cascader' ? cascadeNodes(ref.options) : ref.options).map((o) => o.id));
        if (!c.option_ids?.length) out.push({ field, message: `${name(q)}的逻辑条件请选择选项` });
        else if (c.option_ids.some((id) => !ids.has(id))) out.push({ field, message: `${name(q)}的逻辑条件引用了${name(ref)}不存在的选项` });
      }
    }
  };
  ordered.forEach((q, i) => {
    if (q.show_logic) checkConditions(q, i, q.show_logic.conditions, `questions.${q.id}.show_logic`, false);
    for (const rule of q.jump_logic ?? []) {
      checkConditions(q, i, rule.conditions, `questions.${q.id}.jump_logic`, true);
      if (rule.target !== 'end') {
        const to = pos.get(rule.target);
        if (to === undefined || to <= i) out.push({ field: `questions.${q.id}.jump_logic`, message: `${name(q)}只能跳转到后面的题目或结束` });
      }
    }
  });
  return out;
}
