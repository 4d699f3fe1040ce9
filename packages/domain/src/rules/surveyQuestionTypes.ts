import type { GateRefusal } from './gate.js';

/** Questionnaires (type 4): the question types, limits, refusals and shapes, ordering and numbering. Part of surveyKinds.ts, split along its sections. */

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

/** The options or rows a reader sees (hidden ones stay for earlier answers). */
export const notHiddenItems = <T extends { hidden?: number }>(xs: readonly T[]) => xs.filter((x) => !x.hidden);

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
export const cascadeDepth = (options: readonly SurveyOption[]): number => (options.length ? 1 + Math.max(...options.map((o) => cascadeDepth(o.children ?? []))) : 0);

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
