import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Table } from 'antd';
import Search from 'antd/es/input/Search';
import type { ListData } from '@huodong/domain/api';
import type { PointAccountRow } from '@huodong/domain';
import { api, useApiQuery } from '../../shared/api';
import { PagePanel } from '../../shared/PagePanel';
import { useScope } from '../../shared/session';
import { chinaDateTime } from '@huodong/domain';
import { accountsPath, exportPath, POINTS_KEY } from './pointsApi';
import * as T from './texts';

// The dialogs (antd Form, its inputs, the modal) load when one opens.
const LedgerDialog = lazy(() => import('./PointsDialogs').then((m) => ({ default: m.LedgerDialog })));
const AdjustDialog = lazy(() => import('./PointsDialogs').then((m) => ({ default: m.AdjustDialog })));

/**
 * 积分列表 (`adminScore/adminIntegralList`): readers with balance, earned, spent and expired points,
 * highest balance first, searched by account or name (`/integral/userIntegral`); a reader's ledger
 * with its reversals (`/integral/scoreList`); a manual adjustment (`/set_integral`); the export.
 */
export default function IntegralListPage() {
  const { scope: org } = useScope();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [ledgerOf, setLedgerOf] = useState<PointAccountRow | null>(null);
  const [adjusting, setAdjusting] = useState<{ reader?: PointAccountRow } | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useApiQuery<ListData<PointAccountRow>>([POINTS_KEY, 'accounts', org, keyword, page.page, page.size], accountsPath(org), {
    keyword: keyword || undefined,
    page: page.page,
    page_size: page.size,
  });
  const onExport = async () => {
    setExporting(true);
    try {
      await api.download(exportPath(org), { keyword: keyword || undefined });
    } finally {
      setExporting(false);
    }
  };
  return (
    <PagePanel testId="integral-list">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Search allowClear placeholder={T.KEYWORD} aria-label={T.KEYWORD} style={{ width: 280 }} onSearch={(v) => (setKeyword(v.trim()), setPage((p) => ({ ...p, page: 1 })))} data-testid="integral-search" />
        <Button type="primary" onClick={() => setAdjusting({})} data-testid="integral-adjust">
          {T.ADJUST}
        </Button>
        <Button loading={exporting} onClick={() => void onExport()}>
          {T.EXPORT}
        </Button>
      </Flex>
      <Table<PointAccountRow>
        rowKey="reader_id"
        size="small"
        loading={list.isPending}
        dataSource={list.data?.items}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page.page, pageSize: page.size, total: list.data?._meta.totalCount ?? 0, showSizeChanger: true, onChange: (p, s) => setPage({ page: p, size: s }) }}
        columns={[
          { title: T.ACCOUNT, dataIndex: 'account' },
          { title: T.NAME, dataIndex: 'real_name' },
          { title: T.BALANCE, dataIndex: 'balance' },
          { title: T.EARNED, dataIndex: 'earned' },
          { title: T.SPENT, dataIndex: 'spent' },
          { title: T.EXPIRED, dataIndex: 'expired' },
          { title: T.UPDATED, dataIndex: 'updated_at', render: (v: number) => chinaDateTime(v) },
          {
            title: T.ACTIONS,
            render: (_, r) => (
              <Flex gap={4}>
                <Button size="small" type="link" onClick={() => setLedgerOf(r)}>
                  {T.LEDGER}
                </Button>
                <Button size="small" type="link" onClick={() => setAdjusting({ reader: r })}>
                  {T.ADJUST}
                </Button>
              </Flex>
            ),
          },
        ]}
      />
      <Suspense fallback={null}>
        {ledgerOf && <LedgerDialog org={org} reader={ledgerOf} onClose={() => setLedgerOf(null)} />}
        {adjusting && <AdjustDialog org={org} reader={adjusting.reader} onClose={() => setAdjusting(null)} />}
      </Suspense>
    </PagePanel>
  );
}
