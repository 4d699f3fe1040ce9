/** The questionnaire count page's own parts (slots of its figures declaration), loaded after the page. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Flex, Select, Space, Table, Tag } from 'antd';
import { LazyAlert as Alert } from '../../shared/LazyAlert';
import type { ColumnsType } from 'antd/es/table';
import { CROSSTAB_TYPES, SURVEY_QUESTION_TYPES, type CrossTab, type OptionShare, type SurveyQuestionStats, type SurveyStats } from '@huodong/domain';
import { percentText as pct } from '@huodong/domain/figures';
import type { FiguresContext } from '../../figures/FiguresPage';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { crossPath, SURVEY_SUBQUES_PAGE, surveyKey } from './surveyApi';
import { barOption, Chart } from './SurveyFrame';
import * as T from './texts';

function OptionTable({ options, multiple }: { options: OptionShare[]; multiple: boolean }) {
  const columns: ColumnsType<OptionShare> = [
    { key: 'text', title: T.OPTION, render: (_, o) => (o.hidden ? <span style={{ opacity: 0.6 }}>{o.text}</span> : o.text) },
    { key: 'count', dataIndex: 'count', title: T.COUNT_COL, width: 80 },
    { key: 'percent', title: T.PERCENT, width: 100, render: (_, o) => pct(o.percent) },
    ...(multiple ? [{ key: 'share', title: T.SHARE, width: 100, render: (_: unknown, o: OptionShare) => pct(o.share ?? 0) }] : []),
  ];
  return <Table<OptionShare> rowKey="id" size="small" columns={columns} dataSource={options} pagination={false} />;
}

function CrossTable({ tab }: { tab: CrossTab }) {
  const columns: ColumnsType<CrossTab['rows'][number]> = [
    { key: 'text', dataIndex: 'text', title: '' },
    ...tab.cols.map((c, i) => ({ key: c.id, title: c.text, render: (_: unknown, r: CrossTab['rows'][number]) => `${r.cells[i].count}（${pct(r.cells[i].percent)}）` })),
    { key: 'total', dataIndex: 'total', title: T.CROSS_TOTAL, width: 90 },
  ];
  return <Table rowKey="id" size="small" columns={columns} dataSource={tab.rows} pagination={false} scroll={{ x: 'max-content' }} />;
}

/** One question's figures, by its type. */
function QuestionCard({ q, onAnswers }: { q: SurveyQuestionStats; onAnswers: () => void }) {
  const head = `${q.no ? `第${q.no}题 ` : ''}${q.title}`;
  const body: React.ReactNode[] = [];
  if (q.options) {
    body.push(<Chart key="chart" label={head} option={barOption(q.options.map((o) => ({ label: o.text, count: o.count, percent: o.percent })))} empty={q.respondents === 0} height={Math.max(160, q.options.length * 36)} />);
    body.push(<OptionTable key="table" options={q.options} multiple={q.type === 'multiple'} />);
  }
  if (q.ranking) {
    body.push(
      <Table
        key="ranking"
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={q.ranking}
        columns={[
          { key: 'text', dataIndex: 'text', title: T.OPTION },
          { key: 'mean', dataIndex: 'mean_rank', title: T.MEAN_RANK, width: 110 },
        ]}
      />,
    );
  }
  const score = q.score ?? q.nps;
  if (score) {
    body.push(
      <Space key="figures" size="large" wrap style={{ marginBottom: 8 }}>
        {q.nps && <strong>{`${T.NPS} ${q.nps.nps}`}</strong>}
        <span>{`${T.MEAN} ${score.mean}`}</span>
        <span>{`${T.MEDIAN} ${score.median}`}</span>
        {q.nps && <span>{`${T.PROMOTERS} ${q.nps.promoters} · ${T.PASSIVES} ${q.nps.passives} · ${T.DETRACTORS} ${q.nps.detractors}`}</span>}
      </Space>,
      <Chart key="dist" label={head} option={barOption(score.distribution.map((d) => ({ label: `${d.value}${T.SCORE}`, count: d.count, percent: d.percent })))} empty={score.count === 0} height={Math.max(160, score.distribution.length * 24)} />,
    );
  }
  if (q.matrix) body.push(<CrossTable key="matrix" tab={q.matrix} />);
  if (q.texts !== undefined && (q.texts > 0 || !q.options)) {
    body.push(
      <Flex key="texts" gap={8} align="center" style={{ marginTop: 8 }}>
        <span>{T.TEXT_ANSWERS(q.texts)}</span>
        <Button size="small" onClick={onAnswers} data-testid={`answers-${q.id}`}>
          {T.SEE_ANSWERS}
        </Button>
      </Flex>,
    );
  }
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      data-testid={`question-stats-${q.id}`}
      title={
        <Space>
          <span>{head}</span>
          <Tag>{SURVEY_QUESTION_TYPES[q.type]}</Tag>
        </Space>
      }
      extra={q.type !== 'description' && <span>{`${T.RESPONDENTS(q.respondents)}${q.choices !== undefined ? `，${T.CHOICES(q.choices)}` : ''}`}</span>}
    >
      {q.earlier > 0 && <Alert type="info" showIcon title={T.EARLIER(q.earlier)} style={{ marginBottom: 8 }} />}
      {body}
    </Card>
  );
}

/** The cross-tab of two choice questions, read again with the page's filters. */
export function CrossCard({ context }: { context: FiguresContext }) {
  const { org, act, filters } = context;
  const [cross, setCross] = useState<{ row?: number; col?: number }>({});
  const data = context.data as SurveyStats;
  const crossTab = useApiQuery<CrossTab>([...surveyKey(act), 'cross'], cross.row && cross.col && cross.row !== cross.col ? crossPath(org, act) : null, { ...filters, row: cross.row, col: cross.col });
  const choiceQuestions = data.questions.filter((q) => CROSSTAB_TYPES.includes(q.type)).map((q) => ({ value: q.id, label: `第${q.no}题 ${q.title}` }));
  return (
    <Card size="small" title={T.CROSS} style={{ marginBottom: 16 }}>
      <p style={{ opacity: 0.65, marginTop: 0 }}>{T.CROSS_HINT}</p>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Select placeholder={T.CROSS_ROW} aria-label={T.CROSS_ROW} style={{ width: 260 }} options={choiceQuestions} value={cross.row} onChange={(row) => setCross((c) => ({ ...c, row }))} data-testid="cross-row" />
        <Select placeholder={T.CROSS_COL} aria-label={T.CROSS_COL} style={{ width: 260 }} options={choiceQuestions} value={cross.col} onChange={(col) => setCross((c) => ({ ...c, col }))} data-testid="cross-col" />
      </Flex>
      {crossTab.data && <CrossTable tab={crossTab.data} />}
    </Card>
  );
}

export function Questions({ context }: { context: FiguresContext }) {
  const navigate = useNavigate();
  const { org, act } = context;
  return (context.data as SurveyStats).questions.map((q) => <QuestionCard key={q.id} q={q} onAnswers={() => navigate(scopeLink(org, `${SURVEY_SUBQUES_PAGE}?actID=${act}&quesID=${q.id}`))} />);
}
