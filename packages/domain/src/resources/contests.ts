import { UNLIMITED } from '../rules/constants.js';
import { z } from 'zod';
import { BATCH_DELETE, SORT, toggle, type ResourceDef, type ResourceField } from '../resource.js';
import { defineResource } from '../define.js';
import { requestIdSchema } from '../client.js';
import { ACTIVITY_KINDS } from '../rules/activityState.js';
import {
  ATTEMPT_STATES,
  CONTEST_PAPER_MODES,
  contestConfigShape,
  GRADE_METHODS,
  levelFields,
  PASS_MODES,
  REVIEW_WHEN,
  rulesProblems,
  TIME_LIMIT_MAX,
  type ContestRule,
} from '../rules/contests.js';
import { DIFFICULTY_LEVELS, questionFields, QUESTION_TYPES } from '../rules/questions.js';
import type { FieldProblem } from '../rules/ruleSchemas.js';
import { createdField, field, idField, idRef, intField, optionsOf, plainText, sortField } from './fields.js';

/**
 * Knowledge contests (types 3 and 6, design §4–5): the activity's own settings as `config.*`
 * fields, a contest's questions (spec `/contest/{id}/question` with choose, add, setMust,
 * cancelMust, compare), the levels of an advanced contest (`/contestpro/{id}/pass`, passsort),
 * the attempts (read only, made by readers), and the reader calls' bodies.
 */

export type ContestKind = 3 | 6;
const stringOptions = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

type Shape = Record<string, z.ZodType>;
/** A member without its default: an update leaves an absent key as stored. */
const noDefault = (m: z.ZodType): z.ZodType => {
  const d = m as z.ZodType & { unwrap?: () => z.ZodType; _zod: { def: { type: string } } };
  return (d._zod.def.type === 'default' && d.unwrap ? d.unwrap() : m).optional();
};

/** A settings member without its default (a partial body never writes defaults over stored values). */
const setting = (key: string, label: string, kind: ResourceField['kind'], flags: Partial<ResourceField> = {}): ResourceField =>
  field(`config.${key}`, label, kind, () => noDefault((contestConfigShape as unknown as Shape)[key]), { list: false, ...flags });

const REVIEW_FIELDS: ResourceField[] = [
  setting('show_score', '成绩公布', 'select', { options: stringOptions(REVIEW_WHEN) }),
  setting('show_correctness', '对错公布', 'select', { options: stringOptions(REVIEW_WHEN) }),
  setting('show_answer', '答案公布', 'select', { options: stringOptions(REVIEW_WHEN) }),
  setting('show_analysis', '解析公布', 'select', { options: stringOptions(REVIEW_WHEN) }),
];
const COMMON_FIELDS: ResourceField[] = [
  setting('shuffle_questions', '题目乱序', 'switch'),
  setting('shuffle_options', '选项乱序', 'switch'),
  setting('partial_multiple', '多选题少选得分', 'switch'),
  setting('strict_blanks', '填空题严格匹配', 'switch'),
  setting('tab_switch_max', '切屏次数上限', 'number', { zeroText: UNLIMITED, placeholder: '默认3，超过后自动交卷；0 表示不限' }),
  ...REVIEW_FIELDS,
];

