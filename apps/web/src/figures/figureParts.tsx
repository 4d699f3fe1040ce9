import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Col, Row, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { chosenBy, columnText, figureRows, figureValue, rowLinkQuery, type FigureChart, type FigureColumn, type FigureRowLink, type FigureTable, type FiguresDef } from '@huodong/domain/figures';
import { PageLoading } from '../shared/PageLoading';
import type { FigureFilterValues } from './FiguresFilters';

/*
 * The parts of a figures page the voting, contest and third-party declarations added (define.ts):
 * cells by `show`, row links, slices, side-by-side tables, the declared list, and the slots a
 * feature page fills with what is its own.
 */

const FigureList = lazy(() => import('./FigureList'));

/** What a slot gets: the answer, the organisation, the activity, the page's parameters (`params`) and the filters picked. */
export interface FiguresContext {
  data: unknown;
  org: string;
  act: number;
  params: Record<string, number>;
  filters: FigureFilterValues;
}

/** A feature page's own parts: `actions` beside the declared links, `top` above the figures, `bottom` below them (after the record and the paged table). */
export interface FiguresSlots {
  actions?: (ctx: FiguresContext) => ReactNode;
  top?: (ctx: FiguresContext) => ReactNode;
  bottom?: (ctx: FiguresContext) => ReactNode;
}

type Row = Record<string, unknown>;

/** A card's value as shown: its `show`, else its `format`. */

/** A chart's rows: its slices of the answer (`name`, `value`), else the array at `rows`. */
export function chartRows(chart: Pick<FigureChart, 'rows' | 'slices'>, data: unknown): Row[] {
  if (!chart.slices) return figureRows(data, chart.rows);
  const n = (p: string | undefined) => (p ? Number(figureValue(data, p) ?? 0) || 0 : 0);
  return chart.slices.map((s) => ({ name: s.title, value: Math.max(0, n(s.value) - n(s.minus)) }));
}

/** The path of a row link: its page (or the row's, `pathFrom`) with the activity (on a page of one) and the query read from the row; '' for a row without a page. */
export function columnLinkPath(link: FigureRowLink, act: number | undefined, row: Row): string {
  const path = link.pathFrom ? String(row[link.pathFrom] ?? '') : link.path;
  return path ? pathWithQuery(path, act, rowLinkQuery(link, row)) : '';
}

/** A page with `?actID=` (on a page of one activity) and the query; the bare path when there is neither. */
export function pathWithQuery(path: string, act: number | undefined, query: Record<string, string> = {}): string {
  const q = new URLSearchParams({ ...(act !== undefined ? { actID: String(act) } : {}), ...query }).toString();
  return q ? `${path}?${q}` : path;
}

/** Opens a page of the back office: the page's own scope, or another organisation's (`scope`). */
export type OpenPage = (path: string, scope?: string) => void;

/** A column's cell: a row link, a tag or tags, else its text (`columnText`). */
export function columnCell(c: FigureColumn, row: Row, open: OpenPage, act: number | undefined): ReactNode {
  if (c.link) {
    const link = c.link;
    const path = columnLinkPath(link, act, row);
    if (!path) return null;
    return (
      <Button size="small" type="link" onClick={() => open(path, link.scopeFrom ? String(row[link.scopeFrom] ?? '') || undefined : undefined)}>
        {link.text ?? columnText(row, c)}
      </Button>
    );
  }
  const v = row[c.field];
  switch (c.show) {
    case 'tag':
      return v ? <Tag color={c.tag?.color}>{c.tag?.text ?? String(v)}</Tag> : null;
    case 'tags':
      return (Array.isArray(v) ? v : []).map((t) => (
        <Tag key={String(t)} color={c.tag?.color}>
          {String(t)}
        </Tag>
      ));
    default:
      return columnText(row, c);
  }
}

/** The antd columns of declared columns (a figures table, a paged table). */
export function figureColumns(columns: readonly FigureColumn[], act: number | undefined, open: OpenPage): ColumnsType<Row> {
  return columns.map((c) => ({ key: c.link ? `link-${c.field}` : c.field, title: c.title, width: c.width, ellipsis: c.ellipsis, render: (_: unknown, r: Row) => columnCell(c, r, open, act) }));
}

/** The tables with a side, in two columns (left, right). */
export function SideTables({ tables, render }: { tables: FigureTable[]; render: (t: FigureTable) => ReactNode }) {
  if (tables.length === 0) return null;
  return (
    <Row gutter={[16, 0]}>
      {(['left', 'right'] as const).map((side) => (
        <Col key={side} xs={24} lg={12}>
          {tables.filter((t) => t.side === side).map(render)}
        </Col>
      ))}
    </Row>
  );
}

/** The declared list under the figures (the resource the answer's value chooses), loaded when shown. */
export function DeclaredList({ def, data, org, act }: { def: FiguresDef; data: unknown; org: string; act: number }) {
  const resource = def.list ? chosenBy(def.list, data) : undefined;
  if (!resource) return null;
  return (
    <Suspense fallback={<PageLoading />}>
      <FigureList resource={resource} org={org} act={act} />
    </Suspense>
  );
}
