import { z } from 'zod';
import { MAX_INT, plainText } from '../resources/fields.js';
import { requestIdSchema } from '../client.js';
import { flagSchema, wholeNumber } from './ruleSchemas.js';
import { LOGIC_OPS, SURVEY_LIMITS, SURVEY_PER_USER, TEXT_VALIDATIONS, type SurveyOption } from './surveyKinds.js';

/**
 * The zod side of questionnaires (design activities §6): a question's options, matrix rows, logic
 * and settings as an administrator writes them, the questionnaire's settings on the activity, and
 * the reader's draft and response bodies. The rules themselves are surveyKinds.ts.
 */

const OPTION_ID = /^[A-Za-z0-9_-]{1,16}$/;
const optionId = (label: string) => z.string({ error: `${label}必须是文本` }).regex(OPTION_ID, `${label}为1-16位字母、数字、_或-`);
const shortText = (label: string, max: number) => plainText(label, `请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

/** An option (a cascade's option carries the next level in `children`); `id` is given by the server when missing. */
/** An option as written: the server gives ids to new ones. */
export interface SurveyOptionInput extends Omit<SurveyOption, 'id' | 'children'> {
  id?: string;
  children?: SurveyOptionInput[];
}

export const surveyOptionSchema: z.ZodType<SurveyOptionInput> = z.lazy(() =>
  z.object({
    id: optionId('选项标识').optional(),
    text: shortText('选项内容', 200),
    image: plainText('选项图片').max(500, '选项图片地址过长').optional(),
    is_other: flagSchema('其他选项').optional(),
    other_required: flagSchema('其他必填').optional(),
    is_exclusive: flagSchema('互斥选项').optional(),
    quota: wholeNumber('选项名额', 0, 10_000_000).optional(),
    hidden: flagSchema('隐藏选项').optional(),
    children: z.array(surveyOptionSchema, { error: '下级选项格式不正确' }).max(SURVEY_LIMITS.options, `下级选项最多${SURVEY_LIMITS.options}个`).optional(),
  }),
);

export const surveyRowSchema = z.object({
  id: optionId('行标识').optional(),
  text: shortText('矩阵行', 200),
  hidden: flagSchema('隐藏行').optional(),
});

const conditionSchema = z.object({
  qid: z.number({ error: '逻辑条件的题目必须是题目ID' }).int('逻辑条件的题目必须是题目ID').positive('逻辑条件的题目必须是题目ID'),
  op: z.enum(Object.keys(LOGIC_OPS) as [keyof typeof LOGIC_OPS], { error: '请选择有效的逻辑条件' }),
  option_ids: z.array(optionId('逻辑条件的选项')).max(SURVEY_LIMITS.options).optional(),
});
const ruleShape = {
  combine: z.enum(['all', 'any'], { error: '逻辑组合只能是全部满足或任一满足' }).default('all'),
  conditions: z.array(conditionSchema, { error: '逻辑条件格式不正确' }).min(1, '请至少添加一个逻辑条件').max(10, '逻辑条件最多10个'),
};
export const showLogicSchema = z.object(ruleShape, { error: '显示逻辑格式不正确' });
export const jumpLogicSchema = z
  .array(
    z.object({
      ...ruleShape,
      target: z.union([z.number().int().positive(), z.literal('end')], { error: '跳转目标必须是后面的题目或结束' }),
    }),
    { error: '跳转逻辑格式不正确' },
  )
  .max(20, '跳转规则最多20条');

export const surveyQuestionSchemas = {
  options: z.array(surveyOptionSchema, { error: '选项格式不正确' }).max(SURVEY_LIMITS.cascadeNodes, '选项过多'),
  rows: z.array(surveyRowSchema, { error: '矩阵行格式不正确' }).max(SURVEY_LIMITS.rows, `矩阵题最多${SURVEY_LIMITS.rows}行`),
  min_select: wholeNumber('最少选择数', 0, SURVEY_LIMITS.options),
  max_select: wholeNumber('最多选择数', 1, SURVEY_LIMITS.options),
  validate: z.enum(Object.keys(TEXT_VALIDATIONS) as [keyof typeof TEXT_VALIDATIONS], { error: '请选择有效的文本校验' }),
  min_length: wholeNumber('最少字数', 0, SURVEY_LIMITS.textarea),
  max_length: wholeNumber('最多字数', 1, SURVEY_LIMITS.textarea),
  rating_max: z.union([z.literal(5), z.literal(10)], { error: '评分满分只能是5或10' }),
  nps_label: (label: string) => plainText(label).trim().max(20, `${label}不能超过20个字符`),
  upload_max: wholeNumber('最多上传文件数', 1, SURVEY_LIMITS.uploads),
  placeholder: plainText('输入提示').trim().max(100, '输入提示不能超过100个字符'),
  show_logic: showLogicSchema.nullable(),
  jump_logic: jumpLogicSchema,
};

/** The questionnaire's settings on its activity (`config.*`, design §6 "Settings"). */
export const surveyConfigSchemas = {
  per_user: z.enum(Object.keys(SURVEY_PER_USER) as [keyof typeof SURVEY_PER_USER], { error: '请选择有效的每人提交次数' }),
  per_user_n: wholeNumber('每人限定次数', 1, 1000),
  total_limit: wholeNumber('答卷总数上限', 0, 10_000_000),
  flag: flagSchema,
};

/** Defaults of a questionnaire's settings (design §6). */
export const SURVEY_CONFIG_DEFAULTS = { per_user: 'once', per_user_n: 1, total_limit: 0, edit_after_submit: 0, resume_draft: 1, anonymous: 0 } as const;
export interface SurveyConfig {
  per_user: keyof typeof SURVEY_PER_USER;
  per_user_n: number;
  total_limit: number;
  edit_after_submit: number;
  resume_draft: number;
  anonymous: number;
}
export const surveyConfigOf = (config: unknown): SurveyConfig => ({ ...SURVEY_CONFIG_DEFAULTS, ...((config && typeof config === 'object' ? config : {}) as Partial<SurveyConfig>) });

const answersSchema = z.record(z.string().regex(/^\d{1,10}$/, '答案的题目必须是题目ID'), z.unknown(), { error: '答案格式不正确' }).refine((a) => JSON.stringify(a).length <= 200_000, '答案内容过长');

/** `PUT …/responses/draft` and `POST …/responses` (design §15); `PUT …/responses/{rid}` edits a submitted one. */
export const surveyResponseBodySchema = z.object({
  request_id: requestIdSchema,
  version: z.number({ error: '请提供问卷版本' }).int('问卷版本不正确').positive('问卷版本不正确').max(MAX_INT, '问卷版本不正确'),
  answers: answersSchema,
  started_at: z.number({ error: '开始作答时间不正确' }).int('开始作答时间不正确').positive('开始作答时间不正确').optional(),
  access_code: plainText('参与口令').max(32, '参与口令不正确').optional(),
  channel: plainText('渠道').max(20, '渠道不能超过20个字符').optional(),
});
export type SurveyResponseBody = z.output<typeof surveyResponseBodySchema>;

/** Filters of the statistics (unit with the units below it, submission date range). */
export const surveyStatsQuerySchema = z.object({
  unit_id: z.coerce.number({ error: '单位不正确' }).int('单位不正确').positive('单位不正确').optional(),
  from: z.coerce.number({ error: '开始日期不正确' }).int('开始日期不正确').min(0, '开始日期不正确').optional(),
  to: z.coerce.number({ error: '结束日期不正确' }).int('结束日期不正确').min(0, '结束日期不正确').optional(),
});
