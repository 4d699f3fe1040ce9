import { lazy, Suspense, type ReactNode } from 'react';
import { Button, Col, Row, Tag } from 'antd';
import { formatSeconds } from '@huodong/domain';
import { chosenBy, figureRows, figureShown, figureText, figureValue, rowLabel, rowLinkQuery, type FigureCard, type FigureChart, type FigureColumn, type FigureTable, type FiguresDef } from '@huodong/domain/figures';
import { PageLoading } from '../shared/PageLoading';

/*
 * The parts of a figures page the voting, contest and third-party declarations added (define.ts):
 * cells by `show`, row links, slices, side-by-side tables, the declared list, and the slots a
 * feature page fills with what is its own.
 */

const FigureList = lazy(() => import('./FigureList'));

/** What a slot gets: the answer, the organisation, the activity. */
export interface FiguresContext {
  data: unknown;
  org: string;
  act: number;
}

/** A feature page's own parts: `actions` beside the declared links, `top` above the figures, `bottom` below them. */
export interface FiguresSlots {
  actions?: (ctx: FiguresContext) => ReactNode;
  top?: (ctx: FiguresContext) => ReactNode;
  bottom?: (ctx: FiguresContext) => ReactNode;
}

type Row = Record<string, unknown>;

/** A card's value as shown: its `show`, else its `format`. */
export const cardText = (c: FigureCard, data: unknown) => (c.show ? figureShown(figureValue(data, c.value), c.show) : figureText(figureValue(data, c.value), c.format));

/** A chart's rows: its slices of the answer (`name`, `value`), else the array at `rows`. */
export function chartRows(chart: Pick<FigureChart, 'rows' | 'slices'>, data: unknown): Row[] {
  if (!chart.slices) return figureRows(data, chart.rows);
  const n = (p: string | undefined) => (p ? Number(figureValue(data, p) ?? 0) || 0 : 0);
  return chart.slices.map((s) => ({ name: s.title, value: Math.max(0, n(s.value) - n(s.minus)) }));
}

/** A column's cell: a row link, a tag or tags, a time, a shown value, else the label with its blank text. */
export function columnCell(c: FigureColumn, row: Row, open: (path: string) => void, act: number): ReactNode {
  if (c.link) {
    const link = c.link;
    const query = new URLSearchParams({ actID: String(act), ...rowLinkQuery(link, row) }).toString();
    return (
      <Button size="small" type="link" onClick={() => open(`${link.path}?${query}`)}>
        {link.text}
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
    case 'time':
      return formatSeconds(v);
    case undefined:
      return rowLabel(row, c.field, c.blank);
    default:
      return figureShown(v, c.show, c);
  }
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
