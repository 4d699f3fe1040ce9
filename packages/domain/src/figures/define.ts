/**
 * Figures pages as declarations (issue 21 §3): what a statistics page of one activity shows, read
 * from one JSON answer of the server. The web renders every declaration with one page
 * (apps/web/src/figures/FiguresPage.tsx); the route table names it with `figures:` beside
 * `resource:`. A new statistics page is a declaration here plus the server query that answers it.
 */

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
export type FigureBack = { resource: string } | { path: string; text: string };

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
