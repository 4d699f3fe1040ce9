import { and, eq } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import {
  billNoOf,
  chinaDayKey,
  FINAL_TRANSFER_STATES,
  receiptOfTransfer,
  redpackAmount,
  REDPACK_UNCLAIMED_SECONDS,
  REWARD_STATUS,
  type RedpackMode,
  type RedpackTrigger,
} from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { redpackBatches, redpackConfigs, redpackOpenids, redpackPayouts } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { enqueueJob } from '../jobs/runner.js';
import { nowSec } from '../participation/clock.js';
import { Refused, UnknownOutcome, type PaymentGateway, type TransferBill } from './gateway.js';

/**
 * Red-packet payouts (design §13, issue 26). No kind's: a kind calls `payoutFor` in the transaction
 * of the event that earns one (a work awarded, a contest passed, a rank reached), as it calls
 * `postPoints`. The payout row, its merchant bill number and its reserved budget commit with the
 * event, before anything is sent; sending is the `redpack.pay` job, never a request's transaction.
 */

export const REDPACK_JOB = 'redpack.pay';
/** Tries of one look that ends in an error of our own (a crash, the database gone): the runner's back-off between them. */
export const REDPACK_JOB_ATTEMPTS = 20;
/** Queries of a transfer whose outcome is not known, then every 2 h (design §13b). */
export const QUERY_DELAYS_S = [60, 300, 1800, 7200] as const;
export const queryDelay = (n: number): number => QUERY_DELAYS_S[Math.min(n, QUERY_DELAYS_S.length - 1)]!;

export type PayoutRow = typeof redpackPayouts.$inferSelect;

export interface PayoutTrigger {
  orgId: number;
  actId: number;
  readerId: number;
  trigger: RedpackTrigger;
  /** The award paid (unique per reader in the configuration): `work:12`, `pass:act:5`, `manual:{batch}`. */
  awardKey: string;
  rank?: number | null;
  /** An administrator's amount (manual) instead of the configuration's. */
  amountFen?: number;
  batchId?: number | null;
}

export type PayoutResult = { status: 'made'; payout: PayoutRow } | { status: 'none' | 'duplicate' | 'budget' | 'daily' | 'per_reader' };

class Refusal extends Error {
  constructor(readonly why: 'budget' | 'daily' | 'per_reader') {
    super(why);
  }
}

/**
 * The payout of an award, in the event's transaction (a savepoint of it: a refusal leaves the
 * event standing): nothing when the activity has no red packets of this trigger switched on; a
 * second trigger of the same award is a no-op. The row is written with its bill number, then ONE
 * statement reserves the amount — the configuration's budget (`reserved_fen + amount <= budget_fen`),
 * the day's counter against the daily budget and the reader's counter against the per-reader
 * maximum, each a conditional write that re-reads a row another transaction just changed — and a
 * refusal rolls the savepoint back. Unless it waits for a batch's approval, its job is queued.
 */
