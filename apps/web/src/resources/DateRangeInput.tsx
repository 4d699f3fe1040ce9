import { useMemo } from 'react';
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { dayEnd, dayStart, pickerValue } from '../shared/dayjs';

/** `[from, to]` in Unix seconds, either end blank. */
export type SecondsRange = [number | null, number | null];
type Props = Omit<RangePickerProps, 'value' | 'onChange'> & { value?: readonly unknown[] | null; onChange?: (range: SecondsRange | null) => void };

/**
 * A range of whole days in the organisation's zone as Unix seconds (first second of the first day,
 * last second of the last day), whatever the browser's zone (shared/dayjs.ts): the date range
 * filter of declared `range` filters on dates and of feature pages. Its own chunk, like DateTimeInput.
 */
export default function DateRangeInput({ value, onChange, ...props }: Props) {
  const [from, to] = value ?? [];
  const picked = useMemo(() => [pickerValue(from), pickerValue(to)] as RangePickerProps['value'], [from, to]);
  return (
    <DatePicker.RangePicker
      allowEmpty={[true, true]}
      {...props}
      value={picked}
      onChange={(d) => onChange?.(d && (d[0] || d[1]) ? [d[0] ? dayStart(d[0]) : null, d[1] ? dayEnd(d[1]) : null] : null)}
    />
  );
}
