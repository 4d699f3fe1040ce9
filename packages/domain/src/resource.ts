import type { z } from 'zod';
import type { RowRules } from './rules/rowRules.js';
import type { StoredKind } from './rules/uploads.js';

/**
 * A resource is one entity family declared once (spec §7 CRUD pattern): its fields (label, kind,
 * zod schema, list/form/filter flags), path, scope, parent, fixed discriminator, actions and
 * exports. The server registers its routes from this declaration, the web renders its page from
 * it, and the generated tests cover it. The create and update body schemas are derived from the
 * fields (`defineResource`), never written a second time.
 */

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'password'
  | 'number'
  | 'select'
  /** A multiple choice shown as a checkbox group (grouped by `optionsFrom.group` when given). */
  | 'checkboxes'
  | 'switch'
  | 'datetime'
  /** Stored files (spec §7 uploads): the value is the file's URL. */
  | 'image'
  | 'file'
  | 'video'
  | 'audio'
  /** Province / city / district from the static provinces data: an array of names. */
  | 'region'
  /**
   * A unit of the organisation tree (a cascader over `GET /v1/{org}/unit`): its id, or with
   * `multiple` a list of ids.
   */
  | 'unit'
  /**
   * Readers of the organisation picked by searching `GET /v1/{org}/readers`: a list of reader ids.
   * `optionsFrom.path` may name where a row's current picks are read (`{id}` = the row's id).
   */
  | 'readers';


export interface FieldOption {
  value: string | number;
  label: string;
}

/** How a list is filtered by a field: exact value, one of several values, or a range (`from,to`). */
export type FilterMode = 'eq' | 'in' | 'range';

export interface ResourceField {
  /** API field name (spec names, snake_case); `config.time_limit` addresses a key of a JSON column. */
  name: string;
  label: string;
  kind: FieldKind;
  /**
   * The value's schema in a create body. A field without one is never written by a client
   * (computed, or changed only by actions).
   */
  schema?: z.ZodType;
  /** Its schema in an update body; default: `schema`, optional. */
  updateSchema?: z.ZodType;
  options?: FieldOption[];
  /**
   * Options loaded from an API path answering `[{id|value, name|label}]` or a list envelope;
   * `{org}` in the path is the page's organisation key. `group` names a key to group checkboxes by.
   */
  optionsFrom?: { path: string; value?: string; label?: string; group?: string };
  /** A select holding a list of values (sent as an array). */
  multiple?: boolean;
  /** Shown as a table column (default true). */
  list?: boolean;
  /** In the edit form: true (default when the field has a schema), false, or only when creating. */
  form?: boolean | 'create';
  /** Offered in the search form and accepted as a list query field (`true` = `eq`). */
  filter?: boolean | FilterMode;
  sortable?: boolean;
  placeholder?: string;
  /** Placeholder of the edit form only, replacing `placeholder` there (e.g. 编辑时留空则不修改). */
  editPlaceholder?: string;
  width?: number;
  /** Files: the upload kind (spec §7) that stores them. */
  upload?: StoredKind;
  /**
   * Files that are (or may be) audio: the record's fields holding the audio's title and artist, shown
   * with its preview; spec §9's 音频 / 管理员 where a field is not declared or is blank (`audioLabels`).
   */
  audio?: { title?: string; artist?: string };
  /** What a 0 reads as in cells and exports, for a number where 0 means no limit (人数上限: 不限). */
  zeroText?: string;
  /** A heading shown above this field in the form: long settings in groups (报名、候补、签到). */
  section?: string;
}

/** Who may write (create, update, delete, actions). Reads are open to every caller of the scope. */
export type WriteRole = 'super' | 'orgAdmin' | 'manager';

/** One side of a toggle: the action that sets `column` to `value`, offered while the row holds the other value. */
export interface ToggleState {
  /** Route name: `POST {base}/{id}/{name}`. */
  name: string;
  /** Button text. */
  label: string;
  value: number;
  /** Ask before (spec §5 confirmations). */
  confirm?: boolean;
}

