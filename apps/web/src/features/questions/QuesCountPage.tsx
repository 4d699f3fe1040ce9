import { useNavigate } from 'react-router';
import { Button, Flex, Spin } from 'antd';
import type { QuestionBankFigures } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { BankFigures } from './BankFigures';
import { QuestionSeries } from './QuestionSeries';
import * as T from './texts';

/** The bank the figures are of (its page, to act on what they show). */
const BANK_PAGE = 'adminQuestion/adminQuestionManage';

/** 答题统计 (`adminCount/adminQuesCount`): the organisation's questions series by month, then its bank by type, category and difficulty, use and correct rate. */
export default function QuesCountPage() {
  const { scope } = useScope();
  const navigate = useNavigate();
  const figures = useApiQuery<QuestionBankFigures>(['questionFigures'], `/v1/${scope}/count/question`);
  return (
    <PagePanel>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate(scopeLink(scope, BANK_PAGE))}>{T.ORG_BANKS}</Button>
      </Flex>
      <QuestionSeries org={scope} />
      {figures.data ? <BankFigures data={figures.data} /> : <Spin />}
    </PagePanel>
  );
}
