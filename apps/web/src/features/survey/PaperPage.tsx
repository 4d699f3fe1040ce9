import { useNavigate, useSearchParams } from 'react-router';
import { Card, Descriptions, Empty, List, Tag, Typography } from 'antd';
import { formatSeconds, SURVEY_QUESTION_TYPES, type SurveyPaper } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { PageLoading } from '../../shared/PageLoading';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import { idOf, paperPath, SURVEY_COUNT_PAGE, surveyKey } from './surveyApi';
import { SurveyFrame } from './SurveyFrame';
import * as T from './texts';

/**
 * 问卷答卷 (`adminCount/adminActCount/actCountSurveyPaper?actID=&paperID=`): one response with the
 * questions of the version it answered (an answer given before a type change reads as given); the
 * reader only when the questionnaire is not anonymous.
 */
export default function PaperPage() {
  const { scope: org } = useScope();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const act = idOf(params.get('actID'));
  const id = idOf(params.get('paperID'));
  const paper = useApiQuery<SurveyPaper>([...surveyKey(act ?? 0), 'paper', id], act !== undefined && id !== undefined ? paperPath(org, act, id) : null);
  const p = paper.data;

  let body;
  if (act === undefined || id === undefined) body = <Empty description={T.NEED_PAPER} />;
  else if (paper.isPending) body = <PageLoading />;
  else if (!p) body = <Empty />;
  else {
    body = (
      <>
        <Card size="small" style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={T.RESPONSE_ID}>{p.id}</Descriptions.Item>
            <Descriptions.Item label={T.READER}>{p.anonymous ? T.ANONYMOUS : `${p.account}${p.real_name ? `（${p.real_name}）` : ''}`}</Descriptions.Item>
            <Descriptions.Item label={T.UNIT}>{p.unit_name}</Descriptions.Item>
            <Descriptions.Item label={T.SUBMITTED_AT}>{p.submitted_at ? formatSeconds(p.submitted_at) : ''}</Descriptions.Item>
            <Descriptions.Item label={T.DURATION}>{p.duration_sec}</Descriptions.Item>
            <Descriptions.Item label={T.VERSION}>{p.version}</Descriptions.Item>
            <Descriptions.Item label={T.EDITS}>{p.edit_count}</Descriptions.Item>
            {p.channel && <Descriptions.Item label={T.CHANNEL}>{p.channel}</Descriptions.Item>}
          </Descriptions>
        </Card>
        <List
          bordered
          dataSource={p.items}
          renderItem={(item) => (
            <List.Item data-testid={`paper-item-${item.id}`}>
              <List.Item.Meta
                title={
                  <span>
                    {item.no ? `第${item.no}题 ` : ''}
                    {item.title} <Tag>{SURVEY_QUESTION_TYPES[item.type]}</Tag>
                  </span>
                }
                description={item.type === 'description' ? item.description : item.answered ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{item.text}</Typography.Text> : <Typography.Text type="secondary">{T.NOT_ANSWERED}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      </>
    );
  }
  return (
    <SurveyFrame testId="survey-paper" back={T.BACK_TO_COUNT} onBack={() => navigate(scopeLink(org, `${SURVEY_COUNT_PAGE}?actID=${act ?? ''}`))} title={T.PAPER_TITLE}>
      {body}
    </SurveyFrame>
  );
}
