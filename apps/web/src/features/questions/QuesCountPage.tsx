import { Spin } from 'antd';
import type { QuestionBankFigures } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { useScope } from '../../shared/session';
import { BankFigures } from './BankFigures';

/** 答题统计 (`adminCount/adminQuesCount`): the organisation's bank by type, category and difficulty, use and correct rate. */
export default function QuesCountPage() {
  const { scope } = useScope();
  const figures = useApiQuery<QuestionBankFigures>(['questionFigures'], `/v1/${scope}/count/question`);
  return <div style={{ padding: 24, background: '#fff', borderRadius: 8 }}>{figures.data ? <BankFigures data={figures.data} /> : <Spin />}</div>;
}
