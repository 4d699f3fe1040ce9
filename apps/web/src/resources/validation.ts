import type { z } from 'zod';
import { fieldValue, findResource, rowUpdatesOf, type ResourceDef, type ResourceField, type RowUpdateAction } from '@huodong/domain';
import type { Declaration, DeclaredRowUpdate } from './declarations';
import { namePath } from './listModel';

export { namePath };

/**
 * Form validation from a declaration (spec §5: per-field rules, reset, validate-all,
 * validate-one; validating an unknown field name is an error). The fields' zod schemas are the
 * only source of rules: a field is checked with its own member of the body schema (nested names
 * like `config.time_limit` included), the whole form with the whole schema (so refinements across
 * fields count too). The same machinery serves the create and edit forms (the declaration's
 * derived `create`/`update`) and the row update dialogs (an action's `fields` and `body`).
 * Pure: no React, no antd, so it is unit-tested directly.
 */
export type FormMode = 'create' | 'update';

export type FormValues = Record<string, unknown>;

export interface FieldError {
  field: string;
  message: string;
}

export class UnknownFieldError extends Error {
  constructor(readonly field: string) {
    super(`unknown form field: ${field}`);
    this.name = 'UnknownFieldError';
  }
}

/** What a form validates: its fields and the body schema they make. */
export interface FormSpec {
  fields: readonly ResourceField[];
  schema: z.ZodType;
}

const CHINESE = /[\u3400-\u9fff]/;
const CHOICE_KINDS = new Set(['select', 'checkboxes', 'switch', 'datetime', 'region', 'unit', 'readers']);
const FILE_KINDS = new Set(['image', 'file', 'video', 'audio']);

/** 请输入名称 / 请选择类型 / 请上传图片: the message for a missing value of a field. */
export function missingMessage(field: Pick<ResourceField, 'label' | 'kind'>): string {
  return `${FILE_KINDS.has(field.kind) ? '请上传' : CHOICE_KINDS.has(field.kind) ? '请选择' : '请输入'}${field.label}`;
}

/**
 * A zod issue as a message naming the field. Declarations give Chinese messages; zod's own
 * (English) defaults are replaced so the user never sees them.
 */
export function issueMessage(field: Pick<ResourceField, 'label' | 'kind'>, issue: z.core.$ZodIssue, value: unknown): string {
  if (CHINESE.test(issue.message)) return issue.message;
  if (isEmpty(value)) return missingMessage(field);
  return `${field.label}格式不正确`;
}

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Fields shown in the form of a mode: those with a schema and `form` not false (`'create'` only when creating). */
export function formFields(def: Pick<ResourceDef, 'fields'>, mode: FormMode): ResourceField[] {
  return def.fields.filter((f) => {
    const form = f.form ?? !!f.schema;
    return form === true || (form === 'create' && mode === 'create');
  });
}

export const schemaOf = (def: Pick<ResourceDef, 'create' | 'update'>, mode: FormMode): z.ZodType => (mode === 'create' ? def.create : def.update);

/** The create or edit form of a declaration. */
export const formSpec = (def: Pick<ResourceDef, 'create' | 'update' | 'fields'>, mode: FormMode): FormSpec => ({ fields: formFields(def, mode), schema: schemaOf(def, mode) });

/**
 * The domain's declaration (with its schemas) of a declaration the list read: the list pages
 * read them without (declarations.ts), the dialogs validate with them. A full one is itself.
 */
export const resourceOf = (def: Declaration | ResourceDef): ResourceDef => ('create' in def ? def : findResource(def.name));

/** The domain's row update (with its fields and body) of one the list read. */
export function rowUpdateOf(def: Declaration | ResourceDef, action: DeclaredRowUpdate | RowUpdateAction): RowUpdateAction {
  if ('body' in action) return action;
  const full = rowUpdatesOf(resourceOf(def)).find((a) => a.name === action.name);
  if (!full) throw new Error(`${def.name}: unknown row update ${action.name}`);
  return full;
}

