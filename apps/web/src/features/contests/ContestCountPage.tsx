import { Suspense, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Col, Empty, Flex, Row, Statistic, Table, Tag } from 'antd';
import { PagePanel } from '../../shared/PagePanel';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import type { ChartOption } from '../../shared/EChart';
import { LazyEChart } from '../../shared/LazyEChart';
import { idFromQuery } from '../../resources/listModel';
import { correctRateOption, dailyOption, funnelOption, histogramOption, optionPicksOption, passOption, useContestCount, type QuestionFigure } from './contestCount';
import { BASE } from './contestApi';
import * as T from './texts';

function Chart({ option, label, height = 280 }: { option: ChartOption; label: string; height?: number }) {
  return (
    <Suspense fallback={<div style={{ height }} />}>
      <LazyEChart option={option} height={height} ariaLabel={label} />
    </Suspense>
  );
}

/**
 * 知识竞赛统计 (`adminCount/adminActCount/actCountContest?actID=`, types 3 and 6): totals, attempts
 * per day, the score histogram, the pass rate, each question's correct rate, option distribution
 * and item analysis (difficulty, discrimination, flags), and for an advanced contest the funnel
 * per level; links to the attempts (actCountContestMore) and the downloads.
 */
export default function ContestCountPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idFromQuery(params.get('actID'));
  const count = useContestCount(org, act);
  const data = count.data;
  const charts = useMemo(
    () => (data ? { daily: dailyOption(data.days), hist: histogramOption(data.histogram, data.pass_line), pass: passOption(data.totals), rate: correctRateOption(data.questions), funnel: funnelOption(data.funnel) } : null),
    [data],
  );
  const back = data ? BASE[data.activity.type as 3 | 6] : 'contest';

  let body;
  if (act === undefined) body = <Empty description={T.NEED_ACTIVITY} />;
  else if (count.isPending) body = <PageLoading />;
  else if (!data || !charts) body = <Empty description={T.ACTIVITY_MISSING} />;
  else {
    const t = data.totals;
    const cards = [
      { key: 'attempts', title: T.COUNT_ATTEMPTS, value: t.attempts },
      { key: 'readers', title: T.COUNT_READERS, value: t.readers },
      { key: 'finished', title: T.COUNT_FINISHED, value: t.finished },
      { key: 'pending', title: T.COUNT_PENDING, value: t.pending },
      { key: 'pass', title: T.COUNT_PASS_RATE, value: t.pass_rate === null ? '—' : `${t.pass_rate}%` },
      { key: 'mean', title: T.COUNT_MEAN, value: t.mean_score ?? '—' },
      { key: 'duration', title: T.COUNT_DURATION, value: t.mean_duration ?? '—' },
    ];
    body = (
      <>
        <Row gutter={[16, 16]}>
          {cards.map((c) => (
            <Col key={c.key} xs={12} sm={8} lg={6} xl={3}>
              <Card size="small" data-testid={`contest-total-${c.key}`}>
                <Statistic title={c.title} value={c.value} />
              </Card>
            </Col>
          ))}
        </Row>
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={12}>
            <Card title={T.COUNT_DAILY} size="small">
              {data.days.length ? <Chart option={charts.daily} label={T.COUNT_DAILY} /> : <Empty description={T.NO_DAYS} />}
            </Card>
          </Col>
          <Col xs={24} lg={6}>
            <Card title={T.COUNT_HISTOGRAM} size="small">
              <Chart option={charts.hist} label={T.COUNT_HISTOGRAM} />
            </Card>
          </Col>
          <Col xs={24} lg={6}>
            <Card title={T.COUNT_PASS} size="small">
              <Chart option={charts.pass} label={T.COUNT_PASS} />
            </Card>
          </Col>
        </Row>
        {data.funnel.length > 0 && (
          <Card title={T.FUNNEL} size="small" style={{ marginTop: 16 }} data-testid="contest-funnel">
            <Chart option={charts.funnel} label={T.FUNNEL} />
          </Card>
        )}
        <Card title={T.COUNT_QUESTIONS} size="small" style={{ marginTop: 16 }}>
          {data.questions.length > 0 && <Chart option={charts.rate} label={T.CORRECT_RATE} height={240} />}
          <Table<QuestionFigure>
            rowKey="id"
            size="small"
            dataSource={data.questions}
            pagination={{ pageSize: 20 }}
            expandable={{ rowExpandable: (q) => q.options.length > 0, expandedRowRender: (q) => <Chart option={optionPicksOption(q)} label={`${T.OPTION_PICKS}${q.id}`} height={200} /> }}
            columns={[
              { title: 'ID', dataIndex: 'id', width: 70 },
              { title: T.QUESTION_TYPE, dataIndex: 'type_name', width: 80 },
              { title: T.STEM, dataIndex: 'stem', ellipsis: true },
              { title: T.ANSWERED, dataIndex: 'answered', width: 90 },
              { title: T.CORRECT_RATE, dataIndex: 'correct_rate', width: 80, render: (v: number | null) => (v === null ? '—' : `${v}%`) },
              { title: T.DIFFICULTY_P, dataIndex: 'difficulty', width: 110, render: (v: number | null) => v ?? '—' },
              { title: T.DISCRIMINATION, dataIndex: 'discrimination', width: 80, render: (v: number | null) => v ?? '—' },
              { title: T.OPTION_PICKS, width: 180, render: (_, q) => q.options.map((o) => `${o.key}:${o.picks}`).join(' ') || '—' },
              { title: T.FLAGS, width: 200, render: (_, q) => q.flag_labels.map((f) => <Tag key={f} color="orange">{f}</Tag>) },
            ]}
          />
        </Card>
      </>
    );
  }

  return (
    <PagePanel testId="contest-count">
      <Flex gap={12} align="center" wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => navigate(scopeLink(org, `adminAct/${back === 'contest' ? 'adminContest' : 'adminContestPro'}`))}>{T.BACK}</Button>
        <strong>{data ? `${T.COUNT_TITLE}：${data.activity.title}` : T.COUNT_TITLE}</strong>
        {act !== undefined && <Button onClick={() => navigate(scopeLink(org, `adminCount/adminActCount/actCountContestMore?actID=${act}`))}>{T.MORE}</Button>}
        {act !== undefined && <Button onClick={() => navigate(scopeLink(org, `adminCount/adminActCount/actCountContestDownload?actID=${act}`))}>{T.DOWNLOAD_TITLE}</Button>}
      </Flex>
      {body}
    </PagePanel>
  );
}
