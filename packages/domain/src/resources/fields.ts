import { z } from 'zod';
import { IS_PAUSE, IS_REC } from '../rules/pause.js';
import { PASSWORD_IS_ACCOUNT, PASSWORD_REQUIRED, passwordProblem, sameAsAccount } from '../rules/password.js';
import type { FieldKind, FieldOption, ResourceField } from '../resource.js';

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

/** The query value of one filter value, checked by its field's type and named by its label. */
function filterValueSchema(field: ResourceField): z.ZodType {
  const { label, kind, options, optionsFrom } = field;
  const choice = (values: FieldOption['value'][]) =>
    z
      .enum(values.map(String) as [string, ...string[]], { error: `请选择有效的${label}` })
      .transform((v) => values.find((x) => String(x) === v)!);
  return options?.length
    ? choice(options.map((o) => o.value))
    : kind === 'switch'
      ? choice([0, 1])
      : kind === 'select' && optionsFrom && (optionsFrom.value ?? 'id') === 'id'
        ? idText(`${label}ID`)
        : kind === 'number' || kind === 'datetime'
          ? intText(label)
          : plainText(label).max(100, `${label}不能超过100个字符`);
}

export const filterModeOf = (field: ResourceField) => (field.filter === true ? 'eq' : field.filter || undefined);

/**
 * The query value of a list filter: one value (`eq`), several separated by commas (`in`, at most
 * 100), or a range `from,to` where either end may be blank (`range`: dates in Unix seconds).
 * A blank value means no filter.
 */
export function filterSchema(field: ResourceField) {
  const one = filterValueSchema(field);
  const mode = filterModeOf(field);
  const schema =
    mode === 'in'
      ? plainText(field.label)
          .max(2000, `${field.label}不能超过2000个字符`)
          .transform((v, ctx) => {
            const parts = v.split(',').map((x) => x.trim()).filter(Boolean);
            if (parts.length > 100) ctx.addIssue({ code: 'custom', message: `${field.label}最多选择100项` });
            return parts.map((x) => {
              const r = one.safeParse(x);
              if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0].message });
              return r.success ? r.data : x;
            });
          })
      : mode === 'range'
        ? plainText(field.label)
            .max(64, `${field.label}不能超过64个字符`)
            .transform((v, ctx) => {
              const parts = v.split(',');
              if (parts.length !== 2) ctx.addIssue({ code: 'custom', message: `${field.label}必须是“开始,结束”` });
              const [from, to] = parts.map((x) => {
                if (x === undefined || x.trim() === '') return undefined;
                const r = one.safeParse(x.trim());
                if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0].message });
                return r.success ? (r.data as number) : undefined;
              });
              if (from !== undefined && to !== undefined && from > to) ctx.addIssue({ code: 'custom', message: `${field.label}的开始不能晚于结束` });
              return { from, to };
            })
        : one;
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

/** Options of a select from a table of numeric codes and their labels (IS_PAUSE, ACTIVITY_TYPES…). */
export const optionsOf = (labels: Readonly<Record<number, string>>): FieldOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** Descriptor flags a builder passes through (everything but name, label, kind and schema). */
type FieldFlags = Omit<Partial<ResourceField>, 'name' | 'label' | 'kind' | 'schema'>;

/** A field of any kind with its schema: the label is written once, here, and reaches the messages. */
export const field = (name: string, label: string, kind: FieldKind, schema: ((label: string) => z.ZodType) | undefined, flags: FieldFlags = {}): ResourceField => ({
  name,
  label,
  kind,
  ...(schema ? { schema: schema(label) } : {}),
  ...flags,
});

/** Text up to `max` characters; `required` refuses blank. */
export const textField = (name: string, label: string, max: number, flags: FieldFlags & { required?: boolean; kind?: 'text' | 'textarea' } = {}): ResourceField => {
  const { required, kind = 'text', ...rest } = flags;
  return field(name, label, kind, (l) => (required ? requiredText(l, max) : optionalText(l, max)), rest);
};

/**
 * A whole number between `min` and `max`; optional unless `required`. Never null: its columns are
 * NOT NULL with a default (a null was a refused insert, a 500), so a cleared input leaves it out.
 */
export const intField = (name: string, label: string, min: number, max: number, flags: FieldFlags & { required?: boolean } = {}): ResourceField => {
  const { required, ...rest } = flags;
  return field(name, label, 'number', (l) => {
    const n = z.number({ error: `${l}必须是数字` }).int(`${l}必须是整数`).min(min, `${l}不能小于${min}`).max(max, `${l}不能超过${max}`);
    return required ? n : n.optional();
  }, rest);
};

