import {
  IMAGE_WIDTH_DEFAULT,
  IS_PAUSE_FIELD,
  canWrite,
  commandPath,
  optionsFromData,
  toggleStateFor,
  type BatchAction,
  type Caller,
  type CommandAction,
  type FieldOption,
  type SelfInfo,
  type ToggleAction,
  type ToggleState,
} from '@huodong/domain';
import type { QueryParams } from '../shared/url';
import type { Declaration, DeclaredAction, DeclaredField, DeclaredRowUpdate } from './declarations';
import { DECLARATIONS } from './declarations.data';
import { commandDone } from './texts';

/**
 * The list model of a resource page: which controls a caller gets, which toggle a row offers,
 * how filters, the sort order and the list query are made, how a drag reorders rows. No React
 * here, so it is unit-tested directly. Cell texts come from the domain (`cellText`), the same
 * mapping the exports use.
 */
export type Row = Record<string, unknown> & { id: number };

export type CallerLike = Pick<Caller, 'kind' | 'type'>;

/** The caller for `canWrite` from the session's self info; undefined while it loads. */
export function callerFromSelf(self: Pick<SelfInfo, 'type'> | undefined): CallerLike | undefined {
  if (!self) return undefined;
  return self.type === 'super' ? { kind: 'super', type: 'super' } : { kind: 'manager', type: self.type };
}

export interface Controls {
  /** The caller may write the declaration's rows (`canWrite`): its row actions follow this. */
  write: boolean;
  create: boolean;
  edit: boolean;
  delete: boolean;
  batchDelete: boolean;
  /** Drag sorting (`sort` declared). */
  sort: boolean;
  /** Declared toggles (暂停/启用, 推荐/取消推荐, …), each a row button. */
  toggles: ToggleAction[];
  /** Declared batch actions, each a toolbar button acting on the selection. */
  batches: BatchAction[];
  /** Declared row updates (授权, 权限), each a row button opening its dialog. */
  rowUpdates: DeclaredRowUpdate[];
  /** Declared row commands (复制), each a row button posting without a body. */
  commands: CommandAction[];
}

/** The declared actions of one kind. */
const actionsOf = <K extends DeclaredAction['kind']>(def: Pick<Declaration, 'actions'>, kind: K) =>
  def.actions.filter((a): a is Extract<DeclaredAction, { kind: K }> => a.kind === kind);

/**
 * Button-level permissions (issue 3): controls the caller may not use are not rendered. Writes
 * follow the domain's `canWrite`; actions are those the declaration lists. No caller (self still
 * loading or failed) → read only.
 */
export function resourceControls(def: Pick<Declaration, 'writeRole' | 'actions' | 'readOnly'>, caller: CallerLike | undefined): Controls {
  const write = !!caller && canWrite(def, caller);
  // A read-only view (the platform's activities) runs its declared actions but offers no 新增, 编辑 or 删除.
  const rows = write && !def.readOnly;
  return {
    write,
    create: rows,
    edit: rows,
    delete: rows,
    batchDelete: rows && actionsOf(def, 'batchDelete').length > 0,
    sort: write && actionsOf(def, 'sort').length > 0,
    toggles: write ? actionsOf(def, 'toggle') : [],
    batches: write ? actionsOf(def, 'batch') : [],
    rowUpdates: write ? actionsOf(def, 'rowUpdate') : [],
    commands: write ? actionsOf(def, 'command') : [],
  };
}

/** Does the table offer row selection (batch delete or a batch action)? */
export const selectable = (c: Controls): boolean => c.batchDelete || c.batches.length > 0;

/** The buttons a row offers for the declared toggles: per toggle, the state the row does not hold. */
export function rowToggles(toggles: readonly ToggleAction[], row: Record<string, unknown>): { action: ToggleAction; state: ToggleState }[] {
  return toggles.map((action) => ({ action, state: toggleStateFor(action, row) }));
}

/**
 * Pausing takes a row out of use like deleting does: a row that may not be removed (e.g. the
 * signed-in account itself) is offered no toggle that sets `is_pause` to 1.
 */
export const removesFromUse = (action: ToggleAction, state: ToggleState): boolean => action.column === IS_PAUSE_FIELD && state.value === 1;

/** What a row command does: the path it posts to (`{org}`, the parent and `{id}` filled), what it asks first, what it says after. */
export interface CommandCall {
  path: string;
  confirm?: string;
  done: string;
}

