import type { OrgQuestionCount } from '@huodong/domain';
import { OrgList } from './OrgList';
import * as T from './texts';
import { PagePanel } from '../../shared/PagePanel';

/** 机构题库 (`questionManage/orgQuestion`): every organisation with the size of its bank; 查看题库 opens orgQuestList. */
export default function OrgQuestionPage() {
  return (
    <PagePanel testId="org-question-banks">
      <OrgList<OrgQuestionCount>
        path="/v1/questions/organizations"
        page="questionManage/orgQuestList"
        action={T.VIEW_BANK}
        columns={[
          { key: 'key', dataIndex: 'key', title: T.ORG_KEY },
          { key: 'question_count', dataIndex: 'question_count', title: T.QUESTION_COUNT },
          { key: 'active_count', dataIndex: 'active_count', title: T.ACTIVE_COUNT },
          { key: 'category_count', dataIndex: 'category_count', title: T.CATEGORY_COUNT },
        ]}
      />
    </PagePanel>
  );
}
