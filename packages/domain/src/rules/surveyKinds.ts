import { percent } from './chart.js';
import { round2, type FieldProblem } from './ruleSchemas.js';
import type { GateRefusal } from './gate.js';

/**
 * Questionnaires, type 4 (design activities §6), without zod (pages and the server share it): the
 * question types, a question's structural checks, the show/jump logic (on earlier answers only,
 * to later questions only: no cycles), a response's checks against the version answered, the
 * rows the statistics group by, and the statistics themselves. The request schemas are survey.ts.
 */

/** The questionnaire's pages (spec §2), each opened with `?actID=`. */
export const SURVEY_QUESTIONS_PAGE = 'adminAct/adminSurveyWork';
export const SURVEY_COUNT_PAGE = 'adminCount/adminActCount/actCountSurvey';
export const SURVEY_SUBQUES_PAGE = 'adminCount/adminActCount/actCountSurveySubQues';
export const SURVEY_PAPER_PAGE = 'adminCount/adminActCount/actCountSurveyPaper';

export const SURVEY_QUESTION_TYPES = {
  single: '单选题',
  multiple: '多选题',
  dropdown: '下拉题',
  text: '单行文本',
  textarea: '多行文本',
  rating: '评分题',
  nps: 'NPS题',
  cascader: '级联题',
  date: '日期题',
  upload: '上传题',
  matrix_single: '矩阵单选',
  matrix_multiple: '矩阵多选',
  ranking: '排序题',
  description: '说明文字',
} as const;
export type SurveyQuestionType = keyof typeof SURVEY_QUESTION_TYPES;
export const SURVEY_QUESTION_TYPE_IDS = Object.keys(SURVEY_QUESTION_TYPES) as SurveyQuestionType[];

/** Types whose answer picks among `options`. */
export const OPTION_TYPES: readonly SurveyQuestionType[] = ['single', 'multiple', 'dropdown', 'ranking', 'matrix_single', 'matrix_multiple', 'cascader'];
/** Types with an "other" text option, an exclusive option or quotas. */
export const CHOICE_TYPES: readonly SurveyQuestionType[] = ['single', 'multiple', 'dropdown'];
export const MATRIX_TYPES: readonly SurveyQuestionType[] = ['matrix_single', 'matrix_multiple'];
export const TEXT_TYPES: readonly SurveyQuestionType[] = ['text', 'textarea'];
export const hasOptions = (t: SurveyQuestionType) => OPTION_TYPES.includes(t);

export const TEXT_VALIDATIONS = { none: '不限', phone: '手机号', email: '邮箱', id_card: '身份证号', number: '数字' } as const;
export type TextValidation = keyof typeof TEXT_VALIDATIONS;
export const LOGIC_OPS = { in: '选中其中之一', nin: '未选中其中任何一个', answered: '已作答', empty: '未作答' } as const;
export type LogicOp = keyof typeof LOGIC_OPS;

/** Per reader: once (default), once a day, or up to `per_user_n` times in all. */
export const SURVEY_PER_USER = { once: '每人一次', once_per_day: '每人每天一次', n_total: '每人限定次数' } as const;
export type SurveyPerUser = keyof typeof SURVEY_PER_USER;

export const SURVEY_LIMITS = { options: 50, rows: 30, cascadeDepth: 3, cascadeNodes: 500, otherText: 200, text: 200, textarea: 2000, uploads: 9, questions: 100 } as const;
/** The spec §5 confirmation (changing the option type warns of data loss). */
export const TYPE_CHANGE_CONFIRM = '修改题目类型后，该题已有的答卷数据将无法按新题型统计（原答卷仍可查看），确定修改吗？';

