import { and, eq, sql, type SQL } from 'drizzle-orm';
import { chinaDayKey, POINT_TXN_STATUS, pointsConfigOf, pointsExpireAt, ruleInForce, type PointRefusal, type PointRuleKey } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { orgSettings, pointAccounts } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { nowSec } from '../participation/clock.js';

export const POINTS_CONFIG_KEY = 'points';

/** The organisation's points settings and rules (`org_settings` `points`), the defaults where not set. */
export async function pointsConfigFor(db: Db | Tx, orgId: number) {
  const [row] = await db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.org_id, orgId), eq(orgSettings.key, POINTS_CONFIG_KEY)));
  return pointsConfigOf(row?.value);
}

/** An event that earns (or spends) a reader's points under a rule. */
export interface PointsTrigger {
  orgId: number;
  readerId: number;
  rule: PointRuleKey;
  /** What earned it (a work, a vote, a scan code, a mark): names the ledger row. */
  source: { type: string; id: number | string };
  /** The activity it happened in: counts against the rule's per-activity cap and the activity's leaderboard. */
  actId?: number | null;
  /** The trigger's own points instead of the rule's (a scan code's batch; negative to spend). */
  points?: number;
  /** The event's key, unique per reader: a second trigger with it is a no-op. Default `{rule}:{source.type}:{source.id}`. */
  key?: string;
  reason?: string;
  operatorId?: number | null;
  /** A manual adjustment waiting for a second administrator: a pending row, counted nowhere until approved. */
  pending?: boolean;
  /** The moment of the posting (Unix seconds; default now): the expiry job posts at the moment it sweeps for. */
  at?: number;
}

export type PostResult = { status: 'posted'; txnId: number; delta: number; balance: number } | { status: 'pending'; txnId: number; delta: number } | { status: PointRefusal };

class Refused extends Error {
  constructor(readonly why: PointRefusal) {
    super(why);
  }
}

/**
 * Post a reader's points for an event, inside the caller's transaction (a savepoint of it: a
 * refusal leaves the caller's work standing), so that the points and the event that earns them
 * commit together. One statement does the posting:
 *
 * - the ledger row, unless the reader's row of the same event exists (`on conflict do nothing`: a
 *   concurrent duplicate waits for the first and then does nothing, so one event pays once);
 * - the caps' counters (the organisation's points per day, the rule's triggers per day and per
 *   activity), each added to only while `n + inc <= cap` — the conditional upsert re-reads a
 *   counter another transaction just changed, so no concurrency passes a cap;
 * - the reader's account (balance, earned, spent; never below 0) and the activity's leaderboard.
 *
 * A counter refused or a balance that would fall below 0 rolls the savepoint back: nothing of the
 * posting remains. Rules whose points come with the trigger (a scan code, a make-up's cost, an
 * administrator's adjustment, an expiry) have no caps.
 */
export async function postPoints(db: Db | Tx, t: PointsTrigger): Promise<PostResult> {
  const now = t.at ?? nowSec();
  const config = await pointsConfigFor(db, t.orgId);
  const rule = config.rules[t.rule];
  if (!ruleInForce(rule, now)) return { status: 'disabled' };
  const delta = t.points ?? rule.points;
  if (delta === 0) return { status: 'disabled' };
  const key = rule.once_per_account ? t.rule : (t.key ?? `${t.rule}:${t.source.type}:${t.source.id}`);
  const day = chinaDayKey(now);
  const counters: { scope: string; inc: number; cap: number }[] = [];
  if (delta > 0 && !t.pending) {
    if (config.daily_cap > 0 && t.rule !== 'manual') counters.push({ scope: `d:${day}`, inc: delta, cap: config.daily_cap });
    if (rule.cap_per_day > 0) counters.push({ scope: `d:${day}:${t.rule}`, inc: 1, cap: rule.cap_per_day });
    if (rule.cap_per_activity > 0 && t.actId != null) counters.push({ scope: `a:${t.actId}:${t.rule}`, inc: 1, cap: rule.cap_per_activity });
  }
  // Locked in one order, so that two postings of one reader never wait on each other crosswise.
  counters.sort((a, b) => (a.scope < b.scope ? -1 : 1));
  const status = t.pending ? POINT_TXN_STATUS.pending : POINT_TXN_STATUS.posted;
  const expiresAt = delta > 0 ? pointsExpireAt(now, config.expiry) : null;
  try {
    return await db.transaction(async (sp) => {
      const [row] = rowsOf<{ txn_id: number | null; counted: number; balance: number | null }>(
        await sp.execute(postingSql({ ...t, delta, key, status, expiresAt, now, counters })),
      );
      if (row?.txn_id == null) return { status: 'duplicate' } as const;
      if (t.pending) return { status: 'pending', txnId: row.txn_id, delta } as const;
      if (Number(row.counted) < counters.length) throw new Refused('capped');
      if (row.balance == null) throw new Refused('insufficient');
      return { status: 'posted', txnId: row.txn_id, delta, balance: Number(row.balance) } as const;
    });
  } catch (err) {
    if (err instanceof Refused) return { status: err.why };
    throw err;
  }
}