/** A reference to another row by id (select with options from the API); optional unless `required`. */
export const refField = (name: string, label: string, optionsFrom: NonNullable<ResourceField['optionsFrom']>, flags: FieldFlags & { required?: boolean } = {}): ResourceField => {
  const { required, ...rest } = flags;
  return field(name, label, 'select', (l) => (required ? idRef(l) : idRef(l).nullable().optional()), { optionsFrom, ...rest });
};

/** One of fixed options. */
export const choiceField = (name: string, label: string, options: FieldOption[], flags: FieldFlags & { required?: boolean } = {}): ResourceField => {
  const { required, ...rest } = flags;
  return field(name, label, 'select', (l) => {
    const values = options.map((o) => o.value) as [string | number, ...(string | number)[]];
    const one = z.union(values.map((v) => z.literal(v)) as never, { error: `请选择有效的${l}` }) as z.ZodType;
    return required ? one : one.nullable().optional();
  }, { options, ...rest });
};

/**
 * The URL of a stored file (spec §7 uploads), as the upload answer gave it: a path under
 * `/v1/files/` or an http(s) URL; blank clears it.
 */
const fileText = (label: string, error?: string) =>
  plainText(label, error)
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .refine((v) => v === '' || /^\/v1\/files\/[A-Za-z0-9_./-]+$/.test(v) || /^https?:\/\/[^\s]+$/.test(v), `${label}必须是上传后的文件地址`);
export const fileUrl = (label: string) => fileText(label).optional();

/** A stored file (image, audio, video, document) of an upload kind; `required` refuses none. */
export const fileField = (
  name: string,
  label: string,
  kind: 'image' | 'file' | 'video' | 'audio',
  upload: NonNullable<ResourceField['upload']>,
  flags: FieldFlags & { required?: boolean } = {},
): ResourceField => {
  const { required, ...rest } = flags;
  // Required builds on the text itself: a refinement of an optional schema never sees a missing value.
  return field(name, label, kind, (l) => (required ? fileText(l, `请上传${l}`).refine((v) => !!v, `请上传${l}`) : fileUrl(l)), { upload, width: kind === 'image' ? 90 : undefined, ...rest });
};

/** An http(s) link. */
export const linkField = (name: string, label: string, flags: FieldFlags = {}): ResourceField =>
  field(name, label, 'text', (l) =>
    plainText(l).trim().max(500, `${l}不能超过500个字符`).refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), `${l}必须以http://或https://开头`).optional(),
  flags);

/** A phone number (digits, spaces, `+`, `-`), blank allowed. */
export const phoneField = (name = 'phone', label = '联系电话', flags: FieldFlags = {}): ResourceField => field(name, label, 'text', () => phoneSchema, { width: 130, ...flags });

/** Status column and filter; changed only by the enable/disable actions. */
export const statusField: ResourceField = { name: 'is_pause', label: '状态', kind: 'select', options: optionsOf(IS_PAUSE), form: false, filter: true, width: 90 };
export const recField: ResourceField = { name: 'is_rec', label: '推荐', kind: 'select', options: optionsOf(IS_REC), form: false, filter: true, width: 90 };
export const idField: ResourceField = { name: 'id', label: 'ID', kind: 'number', form: false, sortable: true, width: 80 };
export const createdField: ResourceField = { name: 'created_at', label: '创建时间', kind: 'datetime', form: false, sortable: true, width: 170 };
export const sortField: ResourceField = { name: 'sort', label: '排序', kind: 'number', schema: sortSchema, sortable: true, width: 90, placeholder: '数字越小越靠前' };

/**
 * The fields of an ordered, named set with a cover (activity groups, digital resource groups):
 * id, cover, name, description, sort, status, creation time.
 */
export const orderedGroupFields = (nameLabel: string, description: { name: string; label: string }): ResourceField[] => [
  idField,
  fileField('cover', '封面', 'image', 'cover'),
  textField('name', nameLabel, 50, { required: true }),
  textField(description.name, description.label, 500, { kind: 'textarea', list: false }),
  sortField,
  statusField,
  createdField,
];

/** Who an account is: the first columns of super administrators and organisation managers. */
export const personFields: ResourceField[] = [
  { name: 'account', label: '账号', kind: 'text', schema: accountSchema, width: 140 },
  textField('real_name', '真实姓名', 50, { required: true, width: 120 }),
  phoneField(),
];

/** How an account signs in: password (write only), status, last sign-in, creation. */
export const signInFields: ResourceField[] = [
  { name: 'password', label: '密码', kind: 'password', schema: newPassword, updateSchema: changedPassword, list: false, editPlaceholder: '编辑时留空则不修改' },
  statusField,
  { name: 'last_login_at', label: '最近登录', kind: 'datetime', form: false, sortable: true, width: 170 },
  createdField,
];
