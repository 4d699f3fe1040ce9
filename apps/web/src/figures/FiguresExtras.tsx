import { Suspense, lazy } from 'react';
import { figureRows, figureTextOf, type FigureHeadingFrom, type FigureParam, type FiguresDef } from '@huodong/domain/figures';
import { idFromQuery } from '../shared/idFromQuery';
import type { FiguresContext } from './figureParts';

// Loaded only by a declaration that has them.
const PagedTable = lazy(() => import('./PagedTable'));
const FigureRecord = lazy(() => import('./FigureRecord'));

/** The declared query parameters of the page as ids, and the first one missing (or not an id). */
export function figureParams(def: Pick<FiguresDef, 'params'>, query: URLSearchParams): { values: Record<string, number>; missing?: FigureParam } {
  const values: Record<string, number> = {};
  for (const p of def.params ?? []) {
    const v = idFromQuery(query.get(p.name));
    if (v === undefined) return { values, missing: p };
    values[p.name] = v;
  }
  return { values };
}

/** The heading's text from the row of the answer the page's parameter names (empty when there is none). */
export function figureHeadingTitle(from: FigureHeadingFrom, data: unknown, params: Record<string, number>): string {
  const row = figureRows(data, from.rows).find((r) => String(r[from.match]) === String(params[from.param]));
  return row ? figureTextOf(from.text, row) : '';
}

/** What a declaration shows below its figures: its record and its paged table. */
export function FiguresExtras({ def, context }: { def: FiguresDef; context: FiguresContext }) {
  const { record, pagedTable } = def;
  return (
    <>
      {(record || pagedTable) && (
        <Suspense fallback={null}>
          {record && <FigureRecord items={record} data={context.data} />}
          {pagedTable && <PagedTable table={pagedTable} org={context.org} act={context.act} params={context.params} />}
        </Suspense>
      )}
    </>
  );
}