/** Type 3: paper mode (the rules are edited on the question page), limits, grading, review. */
export const CONTEST_CONFIG_FIELDS: ResourceField[] = [
  setting('contest_type', '组卷方式', 'select', { options: optionsOf(CONTEST_PAPER_MODES), list: true, width: 100 }),
  intField('time_limit', '答题时长（秒）', 0, TIME_LIMIT_MAX, { list: false, zeroText: UNLIMITED, placeholder: '0 表示不限，如 1200' }),
  intField('answer_limit', '答题次数', 0, 100, { list: false, zeroText: UNLIMITED, placeholder: '默认1；0 表示不限' }),
  setting('attempts_per_day', '每日答题次数', 'number', { zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  setting('delay_between_sec', '两次答题间隔（秒）', 'number', { zeroText: UNLIMITED, placeholder: '0 表示不限' }),
  setting('grade_method', '成绩计算方式', 'select', { options: stringOptions(GRADE_METHODS) }),
  setting('pass_score', '及格分', 'number', { placeholder: '留空为总分的60%' }),
  // Edited on the question page (adminContestWork) with its pool check.
  setting('rules', '抽题规则', 'text', { form: false }),
  ...COMMON_FIELDS,
];

/** Type 6: the levels carry paper, time, attempts and pass rule; the contest keeps shuffling, grading of types and review. */
export const CONTEST_PRO_CONFIG_FIELDS: ResourceField[] = COMMON_FIELDS;

/** The problems of a contest's stored config (rules overlapping each other), named `config.<key>`. */
export function contestConfigProblems(config: unknown): FieldProblem[] {
  const c = (config && typeof config === 'object' ? config : {}) as Record<string, unknown>;
  const parsed = z.object(contestConfigShape).safeParse(c);
  if (!parsed.success) return parsed.error.issues.map((i) => ({ field: ['config', ...i.path].join('.'), message: i.message }));
  return rulesProblems(parsed.data.rules as ContestRule[]);
}

// ---- Questions of a contest ------------------------------------------------------------------------

const KIND_NAME = { 3: ACTIVITY_KINDS[3].name, 6: ACTIVITY_KINDS[6].name } as const;
const ofContest = (type: ContestKind) => ({ param: 'act', resource: KIND_NAME[type], column: 'act_id', query: 'actID' }) as const;

export const MUST_TOGGLE = toggle('is_must', [
  { name: 'cancelMust', label: '取消必答', value: 0 },
  { name: 'setMust', label: '设为必答', value: 1 },
]);
export const IS_MUST = { 0: '否', 1: '是' } as const;

const scoreSchema = (l: string) => z.number({ error: `${l}必须是数字` }).min(0.5, `${l}不能小于0.5`).max(100, `${l}不能超过100`);

/** The question fields as a contest stores them (its own copy), from rules/questions.ts. */
const questionCopyFields = (type: ContestKind): ResourceField[] => [
  idField,
  ...(type === 6 ? [field('level_id', '关卡ID', 'number', (l) => idRef(l), { filter: true, width: 80, form: 'create' })] : []),
  { name: 'type', label: '题型', kind: 'select', schema: questionFields.type, options: optionsOf(QUESTION_TYPES), filter: true, width: 80 },
  { name: 'stem', label: '题干', kind: 'textarea', schema: questionFields.stem, width: 320 },
  { name: 'stem_images', label: '题干图片', kind: 'image', schema: questionFields.stem_images.optional(), updateSchema: noDefault(questionFields.stem_images), list: false, form: false },
  { name: 'options', label: '选项', kind: 'text', schema: questionFields.options.optional(), updateSchema: noDefault(questionFields.options), list: false, form: false },
  { name: 'answer', label: '答案', kind: 'text', schema: questionFields.answer, width: 120, form: false },
  { name: 'analysis', label: '解析', kind: 'textarea', schema: questionFields.analysis, list: false },
  { name: 'difficulty', label: '难度', kind: 'select', schema: questionFields.difficulty.optional(), updateSchema: noDefault(questionFields.difficulty), options: optionsOf(DIFFICULTY_LEVELS), filter: true, width: 80 },
  field('category_id', '分类', 'number', (l) => idRef(l).nullable().optional(), { list: false, form: false, filter: true }),
  field('score', '分值', 'number', (l) => scoreSchema(l).optional(), { width: 80, placeholder: '默认5' }),
  sortField,
  { name: 'is_must', label: '必答', kind: 'select', options: optionsOf(IS_MUST), filter: true, width: 70 },
  { name: 'question_id', label: '题库题目ID', kind: 'number', list: false },
  { name: 'used_count', label: '抽中次数', kind: 'number', sortable: true, width: 90 },
  { name: 'answered_count', label: '作答次数', kind: 'number', sortable: true, width: 90 },
  { name: 'correct_count', label: '答对次数', kind: 'number', sortable: true, width: 90 },
  createdField,
];

function defineContestQuestions(type: ContestKind): ResourceDef {
  const base = type === 3 ? 'contest' : 'contestpro';
  return defineResource({
    name: type === 3 ? 'contestQuestions' : 'contestProQuestions',
    title: '竞赛题目',
    scope: 'org',
    path: `/v1/{org}/${base}/{act}/question`,
    parent: ofContest(type),
    fields: questionCopyFields(type),
    keywordFields: ['stem'],
    actions: [MUST_TOGGLE, SORT, BATCH_DELETE],
    rowRules: { delete: 'questionUnused' },
    writeRole: 'manager',
    nameField: 'stem',
    defaultSort: 'sort',
  });
}
export const contestQuestionsResource = defineContestQuestions(3);
export const contestProQuestionsResource = defineContestQuestions(6);

// ---- Levels ----------------------------------------------------------------------------------------

const level = (key: keyof typeof levelFields, label: string, kind: ResourceField['kind'], flags: Partial<ResourceField> = {}): ResourceField => ({
  name: key,
  label,
  kind,
  schema: levelFields[key],
  updateSchema: noDefault(levelFields[key]),
  ...flags,
});

/**
 * The pass levels of an advanced contest (spec `contestpro` + pass levels, passsort; page
 * adminContestProWork?actID=): each with its own paper, time limit, pass rule, attempts and
 * unlocking. `POST …/pass/sort` (and `…/passsort`) orders them 1…n.
 */
export const contestLevelsResource = defineResource({
  name: 'contestLevels',
  title: '关卡',
  scope: 'org',
  path: '/v1/{org}/contestpro/{act}/pass',
  parent: ofContest(6),
  fields: [
    idField,
    { ...sortField, label: '关卡顺序', form: false },
    level('name', '关卡名称', 'text', { width: 140 }),
    { name: 'intro', label: '关卡介绍', kind: 'textarea', schema: plainText('关卡介绍').trim().max(1000, '关卡介绍不能超过1000个字符').optional(), list: false },
    level('contest_type', '组卷方式', 'select', { options: optionsOf(CONTEST_PAPER_MODES), width: 100 }),
    level('rules', '抽题规则', 'text', { list: false, form: false }),
    level('time_limit', '答题时长（秒）', 'number', { width: 110, zeroText: UNLIMITED, placeholder: '0 表示不限' }),
    level('pass_mode', '过关条件', 'select', { options: stringOptions(PASS_MODES), width: 100 }),
    level('pass_value', '过关标准', 'number', { width: 90, placeholder: '得分、答对题数或正确率' }),
    level('attempts_per_level', '每关挑战次数', 'number', { width: 110, zeroText: UNLIMITED, placeholder: '0 表示不限' }),
    level('attempts_per_day', '每日挑战次数', 'number', { list: false, zeroText: UNLIMITED, placeholder: '0 表示不限' }),
    level('unlock_after_previous', '通过上一关后解锁', 'switch', { list: false }),
    level('open_at', '开放时间', 'datetime', { list: false, placeholder: '留空为随时开放' }),
    level('reward_points', '过关积分', 'number', { width: 90 }),
    createdField,
  ],
  refine: (v, ctx) => {
    for (const p of rulesProblems((v.rules as ContestRule[] | undefined) ?? [], 'rules')) ctx.addIssue({ code: 'custom', path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message });
  },
  keywordFields: ['name'],
  actions: [SORT, BATCH_DELETE],
  writeRole: 'manager',
  defaultSort: 'sort',
});

// ---- Attempts (read only) ---------------------------------------------------------------------------

function defineAttempts(type: ContestKind): ResourceDef {
  const base = type === 3 ? 'contest' : 'contestpro';
  return defineResource({
    name: type === 3 ? 'contestAttempts' : 'contestProAttempts',
    title: '答题记录',
    scope: 'org',
    path: `/v1/{org}/${base}/{act}/attempts`,
    parent: ofContest(type),
    fields: [
      idField,
      { name: 'account', label: '读者账号', kind: 'text', width: 120 },
      { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
      { name: 'reader_id', label: '读者ID', kind: 'number', filter: true, list: false },
      ...(type === 6 ? [{ name: 'level_id', label: '关卡ID', kind: 'number', filter: true, width: 80 } as ResourceField] : []),
      { name: 'attempt_no', label: '第几次', kind: 'number', width: 70 },
      { name: 'state', label: '状态', kind: 'select', options: stringOptions(ATTEMPT_STATES), filter: true, width: 90 },
      { name: 'score', label: '得分', kind: 'number', sortable: true, width: 80 },
      { name: 'max_score', label: '总分', kind: 'number', width: 70 },
      { name: 'correct_count', label: '答对题数', kind: 'number', width: 80 },
      { name: 'question_count', label: '题数', kind: 'number', width: 60 },
      { name: 'passed', label: '及格/过关', kind: 'select', options: optionsOf({ 0: '否', 1: '是' }), filter: true, width: 90 },
      { name: 'duration_sec', label: '用时（秒）', kind: 'number', sortable: true, width: 90 },
      { name: 'switch_count', label: '切屏次数', kind: 'number', width: 80 },
      { name: 'auto_submitted', label: '自动交卷', kind: 'select', options: optionsOf({ 0: '否', 1: '是' }), filter: true, width: 90 },
      { name: 'started_at', label: '开始时间', kind: 'datetime', sortable: true, width: 160 },
      { name: 'submitted_at', label: '交卷时间', kind: 'datetime', sortable: true, filter: 'range', width: 160 },
    ],
    keywordFields: [],
    actions: [],
    writeRole: 'manager',
    readOnly: true,
    nameField: 'id',
    exports: [{ name: `${base}attempts`, title: '答题记录' }],
  });
}
export const contestAttemptsResource = defineAttempts(3);
export const contestProAttemptsResource = defineAttempts(6);

export const CONTEST_RESOURCES: ResourceDef[] = [contestQuestionsResource, contestProQuestionsResource, contestLevelsResource, contestAttemptsResource, contestProAttemptsResource];

// ---- Admin and reader calls ------------------------------------------------------------------------

/** `POST /contest/{act}/question/choose`: bank questions (public or the organisation's) copied into the contest (a level of an advanced one). */
export const chooseQuestionsBody = z.object({
  ids: z.array(idRef('题目'), { error: '请选择题目' }).min(1, '请选择题目').max(500, '一次最多选择500道题目'),
  level_id: idRef('关卡').optional(),
  score: scoreSchema('分值').optional(),
});

/** `PUT /contest/{act}/rules` (and `/contestpro/{act}/pass/{id}/rules`): the paper mode and rules, checked against the pool. */
export const contestRulesBody = z.object({ contest_type: contestConfigShape.contest_type, rules: contestConfigShape.rules });

/** A reader's answer: a key, keys, `T`/`F`, the blanks' texts, free text, or null (cleared). */
export const givenAnswerSchema = z.union(
  [plainText('答案').max(5000, '答案不能超过5000个字符'), z.array(plainText('答案').max(500, '每个答案不能超过500个字符'), { error: '答案格式不正确' }).max(10, '答案最多10项'), z.null()],
  { error: '答案格式不正确' },
);

export const startAttemptBody = z.object({ request_id: requestIdSchema, level_id: idRef('关卡').optional() });
export const saveAnswersBody = z.object({
  request_id: requestIdSchema,
  items: z
    .array(z.object({ question_id: idRef('题目'), answer: givenAnswerSchema }), { error: '请提交答案' })
    .min(1, '请提交答案')
    .max(200, '一次最多提交200个答案'),
});
export const attemptEventBody = z.object({ request_id: requestIdSchema, type: z.enum(['blur', 'focus'], { error: '事件类型只能是blur或focus' }) });
export const submitAttemptBody = z.object({ request_id: requestIdSchema });

/** `POST /check/{id}/contest`: hand marks of pending short answers (points 0…the question's score). */
export const contestMarkBody = z.object({
  items: z
    .array(z.object({ id: idRef('答案'), score: z.number({ error: '得分必须是数字' }).min(0, '得分不能小于0').max(100, '得分不能超过100') }), { error: '请给出评分' })
    .min(1, '请给出评分')
    .max(200, '一次最多评分200条'),
});
export type ContestMark = z.output<typeof contestMarkBody>;
