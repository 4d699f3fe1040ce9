import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Empty, Select } from 'antd';
import { findDeclaration, idFromQuery, ParentBar, ResourcePage } from '../../resources';
import { useApiQuery } from '../../shared/api';
import { download } from '../../shared/apiClient';
import { PageLoading } from '../../shared/PageLoading';
import { useScope } from '../../shared/session';
import { batchesPath, codesSheetPath, qrZipPath } from './scanApi';
import * as T from './texts';

// Within the page's first-load budget: the tabs and the leaderboard's table load after the shell.
const Tabs = lazy(() => import('antd/es/tabs'));
const Ranking = lazy(() => import('./Ranking'));

const BATCHES = findDeclaration('scanBatches');
const CODES = findDeclaration('scanCodes');
const LOG = findDeclaration('scanLogs');

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
    <Suspense fallback={<PageLoading />}>
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
    </Suspense>
  );
}
