import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import type { PointAccountRow } from '@huodong/domain';
import { useScope } from '../../shared/session';
import { ResourcePage } from '../../resources/ResourcePage';
import { findDeclaration } from '../../resources/listModel';
import * as T from './texts';

// The dialogs (antd Form, its inputs, the modal) load when one opens.
const LedgerDialog = lazy(() => import('./PointsDialogs').then((m) => ({ default: m.LedgerDialog })));
const AdjustDialog = lazy(() => import('./PointsDialogs').then((m) => ({ default: m.AdjustDialog })));

const ACCOUNTS = findDeclaration('pointAccounts');

/**
 * 积分列表 (`adminScore/adminIntegralList`): the declared accounts (`/integral/userIntegral`:
 * readers with balance, earned, spent and expired points, highest balance first, searched by
 * account or name, exported); a reader's ledger with its reversals (`/integral/scoreList`) and a
 * manual adjustment (`/set_integral`) are the page's own dialogs.
 */
export default function IntegralListPage() {
  const { scope: org } = useScope();
  const [ledgerOf, setLedgerOf] = useState<PointAccountRow | null>(null);
  const [adjusting, setAdjusting] = useState<{ reader?: PointAccountRow } | null>(null);
  return (
    <>
      <ResourcePage
        def={ACCOUNTS}
        org={org}
        toolbar={() => (
          <Button type="primary" onClick={() => setAdjusting({})} data-testid="integral-adjust">
            {T.ADJUST}
          </Button>
        )}
        rowActions={[
          ({ row }) => (
            <Button size="small" type="link" onClick={() => setLedgerOf(row as unknown as PointAccountRow)}>
              {T.LEDGER}
            </Button>
          ),
          ({ row }) => (
            <Button size="small" type="link" onClick={() => setAdjusting({ reader: row as unknown as PointAccountRow })}>
              {T.ADJUST}
            </Button>
          ),
        ]}
      />
      <Suspense fallback={null}>
        {ledgerOf && <LedgerDialog org={org} reader={ledgerOf} onClose={() => setLedgerOf(null)} />}
        {adjusting && <AdjustDialog org={org} reader={adjusting.reader} onClose={() => setAdjusting(null)} />}
      </Suspense>
    </>
  );
}