/** Refusals of a reader's response (design §1.3 codes; XIAOJU 9002 already submitted, 9003 full). */
export const SURVEY_REFUSAL = {
  once: { gate: 40007, status: 409, message: '您已提交过本问卷' },
  today: { gate: 40008, status: 409, message: '您今天已提交过本问卷，请明天再来' },
  times: (n: number): GateRefusal => ({ gate: 40007, status: 409, message: `每人最多提交${n}次，您的次数已用完` }),
  full: { gate: 40006, status: 409, message: '本问卷已收满答卷' },
  quota: (text: string): GateRefusal => ({ gate: 40016, status: 409, message: `选项“${text}”名额已满，请选择其他选项` }),
  noDraft: { gate: 40017, status: 403, message: '本问卷未开启草稿保存' },
  noEdit: { gate: 40018, status: 403, message: '本问卷提交后不能修改' },
  noQuestions: { gate: 40400, status: 404, message: '问卷还没有题目' },
} as const satisfies Record<string, GateRefusal | ((x: never) => GateRefusal)>;
/** 409 with `data.confirm = 'type_change'`: the update must be sent again with `confirm_type_change: 1`. */
export const TYPE_CHANGE_NEEDS_CONFIRM = '该题已有答卷，修改题型需要确认';
export const SURVEY_VERSION_MISSING = '问卷版本不存在，请刷新后重新填写';
export const QUESTION_REFERENCED = (no: string) => `${no}的逻辑引用了此题，请先修改该逻辑`;
export const ANONYMOUS_LOCKED = '已有答卷的匿名问卷不能取消匿名';
export const PUBLISH_NEEDS_QUESTIONS = '发布前请至少添加一道题目';
/** What an anonymous questionnaire shows instead of the reader. */
export const ANONYMOUS_READER = '匿名';

export interface SurveyOption {
  id: string;
  text: string;
  image?: string;
  is_other?: number;
  other_required?: number;
  is_exclusive?: number;
  /** Most responses that may choose it (0 = no limit). */
  quota?: number;
  /** Hidden: it has answers and was removed, or the administrator hid it; readers no longer see it. */
  hidden?: number;
  /** Cascader: the next level. */
  children?: SurveyOption[];
}

export interface LogicCondition {
  qid: number;
  op: LogicOp;
  option_ids?: string[];
}
export interface ShowLogic {
  combine: 'all' | 'any';
  conditions: LogicCondition[];
}
export interface JumpRule extends ShowLogic {
  /** A later question's id, or `end`. */
  target: number | 'end';
}

export interface SurveySettings {
  min_select?: number;
  max_select?: number;
  validate?: TextValidation;
  min_length?: number;
  max_length?: number;
  rating_max?: number;
  nps_low_label?: string;
  nps_high_label?: string;
  random_order?: number;
  upload_max?: number;
  placeholder?: string;
}

export interface SurveyQuestion {
  id: number;
  type: SurveyQuestionType;
  title: string;
  description?: string;
  is_required: number;
  options: SurveyOption[];
  rows: { id: string; text: string; hidden?: number }[];
  settings: SurveySettings;
  show_logic: ShowLogic | null;
  jump_logic: JumpRule[];
  revision: number;
  sort?: number;
}

/** Answers by question id. Values per type: see `answerProblems`. */
export type SurveyAnswers = Record<string, unknown>;

const visible = <T extends { hidden?: number }>(xs: readonly T[]) => xs.filter((x) => !x.hidden);

/** Questions in the questionnaire's order: `sort`, then id. */
export const orderQuestions = <T extends { sort?: number; id: number }>(qs: readonly T[]): T[] => [...qs].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id);

/** "第N题" numbers: descriptions are not numbered. */
export function questionNumbers(qs: readonly Pick<SurveyQuestion, 'id' | 'type'>[]): Map<number, number> {
  let n = 0;
  return new Map(qs.filter((q) => q.type !== 'description').map((q) => [q.id, ++n]));
}

/** Every option of a cascade, depth first. */
export function cascadeNodes(options: readonly SurveyOption[]): SurveyOption[] {
  return options.flatMap((o) => [o, ...cascadeNodes(o.children ?? [])]);
}
const cascadeDepth = (options: readonly SurveyOption[]): number => (options.length ? 1 + Math.max(...options.map((o) => cascadeDepth(o.children ?? []))) : 0);