export async function payoutFor(tx: Tx, t: PayoutTrigger): Promise<PayoutResult> {
  const [c] = await tx
    .select()
    .from(redpackConfigs)
    .where(and(eq(redpackConfigs.org_id, t.orgId), eq(redpackConfigs.act_id, t.actId), eq(redpackConfigs.is_pause, 0)));
  if (!c || (c.trigger !== t.trigger && t.trigger !== 'manual')) return { status: 'none' };
  const amount = t.amountFen ?? redpackAmount({ ...c, mode: c.mode as RedpackMode }, { rank: t.rank });
  if (amount <= 0) return { status: 'none' };
  const now = nowSec();
  const day = chinaDayKey(now);
  try {
    return await tx.transaction(async (sp) => {
      const [{ id }] = rowsOf<{ id: number }>(await sp.execute(sql`select nextval(pg_get_serial_sequence('redpack_payouts', 'id'))::int as id`)) as [{ id: number }];
      const [made] = await sp
        .insert(redpackPayouts)
        .values({ id, org_id: t.orgId, config_id: c.id, act_id: t.actId, reader_id: t.readerId, batch_id: t.batchId ?? null, award_key: t.awardKey, trigger: t.trigger, amount_fen: amount, out_bill_no: billNoOf(id, 1), reserved_fen: amount, reserved_day: day, created_at: now, updated_at: now })
        .onConflictDoNothing({ target: [redpackPayouts.config_id, redpackPayouts.reader_id, redpackPayouts.award_key] })
        .returning();
      if (!made) return { status: 'duplicate' as const };
      const [r] = rowsOf<{ cfg: number; day: number; usr: number }>(
        // Parameters typed: an untyped one compared with another is compared as text ('5000' > '20000').
        await sp.execute(sql`with cfg as (
            update redpack_configs set reserved_fen = reserved_fen + ${amount}::int, updated_at = ${now}::bigint
            where id = ${c.id}::int and is_pause = 0 and reserved_fen + ${amount}::int <= budget_fen returning id
          ), d as (
            insert into redpack_counters as k (config_id, scope, n) select id, ${`d:${day}`}, ${amount}::int from cfg where ${c.daily_budget_fen}::int = 0 or ${amount}::int <= ${c.daily_budget_fen}::int
            on conflict (config_id, scope) do update set n = k.n + excluded.n where ${c.daily_budget_fen}::int = 0 or k.n + excluded.n <= ${c.daily_budget_fen}::int
            returning 1
          ), u as (
            insert into redpack_counters as k (config_id, scope, n) select id, ${`u:${t.readerId}`}, 1 from cfg
            on conflict (config_id, scope) do update set n = k.n + 1 where ${c.per_user_max}::int = 0 or k.n + 1 <= ${c.per_user_max}::int
            returning 1
          )
          select (select count(*) from cfg)::int as cfg, (select count(*) from d)::int as day, (select count(*) from u)::int as usr`),
      );
      if (!r?.cfg) throw new Refusal('budget');
      if (!r.day) throw new Refusal('daily');
      if (!r.usr) throw new Refusal('per_reader');
      if (!t.batchId) await queuePayout(sp, made, 0);
      return { status: 'made' as const, payout: made };
    });
  } catch (err) {
    if (err instanceof Refusal) return { status: err.why };
    throw err;
  }
}

/** The payout's next look (a send or a query) at `delayS` from now; one job per look (`redpack:{id}:{attempts}`). */
export function queuePayout(db: Db | Tx, p: Pick<PayoutRow, 'id' | 'org_id' | 'attempts'>, delayS: number, tag = ''): Promise<number> {
  return enqueueJob(db, REDPACK_JOB, { id: p.id }, { key: `redpack:${p.id}:${p.attempts}${tag}`, orgId: p.org_id, runAt: Date.now() + delayS * 1000, maxAttempts: REDPACK_JOB_ATTEMPTS });
}

/**
 * Give back what a payout holds of the budget (a confirmed failure, a refund, a payout never
 * sent), once: the payout's `reserved_fen` goes to 0 in the same statement as the counters.
 */
export async function releasePayout(db: Db | Tx, id: number): Promise<void> {
  // RETURNING gives the new row: what it held is read (and locked) first.
  await db.execute(sql`with held as (
      select id, config_id, reserved_fen, reserved_day, reader_id from redpack_payouts where id = ${id} and reserved_fen > 0 for update
    ), p as (
      update redpack_payouts r set reserved_fen = 0 from held where r.id = held.id and r.reserved_fen = held.reserved_fen
      returning held.config_id, held.reserved_fen, held.reserved_day, held.reader_id
    ), c as (
      update redpack_configs c set reserved_fen = c.reserved_fen - p.reserved_fen from p where c.id = p.config_id returning 1
    ), d as (
      update redpack_counters k set n = k.n - p.reserved_fen from p where k.config_id = p.config_id and k.scope = 'd:' || p.reserved_day returning 1
    ), u as (
      update redpack_counters k set n = k.n - 1 from p where k.config_id = p.config_id and k.scope = 'u:' || p.reader_id returning 1
    ) select (select count(*) from p) as n`);
}

const isFinal = (p: PayoutRow) => p.reward_status === REWARD_STATUS.failed || p.reward_status === REWARD_STATUS.unclaimed || (p.reward_status === REWARD_STATUS.sent && (p.wepay_status === 'RECEIVED' || p.wepay_status === 'REFUND'));

