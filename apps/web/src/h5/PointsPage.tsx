import { Button, List } from 'antd-mobile';
import { chinaDateTime } from '@huodong/domain';
import { useReaderList, useReaderRead } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

interface Account {
  balance: number;
  earned: number;
  spent: number;
  expired: number;
}
interface Txn {
  id: number;
  delta: number;
  rule_name: string;
  reason: string;
  created_at: number;
}

/** My points: the account (`GET /client/get_integral`) and the ledger's posted lines, newest first (`GET /client/score`). */
export function PointsPage() {
  const account = useReaderRead<Account>('/get_integral');
  const ledger = useReaderList<Txn>('/score');
  const a = account.data;
  return (
    <H5Page title={T.myPoints} testId="h5-points" error={account.error || ledger.error} loading={!a || !ledger.items}>
      {a && (
        <section className="h5-panel h5-figures" aria-label={T.myPoints}>
          <div>
            <strong>{a.balance}</strong>
            {T.balance}
          </div>
          <div>
            <strong>{a.earned}</strong>
            {T.earned}
          </div>
          <div>
            <strong>{a.spent}</strong>
            {T.spent}
          </div>
        </section>
      )}
      {ledger.items && ledger.items.length === 0 && <p className="h5-muted">{T.noPoints}</p>}
      {ledger.items && ledger.items.length > 0 && (
        <List>
          {ledger.items.map((t) => (
            <List.Item key={t.id} description={`${chinaDateTime(t.created_at)}${t.reason ? ` · ${t.reason}` : ''}`} extra={<span style={{ color: t.delta >= 0 ? '#25600a' : '#a8071a' }}>{t.delta > 0 ? `+${t.delta}` : t.delta}</span>}>
              {t.rule_name}
            </List.Item>
          ))}
        </List>
      )}
      {ledger.hasMore && (
        <Button block size="large" onClick={ledger.more} style={{ marginTop: 12 }}>
          {T.more}
        </Button>
      )}
    </H5Page>
  );
}