/**
 * A question as stored: no options or rows where the type has none, a description never
 * required, the settings of its type only.
 */
export function normalisedQuestion<Q extends Pick<SurveyQuestion, 'type' | 'options' | 'rows' | 'settings' | 'is_required'>>(q: Q): Q {
  const s = q.settings ?? {};
  const keys: Partial<Record<SurveyQuestionType, (keyof SurveySettings)[]>> = {
    single: ['random_order'],
    dropdown: ['random_order'],
    multiple: ['min_select', 'max_select', 'random_order'],
    matrix_single: ['random_order'],
    matrix_multiple: ['min_select', 'max_select', 'random_order'],
    ranking: ['random_order'],
    text: ['validate', 'min_length', 'max_length', 'placeholder'],
    textarea: ['min_length', 'max_length', 'placeholder'],
    rating: ['rating_max'],
    nps: ['nps_low_label', 'nps_high_label'],
    upload: ['upload_max'],
  };
  const settings = Object.fromEntries((keys[q.type] ?? []).filter((k) => s[k] !== undefined && s[k] !== null).map((k) => [k, s[k]])) as SurveySettings;
  return {
    ...q,
    options: hasOptions(q.type) ? (q.options ?? []) : [],
    rows: MATRIX_TYPES.includes(q.type) ? (q.rows ?? []) : [],
    settings,
    is_required: q.type === 'description' ? 0 : (q.is_required ?? 1),
  };
}

// ---- the question's own checks ------------------------------------------------------------------

/** What is wrong with a question as written (field names of its body: `options.2.text`, `settings.max_select`). */
export function questionProblems(q: Pick<SurveyQuestion, 'type' | 'options' | 'rows' | 'settings'>): FieldProblem[] {
  const out: FieldProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  const s = q.settings ?? {};
  const shown = visible(q.options);
  if (hasOptions(q.type)) {
    const need = q.type === 'cascader' ? 1 : 2;
    if (shown.length < need) add('options', `至少需要${need}个选项`);
    const nodes = q.type === 'cascader' ? cascadeNodes(q.options) : q.options;
    const ids = new Set<string>();
    // A new option has no id until the server gives it one.
    nodes.forEach((o) => {
      if (!o.id) return;
      if (ids.has(o.id)) add('options', `选项标识重复：${o.id}`);
      ids.add(o.id);
    });
    const texts = new Set<string>();
    q.options.forEach((o, i) => {
      if (o.hidden) return;
      const t = o.text.trim();
      if (texts.has(t)) add(`options.${i}.text`, `选项内容不能重复：${t}`);
      texts.add(t);
      if (!CHOICE_TYPES.includes(q.type) && (o.is_other || o.is_exclusive || o.quota)) add(`options.${i}`, '只有单选、多选和下拉题的选项可设置“其他”、互斥或名额');
      if (o.is_exclusive && q.type !== 'multiple') add(`options.${i}.is_exclusive`, '只有多选题可设置互斥选项');
      if (q.type !== 'cascader' && o.children?.length) add(`options.${i}.children`, '只有级联题的选项可有下级');
    });
    if (q.options.filter((o) => o.is_other && !o.hidden).length > 1) add('options', '“其他”选项最多一个');
    if (q.type === 'cascader') {
      if (cascadeDepth(q.options) > SURVEY_LIMITS.cascadeDepth) add('options', `级联最多${SURVEY_LIMITS.cascadeDepth}级`);
      if (nodes.length > SURVEY_LIMITS.cascadeNodes) add('options', `级联选项最多${SURVEY_LIMITS.cascadeNodes}个`);
    } else if (q.options.length > SURVEY_LIMITS.options) add('options', `选项最多${SURVEY_LIMITS.options}个`);
  } else if (q.options.length) add('options', `${SURVEY_QUESTION_TYPES[q.type]}没有选项`);
  if (q.type === 'multiple' || q.type === 'matrix_multiple') {
    const max = s.max_select ?? shown.length;
    if ((s.min_select ?? 0) > max) add('settings.min_select', '最少选择数不能大于最多选择数');
    if (max > shown.length) add('settings.max_select', `最多选择数不能超过选项数（${shown.length}）`);
  }
  if (MATRIX_TYPES.includes(q.type)) {
    const rows = visible(q.rows);
    if (rows.length < 1) add('rows', '矩阵题至少需要1行');
    if (q.rows.length > SURVEY_LIMITS.rows) add('rows', `矩阵题最多${SURVEY_LIMITS.rows}行`);
    const seen = new Set<string>();
    const ids = new Set<string>();
    q.rows.forEach((r, i) => {
      if (r.id && ids.has(r.id)) add('rows', `行标识重复：${r.id}`);
      ids.add(r.id);
      if (r.hidden) return;
      if (seen.has(r.text.trim())) add(`rows.${i}.text`, `矩阵行不能重复：${r.text.trim()}`);
      seen.add(r.text.trim());
    });
  } else if (q.rows.length) add('rows', `${SURVEY_QUESTION_TYPES[q.type]}没有矩阵行`);
  if (q.type === 'rating' && s.rating_max !== undefined && s.rating_max !== 5 && s.rating_max !== 10) add('settings.rating_max', '评分满分只能是5或10');
  if (TEXT_TYPES.includes(q.type) && s.min_length !== undefined && s.max_length !== undefined && s.min_length > s.max_length) add('settings.min_length', '最少字数不能大于最多字数');
  return out;
}

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
  const shown = visible(q.options);
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
        const node = visible(level).find((o) => o.id === id);
        if (!node) return '选择了不存在或已停用的选项';
        level = node.children ?? [];
      }
      return visible(level).length ? '请选择到最后一级' : null;
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
      const rows = visible(q.rows);
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

