/**
 * Figures pages as declarations (issue 21 §3): what a statistics page of one activity shows, read
 * from one JSON answer of the server. The web renders every declaration with one page
 * (apps/web/src/figures/FiguresPage.tsx); the route table names it with `figures:` beside
 * `resource:`. A new statistics page is a declaration here plus the server query that answers it.
 */

import { formatSeconds } from '../cells.js';

/** A dotted path into the answer (`totals.passed`, `days`). */
export type DataPath = string;

/**
 * How a cell, a card or a record item shows its value beyond a plain number: `percent` (`v%`, `—`
 * without), `percent2` (2 decimals, `0.00%` without: spec §9), `dash` (`—` without), `time` (Unix
 * seconds as China time, empty without), `tag` (the column's `tag` when true), `tags` (an array of
 * texts, one tag each), `pairs` (an array of objects as `key:value` pairs, `—` when empty), `yuan` (an amount in
 * fen as yuan with 2 decimals, `0.00` without).
 */
export type FigureShow = 'percent' | 'percent2' | 'dash' | 'time' | 'tag' | 'tags' | 'pairs' | 'yuan';

export interface FigureCard {
  /** Test id `total-<key>`. */
  key: string;
  title: string;
  value: DataPath;
  /** A plain number (0 without) unless given. */
  show?: FigureShow;
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
  /** Per series kind in a daily or bars chart (the chart's own kind without). */
  type?: 'bar' | 'line';
  /** Series with the same stack are stacked. */
  stack?: string;
  /** On the second (right) axis. */
  right?: boolean;
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
  /** A second y axis on the right for series with `right`: `percent` is 0–100 %; without it, a count axis of its own. */
  rightAxis?: 'percent';
  /** A dashed vertical line at a percent of the chart's width, from the object at `at` (no object, no line); `{field}` in `text` is filled from it. */
  markLine?: { at: DataPath; value: string; text: string };
  /** Appended to a category's label when the row's field is true (a right option's ✓). */
  labelMark?: { field: string; text: string };
  /** A chart of named values of the answer instead of rows (a pie of parts): each `value` less `minus`; the rows then have `name` and `value`. */
  slices?: { title: string; value: DataPath; minus?: DataPath }[];
  /** Of 24 columns on wide screens; charts side by side share a row. */
  span?: number;
  height?: number;
}

export interface FigureColumn {
  field: string;
  title: string;
  blank?: BlankLabel;
  /** A row field read when `field` is empty (e.g. a number answer where there is no text). */
  fallback?: string;
  show?: FigureShow;
  /** The tag of `show: 'tag'` (text and colour) or the colour of `show: 'tags'`. */
  tag?: { text?: string; color: string };
  /** The fields of each item of `show: 'pairs'`. */
  pairs?: { key: string; value: string };
  /** The cell is this link (the column's `field` is unused). */
  link?: FigureRowLink;
  width?: number;
  ellipsis?: boolean;
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
  /** Rows per page (a table longer than this pages; 20 without). */
  pageSize?: number;
  /** A 导出 button saving the rows as the columns show them, as `<exportName>.csv`. */
  exportName?: string;
  /** A row opens to a chart of an array of the row (`rows`, a row field); rows without items do not open. */
  expand?: { rows: string; title: string; chart: Omit<FigureChart, 'key' | 'title' | 'rows' | 'empty'> };
  /** Tables with a side are drawn in two columns, after the others. */
  side?: 'left' | 'right';
}

