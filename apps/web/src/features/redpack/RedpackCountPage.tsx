import { Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Flex, Table } from 'antd';
import { chartLabel } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { LazyEChart } from '../../shared/LazyEChart';
import { LazyAlert } from '../../shared/LazyAlert';
import { StatCards } from '../../shared/CountFrame';
import { PagePanel } from '../../shared/PagePanel';
import { api, useApiMutation, useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

interface Measures {
  payouts: number;
  sent: number;
  received: number;
  refunded: number;
  failed: number;
  pending: number;
  cost_fen: number;
  refunded_fen: number;
}
interface Figures {
  totals: Measures;
  activities: (Measures & { act_id: number; title: string })[];
  days: (Measures & { day: string })[];
}
interface Batch {
  id: number;
  total_fen: number;
  count: number;
  status: string;
  reason: string;
  own: boolean;
}

const KEY = 'redpack';
const CHART_HEIGHT = 260;

const measureColumns = [
  { key: 'payouts', dataIndex: 'payouts', title: T.PAYOUT_COUNT },
  { key: 'received', dataIndex: 'received', title: T.RECEIVED },
  { key: 'refunded', dataIndex: 'refunded', title: T.REFUNDED },
  { key: 'failed', dataIndex: 'failed', title: T.FAILED },
  { key: 'pending', dataIndex: 'pending', title: T.PENDING },
  { key: 'cost', title: T.COST, render: (_: unknown, m: Measures) => T.yuan(m.cost_fen) },
];

/** Received, refunded and failed per China day as stacked bars, the cost as a line (labels cut by spec §9). */
function dailyChart(days: Figures['days']): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [T.RECEIVED, T.REFUNDED, T.FAILED, T.COST] },
    grid: { left: 48, right: 56, bottom: 32, top: 56 },
    xAxis: { type: 'category', data: days.map((d) => d.day), axisLabel: { formatter: chartLabel } },
    yAxis: [{ type: 'value', name: T.PAYOUT_COUNT, minInterval: 1 }, { type: 'value', name: '元' }],
    series: [
      { name: T.RECEIVED, type: 'bar', stack: 'n', data: days.map((d) => d.received) },
      { name: T.REFUNDED, type: 'bar', stack: 'n', data: days.map((d) => d.refunded) },
      { name: T.FAILED, type: 'bar', stack: 'n', data: days.map((d) => d.failed) },
      { name: T.COST, type: 'line', yAxisIndex: 1, data: days.map((d) => Number(T.yuan(d.cost_fen))) },
    ],
  } as ChartOption;
}

/**
 * 红包统计 (`adminCount/adminRedpackCount`, `GET /v1/amount/{org}/count`): sent, received, refunded,
 * failed and the cost, per China day and per activity; whether a merchant is configured (else
 * nothing is sent, and the page says so); the manual batches waiting for a second administrator.
 */
export default function RedpackCountPage() {
  const { scope: org } = useScope();
  const navigate = useNavigate();
  const figures = useApiQuery<Figures>([KEY, 'count'], `/v1/amount/${org}/count`);
  const merchant = useApiQuery<{ configured: boolean; message: string; approval_fen: number }>([KEY, 'merchant'], `/v1/amount/${org}/merchant`);
  const batches = useApiQuery<Batch[]>([KEY, 'batches'], `/v1/amount/${org}/batches`);
  const decide = useApiMutation((v: { id: number; approve: boolean }) => api.post(`/v1/amount/${org}/batches/${v.id}/${v.approve ? 'approve' : 'refuse'}`), { invalidate: [[KEY]] });
  const data = figures.data;
  const waiting = (batches.data ?? []).filter((b) => b.status === 'pending');
  return (
    <PagePanel testId="redpack-count">
      <Flex gap={8} justify="end" style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate(scopeLink(org, 'adminCount/adminRedpackCount/adminRedpackConfig'))}>{T.CONFIGS}</Button>
        <Button onClick={() => navigate(scopeLink(org, 'adminCount/adminRedpackCount/adminRedpackList'))}>{T.PAYOUTS}</Button>
      </Flex>
      {merchant.data && !merchant.data.configured && <LazyAlert type="warning" showIcon message={merchant.data.message} style={{ marginBottom: 16 }} />}
      {merchant.data && <p style={{ marginTop: 0 }}>{T.APPROVAL_HINT(T.yuan(merchant.data.approval_fen))}</p>}
      {waiting.length > 0 && (
        <Card title={T.BATCHES} size="small" style={{ marginBottom: 16 }} data-testid="redpack-batches">
          <Table<Batch>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={waiting}
            columns={[
              { key: 'id', dataIndex: 'id', title: 'ID' },
              { key: 'count', dataIndex: 'count', title: T.BATCH_COUNT },
              { key: 'total', title: T.BATCH_TOTAL, render: (_, b) => T.yuan(b.total_fen) },
              { key: 'reason', dataIndex: 'reason', title: T.BATCH_REASON },
              {
                key: 'do',
                title: '操作',
                render: (_, b) =>
                  b.own ? (
                    T.OWN_BATCH
                  ) : (
                    <Flex gap={8}>
                      <Button size="small" type="primary" loading={decide.isPending} onClick={() => decide.mutate({ id: b.id, approve: true })}>{T.APPROVE}</Button>
                      <Button size="small" danger loading={decide.isPending} onClick={() => decide.mutate({ id: b.id, approve: false })}>{T.REFUSE}</Button>
                    </Flex>
                  ),
              },
            ]}
          />
        </Card>
      )}
      {data && (
        <div data-testid="redpack-figures">
          <StatCards
            cards={[
              [T.SENT, data.totals.sent],
              [T.RECEIVED, data.totals.received],
              [T.REFUNDED, data.totals.refunded],
              [T.FAILED, data.totals.failed],
              [T.PENDING, data.totals.pending],
              [T.COST, T.yuan(data.totals.cost_fen)],
            ]}
          />
          <Card title={T.BY_DAY} size="small">
            {data.days.length > 0 ? (
              <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
                <LazyEChart option={dailyChart(data.days)} height={CHART_HEIGHT} ariaLabel={T.BY_DAY} />
              </Suspense>
            ) : (
              <p>{T.NO_PAYOUTS}</p>
            )}
            <Table rowKey="day" size="small" dataSource={data.days} columns={[{ key: 'day', dataIndex: 'day', title: T.DAY }, ...measureColumns]} pagination={data.days.length > 31 ? { pageSize: 31 } : false} />
          </Card>
          <Card title={T.BY_ACTIVITY} size="small" style={{ marginTop: 16 }}>
            <Table rowKey="act_id" size="small" dataSource={data.activities} columns={[{ key: 'title', dataIndex: 'title', title: T.ACTIVITY }, ...measureColumns]} pagination={data.activities.length > 20 ? { pageSize: 20 } : false} />
          </Card>
        </div>
      )}
    </PagePanel>
  );
}
