import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ListData } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { TABLE_PAGINATION } from '../../shared/antdDefaults';
import { scopeLink } from '../../shared/scope';
import { useScope } from '../../shared/session';
import * as T from './texts';

type OrgRow = { id: number; key: string; name: string };

/**
 * A paged list of organisations with figures of their banks, found by name or key; a row's button
 * opens `page?org=<key>` (orgQuestion → orgQuestList, quesCount → staticOrgQuestion).
 */
export function OrgList<R extends OrgRow>({ path, columns, page: target, action }: { path: string; columns: ColumnsType<R>; page: string; action: string }) {
  const { scope } = useScope();
  const navigate = useNavigate();
  const [page, setPage] = useState({ page: 1, page_size: 10 });
  const [keyword, setKeyword] = useState('');
  const list = useApiQuery<ListData<R>>(['questionOrganizations'], path, { ...page, keyword: keyword || undefined }, { placeholderData: (p) => p });
  return (
    <>
      <Input.Search allowClear placeholder={`${T.ORG_NAME}/${T.ORG_KEY}`} style={{ width: 260, marginBottom: 12 }} onSearch={(v) => (setKeyword(v.trim()), setPage((p) => ({ ...p, page: 1 })))} />
      <Table<R>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        columns={[
          { key: 'name', title: T.ORG_NAME, render: (_, o) => `${o.name}(ID:${o.id})` },
          ...columns,
          {
            key: 'actions',
            title: '操作',
            render: (_, o) => (
              <Button type="link" size="small" onClick={() => navigate(`${scopeLink(scope, target)}?org=${encodeURIComponent(o.key)}`)}>
                {action}
              </Button>
            ),
          },
        ]}
        pagination={{ ...TABLE_PAGINATION, current: page.page, pageSize: page.page_size, total: list.data?._meta.totalCount ?? 0, onChange: (p, s) => setPage({ page: p, page_size: s }) }}
      />
    </>
  );
}
