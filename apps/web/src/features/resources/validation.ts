import type { z } from 'zod';
import type { ResourceDef, ResourceField } from '@huodong/domain';

/**
 * Form validation from a resource declaration (spec §5: per-field rules, reset, validate-all,
 * validate-one; validating an unknown field name is an error). The declaration's zod schema
 * (create or update) is the only source of rules: a field is checked with its own member of the
 * object schema, the whole form with the whole schema (so refinements across fields count too).
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

const CHINESE = /[\u3400-\u9fff]/;
const CHOICE_KINDS = new Set(['select', 'switch', 'datetime', 'image']);

/** 请输入名称 / 请选择类型: the message for a missing value of a field. */
export function missingMessage(field: Pick<ResourceField, 'label' | 'kind'>): string {
  return `${CHOICE_KINDS.has(field.kind) ? '请选择' : '请输入'}${field.label}`;
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

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Fields shown in the form of a mode (`form: 'create'` fields only when creating). */
export function formFields(def: Pick<ResourceDef, 'fields'>, mode: FormMode): ResourceField[] {
  return def.fields.filter((f) => (f.form ?? true) === true || (f.form === 'create' && mode === 'create'));
}

export const schemaOf = (def: Pick<ResourceDef, 'create' | 'update'>, mode: FormMode): z.ZodObject =>
  mode === 'create' ? def.create : def.update;

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

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * The base type of a schema member under optional / default / nullable / pipe wrappers, e.g.
 * `array`, `number`, `string`: the form picks multiple selects and numeric switches from it.
 */
export function baseType(member: z.ZodType | undefined): string | undefined {
  let m = member;
  for (let i = 0; m && i < 10; i++) {
    const d = (m as unknown as { _zod: { def: Def } })._zod.def;
    if (WRAPPERS.has(d.type) && d.innerType) m = d.innerType;
    else if (d.type === 'pipe' && d.in) m = d.in;
    else return d.type;
  }
  return undefined;
}

/**
 * Is the field required in this mode (its schema member refuses a missing value)? When editing,
 * a field required on create is marked too: it may be left unchanged but not emptied.
 */
export function isRequired(def: Pick<ResourceDef, 'create' | 'update'>, mode: FormMode, name: string): boolean {
  const refuses = (m: FormMode) => {
    const member = schemaOf(def, m).shape[name] as z.ZodType | undefined;
    return !!member && !member.safeParse(undefined).success;
  };
  if (refuses(mode)) return true;
  if (mode !== 'update') return false;
  const member = def.update.shape[name] as z.ZodType | undefined;
  return refuses('create') && !!member && !member.safeParse('').success && baseType(member) === 'string';
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
 * The validator of a declaration's form in one mode. `extraNames` are form items a page adds
 * beyond the declared fields (validated by the schema if it knows them).
 */
export function createFormValidator(
  def: Pick<ResourceDef, 'create' | 'update' | 'fields'>,
  mode: FormMode,
  extraNames: readonly string[] = [],
): FormValidator {
  const schema = schemaOf(def, mode);
  const fields = formFields(def, mode);
  const byName = new Map<string, Pick<ResourceField, 'label' | 'kind'>>(fields.map((f) => [f.name, f]));
  for (const n of extraNames) if (!byName.has(n)) byName.set(n, { label: n, kind: 'text' });
  const names = [...byName.keys()];
  const member = (name: string) => schema.shape[name] as z.ZodType | undefined;

  const fieldOf = (name: string) => {
    const field = byName.get(name);
    if (!field) throw new UnknownFieldError(name);
    return field;
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
        const v = normalizeValue(member(name), values[name]);
        if (v !== undefined) body[name] = v;
      }
      const r = schema.safeParse(body);
      if (r.success) return { ok: true, body };
      const seen = new Set<string>();
      const errors: FieldError[] = [];
      for (const issue of r.error.issues) {
        const name = String(issue.path[0] ?? '');
        // Issues about fields the form does not show (or the whole object) go on no field.
        const field = byName.get(name);
        const key = field ? name : '';
        if (seen.has(key)) continue;
        seen.add(key);
        errors.push({ field: key, message: field ? issueMessage(field, issue, body[name]) : issue.message });
      }
      return { ok: false, errors };
    },
  };
}

/**
 * The server's 422 field errors (`data.errors: [{field, message}]`, see apps/server http/errors)
 * split into those the form shows on a field and the rest.
 */
export function serverFieldErrors(data: unknown, names: readonly string[]): { onFields: FieldError[]; other: FieldError[] } {
  const list = (data as { errors?: unknown } | null)?.errors;
  const onFields: FieldError[] = [];
  const other: FieldError[] = [];
  if (!Array.isArray(list)) return { onFields, other };
  for (const e of list) {
    if (!e || typeof e !== 'object') continue;
    const field = String((e as FieldError).field ?? '').split('.')[0];
    const message = String((e as FieldError).message ?? '');
    (names.includes(field) ? onFields : other).push({ field, message });
  }
  return { onFields, other };
}
