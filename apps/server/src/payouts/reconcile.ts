import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { chinaSeconds, REWARD_STATUS } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { redpackPayouts } from '../db/schema.js';
import { nowSec } from '../participation/clock.js';
import type { PaymentGateway } from './gateway.js';

/** The first second of a China day written YYYY-MM-DD. */
export function dayStartOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return chinaSeconds(y, m - 1, d);
}

export interface Mismatch {
  id: number | null;
  out_bill_no: string;
  /** What our receipt says left the merchant's account (fen): the amount when received, else 0. */
  ours_fen: number;
  bill_fen: number;
}

/**
 * Reconciliation of a China day (design §13b): the merchant's fund-flow bill against the payouts
 * sent that day (of one organisation, or of all). A payout the bill agrees with is stamped
 * `reconciled_at`; one it does not gets the difference in its `err_msg`; a bill line of ours
 * (our bill-number prefix) with no payout is reported too.
 */
export async function reconcileDay(db: Db, gateway: PaymentGateway, orgId: number | null, day: string): Promise<{ day: string; checked: number; matched: number; mismatches: Mismatch[] }> {
  const start = dayStartOf(day);
  const lines = await gateway.bill(day);
  const billed = new Map(lines.filter((l) => l.out_bill_no.startsWith('HDRP')).map((l) => [l.out_bill_no, l.amount_fen]));
  const ours = await db
    .select()
    .from(redpackPayouts)
    .where(and(orgId == null ? undefined : eq(redpackPayouts.org_id, orgId), gte(redpackPayouts.sent_at, start), lt(redpackPayouts.sent_at, start + 86_400)));
  const mismatches: Mismatch[] = [];
  const matched: number[] = [];
  for (const p of ours) {
    const want = p.reward_status === REWARD_STATUS.sent && p.wepay_status === 'RECEIVED' ? p.amount_fen : 0;
    const got = billed.get(p.out_bill_no) ?? 0;
    billed.delete(p.out_bill_no);
    if (want === got) matched.push(p.id);
    else mismatches.push({ id: p.id, out_bill_no: p.out_bill_no, ours_fen: want, bill_fen: got });
  }
  // A line of another organisation's payout is not this one's to report.
  if (orgId == null) for (const [no, fen] of billed) mismatches.push({ id: null, out_bill_no: no, ours_fen: 0, bill_fen: fen });
  else if (billed.size) {
    const elsewhere = await db.select({ no: redpackPayouts.out_bill_no, org: redpackPayouts.org_id }).from(redpackPayouts).where(inArray(redpackPayouts.out_bill_no, [...billed.keys()]));
    const known = new Set(elsewhere.map((e) => e.no));
    for (const [no, fen] of billed) if (!known.has(no)) mismatches.push({ id: null, out_bill_no: no, ours_fen: 0, bill_fen: fen });
  }
  const now = nowSec();
  if (matched.length) await db.update(redpackPayouts).set({ reconciled_at: now }).where(inArray(redpackPayouts.id, matched));
  for (const x of mismatches) if (x.id) await db.update(redpackPayouts).set({ reconciled_at: null, err_msg: sql`left(${`对账不符：账单${x.bill_fen}分，记录${x.ours_fen}分`}, 200)` }).where(eq(redpackPayouts.id, x.id));
  return { day, checked: ours.length, matched: matched.length, mismatches };
}
