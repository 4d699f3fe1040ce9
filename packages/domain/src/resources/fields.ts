import { z } from 'zod';
import { IS_PAUSE, IS_REC } from '../rules/pause.js';
import type { FieldOption, ResourceField } from '../resource.js';

/**
 * Building blocks shared by the declarations: zod pieces with Chinese messages (the server's 422
 * prefixes the field name) and the common field descriptors (status, creation time, sort).
 */

export const requiredText = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

export const optionalText = (label: string, max: number) => z.string({ error: `${label}必须是文本` }).trim().max(max, `${label}不能超过${max}个字符`).optional();

/** Digits, spaces, `+` and `-`; blank allowed. */
export const phoneSchema = z
  .string({ error: '联系电话必须是文本' })
  .trim()
  .max(20, '联系电话不能超过20个字符')
  .regex(/^[0-9+\-\s]*$/, '联系电话只能包含数字、空格、+和-')
  .optional();

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** Required when creating an account. */
export const newPassword = z
  .string({ error: '请输入密码' })
  .min(PASSWORD_MIN, `密码至少${PASSWORD_MIN}位`)
  .max(PASSWORD_MAX, `密码不能超过${PASSWORD_MAX}个字符`);
/** When editing: blank or absent keeps the current password. */
export const changedPassword = z
  .string({ error: '密码必须是文本' })
  .max(PASSWORD_MAX, `密码不能超过${PASSWORD_MAX}个字符`)
  .refine((v) => v === '' || v.length >= PASSWORD_MIN, `密码至少${PASSWORD_MIN}位`)
  .optional();

/** Account names: letters, digits, `_`, `.`, `@`, `-`. */
export const accountSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .min(2, '账号至少2个字符')
  .max(64, '账号不能超过64个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '账号只能包含字母、数字和_.@-');

export const idRef = (label: string) => z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`);

export const sortSchema = z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(999999, '排序不能超过999999').optional();

const optionsOf = (labels: Readonly<Record<number, string>>): FieldOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** Status column and filter; changed only by the enable/disable actions. */
export const statusField: ResourceField = { name: 'is_pause', label: '状态', kind: 'select', options: optionsOf(IS_PAUSE), form: false, filter: true, width: 90 };
export const recField: ResourceField = { name: 'is_rec', label: '推荐', kind: 'select', options: optionsOf(IS_REC), form: false, filter: true, width: 90 };
export const idField: ResourceField = { name: 'id', label: 'ID', kind: 'number', form: false, sortable: true, width: 80 };
export const createdField: ResourceField = { name: 'created_at', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 170 };
export const sortField: ResourceField = { name: 'sort', label: '排序', kind: 'number', sortable: true, width: 90, placeholder: '数字越小越靠前' };

/** Who an account is: the first columns of super administrators and organisation managers. */
export const personFields: ResourceField[] = [
  { name: 'account', label: '账号', kind: 'text', width: 140 },
  { name: 'real_name', label: '真实姓名', kind: 'text', width: 120 },
  { name: 'phone', label: '联系电话', kind: 'text', width: 130 },
];

/** How an account signs in: password (write only), status, last sign-in, creation. */
export const signInFields: ResourceField[] = [
  { name: 'password', label: '密码', kind: 'password', list: false, placeholder: '编辑时留空则不修改' },
  statusField,
  { name: 'last_login_at', label: '最近登录', kind: 'datetime', form: false, sortable: true, width: 170 },
  createdField,
];