/**
 * Actions as data: the server registers one route per action, the web renders one control, from
 * this same list. Guards and side effects stay in the binding, keyed by action name.
 */
export type ResourceAction =
  /** Two row buttons flipping a 0/1 column (pause/enable, recommend/remove, show/hide, must/not must). */
  | { kind: 'toggle'; column: string; states: readonly [ToggleState, ToggleState]; /** Set to now when the value is 1, null when 0. */ stamp?: string }
  /** `POST {base}/{name} {ids}`: set columns on the selected rows (batchShow, batchNotShow…). */
  | { kind: 'batch'; name: string; label: string; set: Readonly<Record<string, string | number | null>>; confirm?: boolean; danger?: boolean }
  /** `POST {base}/batchDelete {ids}`. */
  | { kind: 'batchDelete' }
  /** `POST {base}/sort {ids}`: the order of rows (drag handle in the table); `sort` = position. */
  | { kind: 'sort' }
  /** `POST {base}/{id}/{name}`: a row update with its own small form (授权, 权限). */
  | { kind: 'rowUpdate'; name: string; label: string; title: string; fields: readonly ResourceField[]; body: z.ZodObject; hint?: string; width?: number }
  /**
   * `POST {path}` (default `{base}/{id}/{name}`; `{org}` and `{id}` filled), no body: a row
   * command the binding carries out (复制). `confirm` is asked first; the answer is the new or changed row.
   */
  | { kind: 'command'; name: string; label: string; path?: string; confirm?: string };

export type ToggleAction = Extract<ResourceAction, { kind: 'toggle' }>;
export type BatchAction = Extract<ResourceAction, { kind: 'batch' }>;
export type RowUpdateAction = Extract<ResourceAction, { kind: 'rowUpdate' }>;
export type CommandAction = Extract<ResourceAction, { kind: 'command' }>;

/** A list export: `GET /v1[/{org}]/export/{name}` streamed as xlsx with the list's filters. */
export interface ResourceExport {
  name: string;
  /** Button text and sheet name. */
  title: string;
  /** Columns (field names); default: the list columns. */
  fields?: readonly string[];
}

/**
 * A row control opening another page with the row's id in its query (`{page}?{query}={id}`): an
 * activity's detail page, a third-party activity's figures. Declared once; the web renders it.
 */
export interface RowLink {
  /** Button text. */
  label: string;
  /** The page's route path below `/{org}/` (routes.ts), e.g. `adminAct/adminActDetail`. */
  page: string;
  /** The page's query parameter carrying the row's id (spec §2: `actID` for activities). */
  query: string;
}

/**
 * Where a new row is continued (a contest's questions and paper rules live on its question page):
 * the create dialog says so in `hint`, and once saved the page says `message` and opens the link
 * with the new row's id.
 */
export interface CreatedLink extends RowLink {
  hint: string;
  message: string;
}

/** The address a row link opens, below `/{org}/`: `adminAct/adminActDetail?actID=12`. */
export const rowLinkPath = (link: Pick<RowLink, 'page' | 'query'>, id: number | string): string => `${link.page}?${link.query}=${encodeURIComponent(String(id))}`;

/**
 * A read-only list a row holds whose entries are rows of no declaration (the reports on a comment,
 * keyed by comment and reader, with no id or organisation of their own): `GET {base}/{id}/{name}`
 * answering `{items}`. The machinery reads the row through the declaration's scope first
 * (organisation, parent, discriminator), so another organisation's row, or a row under another
 * parent, is a 404 like the row itself; the binding lists the row's entries.
 */
export interface RowList {
  /** Route name: `GET {base}/{id}/{name}`. */
  name: string;
  /** Button and dialog title. */
  title: string;
}

/**
 * A sub-resource names its parent: `/v1/{org}/digitalgroup/{group}/resource` with
 * `{param: 'group', resource: 'digitalGroups', column: 'group_id'}`. Rows keep `org_id`; the parent
 * must be a row of the same organisation (a composite foreign key in the database).
 */