export function commandCall(def: Pick<Declaration, 'path' | 'parent'>, action: CommandAction, row: Pick<Row, 'id'>, org?: string, parentId?: number | string): CommandCall {
  return {
    path: commandPath(def, action, org ? encodeURIComponent(org) : undefined, row.id, parentId),
    confirm: action.confirm,
    done: commandDone(action.label),
  };
}

/** The text naming a row in confirmations (declaration's `nameField`, default `name`). */
export function rowName(def: Pick<Declaration, 'nameField'>, row: Record<string, unknown>): string {
  const v = row[def.nameField ?? 'name'];
  return v === undefined || v === null ? '' : String(v);
}

export type OptionItem = FieldOption;

/** Options grouped by a key of the loaded rows (`optionsFrom.group`), groups in first-seen order. */
export function optionGroups(data: unknown, keys: NonNullable<DeclaredField['optionsFrom']>): { group: string; options: OptionItem[] }[] {
  const rows = Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : [];
  const groups = new Map<string, unknown[]>();
  for (const r of rows) {
    if (!r || typeof r !== 'object') continue;
    const g = String((r as Record<string, unknown>)[keys.group ?? ''] ?? '');
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(r);
  }
  return [...groups].map(([group, members]) => ({ group, options: optionsFromData(members, keys) }));
}

/** Declared fields offered as filters in the search form. */
export const filterFields = (def: Pick<Declaration, 'fields'>): DeclaredField[] => def.fields.filter((f) => f.filter);

/**
 * A search-form value → the list query's value of its filter (domain `filterSchema`): `in` joins
 * the chosen values with commas; `range` sends `from,to` (numbers, or a date range as the whole
 * days in Unix seconds DateRangeInput holds; either end may be blank); blank → no filter.
 */
export function filterValue(field: DeclaredField, value: unknown): QueryParams[string] {
  if (value === undefined || value === null || value === '') return undefined;
  const mode = field.filter;
  if (mode === 'in') return Array.isArray(value) ? (value.length ? value.join(',') : undefined) : String(value);
  if (mode === 'range') {
    if (!Array.isArray(value)) return undefined;
    const [from, to] = value as unknown[];
    const end = (v: unknown): string => (v === undefined || v === null || v === '' ? '' : String(v));
    const text = `${end(from)},${end(to)}`;
    return text === ',' ? undefined : text;
  }
  return value as QueryParams[string];
}

/** The search form's values → the list's filters (keyword apart). */
export function filtersOf(def: Pick<Declaration, 'fields'>, values: Record<string, unknown>): Record<string, QueryParams[string]> {
  const out: Record<string, QueryParams[string]> = {};
  for (const f of filterFields(def)) {
    const v = filterValue(f, values[f.name]);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

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

/**
 * The query of an export: the list's keyword, filters and sort (not its page), plus the parent's
 * id for a sub-resource (`{param}={id}`, as the server's export route reads it).
 */
export function exportQuery(def: Pick<Declaration, 'parent'>, state: ListState, parentId?: number | string): QueryParams {
  const { page: _page, page_size: _size, ...rest } = listQuery(state);
  if (def.parent && parentId !== undefined) rest[def.parent.param] = String(parentId);
  return rest;
}

/** `ids` with the one at `from` moved to `to` (drag sorting); unchanged when either is out of range. */
export function moveId<T>(ids: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** A stored image's thumbnail (spec §9 `?width=`, default 200); other URLs as they are. */
export function thumbnailUrl(url: unknown, width: number = IMAGE_WIDTH_DEFAULT): string | undefined {
  if (typeof url !== 'string' || !url) return undefined;
  return url.startsWith('/v1/files/') ? `${url}${url.includes('?') ? '&' : '?'}width=${width}` : url;
}

/** A positive whole number from a URL query value (a parent's id), else undefined (shared/url, where pages without the declarations read it). */
export { idFromQuery } from '../shared/idFromQuery';

/** antd's name of a field: `config.time_limit` → `['config', 'time_limit']`. */
export const namePath = (name: string): string | string[] => (name.includes('.') ? name.split('.') : name);

/** The declaration of a resource by name (schemas left out; see declarations.ts). */
export function findDeclaration(name: string): Declaration {
  const def = DECLARATIONS.find((d) => d.name === name);
  if (!def) throw new Error(`unknown resource ${name}`);
  return def;
}

/** The parent declaration of a sub-resource. */
export const parentDeclarationOf = (def: Pick<Declaration, 'parent'>): Declaration | undefined => DECLARATIONS.find((d) => d.name === def.parent?.resource);
