import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Empty, Flex, Table } from 'antd';
// antd's Search itself, not `Input` of the barrel, which carries TextArea, Password and OTP along.
import Search from 'antd/es/input/Search';
import type { ColumnsType } from 'antd/es/table';
import { formatSeconds, type ListData, type SurveyAnswerItem, type SurveyStats } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { answersPath, idOf, statsPath, SURVEY_COUNT_PAGE, SURVEY_PAPER_PAGE, surveyKey } from './surveyApi';
import { SurveyFrame } from './SurveyFrame';
import * as T from './texts';

/**
 * 问卷主观题 (`adminCount/adminActCount/actCountSurveySubQues?actID=&quesID=`): one question's
 * answers, newest first, the written text searchable; each opens its response.
 */
export default function SubQuesPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idOf(params.get('actID'));
  const ques = idOf(params.get('quesID'));
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const key = surveyKey(act ?? 0);
  // The question's title and number come with the figures the page before read (cached).
  const stats = useApiQuery<SurveyStats>([...key, 'stats'], act !== undefined ? statsPath(org, act) : null, {});
  const q = stats.data?.questions.find((x) => x.id === ques);
  const list = useApiQuery<ListData<SurveyAnswerItem>>([...key, 'answers', ques], act !== undefined && ques !== undefined ? answersPath(org, act, ques) : null, {
    keyword: keyword || undefined,
    page: page.page,
    page_size: page.size,
  });
  const paper = (id: number) => navigate(scopeLink(org, `${SURVEY_PAPER_PAGE}?actID=${act}&paperID=${id}`));

  const columns: ColumnsType<SurveyAnswerItem> = [
    { key: 'id', title: T.RESPONSE_ID, width: 90, render: (_, a) => <Button type="link" size="small" onClick={() => paper(a.response_id)}>{a.response_id}</Button> },
    { key: 'account', dataIndex: 'account', title: T.READER, width: 120 },
    { key: 'unit', dataIndex: 'unit_name', title: T.UNIT, width: 140 },
    { key: 'option', dataIndex: 'option_text', title: T.OPTION, width: 160 },
    { key: 'text', title: T.ANSWER, render: (_, a) => a.text || (a.num ?? '') },
    { key: 'at', title: T.SUBMITTED_AT, width: 170, render: (_, a) => formatSeconds(a.submitted_at) },
  ];

  return (
    <SurveyFrame
      testId="survey-subques"
      back={T.BACK_TO_COUNT}
      onBack={() => navigate(scopeLink(org, `${SURVEY_COUNT_PAGE}?actID=${act ?? ''}`))}
      title={q ? `${T.SUBQ_TITLE}：${q.no ? `第${q.no}题 ` : ''}${q.title}` : T.SUBQ_TITLE}
    >
      {act === undefined || ques === undefined ? (
        <Empty description={T.NEED_QUESTION} />
      ) : (
        <>
          <Flex gap={8} style={{ marginBottom: 12 }}>
            <Search allowClear placeholder={T.KEYWORD} style={{ width: 280 }} onSearch={(v) => (setKeyword(v.trim()), setPage((p) => ({ ...p, page: 1 })))} data-testid="answers-search" />
          </Flex>
          <Table<SurveyAnswerItem>
            rowKey={(a) => `${a.response_id}-${a.option_text}-${a.text}`}
            size="small"
            loading={list.isPending}
            columns={columns}
            dataSource={list.data?.items ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page.page,
              pageSize: page.size,
              total: list.data?._meta.totalCount ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 30, 40],
              onChange: (p, size) => setPage({ page: p, size }),
            }}
          />
        </>
      )}
    </SurveyFrame>
  );
}
