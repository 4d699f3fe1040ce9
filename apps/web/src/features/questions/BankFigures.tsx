import { Suspense } from 'react';
import { Card, Col, Empty, Row, Table } from 'antd';
import { chartLabel } from '@huodong/domain';
import type { QuestionBankFigures, QuestionGroupFigures } from '@huodong/domain';
import type { ChartOption } from '../../shared/EChart';
import { LazyEChart } from '../../shared/LazyEChart';
import { QUESTION_TYPES } from './labels.data';
import * as T from './texts';

const CHART_HEIGHT = 260;

/** Count bars with the correct rate as a line, per group (labels cut by spec §9). */
function groupChart(groups: QuestionGroupFigures[]): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: [T.QUESTION_COUNT, T.FIG_RATE] },
    grid: { left: 48, right: 48, bottom: 32, top: 56 },
    xAxis: { type: 'category', data: groups.map((g) => g.name), axisLabel: { formatter: chartLabel } },
    yAxis: [{ type: 'value', name: T.QUESTION_COUNT, minInterval: 1 }, { type: 'value', name: '%', min: 0, max: 100 }],
    series: [
      { name: T.QUESTION_COUNT, type: 'bar', data: groups.map((g) => g.count) },
      { name: T.FIG_RATE, type: 'line', yAxisIndex: 1, data: groups.map((g) => g.correct_rate) },
    ],
  } as ChartOption;
}

const groupColumns = [
  { key: 'name', dataIndex: 'name', title: T.NAME },
  { key: 'count', dataIndex: 'count', title: T.QUESTION_COUNT },
  { key: 'paused', dataIndex: 'paused', title: T.FIG_PAUSED },
  { key: 'used', dataIndex: 'used', title: T.FIG_USED },
  { key: 'answered', dataIndex: 'answered', title: T.FIG_ANSWERED },
  { key: 'rate', title: T.FIG_RATE, render: (_: unknown, g: QuestionGroupFigures) => T.rate(g.correct_rate) },
];

function GroupCard({ title, groups, testId }: { title: string; groups: QuestionGroupFigures[]; testId: string }) {
  return (
    <Card title={title} size="small" style={{ marginTop: 16 }} data-testid={testId}>
      {groups.some((g) => g.count > 0) && (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <LazyEChart option={groupChart(groups)} height={CHART_HEIGHT} ariaLabel={title} />
        </Suspense>
      )}
      <Table<QuestionGroupFigures> rowKey={(g) => String(g.key)} size="small" columns={groupColumns} dataSource={groups} pagination={groups.length > 20 ? { pageSize: 20 } : false} />
    </Card>
  );
}

export function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card size="small">
      <div style={{ color: 'rgba(0,0,0,0.55)' }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 600 }}>{value}</div>
    </Card>
  );
}

const typeName = (t: number) => QUESTION_TYPES[t as keyof typeof QUESTION_TYPES];

/**
 * A bank's question statistics (adminQuesCount, staticOrgQuestion, the public bank on quesCount):
 * totals, then by type, difficulty and category (count, use, answers, correct rate), the hardest
 * questions and the most used.
 */
export function BankFigures({ data }: { data: QuestionBankFigures }) {
  return (
    <div data-testid="bank-figures">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}><Figure label={T.FIG_TOTAL} value={data.total} /></Col>
        <Col xs={12} md={6}><Figure label={T.FIG_USED} value={data.used} /></Col>
        <Col xs={12} md={6}><Figure label={T.FIG_ANSWERED} value={data.answered} /></Col>
        <Col xs={12} md={6}><Figure label={T.FIG_RATE} value={T.rate(data.correct_rate)} /></Col>
      </Row>
      <GroupCard title={T.BY_TYPE} groups={data.by_type} testId="by-type" />
      <GroupCard title={T.BY_DIFFICULTY} groups={data.by_difficulty} testId="by-difficulty" />
      <GroupCard title={T.BY_CATEGORY} groups={data.by_category} testId="by-category" />
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card title={T.HARDEST} size="small" style={{ marginTop: 16 }}>
            {data.hardest.length === 0 ? (
              <Empty description={T.NO_ANSWERS} />
            ) : (
              <Table<QuestionBankFigures['hardest'][number]> rowKey="id" size="small" pagination={false} dataSource={data.hardest} columns={[{ key: 'stem', dataIndex: 'stem', title: T.STEM }, { key: 'type', title: T.TYPE_NAME, render: (_: unknown, q: { type: number }) => typeName(q.type) }, { key: 'answered', dataIndex: 'answered', title: T.FIG_ANSWERED }, { key: 'rate', title: T.FIG_RATE, render: (_: unknown, q: { correct_rate: number }) => T.rate(q.correct_rate) }]} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={T.MOST_USED} size="small" style={{ marginTop: 16 }}>
            {data.most_used.length === 0 ? (
              <Empty description={T.NO_ANSWERS} />
            ) : (
              <Table<QuestionBankFigures['most_used'][number]> rowKey="id" size="small" pagination={false} dataSource={data.most_used} columns={[{ key: 'stem', dataIndex: 'stem', title: T.STEM }, { key: 'type', title: T.TYPE_NAME, render: (_: unknown, q: { type: number }) => typeName(q.type) }, { key: 'used', dataIndex: 'used', title: T.FIG_USED }, { key: 'rate', title: T.FIG_RATE, render: (_: unknown, q: { correct_rate: number | null }) => T.rate(q.correct_rate) }]} />
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
