import { useState } from 'react';
import { Button, Flex } from 'antd';
import type { FigureFilter } from '@huodong/domain/figures';
import { UnitInput } from '../resources/UnitInput';
import DateRangeInput, { type SecondsRange } from '../resources/DateRangeInput';
import * as T from './texts';

/** The values of a declaration's filters, by query parameter (blank ones absent). */
export type FigureFilterValues = Record<string, number | undefined>;

type Picked = { unit: Record<string, number | null>; range: Record<string, SecondsRange | null> };
const NONE: Picked = { unit: {}, range: {} };

/** The query parameters of what is picked. */
export function filterValues(filters: readonly FigureFilter[], picked: Picked): FigureFilterValues {
  const out: FigureFilterValues = {};
  for (const f of filters) {
    if (f.kind === 'unit') out[f.param] = picked.unit[f.param] ?? undefined;
    else {
      const [from, to] = picked.range[f.from] ?? [];
      out[f.from] = from ?? undefined;
      out[f.to] = to ?? undefined;
    }
  }
  return out;
}

/**
 * A declaration's filters (a unit with the units below it, a range of China days, both ends
 * included) with 查询 and 重置. Loaded after the page: the date picker and the unit cascader are not
 * part of its first load.
 */
export default function FiguresFilters({ filters, org, onSearch }: { filters: readonly FigureFilter[]; org: string; onSearch: (values: FigureFilterValues) => void }) {
  const [picked, setPicked] = useState<Picked>(NONE);
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }} data-testid="figures-filters">
      {filters.map((f) =>
        f.kind === 'unit' ? (
          <Flex key={f.param} gap={8} align="center">
            <span>{f.title}</span>
            <div style={{ width: 220 }}>
              <UnitInput org={org} aria-label={f.title} value={picked.unit[f.param] ?? null} onChange={(v) => setPicked((p) => ({ ...p, unit: { ...p.unit, [f.param]: v as number | null } }))} />
            </div>
          </Flex>
        ) : (
          <Flex key={f.from} gap={8} align="center">
            <span>{f.title}</span>
            <DateRangeInput aria-label={f.title} value={picked.range[f.from] ?? null} onChange={(r) => setPicked((p) => ({ ...p, range: { ...p.range, [f.from]: r } }))} />
          </Flex>
        ),
      )}
      <Button type="primary" onClick={() => onSearch(filterValues(filters, picked))} data-testid="figures-search">
        {T.SEARCH}
      </Button>
      <Button onClick={() => (setPicked(NONE), onSearch({}))}>{T.RESET}</Button>
    </Flex>
  );
}
