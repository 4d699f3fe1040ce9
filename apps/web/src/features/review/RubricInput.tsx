import { Button, Checkbox, Flex, Input, InputNumber, Typography } from 'antd';
import { ADD_CRITERION, CRITERION, MAX, REMOVE, REQUIRED, WEIGHT, WEIGHT_SUM } from './texts';

export interface Criterion {
  name: string;
  weight: number;
  max: number;
  required: boolean;
}

/** The rubric of an expert activity: weighted criteria (weights add to 100), each with its full score. */
export function RubricInput({ value, onChange, id }: { value?: Criterion[]; onChange?: (v: Criterion[]) => void; id?: string }) {
  const list = Array.isArray(value) ? value : [];
  const set = (i: number, patch: Partial<Criterion>) => onChange?.(list.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const sum = list.reduce((s, c) => s + (Number(c.weight) || 0), 0);
  return (
    <div id={id}>
      {list.map((c, i) => (
        <Flex key={i} gap={8} align="center" wrap style={{ marginBottom: 8 }}>
          <Input aria-label={CRITERION} placeholder={CRITERION} value={c.name} onChange={(e) => set(i, { name: e.target.value })} style={{ width: 160 }} />
          <InputNumber aria-label={WEIGHT} addonBefore={WEIGHT} min={1} max={100} value={c.weight} onChange={(v) => set(i, { weight: Number(v ?? 0) })} style={{ width: 130 }} />
          <InputNumber aria-label={MAX} addonBefore={MAX} min={1} max={100} value={c.max} onChange={(v) => set(i, { max: Number(v ?? 10) })} style={{ width: 120 }} />
          <Checkbox checked={c.required} onChange={(e) => set(i, { required: e.target.checked })}>
            {REQUIRED}
          </Checkbox>
          <Button type="link" danger onClick={() => onChange?.(list.filter((_, j) => j !== i))}>
            {REMOVE}
          </Button>
        </Flex>
      ))}
      <Flex gap={12} align="center">
        <Button onClick={() => onChange?.([...list, { name: '', weight: Math.max(1, 100 - sum), max: 10, required: true }])}>{ADD_CRITERION}</Button>
        <Typography.Text type={sum === 100 ? 'secondary' : 'danger'}>{WEIGHT_SUM(sum)}</Typography.Text>
      </Flex>
    </div>
  );
}
