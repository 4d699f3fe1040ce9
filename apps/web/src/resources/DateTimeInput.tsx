import { DatePicker, type DatePickerProps } from 'antd';

/** The date-time input of declared `datetime` fields (its own chunk: see fieldInputs.tsx). */
export default function DateTimeInput(props: DatePickerProps) {
  return <DatePicker showTime style={{ width: '100%' }} {...props} />;
}
