import { Button, Flex, InputNumber, Typography } from 'antd';
import { READ_CLOCK_DEFAULTS, READ_CLOCK_LIMITS, type ReadClockMilestone } from '@huodong/domain';
import * as T from './texts';

/**
 * The streak milestones of a check-in (`config.milestones`, design §9b): rows of days → points,
 * added and removed here; the form item checks them with the domain's schema
 * (`readClockConfigSchemas.milestones`: days from small to large, points at least 1). Not set, the
 * design's defaults apply and are shown (an edit starts from them); every row removed is none.
 */
export function MilestonesInput({ value, onChange, id }: { value?: ReadClockMilestone[] | null; onChange?: (v: ReadClockMilestone[]) => void; id?: string }) {
  const rows: readonly ReadClockMilestone[] = value ?? READ_CLOCK_DEFAULTS.milestones;
  const set = (i: number, patch: Partial<ReadClockMilestone>) => onChange?.(rows.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const last = rows[rows.length - 1];
  const add = () => onChange?.([...rows, { days: Math.min((last?.days ?? 0) + 7, READ_CLOCK_LIMITS.courseDays), points: last?.points ?? 10 }]);
  return (
    <Flex vertical gap={8} id={id} data-testid="milestones">
      <Typography.Text type="secondary">{value == null ? T.DEFAULTS : rows.length ? T.HINT : T.NONE}</Typography.Text>
      {rows.map((m, i) => (
        <Flex key={i} gap={8} wrap align="center">
          <InputNumber aria-label={`${T.DAYS}（第${i + 1}档）`} min={1} max={READ_CLOCK_LIMITS.courseDays} precision={0} value={m.days} suffix={T.DAYS_UNIT} style={{ width: 140 }} onChange={(v) => set(i, { days: v ?? 0 })} />
          <InputNumber aria-label={`${T.POINTS}（第${i + 1}档）`} min={1} max={100000} precision={0} value={m.points} suffix={T.POINTS_UNIT} style={{ width: 160 }} onChange={(v) => set(i, { points: v ?? 0 })} />
          <Button type="link" size="small" danger onClick={() => onChange?.(rows.filter((_, j) => j !== i))}>
            {T.REMOVE}
          </Button>
        </Flex>
      ))}
      {rows.length < READ_CLOCK_LIMITS.milestones && (
        <Button onClick={add} style={{ alignSelf: 'flex-start' }}>
          {T.ADD}
        </Button>
      )}
    </Flex>
  );
}
