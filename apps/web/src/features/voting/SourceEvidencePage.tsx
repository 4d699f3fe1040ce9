import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Card, Col, Empty, Row, Table, Tag } from 'antd';
import { formatSeconds } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import type { ChartOption } from '../../shared/EChart';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { evidencePath, idOf, RESULTS_PAGE, votingKey, type SourceEvidence } from './votingApi';
import { ChartCard, StatCards, VotingFrame } from './VotingFrame';
import * as T from './texts';

function hourlyOption(hours: SourceEvidence['hours']): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [T.VALID, T.SUSPECT, T.VOID] },
    grid: { left: 40, right: 24, bottom: 32, top: 40 },
    xAxis: { type: 'category', data: hours.map((h) => h.hour) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: T.VALID, type: 'bar', stack: 'h', data: hours.map((h) => h.valid) },
      { name: T.SUSPECT, type: 'bar', stack: 'h', data: hours.map((h) => h.suspect) },
      { name: T.VOID, type: 'bar', stack: 'h', data: hours.map((h) => h.void) },
    ],
  };
}

/**
 * 评选来源统计 (`adminCount/adminActCount/actCountEvaSourceMore?actID=&sourceID=`, design §3c):
 * one source's evidence for disputes — votes per hour with velocity alerts, the spread over
 * addresses, the suspect share and reasons, and the voids with their reasons.
 */
export default function SourceEvidencePage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idOf(params.get('actID'));
  const source = idOf(params.get('sourceID'));
  const ready = act !== undefined && source !== undefined;
  const evidence = useApiQuery<SourceEvidence>([...votingKey(act ?? 0), 'evidence', source], ready ? evidencePath(org, act, source) : null);
  const data = evidence.data;
  const option = useMemo(() => hourlyOption(data?.hours ?? []), [data?.hours]);

  let body;
  if (!ready) body = <Empty description={act === undefined ? T.NEED_ACTIVITY : T.NEED_SOURCE} />;
  else if (evidence.isPending) body = <PageLoading />;
  else if (!data) body = <Empty />;
  else {
    body = (
      <>
        <StatCards
          cards={[
            [T.VALID, data.source.vote_count],
            [T.SUSPECT, data.source.suspect_count],
            [T.VOID, data.source.void_count],
            [T.SUSPECT_SHARE, `${data.suspect_share}%`],
            [T.DISTINCT_IPS, data.addresses.distinct],
          ]}
        />
        <ChartCard title={T.HOURLY_CHART} label={data.source.title} option={option} empty={data.hours.length === 0} />
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={T.HOURLY_CHART}>
              <Table
                rowKey="hour"
                size="small"
                pagination={{ pageSize: 24 }}
                dataSource={data.hours}
                columns={[
                  { key: 'hour', dataIndex: 'hour', title: T.HOUR },
                  { key: 'valid', dataIndex: 'valid', title: T.VALID },
                  { key: 'suspect', dataIndex: 'suspect', title: T.SUSPECT },
                  { key: 'void', dataIndex: 'void', title: T.VOID },
                  { key: 'alert', dataIndex: 'alert', title: T.ALERT, render: (v: boolean) => (v ? <Tag color="red">{T.ALERT_YES}</Tag> : null) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={T.TOP_IPS} style={{ marginBottom: 16 }}>
              <Table rowKey="ip" size="small" pagination={false} dataSource={data.addresses.top} columns={[{ key: 'ip', dataIndex: 'ip', title: T.IP }, { key: 'votes', dataIndex: 'votes', title: T.VOTES }, { key: 'valid', dataIndex: 'valid', title: T.VALID }]} />
            </Card>
            <Card size="small" title={T.SUSPECT_REASONS} style={{ marginBottom: 16 }}>
              <Table rowKey="reason" size="small" pagination={false} dataSource={data.suspect_reasons} columns={[{ key: 'reason', dataIndex: 'reason', title: T.SUSPECT_REASONS }, { key: 'votes', dataIndex: 'votes', title: T.VOTES }]} />
            </Card>
            <Card size="small" title={T.VOIDS}>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={data.voids}
                columns={[
                  { key: 'reason', dataIndex: 'reason', title: T.REASON },
                  { key: 'votes', dataIndex: 'votes', title: T.VOTES },
                  { key: 'created_at', dataIndex: 'created_at', title: T.VOIDED_AT, render: (v: number) => formatSeconds(v) },
                ]}
              />
            </Card>
          </Col>
        </Row>
      </>
    );
  }

  return (
    <VotingFrame
      testId="eva-evidence"
      back={T.BACK_TO_RESULTS}
      onBack={() => navigate(scopeLink(org, `${RESULTS_PAGE}?actID=${act ?? ''}`))}
      title={data && `${T.EVIDENCE_TITLE}：${data.source.title}`}
    >
      {body}
    </VotingFrame>
  );
}