/**
 * One look at a payout (the `redpack.pay` job). Idempotent, and safe after a crash anywhere:
 * - a payout already sent once (`attempts` > 0, committed BEFORE the send) is QUERIED by its bill
 *   number first; only a bill WeChat does not have is sent (again, with the same number — WeChat
 *   keeps one bill per number, so even a send that did arrive is not paid twice);
 * - the send is fenced: `attempts` moves from the value read to the next in one conditional
 *   update, so of two instances looking at once only one sends;
 * - an unknown outcome (time-out, 5xx, PROCESSING) is queried later with back-off; a new bill
 *   number is made only by `resend` after WeChat confirmed FAIL.
 */
export async function lookAtPayout(db: Db, gateway: PaymentGateway, id: number, remark: (p: PayoutRow) => Promise<string>): Promise<void> {
  const [p] = await db.select().from(redpackPayouts).where(eq(redpackPayouts.id, id));
  if (!p || isFinal(p)) return;
  if (p.batch_id) {
    const [b] = await db.select({ status: redpackBatches.status }).from(redpackBatches).where(eq(redpackBatches.id, p.batch_id));
    if (b?.status !== 'approved') return; // the approval queues it
  }
  const now = nowSec();
  if (gateway.notConfigured) {
    await db.update(redpackPayouts).set({ err_msg: gateway.notConfigured.slice(0, 200), updated_at: now }).where(eq(redpackPayouts.id, p.id));
    return; // stays 待发放; queued again when the server starts with credentials (queueWaitingPayouts)
  }
  if (p.attempts > 0) {
    let bill: TransferBill | null;
    try {
      bill = await gateway.query(p.out_bill_no);
    } catch (err) {
      return later(db, p, err);
    }
    if (bill) return record(db, gateway, p, bill);
  }
  let openid = p.openid;
  if (!openid) {
    const [o] = await db.select({ openid: redpackOpenids.openid }).from(redpackOpenids).where(and(eq(redpackOpenids.org_id, p.org_id), eq(redpackOpenids.reader_id, p.reader_id), eq(redpackOpenids.appid, gateway.appid)));
    if (!o) {
      if (now - p.created_at >= REDPACK_UNCLAIMED_SECONDS) {
        await db.transaction(async (tx) => {
          await tx.update(redpackPayouts).set({ reward_status: REWARD_STATUS.unclaimed, return_code: 'NO_OPENID', err_msg: '读者24小时内未绑定微信', updated_at: now }).where(eq(redpackPayouts.id, p.id));
          await releasePayout(tx, p.id);
        });
        return;
      }
      await queuePayout(db, p, p.created_at + REDPACK_UNCLAIMED_SECONDS - now, `:openid${Date.now()}`);
      return;
    }
    openid = o.openid;
  }
  const [fenced] = await db
    .update(redpackPayouts)
    .set({ attempts: p.attempts + 1, openid, sent_at: p.sent_at ?? now, updated_at: now })
    .where(and(eq(redpackPayouts.id, p.id), eq(redpackPayouts.attempts, p.attempts)))
    .returning();
  if (!fenced) return; // another look got there first
  let bill: TransferBill;
  try {
    bill = await gateway.transfer({ out_bill_no: fenced.out_bill_no, openid, amount_fen: fenced.amount_fen, remark: await remark(fenced) });
  } catch (err) {
    if (err instanceof Refused) return refused(db, fenced, err);
    return later(db, fenced, err);
  }
  return record(db, gateway, fenced, bill);
}

/** Not known: say so on the payout (发放中) and query the same bill number after the back-off. */
async function later(db: Db, p: PayoutRow, err: unknown): Promise<void> {
  if (!(err instanceof UnknownOutcome) && !(err instanceof Refused)) throw err;
  await db.transaction(async (tx) => {
    const [n] = await tx
      .update(redpackPayouts)
      .set({ reward_status: REWARD_STATUS.sent, wepay_status: p.wepay_status || 'SENDING', err_msg: String((err as Error).message).slice(0, 200), attempts: sql`${redpackPayouts.attempts} + 1`, updated_at: nowSec() })
      .where(eq(redpackPayouts.id, p.id))
      .returning();
    await queuePayout(tx, n!, queryDelay(n!.attempts - 1));
  });
}

