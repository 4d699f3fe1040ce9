import { useMemo } from 'react';
import { DatePicker, type DatePickerProps } from 'antd';
import { pickedSeconds, pickerValue } from '../shared/dayjs';

type Props = Omit<DatePickerProps, 'value' | 'onChange'> & { value?: number | string | null; onChange?: (seconds: number | null) => void };

/**
 * A date and time as Unix seconds, shown and entered in the organisation's zone whatever the
 * browser's (shared/dayjs.ts): the form holds what the API holds. Its own chunk: antd's
 * DatePicker and dayjs load with the first form that has a date.
 */
export default function DateTimeInput({ value, onChange, ...props }: Props) {
  const picked = useMemo(() => pickerValue(value), [value]);
  return <DatePicker showTime style={{ width: '100%' }} {...props} value={picked} onChange={(d) => onChange?.(d && !Array.isArray(d) ? pickedSeconds(d) : null)} />;
}
