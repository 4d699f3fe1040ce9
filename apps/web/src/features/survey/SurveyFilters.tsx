import { useState } from 'react';
import { Button, Flex } from 'antd';
import { UnitInput } from '../../resources/UnitInput';
import DateRangeInput, { type SecondsRange } from '../../resources/DateRangeInput';
import * as T from './texts';

export type SurveyFilterValues = { unit_id?: number; from?: number; to?: number };

/**
 * The count page's filters: a unit (with the units below it) and a submission date range (China
 * days, both ends included). Loaded after the page (the date picker and the unit cascader are not
 * part of its first load).
 */
export default function SurveyFilters({ org, onSearch }: { org: string; onSearch: (f: SurveyFilterValues) => void }) {
  const [unit, setUnit] = useState<number | null>(null);
  const [range, setRange] = useState<SecondsRange | null>(null);
  const search = () => {
    const [from, to] = range ?? [];
    onSearch({ unit_id: unit ?? undefined, from: from ?? undefined, to: to ?? undefined });
  };
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      <span>{T.UNIT}</span>
      <div style={{ width: 220 }}>
        <UnitInput org={org} aria-label={T.UNIT} value={unit} onChange={(v) => setUnit(v as number | null)} />
      </div>
      <span>{T.DATE_RANGE}</span>
      <DateRangeInput value={range} onChange={setRange} />
      <Button type="primary" onClick={search} data-testid="survey-search">
        {T.SEARCH}
      </Button>
      <Button onClick={() => (setUnit(null), setRange(null), onSearch({}))}>{T.RESET}</Button>
    </Flex>
  );
}
