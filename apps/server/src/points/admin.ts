import { and, eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { POINT_TXN_STATUS, POINTS_ADMIN_MESSAGES, pointsExpireAt, type Caller } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { pointTxns } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { nowSec } from '../participation/clock.js';
import { pointsConfigFor, postPoints, REVERSAL_PREFIX, reversePoints } from './ledger.js';

/**
 * The ledger's administration (issue 24, design §10): a manual adjustment above the threshold
 * decided by a second administrator, a posted row reversed once, and the expiry sweep.
 */

/** Who asked for a manual adjustment: the ledger row's source (`super` / `manager` and the id). */
export const askerOf = (caller: Pick<Caller, 'kind' | 'id'>) => ({ type: caller.kind, id: caller.id });

/**
 * Approve (1) or reject (2) a pending manual adjustment. The row is locked and moved on from
 * pending in one conditional update, then (approved) the account follows in the same transaction:
 * two approvers at once post it once, the second is told it was decided; a deduction the balance
 * no longer covers is refused and the row stays pending. The administrator who asked cannot decide.
 */
export async function decidePending(tx: Tx, orgId: number, txnId: number, caller: Pick<Caller, 'kind' | 'id'>, status: 1 | 2, reason: string) {
  const [row] = await tx.select().from(pointTxns).where(and(eq(pointTxns.id, txnId), eq(pointTxns.org_id, orgId), eq(pointTxns.rule_key, 'manual'))).for('update');
  if (!row) throw notFound('积分调整不存在');
  if (row.status !== POINT_TXN_STATUS.pending) throw badRequest(POINTS_ADMIN_MESSAGES.notPending);
  if (row.source_type === caller.kind && Number(row.source_id) === caller.id) throw forbidden(POINTS_ADMIN_MESSAGES.selfApproval);
  const now = nowSec();
  if (status === 2) {
    const note = reason ? `${row.reason}（驳回：${reason}）`.slice(0, 200) : row.reason;
    await tx.update(pointTxns).set({ status: POINT_TXN_STATUS.rejected, reason: note }).where(and(eq(pointTxns.id, row.id), eq(pointTxns.status, POINT_TXN_STATUS.pending)));
    return { id: row.id, status: POINT_TXN_STATUS.rejected, balance: null };
  }
  const config = await pointsConfigFor(tx, orgId);
  const expiresAt = row.delta > 0 ? pointsExpireAt(now, config.expiry) : null;
  const [moved] = await tx
    .update(pointTxns)
    .set({ status: POINT_TXN_STATUS.posted, expires_at: expiresAt })
    .where(and(eq(pointTxns.id, row.id), eq(pointTxns.status, POINT_TXN_STATUS.pending)))
    .returning({ id: pointTxns.id });
  if (!moved) throw badRequest(POINTS_ADMIN_MESSAGES.notPending);
  const d = row.delta;
  const account =
    d > 0
      ? sql`insert into point_accounts as pa (org_id, reader_id, balance, earned, spent, updated_at) values (${orgId}, ${row.reader_id}, ${d}, ${d}, 0, ${now})
          on conflict (org_id, reader_id) do update set balance = pa.balance + excluded.balance, earned = pa.earned + excluded.earned, updated_at = excluded.updated_at
          returning balance`
      : sql`update point_accounts set balance = balance + ${d}, spent = spent - ${d}, updated_at = ${now}
          where org_id = ${orgId} and reader_id = ${row.reader_id} and balance + ${d} >= 0 returning balance`;
  const [acct] = rowsOf<{ balance: number }>(await tx.execute(account));
  // Thrown: the transaction rolls back, the row stays pending.
  if (!acct) throw badRequest(POINTS_ADMIN_MESSAGES.insufficient);
  return { id: row.id, status: POINT_TXN_STATUS.posted, balance: Number(acct.balance) };
}

/**
 * An administrator's 冲正 of a ledger row: the ledger's one reversal writer (reversePoints, key
 * `reverse:{the row's key}`, the key an undone event's reversal has too: a row is reversed once,
 * however often and by whichever path asked), whole or refused. A reversal or an expiry row is not
 * reversed. The original stays as it was.
 */
export async function reverseTxn(tx: Tx, orgId: number, txnId: number, caller: Pick<Caller, 'kind' | 'id'>, reason: string) {
  const [row] = await tx.select().from(pointTxns).where(and(eq(pointTxns.id, txnId), eq(pointTxns.org_id, orgId)));
  if (!row) throw notFound('积分记录不存在');
  if (row.status !== POINT_TXN_STATUS.posted || row.idem_key.startsWith(REVERSAL_PREFIX) || row.rule_key === 'expiry') throw badRequest(POINTS_ADMIN_MESSAGES.notReversible);
  const res = await reversePoints(tx, { orgId, readerId: row.reader_id, key: row.idem_key, reason: `冲正#${row.id}：${reason}`.slice(0, 200), operatorId: caller.id, partial: false });
  if (res.status === 'duplicate') throw badRequest(POINTS_ADMIN_MESSAGES.alreadyReversed);
  if (res.status === 'insufficient') throw badRequest(POINTS_ADMIN_MESSAGES.insufficient);
  if (res.status !== 'posted') throw badRequest(POINTS_ADMIN_MESSAGES.notReversible);
  return res;
}

/**
 * Expiry (design §10, docs/decisions.md "Points expiry: first in, first out"): spent points consume
 * the oldest earnings first, so what expires by `now` is the earnings expired by then less every
 * point spent (never below 0), less what earlier expiry rows took. Reversed rows and their
 * reversals count on neither side. One expiry row per reader and expiring batch (key
 * `expiry:{moment}`: the latest expiry moment reached), posted with the account's `expired` in one
 * transaction.
 */
export async function expireReader(db: Db, orgId: number, readerId: number, boundary: number, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [f] = rowsOf<{ x: number; c: number; done: number; balance: number | null }>(
      await tx.execute(sql`with s as (
          select t.delta, t.rule_key, t.expires_at,
            (t.idem_key like ${REVERSAL_PREFIX + '%'} or exists (select 1 from point_txns r where r.org_id = t.org_id and r.reader_id = t.reader_id and r.idem_key = ${REVERSAL_PREFIX}::text || t.idem_key)) as rev
          from point_txns t where t.org_id = ${orgId} and t.reader_id = ${readerId} and t.status = ${POINT_TXN_STATUS.posted}
        )
        select coalesce(sum(delta) filter (where delta > 0 and expires_at <= ${now} and not rev), 0)::int as x,
          coalesce(sum(-delta) filter (where delta < 0 and rule_key <> 'expiry' and not rev), 0)::int as c,
          coalesce(sum(-delta) filter (where rule_key = 'expiry'), 0)::int as done,
          (select balance from point_accounts where org_id = ${orgId} and reader_id = ${readerId} for update) as balance
        from s`),
    );
    if (!f) return 0;
    const amount = Math.min(Number(f.balance ?? 0), Math.max(0, Number(f.x) - Number(f.c)) - Number(f.done));
    if (amount <= 0) return 0;
    const res = await postPoints(tx, { orgId, readerId, rule: 'expiry', points: -amount, source: { type: 'expiry', id: boundary }, key: `expiry:${boundary}`, reason: '积分到期', at: now });
    return res.status === 'posted' ? amount : 0;
  });
}

