import { SURVEY_LIMITS, TEXT_VALIDATIONS, cascadeNodes, hasOptions, notHiddenItems, questionNumbers, type SurveyAnswers, type SurveyOption, type SurveyQuestion, type TextValidation } from './surveyQuestionTypes.js';
import { chosenOptionIds, isAnswered, reachedQuestions } from './surveyLogic.js';
import type { FieldProblem } from './ruleSchemas.js';

/** Questionnaires: a response's checks against the version answered. Part of surveyKinds.ts, split along its sections. */

// ---- answers ------------------------------------------------------------------------------------

const PATTERNS: Record<Exclude<TextValidation, 'none'>, RegExp> = {
  phone: /^1[3-9]\d{9}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  id_card: /^\d{17}[\dXx]$/,
  number: /^-?\d+(\.\d+)?$/,
};

/** An 18-digit resident id card number with its check digit (GB 11643). */
export function validIdCard(v: string): boolean {
  if (!PATTERNS.id_card.test(v)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return '10X98765432'[sum % 11] === v[17].toUpperCase();
}

const validDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const FILE_URL = /^(\/v1\/files\/[A-Za-z0-9_./-]+|https?:\/\/\S+)$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Why one answer is not acceptable for its question (null: fine). The question is answered. */
function valueProblem(q: SurveyQuestion, v: unknown): string | null {
  const s = q.settings ?? {};
  const shown = notHiddenItems(q.options);
  const optionOf = (id: string) => shown.find((o) => o.id === id);
  switch (q.type) {
    case 'single':
    case 'dropdown':
    case 'multiple': {
      if (!isObject(v)) return '答案格式不正确';
      const ids = q.type === 'multiple' ? v.options : [v.option];
      if (!strings(ids)) return '答案格式不正确';
      if (new Set(ids).size !== ids.length) return '选项不能重复';
      const picked = ids.map(optionOf);
      if (picked.some((o) => !o)) return '选择了不存在或已停用的选项';
      const other = v.other;
      if (other !== undefined && (typeof other !== 'string' || other.length > SURVEY_LIMITS.otherText)) return `“其他”内容不能超过${SURVEY_LIMITS.otherText}个字符`;
      const otherOption = picked.find((o) => o!.is_other);
      if (otherOption?.other_required && !(typeof other === 'string' && other.trim())) return `请填写“${otherOption.text}”的内容`;
      if (q.type === 'multiple') {
        const exclusive = picked.find((o) => o!.is_exclusive);
        if (exclusive && ids.length > 1) return `选项“${exclusive.text}”不能与其他选项同时选择`;
        if (!exclusive && ids.length < (s.min_select ?? 1)) return `至少选择${s.min_select ?? 1}项`;
        if (ids.length > (s.max_select ?? shown.length)) return `最多选择${s.max_select ?? shown.length}项`;
      }
      return null;
    }
    case 'text':
    case 'textarea': {
      if (typeof v !== 'string') return '答案必须是文本';
      const text = v.trim();
      const max = s.max_length ?? (q.type === 'text' ? SURVEY_LIMITS.text : SURVEY_LIMITS.textarea);
      if (Array.from(text).length > max) return `不能超过${max}个字`;
      if (s.min_length && Array.from(text).length < s.min_length) return `至少填写${s.min_length}个字`;
      const kind = s.validate ?? 'none';
      if (kind === 'id_card' ? !validIdCard(text) : kind !== 'none' && !PATTERNS[kind].test(text)) return `请填写正确的${TEXT_VALIDATIONS[kind]}`;
      return null;
    }
    case 'rating': {
      const max = s.rating_max ?? 5;
      return Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max ? null : `评分必须是1到${max}的整数`;
    }
    case 'nps':
      return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 10 ? null : '推荐值必须是0到10的整数';
    case 'cascader': {
      if (!strings(v)) return '答案格式不正确';
      let level: readonly SurveyOption[] = shown;
      for (const id of v) {
        const node = notHiddenItems(level).find((o) => o.id === id);
        if (!node) return '选择了不存在或已停用的选项';
        level = node.children ?? [];
      }
      return notHiddenItems(level).length ? '请选择到最后一级' : null;
    }
    case 'date':
      return typeof v === 'string' && validDate(v) ? null : '日期格式应为 YYYY-MM-DD';
    case 'upload': {
      if (!strings(v) || v.some((u) => !FILE_URL.test(u) || u.length > 500)) return '请上传文件后提交';
      const max = s.upload_max ?? 1;
      return v.length > max ? `最多上传${max}个文件` : null;
    }
    case 'matrix_single':
    case 'matrix_multiple': {
      if (!isObject(v)) return '答案格式不正确';
      const rows = notHiddenItems(q.rows);
      for (const [rowId, cell] of Object.entries(v)) {
        const row = rows.find((r) => r.id === rowId);
        if (!row) return '答案包含不存在的矩阵行';
        const ids = q.type === 'matrix_single' ? [cell] : cell;
        if (!strings(ids) || ids.some((id) => !optionOf(id))) return `“${row.text}”选择了不存在或已停用的选项`;
        if (q.type === 'matrix_multiple') {
          if (new Set(ids).size !== ids.length) return `“${row.text}”选项不能重复`;
          if (ids.length > (s.max_select ?? shown.length)) return `“${row.text}”最多选择${s.max_select ?? shown.length}项`;
          if (ids.length < (s.min_select ?? 1)) return `“${row.text}”至少选择${s.min_select ?? 1}项`;
        }
      }
      const missing = q.is_required ? rows.find((r) => !isAnswered(v[r.id])) : undefined;
      return missing ? `请回答“${missing.text}”` : null;
    }
    case 'ranking': {
      if (!strings(v)) return '答案格式不正确';
      const ids = new Set(shown.map((o) => o.id));
      return v.length === ids.size && new Set(v).size === v.length && v.every((id) => ids.has(id)) ? null : '请为全部选项排序';
    }
    case 'description':
      return '说明文字不需要作答';
  }
}

/**
 * A response's problems against the version it answers (design §6): answers to unknown questions,
 * then for each question the reader meets (reachedQuestions) an unanswered required one and every
 * answer that does not fit its question. `partial` (a draft) skips the required check. Answers to
 * questions the logic skipped are not checked: `keptAnswers` drops them.
 * Fields: `answers.{question id}`.
 */
export function answerProblems(ordered: readonly SurveyQuestion[], answers: SurveyAnswers, options: { partial?: boolean } = {}): FieldProblem[] {
  const out: FieldProblem[] = [];
  const byId = new Map(ordered.map((q) => [String(q.id), q]));
  const nos = questionNumbers(ordered);
  for (const key of Object.keys(answers)) if (!byId.has(key)) out.push({ field: `answers.${key}`, message: `答案包含不存在的题目：${key}` });
  for (const q of reachedQuestions(ordered, answers)) {
    const v = answers[String(q.id)];
    const label = `第${nos.get(q.id) ?? 0}题`;
    if (!isAnswered(v)) {
      if (q.is_required && q.type !== 'description' && !options.partial) out.push({ field: `answers.${q.id}`, message: `${label}为必答题` });
      continue;
    }
    const problem = valueProblem(q, v);
    if (problem) out.push({ field: `answers.${q.id}`, message: `${label}：${problem}` });
  }
  return out;
}

/** The answers worth keeping: those of the questions the reader meets, answered. */
export function keptAnswers(ordered: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyAnswers {
  const out: SurveyAnswers = {};
  for (const q of reachedQuestions(ordered, answers)) if (q.type !== 'description' && isAnswered(answers[String(q.id)])) out[String(q.id)] = answers[String(q.id)];
  return out;
}

/** One row of a submitted answer as the statistics group it (db table survey_answers). */
export interface AnswerRow {
  question_id: number;
  revision: number;
  option_id: string;
  row_id: string;
  num: number | null;
  text: string;
  /** 1 on the first row of the answer (respondents are counted by it). */
  lead: number;
}

/** The rows of one answer: a chosen option (with an "other" text), a matrix cell, a rank, a score, a text; the first leads. */
export function answerRows(q: SurveyQuestion, v: unknown): AnswerRow[] {
  return rowsOfAnswer(q, v).map((r, i) => ({ ...r, lead: i === 0 ? 1 : 0 }));
}

function rowsOfAnswer(q: SurveyQuestion, v: unknown): Omit<AnswerRow, 'lead'>[] {
  const base = { question_id: q.id, revision: q.revision, option_id: '', row_id: '', num: null as number | null, text: '' };
  const optionText = (id: string, other: unknown) => (q.options.find((o) => o.id === id)?.is_other && typeof other === 'string' ? other.trim() : '');
  switch (q.type) {
    case 'single':
    case 'dropdown': {
      const o = v as { option: string; other?: string };
      return [{ ...base, option_id: o.option, text: optionText(o.option, o.other) }];
    }
    case 'multiple': {
      const o = v as { options: string[]; other?: string };
      return o.options.map((id) => ({ ...base, option_id: id, text: optionText(id, o.other) }));
    }
    case 'ranking':
      return (v as string[]).map((id, i) => ({ ...base, option_id: id, num: i + 1 }));
    case 'matrix_single':
    case 'matrix_multiple':
      return Object.entries(v as Record<string, string | string[]>).flatMap(([row, cell]) => (Array.isArray(cell) ? cell : [cell]).map((id) => ({ ...base, row_id: row, option_id: id })));
    case 'rating':
    case 'nps':
      return [{ ...base, num: v as number }];
    case 'cascader': {
      const path = v as string[];
      const texts: string[] = [];
      let level = q.options;
      for (const id of path) {
        const node = level.find((o) => o.id === id);
        texts.push(node?.text ?? id);
        level = node?.children ?? [];
      }
      return [{ ...base, option_id: path[path.length - 1] ?? '', text: texts.join(' / ') }];
    }
    case 'upload':
      return [{ ...base, text: (v as string[]).join('\n'), num: (v as string[]).length }];
    case 'text':
    case 'textarea':
    case 'date':
      return [{ ...base, text: String(v).trim() }];
    default:
      return [];
  }
}

/** The text of every chosen option, by question (kept with a response: option texts may change later). */
export function optionSnapshot(ordered: readonly SurveyQuestion[], answers: SurveyAnswers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const q of ordered) {
    const v = answers[String(q.id)];
    if (!hasOptions(q.type) || !isAnswered(v)) continue;
    const nodes = q.type === 'cascader' ? cascadeNodes(q.options) : q.options;
    out[String(q.id)] = chosenOptionIds(v).map((id) => nodes.find((o) => o.id === id)?.text ?? id);
  }
  return out;
}

/** An answer as one line of text (the paper page, the responses spreadsheet). */
export function answerText(q: SurveyQuestion, v: unknown): string {
  if (!isAnswered(v)) return '';
  const nodes = q.type === 'cascader' ? cascadeNodes(q.options) : q.options;
  const opt = (id: string) => nodes.find((o) => o.id === id)?.text ?? id;
  switch (q.type) {
    case 'single':
    case 'dropdown':
    case 'multiple': {
      const o = v as { option?: string; options?: string[]; other?: string };
      const ids = o.options ?? [o.option!];
      return ids.map((id) => (nodes.find((x) => x.id === id)?.is_other && o.other ? `${opt(id)}（${o.other}）` : opt(id))).join('；');
    }
    case 'ranking':
      return (v as string[]).map((id, i) => `${i + 1}.${opt(id)}`).join(' ');
    case 'cascader':
      return (v as string[]).map(opt).join(' / ');
    case 'matrix_single':
    case 'matrix_multiple':
      return Object.entries(v as Record<string, string | string[]>)
        .map(([row, cell]) => `${q.rows.find((r) => r.id === row)?.text ?? row}：${(Array.isArray(cell) ? cell : [cell]).map(opt).join('、')}`)
        .join('；');
    case 'upload':
      return (v as string[]).join(' ');
    default:
      return String(v);
  }
}
