import { IS_PAUSE, IS_REC } from './rules/pause.js';
import { chinaDateTime } from './rules/chinaTime.js';
import { fieldValue, IS_PAUSE_FIELD, IS_REC_FIELD, type FieldOption, type ResourceField } from './resource.js';

/**
 * How a declared field's value reads in a table cell and in an export (one mapping for both):
 * status flags through the domain's labels, options by their label, times as China time.
 */
export const YES = '是';
export const NO = '否';

/** Unix seconds (or milliseconds) as `YYYY-MM-DD HH:mm` China time (the product's zone, on every page and in every export); empty for not set. */
export function formatSeconds(v: unknown): string {
  const n = Number(v);
  if (v === null || v === undefined || v === '' || !Number.isFinite(n) || n <= 0) return '';
  return chinaDateTime(n > 1e11 ? Math.floor(n / 1000) : n);
}

/**
 * Options from an API answer: an array or a list envelope (`items`) of rows with `id|value`
 * and `name|label` (or the keys the declaration names).
 */
export function optionsFromData(data: unknown, keys: { value?: string; label?: string } = {}): FieldOption[] {
  const rows = Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : [];
  const out: FieldOption[] = [];
  for (const r of rows) {
    if (!r || typeof r !== 'object') continue;
    const o = r as Record<string, unknown>;
    const value = o[keys.value ?? ''] ?? o.value ?? o.id;
    const label = o[keys.label ?? ''] ?? o.label ?? o.name;
    if (value === undefined || value === null) continue;
    out.push({ value: value as string | number, label: String(label ?? value) });
  }
  return out;
}

/** A cell's text for a declared field. */
export function cellText(field: ResourceField, value: unknown, options: FieldOption[] = field.options ?? []): string {
  if (field.name === IS_PAUSE_FIELD) return IS_PAUSE[(Number(value) === 1 ? 1 : 0) as 0 | 1];
  if (field.name === IS_REC_FIELD) return IS_REC[(Number(value) === 1 ? 1 : 0) as 0 | 1];
  if (value === undefined || value === null) return '';
  if (field.zeroText !== undefined && value !== '' && Number(value) === 0) return field.zeroText;
  switch (field.kind) {
    case 'password':
      return '';
    case 'switch':
      return value === true || Number(value) === 1 ? YES : NO;
    case 'datetime':
      return formatSeconds(value);
    case 'select':
    case 'checkboxes': {
      const labels = (Array.isArray(value) ? value : [value]).map((v) => options.find((o) => String(o.value) === String(v))?.label ?? String(v));
      return labels.join('、');
    }
    case 'region':
      return Array.isArray(value) ? value.join(' / ') : String(value);
    default:
      return Array.isArray(value) ? value.join('、') : String(value);
  }
}

/** The text of a row's field (nested names like `config.time_limit` included). */
export const rowCellText = (field: ResourceField, row: Record<string, unknown>, options?: FieldOption[]) => cellText(field, fieldValue(row, field.name), options);

/** Declared fields shown as table columns (`list` defaults to true; passwords never). */
export const listFields = (def: { fields: ResourceField[] }): ResourceField[] => def.fields.filter((f) => (f.list ?? true) && f.kind !== 'password');
