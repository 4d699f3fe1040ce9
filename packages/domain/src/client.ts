import { z } from 'zod';
import { loginBodySchema } from './api.js';
import { accountSchema, newPassword, phoneSchema, plainText } from './resources/fields.js';

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
});

export const readerPasswordSchema = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(128, '原密码不正确'),
  password: newPassword,
});

/** A reader write: `request_id` makes it idempotent (a replay answers the first result). */
export const requestIdSchema = z
  .string({ error: '请提供请求编号' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求编号为8-64位字母、数字、_或-');

export const joinBodySchema = z.object({
  request_id: requestIdSchema,
  access_code: plainText('参与口令').max(32, '参与口令不正确').optional(),
});

/** An administrator sets a reader's first password (the reader must change it at first sign-in). */
export const firstPasswordSchema = z.object({ password: newPassword });

export const READER_REGISTER_CLOSED = '本机构未开放读者注册';
export const READER_MUST_CHANGE_PASSWORD = '请先修改初始密码';
export const READER_ONLY = '请使用读者账号登录';
export const ADMIN_ONLY = '读者账号不能访问管理后台';
export const OLD_PASSWORD_WRONG = '原密码不正确';
