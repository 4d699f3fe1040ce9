import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Table, theme } from 'antd';
import Input from 'antd/es/input/Input';
import type { ColumnsType } from 'antd/es/table';
import { IS_PAUSE, PAGE_SIZE_DEFAULT, type ListData, type OrgManagerCount } from '@huodong/domain';
import { useApiQuery } from '../../shared/api';
import { TABLE_PAGINATION } from '../../shared/antdDefaults';
import { useNarrow } from '../../shared/useNarrow';
import { SearchBar, SearchField, findDeclaration, listQuery, resourceQueryKey, resourceTexts, type ListState } from '../../resources';
import { managersLink } from './orgRowActions';
import { ADMIN_COUNT, MANAGER_COUNT, ORG_KEY, ORG_NAME, VIEW_MANAGERS } from './texts';

const PATH = '/v1/managers/organizations';
const MANAGERS = findDeclaration('managers');

/** /super/manage/adminOrgManage: organisations with their manager counts; click through to the managers. */
export default function AdminOrgManagePage() {
  const navigate = useNavigate();
  const [state, setState] = useState<ListState>({ page: 1, pageSize: PAGE_SIZE_DEFAULT, filters: {} });
  const [keyword, setKeyword] = useState('');
  const { token } = theme.useToken();
  const narrow = useNarrow();
  // Counts change with every manager write, so they live under the managers' key.
  const list = useApiQuery<ListData<OrgManagerCount>>([...resourceQueryKey(MANAGERS), 'organizations'], PATH, listQuery(state), {
    placeholderData: (prev) => prev,
  });

  const columns: ColumnsType<OrgManagerCount> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    {
      key: 'name',
      dataIndex: 'name',
      title: ORG_NAME,
      render: (name: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => navigate(managersLink(row.key))}>
          {name}
        </Button>
      ),
    },
    { key: 'key', dataIndex: 'key', title: ORG_KEY },
    { key: 'is_pause', dataIndex: 'is_pause', title: '状态', render: (v: number) => IS_PAUSE[v === 1 ? 1 : 0] },
    { key: 'manager_count', dataIndex: 'manager_count', title: MANAGER_COUNT },
    { key: 'admin_count', dataIndex: 'admin_count', title: ADMIN_COUNT },
    {
      key: '__actions',
      title: resourceTexts.ACTIONS,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => navigate(managersLink(row.key))}>
          {VIEW_MANAGERS}
        </Button>
      ),
    },
  ];

  return (
    // A plain panel like a borderless antd Card (see ResourcePage).
    <div style={{ padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
      <SearchBar
        name="orgManagers-search"
        onSearch={() => setState((s) => ({ ...s, page: 1, keyword }))}
        onReset={() => {
          setKeyword('');
          setState((s) => ({ ...s, page: 1, keyword: undefined }));
        }}
      >
        <SearchField field="keyword" label={resourceTexts.KEYWORD}>
          {(id) => (
            <Input
              id={id}
              allowClear
              placeholder={resourceTexts.keywordPlaceholder([ORG_NAME, ORG_KEY])}
              style={{ width: narrow ? '100%' : 220 }}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
            />
          )}
        </SearchField>
      </SearchBar>
      <Table<OrgManagerCount>
        rowKey="id"
        size="middle"
        style={{ marginTop: 16 }}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        onChange={(p) =>
          setState((s) => ({ ...s, page: p.pageSize !== s.pageSize ? 1 : (p.current ?? 1), pageSize: p.pageSize ?? s.pageSize }))
        }
        pagination={{ ...TABLE_PAGINATION, current: state.page, pageSize: state.pageSize, total: list.data?._meta.totalCount ?? 0 }}
      />
    </div>
  );
}