/** WeChat refused the send itself: a confirmed failure (NO_AUTH: the merchant's account). */
async function refused(db: Db, p: PayoutRow, err: Refused): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(redpackPayouts).set({ reward_status: REWARD_STATUS.failed, wepay_status: 'FAILED', return_code: err.code.slice(0, 40), err_msg: err.message.slice(0, 200), updated_at: nowSec() }).where(eq(redpackPayouts.id, p.id));
    await releasePayout(tx, p.id);
  });
}

/** The bill's state on the payout; what is not final is looked at again (cancelled when unclaimed for 24 h). */
async function record(db: Db, gateway: PaymentGateway, p: PayoutRow, bill: TransferBill): Promise<void> {
  const now = nowSec();
  if (bill.state === 'WAIT_USER_CONFIRM' && now - (p.sent_at ?? now) >= REDPACK_UNCLAIMED_SECONDS) {
    try {
      bill = await gateway.cancel(p.out_bill_no);
    } catch (err) {
      if (!(err instanceof Refused)) return later(db, p, err);
      const again = await gateway.query(p.out_bill_no).catch(() => null);
      if (!again) return later(db, p, err);
      bill = again; // confirmed meanwhile
    }
  }
  const receipt = receiptOfTransfer(bill.state, bill.fail_reason);
  const final = FINAL_TRANSFER_STATES.includes(bill.state);
  await db.transaction(async (tx) => {
    const [n] = await tx
      .update(redpackPayouts)
      .set({
        ...receipt,
        transfer_bill_no: bill.transfer_bill_no ?? p.transfer_bill_no,
        err_msg: bill.fail_reason ?? '',
        received_at: bill.state === 'SUCCESS' ? (p.received_at ?? now) : p.received_at,
        refunded_at: bill.state === 'CANCELLED' ? (p.refunded_at ?? now) : p.refunded_at,
        attempts: final ? p.attempts : sql`${redpackPayouts.attempts} + 1`,
        updated_at: now,
      })
      .where(eq(redpackPayouts.id, p.id))
      .returning();
    if (bill.state === 'FAIL' || bill.state === 'CANCELLED') await releasePayout(tx, p.id);
    if (!final) {
      const untilUnclaimed = (p.sent_at ?? now) + REDPACK_UNCLAIMED_SECONDS - now;
      await queuePayout(tx, n!, Math.max(0, Math.min(queryDelay(n!.attempts - 1), bill.state === 'WAIT_USER_CONFIRM' ? untilUnclaimed : Infinity)));
    }
  });
}

/**
 * A payout WeChat confirmed FAILED, sent again: a NEW bill number (generation + 1) — the only
 * way a payout gets one — with its amount reserved again in one statement.
 */
export async function resendPayout(tx: Tx, p: PayoutRow): Promise<PayoutRow | 'budget'> {
  const now = nowSec();
  const day = chinaDayKey(now);
  const [r] = rowsOf<{ id: number }>(
    await tx.execute(sql`with cfg as (
        update redpack_configs set reserved_fen = reserved_fen + ${p.amount_fen}::int, updated_at = ${now}
        where id = ${p.config_id} and reserved_fen + ${p.amount_fen}::int <= budget_fen returning id
      ) update redpack_payouts set generation = generation + 1, out_bill_no = ${billNoOf(p.id, p.generation + 1)}, reserved_fen = ${p.amount_fen}::int, reserved_day = ${day},
          reward_status = ${REWARD_STATUS.pending}, wepay_status = '', return_code = '', err_msg = '', attempts = 0, sent_at = null, transfer_bill_no = '', updated_at = ${now}
        where id = ${p.id} and reward_status = ${REWARD_STATUS.failed} and exists (select 1 from cfg) returning id`),
  );
  if (!r) return 'budget';
  await tx.execute(sql`insert into redpack_counters as k (config_id, scope, n) values (${p.config_id}, ${`d:${day}`}, ${p.amount_fen}), (${p.config_id}, ${`u:${p.reader_id}`}, 1)
    on conflict (config_id, scope) do update set n = k.n + excluded.n`);
  const [n] = await tx.select().from(redpackPayouts).where(eq(redpackPayouts.id, p.id));
  await queuePayout(tx, n!, 0, `:g${n!.generation}`);
  return n!;
}
