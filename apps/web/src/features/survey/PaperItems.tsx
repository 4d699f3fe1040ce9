import { List, Tag, Typography } from 'antd';
import { SURVEY_QUESTION_TYPES, type SurveyPaper } from '@huodong/domain';
import * as T from './texts';

/** 问卷答卷's own part, loaded after the page: the questions of the version the response answered, each with its answer as given. */
export default function PaperItems({ paper }: { paper: SurveyPaper }) {
  return (
    <List
      bordered
      dataSource={paper.items}
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
  );
}