/** The form of a row update (授权, 权限): its own fields and body. */
export const rowUpdateSpec = (action: Pick<RowUpdateAction, 'fields' | 'body'>): FormSpec => ({ fields: action.fields.filter((f) => f.schema && f.form !== false), schema: action.body });

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; shape?: Record<string, z.ZodType> };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);
const defOf = (m: z.ZodType): Def => (m as unknown as { _zod: { def: Def } })._zod.def;

/** Under optional / default / nullable / pipe wrappers: the schema that says what the value is. */
function unwrap(member: z.ZodType | undefined): z.ZodType | undefined {
  let m = member;
  for (let i = 0; m && i < 10; i++) {
    const d = defOf(m);
    if (WRAPPERS.has(d.type) && d.innerType) m = d.innerType;
    else if (d.type === 'pipe' && d.in) m = d.in;
    else return m;
  }
  return undefined;
}

/**
 * The base type of a schema member under optional / default / nullable / pipe wrappers, e.g.
 * `array`, `number`, `string`: the form picks multiple selects and numeric switches from it.
 */
export const baseType = (member: z.ZodType | undefined): string | undefined => {
  const m = unwrap(member);
  return m ? defOf(m).type : undefined;
};

/** The member of an object schema at a (nested, dotted) field name: `config.time_limit`. */
export function memberOf(schema: z.ZodType | undefined, name: string): z.ZodType | undefined {
  let m = schema;
  for (const part of name.split('.')) {
    const obj = unwrap(m);
    const shape = obj && defOf(obj).type === 'object' ? defOf(obj).shape : undefined;
    m = shape?.[part];
    if (!m) return undefined;
  }
  return m;
}

/** Set a (dotted) field name's value in a nested body. */
export function setIn(target: FormValues, name: string, value: unknown): void {
  const parts = name.split('.');
  let o = target;
  for (const part of parts.slice(0, -1)) {
    if (!o[part] || typeof o[part] !== 'object') o[part] = {};
    o = o[part] as FormValues;
  }
  o[parts[parts.length - 1]] = value;
}

/** A row's values of the form's fields, nested as antd's form holds them. */
export function initialValues(fields: readonly ResourceField[], row: Record<string, unknown>): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = fieldValue(row, f.name);
    setIn(out, f.name, v === undefined && f.kind === 'checkboxes' ? [] : v);
  }
  return out;
}

/**
 * The value the API receives for a form value. Cleared inputs give '' (Input) or `null`
 * (InputNumber, Select). '' stays for text members, so an optional text can be emptied and a
 * required one reports its own message when cleared while editing; `null` stays when the schema
 * takes it (clears a nullable reference); otherwise the value is left out.
 */
export function normalizeValue(member: z.ZodType | undefined, value: unknown): unknown {
  if (!member) return value;
  if (value === '' || value === null) {
    if (member.safeParse(value).success) return value;
    if (value === '' && baseType(member) === 'string') return value;
    return member.safeParse(undefined).success ? undefined : value;
  }
  return value;
}

/** Does a member refuse a missing value? */
const refusesMissing = (member: z.ZodType | undefined): boolean => !!member && !member.safeParse(undefined).success;

/**
 * Is the field required in this mode (its schema member refuses a missing value)? When editing,
 * a text required on create is marked too: it may be left unchanged but not emptied.
 */
export function isRequired(def: Pick<ResourceDef, 'create' | 'update'>, mode: FormMode, name: string): boolean {
  if (refusesMissing(memberOf(schemaOf(def, mode), name))) return true;
  if (mode !== 'update') return false;
  const member = memberOf(def.update, name);
  return refusesMissing(memberOf(def.create, name)) && !!member && !member.safeParse('').success && baseType(member) === 'string';
}