/** Every reader whose earnings reached an expiry moment not yet swept: expiry rows written; then the caps' day counters older than 2 days deleted. */
export async function sweepPointsExpiry(db: Db, now: number = nowSec()): Promise<{ readers: number; points: number; counters: number }> {
  const due = rowsOf<{ org_id: number; reader_id: number; boundary: number }>(
    await db.execute(sql`select t.org_id, t.reader_id, max(t.expires_at)::bigint as boundary from point_txns t
      where t.expires_at <= ${now} and t.status = ${POINT_TXN_STATUS.posted} and t.delta > 0
      group by t.org_id, t.reader_id
      having not exists (select 1 from point_txns e where e.org_id = t.org_id and e.reader_id = t.reader_id and e.idem_key = 'expiry:' || max(t.expires_at))`),
  );
  let readers = 0;
  let points = 0;
  for (const d of due) {
    const n = await expireReader(db, d.org_id, d.reader_id, Number(d.boundary), now);
    if (n > 0) readers++;
    points += n;
  }
  // Only the day counters (`d:…`): a per-activity cap's counter (`a:…`) must last as long as the activity.
  const gone = rowsOf(await db.execute(sql`delete from point_counters where scope like 'd:%' and created_at < ${now - 2 * 86_400} returning 1`));
  return { readers, points, counters: gone.length };
}
