import { z } from 'zod';
import { IS_PAUSE, IS_REC } from '../rules/pause.js';
import { PASSWORD_IS_ACCOUNT, PASSWORD_REQUIRED, passwordProblem, sameAsAccount } from '../rules/password.js';
import type { FieldOption, ResourceField } from '../resource.js';

/**
 * Building blocks shared by the declarations: zod pieces with Chinese messages (the server's 422
 * prefixes the field name) and the common field descriptors (status, creation time, sort).
 */

/**
 * Control characters (Unicode Cc) other than tab and a line break (LF or CRLF): PostgreSQL cannot
 * store a NUL, and the others are invisible on every page. Text refuses them at the edge.
 */
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;
export const controlCharsMessage = (label: string) => `${label}不能包含控制字符`;

/** Any text a user sends (body field, query value): a string without control characters. */
export const plainText = (label: string, error = `${label}必须是文本`) =>
  z.string({ error }).refine((s) => !CONTROL_CHARS.test(s), controlCharsMessage(label));

export const requiredText = (label: string, max: number) =>
  plainText(label, `请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

export const optionalText = (label: string, max: number) => plainText(label).trim().max(max, `${label}不能超过${max}个字符`).optional();

/** PostgreSQL `integer`: the largest id (and whole number) a column holds. */
export const MAX_INT = 2_147_483_647;

/**
 * A whole number sent as text (path segment, query value): decimal digits only, so `0x3`, `3e0`,
 * `3.0`, ` 3` and `true` are refused instead of being read as 3.
 */
export const digitsText = (message: string) => z.string({ error: message }).regex(/^[0-9]+$/, message).transform(Number);

/** An id sent as text, e.g. `idText('角色ID')` → `角色ID必须是正整数`, `角色ID超出范围`. */
export const idText = (label: string) =>
  digitsText(`${label}必须是正整数`).pipe(z.number().min(1, `${label}必须是正整数`).max(MAX_INT, `${label}超出范围`));

/** The `:id` of a route path (422 `id: ID必须是正整数` when it is not one). */
export const idParam = idText('ID');

/** Digits, spaces, `+` and `-`; blank allowed. */
export const phoneSchema = z
  .string({ error: '联系电话必须是文本' })
  .trim()
  .max(20, '联系电话不能超过20个字符')
  .regex(/^[0-9+\-\s]*$/, '联系电话只能包含数字、空格、+和-')
  .optional();

/** The password rule (`passwordProblem`) as a zod check; '' is reported as missing. */
const checkPassword = (v: string, ctx: z.RefinementCtx) => {
  const problem = v === '' ? PASSWORD_REQUIRED : passwordProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};
/** Required when creating an account. The body also needs `passwordNotAccount`. */
export const newPassword = z.string({ error: PASSWORD_REQUIRED }).superRefine(checkPassword);
/** When editing: blank or absent keeps the current password. */
export const changedPassword = z
  .string({ error: '密码必须是文本' })
  .superRefine((v, ctx) => (v === '' ? undefined : checkPassword(v, ctx)))
  .optional();
/**
 * On an account's whole body: a password equal to the account name (case ignored) is refused, on
 * the `password` field. When editing without the account, the server compares the stored one.
 */
export const passwordNotAccount = (v: { account?: string; password?: string }, ctx: z.RefinementCtx) => {
  if (v.password && v.account && sameAsAccount(v.password, v.account)) ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_ACCOUNT });
};

/** Account names: letters, digits, `_`, `.`, `@`, `-`. */
export const accountSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .min(2, '账号至少2个字符')
  .max(64, '账号不能超过64个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '账号只能包含字母、数字和_.@-');

/** An id in a JSON body: a JSON integer (a string, even of digits, is refused). */
export const idRef = (label: string) => z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`请选择${label}`).max(MAX_INT, `${label}不存在`);

export const sortSchema = z.number({ error: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(999999, '排序不能超过999999').optional();

/** A whole number sent as text, within the integer column range. */
const intText = (label: string) =>
  z
    .string({ error: `${label}必须是整数` })
    .regex(/^-?[0-9]+$/, `${label}必须是整数`)
    .transform(Number)
    .pipe(z.number().min(-MAX_INT - 1, `${label}超出范围`).max(MAX_INT, `${label}超出范围`));

/**
 * The query value of a list filter, checked by its field's type and named by its label: one of the
 * field's options, the id of a row when the options come from the API, a whole number, or text.
 * A blank value means no filter.
 */
export function filterSchema(field: ResourceField) {
  const { label, kind, options, optionsFrom } = field;
  const choice = (values: FieldOption['value'][]) =>
    z
      .enum(values.map(String) as [string, ...string[]], { error: `请选择有效的${label}` })
      .transform((v) => values.find((x) => String(x) === v)!);
  const schema = options?.length
    ? choice(options.map((o) => o.value))
    : kind === 'switch'
      ? choice([0, 1])
      : kind === 'select' && optionsFrom && (optionsFrom.value ?? 'id') === 'id'
        ? idText(`${label}ID`)
        : kind === 'number'
          ? intText(label)
          : plainText(label).max(100, `${label}不能超过100个字符`);
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

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
  { name: 'password', label: '密码', kind: 'password', list: false, editPlaceholder: '编辑时留空则不修改' },
  statusField,
  { name: 'last_login_at', label: '最近登录', kind: 'datetime', form: false, sortable: true, width: 170 },
  createdField,
];
