import type { z } from 'zod';

/**
 * A resource is one entity family declared once (spec §7 CRUD pattern). The server registers its
 * routes from this declaration, the web renders its page from it, and the generated tests cover it.
 */
export type ResourceAction = 'enable' | 'disable' | 'recommend' | 'remove' | 'batchDelete' | 'sort';

export type FieldKind = 'text' | 'textarea' | 'password' | 'number' | 'select' | 'switch' | 'datetime' | 'image';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface ResourceField {
  /** API field name (spec names, snake_case). */
  name: string;
  label: string;
  kind: FieldKind;
  options?: FieldOption[];
  /**
   * Options loaded from an API path answering `[{id|value, name|label}]` or a list envelope;
   * `{org}` in the path is the page's organisation key.
   */
  optionsFrom?: { path: string; value?: string; label?: string };
  /** A select holding a list of values (sent as an array). */
  multiple?: boolean;
  /** Shown as a table column (default true). */
  list?: boolean;
  /** In the edit form: true (default), false, or only when creating. */
  form?: boolean | 'create';
  /** Offered as an exact-match filter in the search form and accepted as a list query field. */
  filter?: boolean;
  sortable?: boolean;
  placeholder?: string;
  /** Placeholder of the edit form only, replacing `placeholder` there (e.g. 编辑时留空则不修改). */
  editPlaceholder?: string;
  width?: number;
}

/** Who may write (create, update, delete, actions). Reads are open to every caller of the scope. */
export type WriteRole = 'super' | 'orgAdmin' | 'manager';

export interface ResourceDef {
  /** Unique key, also the registry name. */
  name: string;
  /** Chinese noun for confirmations and titles, e.g. 机构. */
  title: string;
  /** `super`: platform table; `org`: every row belongs to one organisation (org_id). */
  scope: 'super' | 'org';
  /** API base path as the spec gives it; `{org}` is the organisation key segment. */
  path: string;
  create: z.ZodObject;
  update: z.ZodObject;
  fields: ResourceField[];
  /** Columns searched by `keyword` (case-insensitive substring). */
  keywordFields: string[];
  actions: ResourceAction[];
  /** Confirmations the web asks before these (spec §5). Delete and batch delete always confirm. */
  confirm?: { enable?: boolean; disable?: boolean };
  writeRole: WriteRole;
  /** Route path (route table) of the page that renders it. */
  page?: string;
  /** Field naming a row in confirmations (default `name`). */
  nameField?: string;
  /** Default order, e.g. `-id`. */
  defaultSort?: string;
}

export function defineResource<T extends ResourceDef>(def: T): T {
  return def;
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

/** Fill `{org}` in a resource path. */
export function resourcePath(def: Pick<ResourceDef, 'path'>, org?: string): string {
  return org ? def.path.replace('{org}', org) : def.path;
}

export const IS_PAUSE_FIELD = 'is_pause';
export const IS_REC_FIELD = 'is_rec';
