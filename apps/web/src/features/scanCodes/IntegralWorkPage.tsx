import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Select, Table, Tabs, Typography } from 'antd';
import { findDeclaration, idFromQuery, ParentBar, ResourcePage } from '../../resources';
import { useApiQuery } from '../../shared/api';
import { download } from '../../shared/apiClient';
import { useScope } from '../../shared/session';
import { batchesPath, codesSheetPath, qrZipPath, rankingPath } from './scanApi';
import * as T from './texts';

const BATCHES = findDeclaration('scanBatches');
const CODES = findDeclaration('scanCodes');
const LOG = findDeclaration('scanLogs');

interface Ranked {
  reader_id: number;
  account: string;
  real_name: string;
  points: number;
  scans: number;
  rank: number;
}

/** 积分排行: readers by the points their scans earned inside the activity's window. */
function Ranking({ org, act }: { org: string; act: number }) {
  const ranking = useApiQuery<{ items: Ranked[] }>(['scanRanking', act], rankingPath(org, act), { limit: 100 });
  return (
    <>
      <Typography.Paragraph type="secondary">{T.RANKING_HINT}</Typography.Paragraph>
      <Table<Ranked>
        rowKey="reader_id"
        size="small"
        loading={ranking.isLoading}
        dataSource={ranking.data?.items ?? []}
        locale={{ emptyText: T.RANKING_EMPTY }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: T.RANK, dataIndex: 'rank', width: 70 },
          { title: T.ACCOUNT, dataIndex: 'account' },
          { title: T.NAME, dataIndex: 'real_name' },
          { title: T.POINTS, dataIndex: 'points', width: 90 },
          { title: T.SCANS, dataIndex: 'scans', width: 90 },
        ]}
      />
    </>
  );
}

/**
 * 积分记录 (`adminAct/adminIntegralWork?actID=`) of a scan campaign (type 16): its batches of codes
 * (the declared list: add, edit, 作废, delete an unscanned one; per batch its codes, the codes'
 * sheet and a zip of their QR images), the codes with their links, every scan with its result
 * (exported as the spec's export integral) and the leaderboard.
 */
export default function IntegralWorkPage() {
  const { scope: org } = useScope();
  const [params, setParams] = useSearchParams();
  const act = idFromQuery(params.get('actID'));
  const tab = params.get('tab') ?? 'batches';
  const [batchId, setBatchId] = useState<number | undefined>();
  const batches = useApiQuery<{ items: { id: number; name: string }[] }>(['scanBatchOptions', act], act !== undefined ? batchesPath(org, act) : null, { pageSize: 100 });
  if (act === undefined) return <ResourcePage def={BATCHES} org={org} needOrg={<Empty />} header={<ParentBar def={BATCHES} org={org} />} />;
  const batchOptions = (batches.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }));
  const batchFilter = ({ id, value, onChange }: { id: string; value: unknown; onChange: (v: unknown) => void }) => (
    <Select id={id} allowClear placeholder={T.ALL_BATCHES} style={{ width: 180 }} value={value as number | undefined} onChange={onChange} options={batchOptions} />
  );
  const openTab = (key: string) => setParams((p) => (p.set('tab', key), p), { replace: true });
  return (
    <>
      <ParentBar def={BATCHES} org={org} parentId={act} />
      <Tabs
        activeKey={tab}
        onChange={openTab}
        items={[
          {
            key: 'batches',
            label: T.TAB_BATCHES,
            children: (
              <ResourcePage
                def={BATCHES}
                org={org}
                parentId={act}
                rowActions={[
                  ({ row }) => (
                    <Button size="small" type="link" onClick={() => (setBatchId(row.id as number), openTab('codes'))}>
                      {T.CODES}
                    </Button>
                  ),
                  ({ row }) => (
                    <Button size="small" type="link" onClick={() => void download(codesSheetPath(org), { act, batch_id: row.id as number })}>
                      {T.SHEET}
                    </Button>
                  ),
                  ({ row }) => (
                    <Button size="small" type="link" onClick={() => void download(qrZipPath(org, row.id as number))}>
                      {T.QR_ZIP}
                    </Button>
                  ),
                ]}
              />
            ),
          },
          {
            key: 'codes',
            label: T.TAB_CODES,
            children: <ResourcePage key={`codes-${batchId ?? ''}`} def={CODES} org={org} parentId={act} initialFilters={batchId !== undefined ? { batch_id: batchId } : undefined} filterInputs={{ batch_id: batchFilter }} />,
          },
          {
            key: 'log',
            label: T.TAB_LOG,
            children: <ResourcePage def={LOG} org={org} parentId={act} filterInputs={{ batch_id: batchFilter }} />,
          },
          { key: 'ranking', label: T.TAB_RANKING, children: <Ranking org={org} act={act} /> },
        ]}
      />
    </>
  );
}
