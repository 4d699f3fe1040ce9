import { Table } from 'antd';
import type { QuestionTypeCount } from '@huodong/domain';
import { PagePanel } from '../../shared/PagePanel';
import { useApiQuery } from '../../shared/api';
import * as T from './texts';

/** 题型分类 (`questionManage/typeClassMana`): the five question types with their counts in the public bank and the organisations' banks. */
export default function TypeClassPage() {
  const types = useApiQuery<QuestionTypeCount[]>(['questionTypes'], '/v1/question/types');
  return (
    <PagePanel testId="question-types">
      <Table<QuestionTypeCount>
        rowKey="id"
        size="middle"
        loading={types.isFetching}
        dataSource={types.data ?? []}
        pagination={false}
        columns={[
          { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
          { key: 'name', dataIndex: 'name', title: T.TYPE_NAME },
          { key: 'public', dataIndex: 'public_count', title: T.PUBLIC_COUNT },
          { key: 'org', dataIndex: 'org_count', title: T.ORG_COUNT },
        ]}
      />
    </PagePanel>
  );
}
