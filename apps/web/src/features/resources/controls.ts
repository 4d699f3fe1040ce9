import dayjs from '../../shared/dayjs';
import {
  ENABLE,
  IS_PAUSE,
  IS_PAUSE_FIELD,
  IS_REC,
  IS_REC_FIELD,
  canWrite,
  pauseActionLabel,
  type Caller,
  type ResourceDef,
  type ResourceField,
  type SelfInfo,
} from '@huodong/domain';
import type { QueryParams } from '../../shared/url';
import { NO, RECOMMEND, UNRECOMMEND, YES } from './texts';

/**
 * The pure parts of a resource page: which controls a caller gets, how a row's flags read,
 * how list columns and the list query are made. No React here, so it is unit-tested directly.
 */
export type Row = Record<string, unknown> & { id: number };

export type CallerLike = Pick<Caller, 'kind' | 'type'>;

/** The caller for `canWrite` from the session's self info; undefined while it loads. */
export function callerFromSelf(self: Pick<SelfInfo, 'type'> | undefined): CallerLike | undefined {
  if (!self) return undefined;
  return self.type === 'super' ? { kind: 'super', type: 'super' } : { kind: 'manager', type: self.type };
}

export interface Controls {
  create: boolean;
  edit: boolean;
  delete: boolean;
  pause: boolean;
  recommend: boolean;
  batchDelete: boolean;
}

/**
 * Button-level permissions (issue 3): controls the caller may not use are not rendered.
 * Writes follow the domain's `canWrite`; actions also need to be declared. No caller (self
 * still loading or failed) → read only.
 */
export function resourceControls(def: Pick<ResourceDef, 'writeRole' | 'actions'>, caller: CallerLike | undefined): Controls {
  const write = !!caller && canWrite(def, caller);
  const has = (a: ResourceDef['actions'][number]) => write && def.actions.includes(a);
  return {
    create: write,
    edit: write,
    delete: write,
    pause: has('enable') || has('disable'),
    recommend: has('recommend') || has('remove'),
    batchDelete: has('batchDelete'),
  };
}

export interface RowAction {
  /** Button text. */
  label: string;
  /** The API action it calls (`POST {path}/{id}/{action}`). */
  action: 'enable' | 'disable' | 'recommend' | 'remove';
}

/** The pause button of a row: text from the domain's pause rule, 启用 calls enable, 暂停 disable. */
export function pauseAction(row: Record<string, unknown>): RowAction {
  const label = pauseActionLabel(row[IS_PAUSE_FIELD] as number | string | undefined);
  return { label, action: label === ENABLE ? 'enable' : 'disable' };
}

/** The recommend button of a row: 推荐 when not recommended, else 取消推荐 (remove). */
export function recommendAction(row: Record<string, unknown>): RowAction {
  return Number(row[IS_REC_FIELD]) === 1 ? { label: UNRECOMMEND, action: 'remove' } : { label: RECOMMEND, action: 'recommend' };
}

/** Is this row action declared for the resource (the server only serves declared ones)? */
export const isDeclared = (def: Pick<ResourceDef, 'actions'>, a: RowAction): boolean => def.actions.includes(a.action);

/** The text naming a row in confirmations (declaration's `nameField`, default `name`). */
export function rowName(def: Pick<ResourceDef, 'nameField'>, row: Record<string, unknown>): string {
  const v = row[def.nameField ?? 'name'];
  return v === undefined || v === null ? '' : String(v);
}

export interface OptionItem {
  value: string | number;
  label: string;
}

/**
 * Options from an API answer: an array or a list envelope (`items`) of rows with `id|value`
 * and `name|label` (or the keys the declaration names).
 */
export function optionsFromData(data: unknown, keys: { value?: string; label?: string } = {}): OptionItem[] {
  const rows = Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : [];
  const out: OptionItem[] = [];
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

const SECONDS_FORMAT = 'YYYY-MM-DD HH:mm';

/** Unix seconds (or milliseconds) as local date and time; empty for not set. */
export function formatSeconds(v: unknown): string {
  const n = Number(v);
  if (v === null || v === undefined || v === '' || !Number.isFinite(n) || n <= 0) return '';
  return dayjs(n > 1e11 ? n : n * 1000).format(SECONDS_FORMAT);
}

/** A cell's text for a declared field. Status flags read from the domain's labels. */
export function cellText(field: ResourceField, value: unknown, options: OptionItem[] = field.options ?? []): string {
  if (field.name === IS_PAUSE_FIELD) return IS_PAUSE[(Number(value) === 1 ? 1 : 0) as 0 | 1];
  if (field.name === IS_REC_FIELD) return IS_REC[(Number(value) === 1 ? 1 : 0) as 0 | 1];
  if (value === undefined || value === null) return '';
  switch (field.kind) {
    case 'password':
      return '';
    case 'switch':
      return value === true || Number(value) === 1 ? YES : NO;
    case 'datetime':
      return formatSeconds(value);
    case 'select': {
      const labels = (Array.isArray(value) ? value : [value]).map(
        (v) => options.find((o) => String(o.value) === String(v))?.label ?? String(v),
      );
      return labels.join('、');
    }
    default:
      return Array.isArray(value) ? value.join('、') : String(value);
  }
}

/** Declared fields shown as table columns (`list` defaults to true; passwords never). */
export const listFields = (def: Pick<ResourceDef, 'fields'>): ResourceField[] =>
  def.fields.filter((f) => (f.list ?? true) && f.kind !== 'password');

/** Declared fields offered as filters in the search form. */
export const filterFields = (def: Pick<ResourceDef, 'fields'>): ResourceField[] => def.fields.filter((f) => f.filter);

export type SortOrder = 'ascend' | 'descend' | null | undefined;

/** antd's sorter → the API's `sort` (`name` ascending, `-name` descending). */
export function sortParam(field: string | undefined, order: SortOrder): string | undefined {
  if (!field || !order) return undefined;
  return order === 'descend' ? `-${field}` : field;
}

export interface ListState {
  page: number;
  pageSize: number;
  sort?: string;
  keyword?: string;
  filters: Record<string, unknown>;
}

/** The list call's query: `page`, `page_size`, `keyword`, declared filters, `sort`, plus fixed params. */
export function listQuery(state: ListState, fixed: QueryParams = {}): QueryParams {
  const q: QueryParams = { ...fixed, page: state.page, page_size: state.pageSize };
  const keyword = state.keyword?.trim();
  if (keyword) q.keyword = keyword;
  if (state.sort) q.sort = state.sort;
  for (const [k, v] of Object.entries(state.filters)) {
    if (v === undefined || v === null || v === '') continue;
    q[k] = v as QueryParams[string];
  }
  return q;
}
