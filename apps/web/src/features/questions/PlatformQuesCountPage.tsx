import { Card, Col, Row, Spin } from 'antd';
import type { QuestionBankFigures, QuestionGroupFigures } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { BankFigures, Figure } from './BankFigures';
import { OrgList } from './OrgList';
import { QuestionSeries } from './QuestionSeries';
import * as T from './texts';

interface PlatformFigures {
  public: QuestionBankFigures;
  orgs: { total: number; banks: number; answered: number; correct_rate: number | null; by_type: QuestionGroupFigures[] };
}
interface OrgFigureRow {
  id: number;
  key: string;
  name: string;
  question_count: number;
  used: number;
  answered: number;
  correct_rate: number | null;
}

/**
 * 答题统计 (`statistics/quesCount`): the questions series by month, type and organisation (each
 * opening staticOrgQuestion), then the organisations' banks together and one by one, and the public bank.
 */
export default function PlatformQuesCountPage() {
  const figures = useApiQuery<PlatformFigures>(['questionFigures', 'platform'], '/v1/count/question');
  return (
    <PagePanel testId="platform-ques-count">
      <QuestionSeries org={null} />
      <div style={{ marginTop: 16 }} />
      {figures.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}><Figure label={`${T.ALL_ORG_BANKS}·${T.FIG_TOTAL}`} value={figures.data.orgs.total} /></Col>
          <Col xs={12} md={6}><Figure label={T.BANKS} value={figures.data.orgs.banks} /></Col>
          <Col xs={12} md={6}><Figure label={`${T.ALL_ORG_BANKS}·${T.FIG_ANSWERED}`} value={figures.data.orgs.answered} /></Col>
          <Col xs={12} md={6}><Figure label={`${T.ALL_ORG_BANKS}·${T.FIG_RATE}`} value={T.rate(figures.data.orgs.correct_rate)} /></Col>
        </Row>
      ) : (
        <Spin />
      )}
      <Card title={T.ORG_FIGURES} size="small" style={{ marginTop: 16 }}>
        <OrgList<OrgFigureRow>
          path="/v1/count/question/organizations"
          page="statistics/quesCount/staticOrgQuestion"
          action={T.VIEW_FIGURES}
          columns={[
            { key: 'count', dataIndex: 'question_count', title: T.QUESTION_COUNT },
            { key: 'used', dataIndex: 'used', title: T.FIG_USED },
            { key: 'answered', dataIndex: 'answered', title: T.FIG_ANSWERED },
            { key: 'rate', title: T.FIG_RATE, render: (_, o) => T.rate(o.correct_rate) },
          ]}
        />
      </Card>
      <Card title={T.PUBLIC_BANK} size="small" style={{ marginTop: 16 }}>
        {figures.data && <BankFigures data={figures.data.public} />}
      </Card>
    </PagePanel>
  );
}
