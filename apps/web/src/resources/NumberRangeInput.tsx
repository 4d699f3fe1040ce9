import { InputNumber, Space } from 'antd';
import { RANGE_FROM, RANGE_TO } from './texts';

export type NumberRangeValue = [number | null, number | null];

/**
 * Two numbers `[from, to]` for a declared `range` filter on a number (its own chunk, like
 * DateRangeInput: antd InputNumber loads only with a page that has one).
 */
export default function NumberRangeInput({ value, onChange, label }: { value?: NumberRangeValue; onChange?: (v: NumberRangeValue) => void; label: string }) {
  const [from, to] = value ?? [null, null];
  return (
    <Space.Compact>
      <InputNumber aria-label={`${label}${RANGE_FROM}`} placeholder={RANGE_FROM} value={from} onChange={(v) => onChange?.([v, to])} />
      <InputNumber aria-label={`${label}${RANGE_TO}`} placeholder={RANGE_TO} value={to} onChange={(v) => onChange?.([from, v])} />
    </Space.Compact>
  );
}