// ---- statistics ---------------------------------------------------------------------------------

export interface OptionShare {
  id: string;
  text: string;
  count: number;
  /** % of the question's respondents (2 decimals, spec §9). */
  percent: number;
  /** Multiple choice: % of all choices made. */
  share?: number;
  hidden?: boolean;
}

/** Each option's count and percentage of `respondents`; for multiple choice also its share of `choices`. */
export function optionShares(options: readonly SurveyOption[], counts: ReadonlyMap<string, number>, respondents: number, choices?: number): OptionShare[] {
  return options
    .filter((o) => !o.hidden || (counts.get(o.id) ?? 0) > 0)
    .map((o) => {
      const count = counts.get(o.id) ?? 0;
      return { id: o.id, text: o.text, count, percent: percent(count, respondents), ...(choices !== undefined ? { share: percent(count, choices) } : {}), ...(o.hidden ? { hidden: true } : {}) };
    });
}

export interface SurveyScoreSummary {
  count: number;
  mean: number;
  median: number;
  distribution: { value: number; count: number; percent: number }[];
}

/** Mean (2 decimals), median and distribution of scores `min`..`max` from their counts. */
export function scoreSummary(counts: ReadonlyMap<number, number>, min: number, max: number): SurveyScoreSummary {
  const values = Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const count = values.reduce((s, v) => s + (counts.get(v) ?? 0), 0);
  const sum = values.reduce((s, v) => s + v * (counts.get(v) ?? 0), 0);
  const at = (k: number) => {
    let seen = 0;
    for (const v of values) {
      seen += counts.get(v) ?? 0;
      if (seen > k) return v;
    }
    return 0;
  };
  const median = count === 0 ? 0 : count % 2 ? at((count - 1) / 2) : (at(count / 2 - 1) + at(count / 2)) / 2;
  return { count, mean: count ? round2(sum / count) : 0, median, distribution: values.map((value) => ({ value, count: counts.get(value) ?? 0, percent: percent(counts.get(value) ?? 0, count) })) };
}

export interface NpsSummary extends SurveyScoreSummary {
  promoters: number;
  passives: number;
  detractors: number;
  /** % promoters (9–10) − % detractors (0–6), 2 decimals, −100..100. */
  nps: number;
}

