/**
 * Figures pages as declarations (issue 21 §3): what a statistics page of one activity shows, read
 * from one JSON answer of the server. The web renders every declaration with one page
 * (apps/web/src/figures/FiguresPage.tsx); the route table names it with `figures:` beside
 * `resource:`. A new statistics page is a declaration here plus the server query that answers it.
 */

import { formatSeconds } from '../cells.js';

/** A dotted path into the answer (`totals.passed`, `days`). */
export type DataPath = string;

/** How a value is shown: as it is, or a percent with `—` when absent. */
export type FigureFormat = 'number' | 'percent';

export interface FigureCard {
  /** Test id `total-<key>`. */
  key: string;
  title: string;
  value: DataPath;
  format?: FigureFormat;
}

/**
 * The label of a row whose name is empty: `noId` when its id is null too (e.g. works without a
 * group), else `text` (a removed type, an unnamed unit).
 */
export interface BlankLabel {
  text: string;
  noId?: string;
}

export interface FigureSeries {
  /** The row field holding the value. */
  field: string;
  title: string;
}

/** per day: a line over `day`; bars, pie, funnel: one category per row; histogram: bars over buckets. */
export type FigureChartKind = 'daily' | 'bars' | 'pie' | 'funnel' | 'histogram';

export interface FigureChart {
  key: string;
  title: string;
  kind: FigureChartKind;
  /** The rows (an array in the answer). */
  rows: DataPath;
  /** The row field naming a category (`day` for a daily chart). */
  label: string;
  blank?: BlankLabel;
  series: FigureSeries[];
  /** Shown instead of the chart when there are no rows; without it, no rows hide the chart card. */
  empty?: string;
}

export interface FigureColumn {
  field: string;
  title: string;
  blank?: BlankLabel;
  /** How the value reads (see `FigureColumnFormat`); as it is without it. */
  format?: FigureColumnFormat;
  /** A row field read when `field` is empty (e.g. a number answer where there is no text). */
  fallback?: string;
  /** The cell is a link to another page of the activity (`?actID=` added), its query from row fields. */
  link?: FigureColumnLink;
  width?: number;
}

export interface FigureTable {
  /** Test id of its card. */
  key: string;
  title: string;
  rows: DataPath;
  columns: FigureColumn[];
  /** A chart drawn above the table from the same rows. */
  chart?: Omit<FigureChart, 'key' | 'title' | 'rows' | 'empty'>;
  /** Hide the card when it has no rows. */
  hideEmpty?: boolean;
}

/** A button to another page of the same activity (`?actID=` added). */
export interface FigureLink {
  title: string;
  /** A route path (ROUTES `path`). */
  path: string;
  /** Extra query parameters, e.g. `{ type: '1' }`. */
  query?: Record<string, string>;
}

/**
 * One file of a downloads page: `GET path` with `?act=` (and `query`), saved as the server names it
 * or as `filename`. `retries`: a media zip, tried again as the spec says (§8) before one message.
 */
export interface FigureDownload {
  key: string;
  title: string;
  hint: string;
  /** `{org}` is filled in. */
  path: string;
  query?: Record<string, string>;
  filename?: string;
  retries?: boolean;
}

/** Where 返回 goes: a declared resource's list page, or another page of the activity (`?actID=` kept). */
export type FigureBack = { resource: string; text?: string } | { path: string; text: string };

export interface FiguresInput {
  /** The name the route table's `figures:` gives. */
  name: string;
  /** The route it renders (ROUTES `path`). */
  path: string;
  /** `GET` path of the answer; `{org}` and `{act}` are filled in. Without it the page reads nothing (a downloads page). */
  source?: string;
  /** The heading, followed by `：` and the activity's title (`activity.title` of the answer) once read. */
  heading: string;
  backTo: FigureBack;
  /** Shown without `?actID=`. */
  needActivity?: string;
  /** The page's test id; `figures-<name>` unless given. */
  testId?: string;
  cards?: FigureCard[];
  charts?: FigureChart[];
  tables?: FigureTable[];
  links?: FigureLink[];
  downloads?: FigureDownload[];
  /** The text of each download button. */
  downloadAction?: string;
  /** Query parameters the page needs beyond `?actID=` (filled into `{name}` of its paths, passed on to its links). */
  params?: FigureParam[];
  /** Filters above the page; their values are query parameters of `source` (the answer is read again). */
  filters?: FigureFilter[];
  /** The heading's text after `：` from a row of the answer chosen by a query parameter, instead of the activity's title. */
  headingFrom?: FigureHeadingFrom;
  /** One record of the answer as labelled values (descriptions). */
  record?: FigureRecordItem[];
  /** A table read page by page from its own path, with an optional keyword search. */
  pagedTable?: FigurePagedTable;
  /** Downloads as buttons beside the heading (`?act=` and the filters added). */
  headerDownloads?: FigureHeaderDownload[];
  /** Parts a feature page renders itself (`<FiguresPage slots={{ name: … }}/>`), in this order after the tables. */
  slots?: string[];
}

/** How a column's value reads: a number as a percent with 2 decimals (`12.50%`), Unix seconds as China time. */
export type FigureColumnFormat = 'percent2' | 'time';

