import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Spin, Typography } from 'antd';
import type { QuestionBankFigures } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { BankFigures } from './BankFigures';
import { QuestionSeries } from './QuestionSeries';
import * as T from './texts';

/** 机构答题统计 (`statistics/quesCount/staticOrgQuestion?org=`): one organisation's questions series and bank figures, for the platform. */
export default function StaticOrgQuestionPage() {
  const [params] = useSearchParams();
  const { scope } = useScope();
  const navigate = useNavigate();
  const org = params.get('org');
  const figures = useApiQuery<QuestionBankFigures>(['questionFigures'], org ? `/v1/${encodeURIComponent(org)}/count/question` : null);
  return (
    <PagePanel>
      <Typography.Title level={5}>
        <Button type="link" style={{ paddingLeft: 0 }} onClick={() => navigate(scopeLink(scope, 'statistics/quesCount'))}>
          {T.BACK}
        </Button>
        {org}
      </Typography.Title>
      {!org ? (
        <Empty description={T.chooseOrg} />
      ) : (
        <>
          <QuestionSeries org={org} />
          {figures.data ? <BankFigures data={figures.data} /> : <Spin />}
        </>
      )}
    </PagePanel>
  );
}