export interface ParentRef {
  /** The `{param}` of the path. */
  param: string;
  /** The parent's resource name. */
  resource: string;
  /** The child's column holding the parent's id. */
  column: string;
  /** The page's query parameter carrying the parent id (spec §2: `actID` for activities). */
  query: string;
}

export interface ResourceInput {
  /** Unique key, also the registry name. */
  name: string;
  /** Chinese noun for confirmations and titles, e.g. 机构. */
  title: string;
  /** `super`: platform table; `org`: every row belongs to one organisation (org_id). */
  scope: 'super' | 'org';
  /** API base path as the spec gives it; `{org}` is the organisation key segment, `{param}` the parent. */
  path: string;
  fields: ResourceField[];
  /** Checks across fields, run on create and update bodies (e.g. a password equal to the account). */
  refine?: (value: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  /** Columns searched by `keyword` (case-insensitive substring). */
  keywordFields: string[];
  actions: ResourceAction[];
  /**
   * Which row actions the row's state may refuse, by action name (`delete` for 删除 and 批量删除):
   * a rule of rules/rowRules.ts, applied by the server to every write and by the page to its controls.
   */
  rowRules?: RowRules;
  writeRole: WriteRole;
  parent?: ParentRef;
  /** A discriminator fixed for this declaration (one table, many declarations): every read and write is narrowed to it. */
  fixed?: Readonly<Record<string, string | number>>;
  exports?: ResourceExport[];
  /** Child resources shown from a row (a link to the child's page with the row's id). */
  children?: string[];
  /** Other pages a row opens with its id (the activity's detail page). */
  links?: readonly RowLink[];
  /** Read-only lists of a row's entries (`GET {base}/{id}/{name}`, see RowList). */
  rowLists?: readonly RowList[];
  /** The page a new row is continued on, opened once the create dialog saved. */
  afterCreate?: CreatedLink;
  /** Field naming a row in confirmations (default `name`). */
  nameField?: string;
  /** Default order, e.g. `-id`. */
  defaultSort?: string;
  /**
   * A view of rows another declaration owns (the platform's list of every organisation's
   * activities): no create, update or delete route is served and the page offers no 新增, 编辑 or
   * 删除; the declared actions (toggles, batches, exports) still run.
   */
  readOnly?: boolean;
}

export interface ResourceDef extends ResourceInput {
  /** Body of `POST {base}`, derived from the fields. */
  create: z.ZodType<Record<string, unknown>>;
  /** Body of `POST|PUT {base}/{id}`, derived from the fields (every member optional). */
  update: z.ZodType<Record<string, unknown>>;
}

export function toggle(column: string, states: readonly [ToggleState, ToggleState], stamp?: string): ToggleAction {
  return { kind: 'toggle', column, states, stamp };
}

export function batch(name: string, label: string, set: BatchAction['set'], options: { confirm?: boolean; danger?: boolean } = {}): BatchAction {
  return { kind: 'batch', name, label, set, ...options };
}

/** Spec §2: is_pause 0 offers 暂停 (disable), 1 offers 启用 (enable). */
export const pauseToggle = (confirm: { enable?: boolean; disable?: boolean } = {}): ToggleAction =>
  toggle('is_pause', [
    { name: 'enable', label: '启用', value: 0, confirm: confirm.enable },
    { name: 'disable', label: '暂停', value: 1, confirm: confirm.disable },
  ]);
export const PAUSE_TOGGLE = pauseToggle();
/** Recommend and remove (spec §4), stamping `rec_at`. */
export const REC_TOGGLE = toggle(
  'is_rec',
  [
    { name: 'remove', label: '取消推荐', value: 0 },
    { name: 'recommend', label: '推荐', value: 1 },
  ],
  'rec_at',
);
export const BATCH_DELETE: ResourceAction = { kind: 'batchDelete' };
export const SORT: ResourceAction = { kind: 'sort' };

export const hasAction = (def: Pick<ResourceDef, 'actions'>, kind: ResourceAction['kind']): boolean => def.actions.some((a) => a.kind === kind);
export const togglesOf = (def: Pick<ResourceDef, 'actions'>): ToggleAction[] => def.actions.filter((a): a is ToggleAction => a.kind === 'toggle');
export const batchesOf = (def: Pick<ResourceDef, 'actions'>): BatchAction[] => def.actions.filter((a): a is BatchAction => a.kind === 'batch');
export const rowUpdatesOf = (def: Pick<ResourceDef, 'actions'>): RowUpdateAction[] => def.actions.filter((a): a is RowUpdateAction => a.kind === 'rowUpdate');
export const commandsOf = (def: Pick<ResourceDef, 'actions'>): CommandAction[] => def.actions.filter((a): a is CommandAction => a.kind === 'command');

/** The path a command posts to, `{org}` and `{id}` filled. */
export function commandPath(def: Pick<ResourceDef, 'path' | 'parent'>, action: CommandAction, org: string | undefined, id: number | string, parentId?: number | string): string {
  const template = action.path ?? `${def.path}/{id}/${action.name}`;
  return resourcePath({ path: template, parent: def.parent }, org, parentId).replace('{id}', String(id));
}

/** `GET` path of a row's declared list (RowList): `/v1/{org}/check/{act}/comment/{id}/reports`. */
export function rowListPath(def: Pick<ResourceDef, 'path' | 'parent'>, list: Pick<RowList, 'name'>, org: string | undefined, id: number | string, parentId?: number | string): string {
  return `${resourcePath(def, org, parentId)}/${encodeURIComponent(String(id))}/${list.name}`;
}

/** The toggle button a row offers: the state whose value the row does not hold. */
export function toggleStateFor(action: ToggleAction, row: Record<string, unknown>): ToggleState {
  const current = Number(row[action.column] ?? 0);
  return action.states.find((s) => s.value !== current) ?? action.states[0];
}

/** Route names of the row actions at `POST {base}/{id}/{name}`. */
export function rowActionNames(def: Pick<ResourceDef, 'actions'>): string[] {
  return def.actions.flatMap((a) =>
    a.kind === 'toggle' ? a.states.map((s) => s.name) : a.kind === 'rowUpdate' || (a.kind === 'command' && !a.path) ? [a.name] : [],
  );
}

export interface Caller {
  kind: 'super' | 'manager';
  id: number;
  /** Manager type; `admin` = organisation administrator. */
  type: string;
  orgId: number | null;
}

/** Button-level permission: the web hides what this refuses, and the server refuses it anyway. */
export function canWrite(def: Pick<ResourceDef, 'writeRole'>, caller: Pick<Caller, 'kind' | 'type'>): boolean {
  if (caller.kind === 'super') return true;
  if (def.writeRole === 'super') return false;
  if (def.writeRole === 'orgAdmin') return caller.type === 'admin';
  return true;
}

/** Fill `{org}` and the parent's `{param}` in a resource path. */
export function resourcePath(def: Pick<ResourceDef, 'path' | 'parent'>, org?: string, parentId?: number | string): string {
  let path = org ? def.path.replace('{org}', org) : def.path;
  if (def.parent && parentId !== undefined) path = path.replace(`{${def.parent.param}}`, String(parentId));
  return path;
}

/** `GET` path of a declared export: `/v1/{org}/export/{name}` or `/v1/export/{name}`. */
export function exportPath(def: Pick<ResourceDef, 'scope'>, exp: Pick<ResourceExport, 'name'>, org?: string): string {
  return def.scope === 'org' ? `/v1/${org ?? '{org}'}/export/${exp.name}` : `/v1/export/${exp.name}`;
}

/** A nested field's value (`config.time_limit`) of a row or body. */
export function fieldValue(row: Record<string, unknown>, name: string): unknown {
  let v: unknown = row;
  for (const part of name.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

export const IS_PAUSE_FIELD = 'is_pause';
export const IS_REC_FIELD = 'is_rec';