/** A link cell: the page's path and its query, each parameter from a row field (`{ paperID: 'response_id' }`). */
export interface FigureColumnLink {
  path: string;
  query: Record<string, string>;
}

/** A query parameter of the page (`quesID`): shown `need` when it is missing or not an id. */
export interface FigureParam {
  name: string;
  need: string;
}

/** A filter of the answer: a unit (its units below included) as `param`, or a China-day range as `from`/`to` seconds. */
export type FigureFilter = { kind: 'unit'; title: string; param: string } | { kind: 'dateRange'; title: string; from: string; to: string };

/**
 * A text made of row fields: each piece's `{field}` filled in, a piece whose fields are all empty
 * left out (`['第{no}题 ', '{title}']`); `instead` when the row's `when` field is true.
 */
export interface FigureText {
  pieces: string[];
  instead?: { when: string; text: string };
}

export interface FigureHeadingFrom {
  /** The rows to look in, the row field to match and the parameter it must equal. */
  rows: DataPath;
  match: string;
  param: string;
  text: FigureText;
}

export interface FigureRecordItem {
  label: string;
  /** A path into the answer, or a text of its fields. */
  value: DataPath | FigureText;
  format?: 'time';
  /** Left out when empty. */
  hideEmpty?: boolean;
}

export interface FigurePagedTable {
  /** Test id of its card. */
  key: string;
  /** `GET` path of a list (`{items, _meta: {totalCount}}`, `page`/`page_size`); `{org}`, `{act}` and params filled in. */
  source: string;
  columns: FigureColumn[];
  /** Row fields making a row's key. */
  rowKey: string[];
  search?: { placeholder: string; param: string; testId?: string };
}

export interface FigureHeaderDownload {
  key: string;
  title: string;
  /** `{org}` is filled in. */
  path: string;
  query?: Record<string, string>;
  filename?: string;
  retries?: boolean;
}

/** The text of a `FigureText` over a row (empty when `row` is not one). */
export function figureTextOf(text: FigureText, row: unknown): string {
  const r = (row !== null && typeof row === 'object' ? row : {}) as Record<string, unknown>;
  if (text.instead && r[text.instead.when]) return text.instead.text;
  const filled = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== 0;
  return text.pieces
    .map((piece) => {
      const fields = [...piece.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (fields.length > 0 && !fields.some((f) => filled(r[f]))) return '';
      return piece.replace(/\{(\w+)\}/g, (_, f: string) => (filled(r[f]) ? String(r[f]) : ''));
    })
    .join('');
}

/** A path with `{name}` filled from `values` (encoded). */
export function fillFigurePath(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(String(values[name])) : whole));
}

/** What a column shows for a row: the field (or its fallback) through the column's format; blank labels as tables do. */
export function columnText(row: Record<string, unknown>, column: Pick<FigureColumn, 'field' | 'blank' | 'format' | 'fallback'>): string {
  let v = row[column.field];
  if ((v === null || v === undefined || v === '') && column.fallback) v = row[column.fallback];
  if (column.format === 'percent2') return percentText(v);
  if (column.format === 'time') return formatSeconds(v);
  if (v === null || v === undefined || v === '') return column.blank ? rowLabel(row, column.field, column.blank) : '';
  return String(v);
}

/** A share as a percent with 2 decimals (spec §9): `12.50%`; `0.00%` without a value. */
export function percentText(v: unknown): string {
  const n = Number(v);
  return `${(Number.isFinite(n) ? n : 0).toFixed(2)}%`;
}

export interface FiguresDef extends Required<Pick<FiguresInput, 'cards' | 'charts' | 'tables' | 'links' | 'downloads' | 'needActivity' | 'testId' | 'downloadAction'>>, Omit<FiguresInput, 'cards' | 'charts' | 'tables' | 'links' | 'downloads' | 'needActivity' | 'testId' | 'downloadAction'> {}

export const NEED_ACTIVITY = '请先从活动列表进入';
export const DOWNLOAD_ACTION = '下载';

export function defineFigures(def: FiguresInput): FiguresDef {
  return {
    cards: [],
    charts: [],
    tables: [],
    links: [],
    downloads: [],
    needActivity: NEED_ACTIVITY,
    testId: `figures-${def.name}`,
    downloadAction: DOWNLOAD_ACTION,
    ...def,
  };
}

/** The value at a dotted path of an answer. */
export function figureValue(data: unknown, path: DataPath): unknown {
  let v: unknown = data;
  for (const part of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

/** The rows at a path (none when it is not an array). */
export function figureRows(data: unknown, path: DataPath): Record<string, unknown>[] {
  const v = figureValue(data, path);
  return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
}

export const NO_VALUE = '—';

/** A card's value as shown. */
export function figureText(v: unknown, format: FigureFormat = 'number'): string | number {
  if (v === null || v === undefined) return format === 'percent' ? NO_VALUE : 0;
  if (format === 'percent') return `${String(v)}%`;
  return typeof v === 'number' ? v : String(v);
}

/** A row's label, with the declared text for an empty name. */
export function rowLabel(row: Record<string, unknown>, field: string, blank?: BlankLabel): string {
  const v = row[field];
  if (v !== null && v !== undefined && v !== '') return String(v);
  if (!blank) return '';
  return blank.noId !== undefined && (row.id === null || row.id === undefined) ? blank.noId : blank.text;
}
