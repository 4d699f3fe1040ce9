import { Card, Descriptions } from 'antd';
import { figureShown, figureTextOf, figureValue, type FigureRecordItem } from '@huodong/domain/figures';

/** What a record item shows for the answer. */
export function recordText(item: FigureRecordItem, data: unknown): string {
  if (typeof item.value !== 'string') return figureTextOf(item.value, data);
  const v = figureValue(data, item.value);
  return String(figureShown(v, item.show));
}

/** One record of the answer as labelled values; an item declared `hideEmpty` is left out when empty. */
export default function FigureRecord({ items, data }: { items: readonly FigureRecordItem[]; data: unknown }) {
  const shown = items.map((item) => ({ item, text: recordText(item, data) })).filter(({ item, text }) => !(item.hideEmpty && text === ''));
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="figures-record">
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} items={shown.map(({ item, text }) => ({ key: item.label, label: item.label, children: text }))} />
    </Card>
  );
}