function postingSql(p: PointsTrigger & { delta: number; key: string; status: number; expiresAt: number | null; now: number; counters: { scope: string; inc: number; cap: number }[] }): SQL {
  const counted = p.counters.length
    ? sql`insert into point_counters as pc (org_id, reader_id, scope, n, cap, created_at)
        select ${p.orgId}::int, ${p.readerId}::int, v.scope, v.inc, v.cap, ${p.now}::bigint
        from (values ${sql.join(p.counters.map((c) => sql`(${c.scope}::varchar, ${c.inc}::int, ${c.cap}::int)`), sql`, `)}) v(scope, inc, cap)
        where exists (select 1 from t) and v.inc <= v.cap
        on conflict (org_id, reader_id, scope) do update set n = pc.n + excluded.n, cap = excluded.cap
          where pc.n + excluded.n <= excluded.cap
        returning 1`
    : sql`select 1 where false`;
  const posted = p.status === POINT_TXN_STATUS.posted;
  // An expiry row counts as expired, every other negative row as spent.
  const expiring = p.rule === 'expiry';
  return sql`with t as (
      insert into point_txns (org_id, reader_id, delta, rule_key, source_type, source_id, act_id, idem_key, status, expires_at, operator_id, reason, created_at)
      values (${p.orgId}, ${p.readerId}, ${p.delta}, ${p.rule}, ${p.source.type}, ${String(p.source.id)}, ${p.actId ?? null}, ${p.key}, ${p.status},
        ${p.expiresAt}, ${p.operatorId ?? null}, ${p.reason ?? ''}, ${p.now})
      on conflict (org_id, reader_id, idem_key) do nothing
      returning id
    ),
    c as (${counted}),
    a as (
      insert into point_accounts as pa (org_id, reader_id, balance, earned, spent, expired, updated_at)
      select ${p.orgId}::int, ${p.readerId}::int, ${p.delta}::int, greatest(${p.delta}::int, 0), ${expiring ? sql`0` : sql`greatest(-${p.delta}::int, 0)`},
        ${expiring ? sql`greatest(-${p.delta}::int, 0)` : sql`0`}, ${p.now}::bigint
      where ${posted} and exists (select 1 from t)
        and (${p.delta}::int >= 0 or exists (select 1 from point_accounts where org_id = ${p.orgId} and reader_id = ${p.readerId}))
      on conflict (org_id, reader_id) do update set balance = pa.balance + excluded.balance, earned = pa.earned + excluded.earned,
        spent = pa.spent + excluded.spent, expired = pa.expired + excluded.expired, updated_at = excluded.updated_at
        where pa.balance + excluded.balance >= 0
      returning balance
    ),
    l as (
      insert into point_act_totals as pt (org_id, act_id, reader_id, points, updated_at)
      select ${p.orgId}::int, ${p.actId ?? null}::int, ${p.readerId}::int, ${p.delta}::int, ${p.now}::bigint
      where ${p.actId != null && p.delta > 0 && posted} and exists (select 1 from a)
      on conflict (act_id, reader_id) do update set points = pt.points + excluded.points, updated_at = excluded.updated_at
    )
    select (select id from t) as txn_id, (select count(*) from c)::int as counted, (select balance from a) as balance`;
}

/** A reader's balance, earned, spent and expired points: one primary-key read (zeros before the first posting). */
export async function pointsAccountOf(db: Db | Tx, orgId: number, readerId: number) {
  const [row] = await db
    .select({ balance: pointAccounts.balance, earned: pointAccounts.earned, spent: pointAccounts.spent, expired: pointAccounts.expired })
    .from(pointAccounts)
    .where(and(eq(pointAccounts.org_id, orgId), eq(pointAccounts.reader_id, readerId)));
  return row ?? { balance: 0, earned: 0, spent: 0, expired: 0 };
}