export function npsSummary(counts: ReadonlyMap<number, number>): NpsSummary {
  const summary = scoreSummary(counts, 0, 10);
  const sumOf = (from: number, to: number) => summary.distribution.filter((d) => d.value >= from && d.value <= to).reduce((s, d) => s + d.count, 0);
  const promoters = sumOf(9, 10);
  const detractors = sumOf(0, 6);
  return { ...summary, promoters, passives: sumOf(7, 8), detractors, nps: summary.count ? round2(((promoters - detractors) * 100) / summary.count) : 0 };
}

export interface CrossTab {
  rows: { id: string; text: string; total: number; cells: { id: string; count: number; percent: number }[] }[];
  cols: { id: string; text: string; total: number }[];
  total: number;
}

/**
 * Question × question: responses choosing row option r and column option c; a cell's percent is
 * of its row's responses (2 decimals).
 */
export function crossTab(rows: readonly SurveyOption[], cols: readonly SurveyOption[], pairs: readonly { row: string; col: string; count: number }[], rowTotals: ReadonlyMap<string, number>): CrossTab {
  const cell = new Map(pairs.map((p) => [`${p.row}\u0000${p.col}`, p.count]));
  const colTotal = (id: string) => pairs.filter((p) => p.col === id).reduce((s, p) => s + p.count, 0);
  const out = rows.map((r) => {
    const total = rowTotals.get(r.id) ?? 0;
    return { id: r.id, text: r.text, total, cells: cols.map((c) => ({ id: c.id, count: cell.get(`${r.id}\u0000${c.id}`) ?? 0, percent: percent(cell.get(`${r.id}\u0000${c.id}`) ?? 0, total) })) };
  });
  return { rows: out, cols: cols.map((c) => ({ id: c.id, text: c.text, total: colTotal(c.id) })), total: [...rowTotals.values()].reduce((s, n) => s + n, 0) };
}

/** Types a cross-tab can take as rows or columns (one or more options per response). */
export const CROSSTAB_TYPES: readonly SurveyQuestionType[] = ['single', 'multiple', 'dropdown'];

// ---- what the count pages read ------------------------------------------------------------------

export interface SurveyQuestionStats {
  id: number;
  /** 第N题 (null for a description). */
  no: number | null;
  type: SurveyQuestionType;
  title: string;
  revision: number;
  /** Responses that answered it (in its current revision). */
  respondents: number;
  /** Responses that answered an earlier revision (before a type change): readable on their papers, not counted here. */
  earlier: number;
  /** Choice, dropdown, cascader (by path): each option's count and %. */
  options?: OptionShare[];
  /** Multiple choice: all choices made. */
  choices?: number;
  /** Ranking: each option's mean rank (2 decimals, lower is better), best first. */
  ranking?: { id: string; text: string; mean_rank: number; count: number }[];
  /** Rating. */
  score?: SurveyScoreSummary;
  nps?: NpsSummary;
  /** Matrix: per row, each column option's count and % of the row's respondents. */
  matrix?: CrossTab;
  /** Written answers (open text, "other" texts, dates, uploads): how many, read on actCountSurveySubQues. */
  texts?: number;
}

export interface SurveyStats {
  activity: { id: number; title: string; act_state: number; anonymous: number };
  version: number;
  totals: { responses: number; readers: number; mean_duration: number; today: number };
  days: { day: string; responses: number }[];
  questions: SurveyQuestionStats[];
}

export interface SurveyAnswerItem {
  response_id: number;
  submitted_at: number;
  account: string;
  unit_name: string;
  option_text: string;
  text: string;
  num: number | null;
}

export interface SurveyPaper {
  id: number;
  version: number;
  anonymous: number;
  account: string;
  real_name: string;
  unit_name: string;
  started_at: number | null;
  submitted_at: number | null;
  duration_sec: number;
  edit_count: number;
  channel: string;
  items: { id: number; no: number | null; type: SurveyQuestionType; title: string; description: string; answered: boolean; text: string }[];
}
