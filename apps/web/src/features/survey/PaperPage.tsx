import { List, Tag, Typography } from 'antd';
import { SURVEY_QUESTION_TYPES, type SurveyPaper } from '@huodong/domain';
import { surveyPaperFigures } from '@huodong/domain/figures';
import FiguresPage from '../../figures/FiguresPage';
import * as T from './texts';

/** The questions of the version the response answered, each with its answer as given. */
function PaperItems({ paper }: { paper: SurveyPaper }) {
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

/**
 * 问卷答卷 (`adminCount/adminActCount/actCountSurveyPaper?actID=&paperID=`): the declaration
 * (`surveyPaperFigures`: the response's record) with this page's own part, the answered questions
 * by their types.
 */
export default function PaperPage() {
  return <FiguresPage def={surveyPaperFigures} slots={{ items: (c) => <PaperItems paper={c.data as SurveyPaper} /> }} />;
}