/** A link in each row to another page of the activity: `?actID=` (on a page of one activity) plus query parameters from the row's fields. */
export interface FigureRowLink {
  path: string;
  /** The row field holding the page's path instead of `path` (no link when it is empty): an activity's own statistics page by its type. */
  pathFrom?: string;
  /** The row field holding the organisation key whose back office the page opens in (the platform's drill-down); the page's own scope without. */
  scopeFrom?: string;
  /** query parameter → row field (e.g. `{ sourceID: 'id' }`). */
  query: Record<string, string>;
  /** The link's text; the column's value without. */
  text?: string;
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

/** A value chosen by a value of the answer (e.g. `activity.type`): `choices[String(value)]`, else `otherwise`. */
export interface ByValue<T> {
  by: DataPath;
  choices: Record<string, T>;
  otherwise?: T;
}

/** An extra query parameter the page needs (e.g. `sourceID`): fills `{name}` in `source`; `need` is shown without it. */
export interface FigureParam {
  name: string;
  need: string;
}

export interface FiguresInput {
  /** The name the route table's `figures:` gives. */
  name: string;
  /** The route it renders (ROUTES `path`). */
  path: string;
  /** `GET` path of the answer; `{org}` and `{act}` are filled in. Without it the page reads nothing (a downloads page). */
  source?: string;
  /** The heading, followed by `：` and the activity's title (`activity.title` of the answer) once read. */
  heading: string;
  /** The title after the heading (`activity.title` without). */
  titleFrom?: DataPath;
  /** Query parameters the source needs beyond `actID`. */
  params?: FigureParam[];
  /** Without it (a page of the menu), no 返回. */
  backTo?: FigureBack;
  /** Where 返回 goes once the answer is read, by one of its values (`backTo` before). */
  backBy?: ByValue<FigureBack>;
  /** A declared resource's list under the figures, with the activity as its parent (chosen by a value of the answer). */
  list?: ByValue<string>;
  /** Shown without `?actID=`. */
  needActivity?: string;
  /**
   * A page of the whole organisation or platform (issue 26): no `?actID=`; `{org}` of `source` is the
   * page's scope, links and row links carry no activity.
   */
  wide?: boolean;
  /** The page's test id; `figures-<name>` unless given. */
  testId?: string;
  cards?: FigureCard[];
  charts?: FigureChart[];
  tables?: FigureTable[];
  links?: FigureLink[];
  downloads?: FigureDownload[];
  /** The text of each download button. */
  downloadAction?: string;
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
  show?: FigureShow;
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

/** What a column shows for a row as text: the field (or its fallback) as its `show` says; blank labels as tables do. */
export function columnText(row: Record<string, unknown>, column: Pick<FigureColumn, 'field' | 'blank' | 'show' | 'pairs' | 'fallback'>): string {
  let v = row[column.field];
  if ((v === null || v === undefined || v === '') && column.fallback) v = row[column.fallback];
  if (column.show) return String(figureShown(v, column.show, column));
  if (v === null || v === undefined || v === '') return column.blank ? rowLabel(row, column.field, column.blank) : '';
  return String(v);
}

/** A table's rows as CSV (a byte-order mark first, so spreadsheets read the Chinese), the columns as they show them; link columns left out. */
export function figureTableCsv(columns: readonly FigureColumn[], rows: readonly Record<string, unknown>[]): string {
  const shown = columns.filter((c) => !c.link);
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [shown.map((c) => cell(c.title)), ...rows.map((r) => shown.map((c) => cell(columnText(r, c))))];
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** An amount in fen as yuan with 2 decimals: `12.50`; `0.00` without a value. */
export function yuanText(fen: unknown): string {
  const n = Number(fen);
  return (Number.isFinite(n) ? n / 100 : 0).toFixed(2);
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

/** A card's value as shown: as its `show` says, else the number (0 without). */
export function cardText(card: Pick<FigureCard, 'value' | 'show'>, data: unknown): string | number {
  const v = figureValue(data, card.value);
  return figureShown(card.show ? v : (v ?? 0), card.show);
}

/** A row's label, with the declared text for an empty name. */
export function rowLabel(row: Record<string, unknown>, field: string, blank?: BlankLabel): string {
  const v = row[field];
  if (v !== null && v !== undefined && v !== '') return String(v);
  if (!blank) return '';
  return blank.noId !== undefined && (row.id === null || row.id === undefined) ? blank.noId : blank.text;
}

/** The choice of `by` for an answer (`otherwise` until it is read, or for a value not listed). */
export function chosenBy<T>(by: ByValue<T>, data: unknown): T | undefined {
  const v = data === undefined ? undefined : figureValue(data, by.by);
  return (v !== undefined && v !== null ? by.choices[String(v)] : undefined) ?? by.otherwise;
}

/** A value as its `show` says (FigureShow). */
export function figureShown(v: unknown, show: FigureShow | undefined, column?: Pick<FigureColumn, 'pairs'>): string | number {
  const none = v === null || v === undefined;
  switch (show) {
    case 'percent':
      return none ? NO_VALUE : `${String(v)}%`;
    case 'percent2':
      return percentText(v);
    case 'time':
      return formatSeconds(v);
    case 'yuan':
      return yuanText(v);
    case 'dash':
      return none ? NO_VALUE : typeof v === 'number' ? v : String(v);
    case 'pairs': {
      const p = column?.pairs ?? { key: 'key', value: 'value' };
      const items = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
      return items.map((o) => `${String(o[p.key])}:${String(o[p.value])}`).join(' ') || NO_VALUE;
    }
    default:
      return none ? '' : typeof v === 'number' ? v : String(v);
  }
}

/** A row link's path: the page, `?actID=` and the row's fields as the declared parameters. */
export function rowLinkQuery(link: FigureRowLink, row: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(link.query).map(([param, field]) => [param, String(row[field] ?? '')]));
}

/** The text of a mark line with `{field}` filled from its object. */
export function markText(text: string, at: Record<string, unknown>): string {
  return text.replace(/\{(\w+)\}/g, (_, f: string) => String(at[f] ?? ''));
}
