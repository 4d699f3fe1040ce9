import { and, eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { chinaDayKey, POINT_TXN_STATUS, pointsConfigOf, pointsExpireAt, ruleInForce, type PointRefusal, type PointRuleKey } from '@huodong/domain';
import type { Database, Db, Tx } from '../db/client.js';
import { orgSettings, pointAccounts, pointTxns } from '../db/schema.js';
import { rowsOf } from '../db/rows.js';
import { RememberedReads } from '../db/writeWatch.js';
import { nowSec } from '../participation/clock.js';

export const POINTS_CONFIG_KEY = 'points';
/** The key of a reversing row is its original's behind this: one reversal per row, whichever path writes it. */
export const REVERSAL_PREFIX = 'reverse:';

export type PointsConfigView = ReturnType<typeof pointsConfigOf>;

/** The organisation's points settings and rules (`org_settings` `points`), the defaults where not set. */
export async function pointsConfigFor(db: Db | Tx, orgId: number): Promise<PointsConfigView> {
  const [row] = await db.select({ value: orgSettings.value }).from(orgSettings).where(and(eq(orgSettings.org_id, orgId), eq(orgSettings.key, POINTS_CONFIG_KEY)));
  return pointsConfigOf(row?.value);
}

const CONFIG_TABLES = ['org_settings'] as const;
const remembered = new WeakMap<Database, RememberedReads<PointsConfigView>>();

/**
 * The organisation's points configuration as a remembered read (db/writeWatch.ts, as the access
 * hook's): used again until `org_settings` is written in this process, at most 10 s. The reader
 * writes that post points (a ballot, a contest's submit, a check-in) read it here, before their
 * transaction, and hand it to postPoints: a posting is then its savepoint and one statement.
 */
export function rememberedPointsConfig(database: Database, orgId: number, db: Db | Tx = database.db): Promise<PointsConfigView> {
  let r = remembered.get(database);
  if (!r) {
    r = new RememberedReads<PointsConfigView>(database.watch, 10_000, 5_000);
    remembered.set(database, r);
  }
  // Read through `db`: inside a transaction, its own (PGlite has one connection).
  return r.get(String(orgId), CONFIG_TABLES, () => pointsConfigFor(db, orgId));
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
  /** The organisation's configuration when the caller has it (rememberedPointsConfig); else read here. */
  config?: PointsConfigView;
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
  const planned = plannedPosting(t.config ?? (await pointsConfigFor(db, t.orgId)), t);
  return planned ? post(db, planned) : { status: 'disabled' };
}

/**
 * What a trigger would post under `config` (the rule in force, its points, the key, the caps'
 * counters, the expiry), or null when it posts nothing (`disabled`): postPoints' rules, apart from the
 * writing, so that a write made in one statement (earningsInStatement) posts as postPoints would.
 */
export function plannedPosting(config: PointsConfigView, t: PointsTrigger): Posting | null {
  const now = t.at ?? nowSec();
  const rule = config.rules[t.rule];
  if (!ruleInForce(rule, now)) return null;
  const delta = t.points ?? rule.points;
  if (delta === 0) return null;
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
  const expiresAt = delta > 0 ? pointsExpireAt(now, config.expiry) : null;
  return { ...t, delta, key, status: t.pending ? POINT_TXN_STATUS.pending : POINT_TXN_STATUS.posted, expiresAt, now, counters };
}

export type Posting = PointsTrigger & { delta: number; key: string; status: number; expiresAt: number | null; now: number; counters: { scope: string; inc: number; cap: number }[]; board?: boolean };

async function post(db: Db | Tx, p: Posting): Promise<PostResult> {
  const answer = (row: { txn_id: number | null; counted: number; balance: number | null } | undefined): PostResult => {
    if (row?.txn_id == null) return { status: 'duplicate' };
    if (p.pending) return { status: 'pending', txnId: row.txn_id, delta: p.delta };
    if (Number(row.counted) < p.counters.length) throw new Refused('capped');
    if (row.balance == null) throw new Refused('insufficient');
    return { status: 'posted', txnId: row.txn_id, delta: p.delta, balance: Number(row.balance) };
  };
  type Row = { txn_id: number | null; counted: number; balance: number | null };
  // An earning without caps cannot be refused (a duplicate writes nothing): no savepoint needed.
  if (p.counters.length === 0 && p.delta > 0) return answer(rowsOf<Row>(await db.execute(postingSql(p)))[0]);
  if (db instanceof PgTransaction) return postInSavepoint(db, p, answer);
  try {
    return await db.transaction(async (sp) => answer(rowsOf<Row>(await sp.execute(postingSql(p)))[0]));
  } catch (err) {
    if (err instanceof Refused) return { status: err.why };
    throw err;
  }
}

/**
 * A posting inside the caller's transaction: a savepoint, the posting, and only on a refusal or an
 * error the rollback to it. A posting that stands is not released: the commit releases it, and the
 * hot reader writes that post points (a check-in mark, a first join) save that round trip. The
 * savepoint's name may repeat in one transaction; a rollback goes to the newest, this posting's.
 */
async function postInSavepoint(tx: Tx, p: Posting, answer: (row: { txn_id: number | null; counted: number; balance: number | null } | undefined) => PostResult): Promise<PostResult> {
  await tx.execute(sql`savepoint posting`);
  try {
    return answer(rowsOf<{ txn_id: number | null; counted: number; balance: number | null }>(await tx.execute(postingSql(p)))[0]);
  } catch (err) {
    await tx.execute(sql`rollback to savepoint posting`);
    if (err instanceof Refused) return { status: err.why };
    throw err;
  }
}

/**
 * The one writer of a correction: a posted row answered by a reversing row of the opposite points
 * under the same rule, keyed `reverse:{key}`, so that it is written once however often and by
 * whichever path it is asked (an event undone: a work's approval or award, a comment's approval;
 * an administrator's 冲正 of a ledger row). Its source is the row it reverses; the activity's
 * leaderboard loses what the row earned there. Nothing when the row does not exist or is not
 * posted (`disabled`). What the reader has spent already is not taken below 0: an event undone
 * (`partial`, the default) reverses the balance left; an administrator's correction (`partial:
 * false`) is whole or refused (`insufficient`). Whether the rule is on now does not matter.
 */
export async function reversePoints(
  db: Db | Tx,
  r: { orgId: number; readerId: number; key: string; reason?: string; operatorId?: number | null; partial?: boolean },
): Promise<PostResult> {
  const [orig] = await db
    .select({ id: pointTxns.id, delta: pointTxns.delta, rule: pointTxns.rule_key, act: pointTxns.act_id })
    .from(pointTxns)
    .where(and(eq(pointTxns.org_id, r.orgId), eq(pointTxns.reader_id, r.readerId), eq(pointTxns.idem_key, r.key), eq(pointTxns.status, POINT_TXN_STATUS.posted)));
  if (!orig || orig.delta === 0) return { status: 'disabled' };
  const reversal = (delta: number) =>
    post(db, {
      orgId: r.orgId,
      readerId: r.readerId,
      rule: orig.rule as PointRuleKey,
      source: { type: 'reverse', id: orig.id },
      actId: orig.act,
      key: `${REVERSAL_PREFIX}${r.key}`,
      reason: r.reason,
      operatorId: r.operatorId,
      delta,
      status: POINT_TXN_STATUS.posted,
      expiresAt: null,
      now: nowSec(),
      counters: [],
      board: orig.delta > 0,
    });
  const first = await reversal(-orig.delta);
  if (first.status !== 'insufficient' || r.partial === false) return first;
  const { balance } = await pointsAccountOf(db, r.orgId, r.readerId);
  return balance > 0 ? reversal(-Math.min(balance, orig.delta)) : first;
}

function postingSql(p: Posting): SQL {
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
      where ${p.actId != null && (p.board ?? p.delta > 0) && posted} and exists (select 1 from a)
      on conflict (act_id, reader_id) do update set points = pt.points + excluded.points, updated_at = excluded.updated_at
    )
    select (select id from t) as txn_id, (select count(*) from c)::int as counted, (select balance from a) as balance`;
}

/** Whether every posting planned is one earningsInStatement writes (an earning, posted); a write with any other takes the long way. */
export const earningsOnly = (...postings: (Posting | null | undefined)[]): boolean => postings.every((p) => !p || (p.delta > 0 && p.status === POINT_TXN_STATUS.posted));

/**
 * A reader's earnings in one activity as parts of the caller's one statement (issue 24: a check-in
 * mark posts its first join's points and its own there), each posting written only `when` its
 * condition holds (SQL over the statement's other parts), as postPoints would write it: the ledger
 * row under its key (`sourceId`: the source's id as SQL, e.g. a row the statement inserts), the
 * caps' counters — summed per scope (the daily cap's row is shared by the postings; one upsert may
 * touch a row once), added to only while `n + inc <= cap` —, the account and the leaderboard.
 * `complete` is true when every posting due was written and every counter added to; false (a
 * duplicate key, a cap reached) the caller must undo the whole statement and post the long way,
 * where postPoints decides each posting alone. It names every part (the account and the
 * leaderboard too): a statement that evaluates it in the condition of its first write (an offline
 * booking's seats) takes the reader's points rows before its own, in the long way's order. It is
 * evaluated once (`pts_ok`), where the statement first names it.
 * Earnings only: positive, posted, of one activity.
 */
export function earningsInStatement(postings: { p: Posting; when: SQL; sourceId?: SQL }[], reader: SQL): { parts: SQL | null; complete: SQL } {
  const [first] = postings;
  // Nothing to post: no parts, and nothing that can fail.
  if (!first) return { parts: null, complete: sql`true` };
  if (postings.some(({ p }) => p.delta <= 0 || p.status !== POINT_TXN_STATUS.posted || p.actId == null || p.actId !== first.p.actId || p.orgId !== first.p.orgId))
    throw new Error('earningsInStatement: earnings of one activity only');
  const { orgId, actId, now } = first.p;
  const rows = sql.join(
    postings.map(
      ({ p, when, sourceId }) => sql`select ${orgId}::int, ${reader}, ${p.delta}::int, ${p.rule}::varchar, ${p.source.type}::varchar, ${sourceId ?? sql`${String(p.source.id)}`}::varchar,
        ${actId}::int, ${p.key}::varchar, ${p.status}::smallint, ${p.expiresAt}::bigint, null::int, ${p.reason ?? ''}::varchar, ${p.now}::bigint where ${when}`,
    ),
    sql` union all `,
  );
  const counters = postings.flatMap(({ p }) => p.counters.map((c) => sql`(${c.scope}::varchar, ${c.inc}::int, ${c.cap}::int, ${p.key}::varchar)`));
  // The counters of the postings written, one row per scope.
  const due = counters.length ? sql`(values ${sql.join(counters, sql`, `)}) v(scope, inc, cap, key) where v.key in (select idem_key from pts_rows)` : null;
  const written = sql.join(postings.map(({ when }) => sql`(case when ${when} then 1 else 0 end)`), sql` + `);
  // Naming every part, so that a caller evaluating it before its own writes (a booking's seats) takes the points' rows first.
  const checked = sql`((select count(*) from pts_rows) = ${written}
    and (select count(*) from pts_counters) = ${due ? sql`(select count(distinct v.scope) from ${due})` : sql`0`}
    and (select count(*) from pts_account) = (select count(*) from pts_board))`;
  const parts = sql`pts_rows as (
      insert into point_txns (org_id, reader_id, delta, rule_key, source_type, source_id, act_id, idem_key, status, expires_at, operator_id, reason, created_at)
      ${rows}
      on conflict (org_id, reader_id, idem_key) do nothing
      returning idem_key, delta
    ),
    pts_counters as (${
      due
        ? sql`insert into point_counters as pc (org_id, reader_id, scope, n, cap, created_at)
        select ${orgId}::int, ${reader}, v.scope, sum(v.inc)::int, max(v.cap)::int, ${now}::bigint from ${due}
        group by v.scope having sum(v.inc) <= max(v.cap) order by v.scope
        on conflict (org_id, reader_id, scope) do update set n = pc.n + excluded.n, cap = excluded.cap
          where pc.n + excluded.n <= excluded.cap
        returning 1`
        : sql`select 1 where false`
    }),
    pts_account as (
      insert into point_accounts as pa (org_id, reader_id, balance, earned, spent, expired, updated_at)
      select ${orgId}::int, ${reader}, sum(delta)::int, sum(delta)::int, 0, 0, ${now}::bigint from pts_rows having count(*) > 0
      on conflict (org_id, reader_id) do update set balance = pa.balance + excluded.balance, earned = pa.earned + excluded.earned, updated_at = excluded.updated_at
      returning balance
    ),
    pts_board as (
      insert into point_act_totals as pt (org_id, act_id, reader_id, points, updated_at)
      select ${orgId}::int, ${actId}::int, ${reader}, sum(delta)::int, ${now}::bigint from pts_rows having count(*) > 0
      on conflict (act_id, reader_id) do update set points = pt.points + excluded.points, updated_at = excluded.updated_at
      returning 1
    ),
    pts_ok as (select ${checked} as ok)`;
  // The check evaluated once, where the caller first names it (a booking's seats and waiting list, then its
  // kept answer): inlined at each, it was planned, started and run at each (and again by a waiting update's recheck).
  return { parts, complete: sql`(select ok from pts_ok)` };
}

/** A reader's balance, earned, spent and expired points: one primary-key read (zeros before the first posting). */
export async function pointsAccountOf(db: Db | Tx, orgId: number, readerId: number) {
  const [row] = await db
    .select({ balance: pointAccounts.balance, earned: pointAccounts.earned, spent: pointAccounts.spent, expired: pointAccounts.expired })
    .from(pointAccounts)
    .where(and(eq(pointAccounts.org_id, orgId), eq(pointAccounts.reader_id, readerId)));
  return row ?? { balance: 0, earned: 0, spent: 0, expired: 0 };
}
