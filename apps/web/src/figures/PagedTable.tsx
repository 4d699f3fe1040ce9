import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Card, Flex, Table } from 'antd';
// antd's Search itself, not `Input` of the barrel, which carries TextArea, Password and OTP along.
import Search from 'antd/es/input/Search';
import { fillFigurePath, type FigurePagedTable } from '@huodong/domain/figures';
import type { ListData } from '@huodong/domain/api';
import { useApiQuery } from '../shared/api';
import { scopeLink } from '../shared/scope';
import { figureColumns } from './figureParts';
import { FIGURES_KEY } from './figuresKey';

type Row = Record<string, unknown>;
const PAGE_SIZES = [10, 20, 30, 40];

/**
 * A declared table read page by page from its own list path (`page`, `page_size`, `_meta.totalCount`
 * as every list of the API), with the keyword search when declared.
 */
export default function PagedTable({ table, org, act, params }: { table: FigurePagedTable; org: string; act: number; params: Record<string, number> }) {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const path = fillFigurePath(table.source, { org, act, ...params });
  const list = useApiQuery<ListData<Row>>([FIGURES_KEY, 'paged', table.source, act], path, {
    ...(table.search && keyword ? { [table.search.param]: keyword } : {}),
    page: page.page,
    page_size: page.size,
  });
  const columns = figureColumns(table.columns, act, (p) => navigate(scopeLink(org, p)));
  return (
    <Card size="small" data-testid={table.key}>
      {table.search && (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Search allowClear placeholder={table.search.placeholder} aria-label={table.search.placeholder} style={{ width: 280 }} onSearch={(v) => (setKeyword(v.trim()), setPage((p) => ({ ...p, page: 1 })))} data-testid={table.search.testId} />
        </Flex>
      )}
      <Table<Row>
        rowKey={(r) => table.rowKey.map((f) => String(r[f] ?? '')).join('-')}
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
          pageSizeOptions: PAGE_SIZES,
          onChange: (p, size) => setPage({ page: p, size }),
        }}
      />
    </Card>
  );
}