/** Is the field of a spec required (its member refuses a missing value; a list, an empty one)? */
export function specRequired(spec: FormSpec, name: string): boolean {
  const member = memberOf(spec.schema, name);
  if (!refusesMissing(member)) return false;
  return baseType(member) !== 'array' || !member!.safeParse([]).success;
}

export interface FormValidator {
  /** Field names the form knows. */
  readonly names: readonly string[];
  /** Check one field; `undefined` when valid. Throws `UnknownFieldError` for a name the form does not have. */
  validateField(name: string, value: unknown): string | undefined;
  /** Check the whole form: the API body when valid, else errors per field. */
  validateAll(values: FormValues): { ok: true; body: FormValues } | { ok: false; errors: FieldError[] };
}

/**
 * The validator of a form. `extraNames` are form items a page adds beyond the declared fields
 * (validated by the schema if it knows them).
 */
export function createValidator(spec: FormSpec, extraNames: readonly string[] = []): FormValidator {
  const { schema } = spec;
  const byName = new Map<string, Pick<ResourceField, 'label' | 'kind'>>(spec.fields.map((f) => [f.name, f]));
  for (const n of extraNames) if (!byName.has(n)) byName.set(n, { label: n, kind: 'text' });
  const names = [...byName.keys()];
  const member = (name: string) => memberOf(schema, name);

  const fieldOf = (name: string) => {
    const field = byName.get(name);
    if (!field) throw new UnknownFieldError(name);
    return field;
  };

  /** The form field an issue is about: the longest leading part of its path that is a field. */
  const fieldOfPath = (path: readonly PropertyKey[]): string => {
    for (let k = path.length; k > 0; k--) {
      const key = path.slice(0, k).map(String).join('.');
      if (byName.has(key)) return key;
    }
    return '';
  };

  return {
    names,
    validateField(name, value) {
      const field = fieldOf(name);
      const m = member(name);
      if (!m) return undefined;
      const v = normalizeValue(m, value);
      const r = m.safeParse(v);
      return r.success ? undefined : issueMessage(field, r.error.issues[0], v);
    },
    validateAll(values) {
      const body: FormValues = {};
      for (const name of names) {
        const v = normalizeValue(member(name), fieldValue(values, name));
        if (v !== undefined) setIn(body, name, v);
      }
      const r = schema.safeParse(body);
      if (r.success) return { ok: true, body };
      const seen = new Set<string>();
      const errors: FieldError[] = [];
      for (const issue of r.error.issues) {
        // Issues about fields the form does not show (or the whole object) go on no field.
        const key = fieldOfPath(issue.path);
        if (seen.has(key)) continue;
        seen.add(key);
        errors.push({ field: key, message: key ? issueMessage(byName.get(key)!, issue, fieldValue(body, key)) : issue.message });
      }
      return { ok: false, errors };
    },
  };
}

/** The validator of a declaration's create or edit form. */
export const createFormValidator = (def: Pick<ResourceDef, 'create' | 'update' | 'fields'>, mode: FormMode, extraNames: readonly string[] = []): FormValidator =>
  createValidator(formSpec(def, mode), extraNames);

/**
 * The server's 422 field errors (`data.errors: [{field, message}]`, see apps/server http/errors)
 * split into those the form shows on a field (the nested name, else its first part) and the rest.
 */
export function serverFieldErrors(data: unknown, names: readonly string[]): { onFields: FieldError[]; other: FieldError[] } {
  const list = (data as { errors?: unknown } | null)?.errors;
  const onFields: FieldError[] = [];
  const other: FieldError[] = [];
  if (!Array.isArray(list)) return { onFields, other };
  for (const e of list) {
    if (!e || typeof e !== 'object') continue;
    const full = String((e as FieldError).field ?? '');
    const field = names.includes(full) ? full : full.split('.')[0];
    const message = String((e as FieldError).message ?? '');
    (names.includes(field) ? onFields : other).push({ field, message });
  }
  return { onFields, other };
}
