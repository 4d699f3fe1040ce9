import { z } from 'zod';
import { loginBodySchema } from './api.js';
import { accountSchema, idRef, newPassword, phoneSchema, plainText } from './resources/fields.js';
import { FIRST_PASSWORD_BATCH_MAX, FIRST_PASSWORD_TAIL_MAX, FIRST_PASSWORD_TAIL_MIN, FIRST_PASSWORD_TOO_MANY } from './rules/firstPasswords.js';
import { PASSWORD_MIN } from './rules/password.js';

/**
 * The reader (participant) API's bodies (design §15, `/v1/{org}/client/...`). Reader sign-in takes
 * the same body as the administrators' (account = 学号, student account or phone).
 */
export const readerLoginSchema = loginBodySchema;

export const readerRegisterSchema = z.object({
  account: accountSchema,
  password: newPassword,
  real_name: plainText('真实姓名').trim().max(50, '真实姓名不能超过50个字符').optional(),
  phone: phoneSchema,
  key: plainText('验证码标识', '请获取验证码').max(64, '请获取验证码').optional().default(''),
  code: plainText('验证码', '请输入验证码').max(16, '验证码不正确').optional().default(''),
});

export const readerProfileSchema = z.object({
  real_name: plainText('真实姓名').trim().max(50, '真实姓名不能超过50个字符').optional(),
  phone: phoneSchema,
  academic_num: plainText('学号').trim().max(64, '学号不能超过64个字符').optional(),
  unit: plainText('单位').trim().max(100, '单位不能超过100个字符').optional(),
  /** A unit of the organisation tree (`/v1/{org}/unit`); null: the organisation itself. */
  unit_id: idRef('所在单位').nullable().optional(),
});

export const readerPasswordSchema = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'),
  password: newPassword,
});

/** A reader write: `request_id` makes it idempotent (a replay answers the first result). */
export const requestIdSchema = z
  .string({ error: '请提供请求编号' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号为8-64位字母、数字、_或-');

/** A `request_id` already kept for another request (another route, activity or body): 409 on `request_id`. */
export const REQUEST_ID_REUSED = '该请求编号已用于另一请求';

export const joinBodySchema = z.object({
  request_id: requestIdSchema,
  access_code: plainText('参与口令').max(32, '参与口令不正确').optional(),
});

/** An administrator sets a reader's first password (the reader must change it at first sign-in). */
export const firstPasswordSchema = z.object({ password: newPassword });

const tailRule = <K extends 'account_tail' | 'phone_tail'>(kind: K) =>
  z
    .object({
      kind: z.literal(kind),
      prefix: plainText('密码前缀').max(32, '密码前缀不能超过32个字符').optional().default(''),
      digits: z
        .number({ error: '请填写位数' })
        .int('位数必须是整数')
        .min(FIRST_PASSWORD_TAIL_MIN, `位数不能小于${FIRST_PASSWORD_TAIL_MIN}`)
        .max(FIRST_PASSWORD_TAIL_MAX, `位数不能超过${FIRST_PASSWORD_TAIL_MAX}`),
    })
    .refine((v) => [...v.prefix].length + v.digits >= PASSWORD_MIN, { path: ['prefix'], message: `密码前缀与后几位合计至少${PASSWORD_MIN}位` });

/** How the batch makes each password (`FIRST_PASSWORD_RULES`). */
export const firstPasswordRuleSchema = z.discriminatedUnion(
  'kind',
  [z.object({ kind: z.literal('fixed'), password: newPassword }), tailRule('account_tail'), tailRule('phone_tail')],
  { error: '请选择密码规则' },
);

/**
 * `POST /v1/{org}/users/password` and `/students/password`: first passwords in batch for the
 * selected rows (`ids`, in that order) or for every row the list's filters match (`filter`: the
 * list query's keyword and filters), by one rule. All or nothing.
 */
export const batchFirstPasswordSchema = z
  .object({
    ids: z
      .array(idRef('用户'), { error: '请选择用户' })
      .min(1, '请选择用户')
      .max(FIRST_PASSWORD_BATCH_MAX, FIRST_PASSWORD_TOO_MANY)
      .optional(),
    filter: z.record(z.string(), z.union([z.string(), z.number()]), { error: '筛选条件不正确' }).optional(),
    rule: firstPasswordRuleSchema,
  })
  .refine((v) => (v.ids === undefined) !== (v.filter === undefined), { path: ['ids'], message: '请选择用户，或选择按筛选条件的全部用户' });
export type BatchFirstPassword = z.output<typeof batchFirstPasswordSchema>;

export const READER_REGISTER_CLOSED = '本机构未开放读者注册';
export const READER_MUST_CHANGE_PASSWORD = '请先修改初始密码';
export const READER_ONLY = '请使用读者账号登录';
export const ADMIN_ONLY = '读者账号不能访问管理后台';
/** An expert's token on a route of another kind, and another token on an expert's route (issue 12). */
export const EXPERT_NOT_ADMIN = '评审专家账号不能访问管理后台';
export const EXPERT_ONLY = '请使用评审专家账号登录';
export const OLD_PASSWORD_WRONG = '原密码不正确';
