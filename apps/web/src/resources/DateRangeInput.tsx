import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';

/** The date range filter of declared `range` filters on dates (its own chunk, like DateTimeInput). */
export default function DateRangeInput(props: RangePickerProps) {
  return <DatePicker.RangePicker allowEmpty={[true, true]} {...props} />;
}
