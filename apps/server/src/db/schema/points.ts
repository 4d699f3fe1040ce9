import { sql } from '../sql.js';
import { bigserial, foreignKey, index, integer, pgTable, primaryKey, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { nowSeconds, seconds } from './columns.js';
import { readers } from './activities.js';

// ---- Points (积分, design §10, issue 24) -------------------------------------------------------------

/**
 * The ledger: every change of a reader's points is a row, never edited but to move a pending
 * manual adjustment on; a correction is a reversing row. `idem_key` names the event that earned
 * it (`work_approved:work:12`), unique per reader: a repeated trigger of one event is a no-op.
 * `status` is POINT_TXN_STATUS (posted rows count; a pending adjustment waits for a second
 * administrator).
 */
export const pointTxns = pgTable('point_txns', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  delta: integer('delta').notNull(),
  rule_key: varchar('rule_key', { length: 40 }).notNull(),
  source_type: varchar('source_type', { length: 20 }).notNull().default(''),
  source_id: varchar('source_id', { length: 64 }).notNull().default(''),
  act_id: integer('act_id'),
  idem_key: varchar('idem_key', { length: 160 }).notNull(),
  status: smallint('status').notNull().default(1),
  /** When the points stop counting (null: never): the expiry job writes the expiry row then. */
  expires_at: seconds('expires_at'),
  operator_id: integer('operator_id'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  uniqueIndex('point_txns_idem_uq').on(t.org_id, t.reader_id, t.idem_key),
  foreignKey({ name: 'point_txns_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('point_txns_reader_idx').on(t.org_id, t.reader_id, t.id),
  index('point_txns_org_list_idx').on(t.org_id, t.created_at, t.id),
  index('point_txns_pending_idx').on(t.org_id, t.id).where(sql`status = 0`),
  index('point_txns_expiring_idx').on(t.expires_at).where(sql`expires_at is not null and status = 1 and delta > 0`),
]);

/**
 * A reader's points at a glance, kept by the ledger in the statement that posts: the balance is
 * one primary-key read, the organisation's ranking one index scan.
 */
export const pointAccounts = pgTable('point_accounts', {
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  balance: integer('balance').notNull().default(0),
  earned: integer('earned').notNull().default(0),
  spent: integer('spent').notNull().default(0),
  expired: integer('expired').notNull().default(0),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
  /** When the account opened (the reader's first posting). */
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  primaryKey({ name: 'point_accounts_pk', columns: [t.org_id, t.reader_id] }),
  foreignKey({ name: 'point_accounts_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  /**
   * The ranking's order, highest balance first and then the later reader (`order by balance desc,
   * reader_id desc`, nulls first as PostgreSQL's `desc` is): the list's pages, and a reader's place
   * as an index-only count of the row comparison `(balance, reader_id) > (mine)` (points/rank.ts).
   */
  index('point_accounts_rank_idx').on(t.org_id, t.balance.desc().nullsFirst(), t.reader_id.desc().nullsFirst()),
]);

/**
 * The ranking's histogram (issue 24, a reader's place): how many accounts of the organisation hold
 * each balance, as folded from `point_rank_moves`. A reader's place is the accounts above its balance
 * (these rows, plus the moves not folded yet) and its ties ahead (`point_accounts_rank_idx`, one
 * balance): a read that no longer grows with the place (docs/decisions.md "A reader's place").
 */
export const pointRankCounts = pgTable('point_rank_counts', {
  org_id: integer('org_id').notNull(),
  balance: integer('balance').notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'point_rank_counts_pk', columns: [t.org_id, t.balance] })]);

/**
 * Every change of an account's balance as (old, new), appended by a trigger on `point_accounts`
 * (migration 0042: whatever writes the accounts) in the writer's transaction, insert-only so that no
 * two postings share a row; folded into `point_rank_counts` by one statement (points/rank.ts).
 * `old_balance` is null for an account opened, `new_balance` for one removed.
 */
export const pointRankMoves = pgTable('point_rank_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  org_id: integer('org_id').notNull(),
  old_balance: integer('old_balance'),
  new_balance: integer('new_balance'),
}, (t) => [index('point_rank_moves_org_idx').on(t.org_id, t.id)]);

/**
 * The caps' counters of a reader: `scope` is `d:{day}` (points earned that China day, against the
 * organisation's daily cap), `d:{day}:{rule}` and `a:{act}:{rule}` (triggers of a rule that day or
 * in that activity). A posting adds to each of its counters in one conditional upsert
 * (`n + inc <= cap`), so no concurrency passes a cap.
 */
export const pointCounters = pgTable('point_counters', {
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  scope: varchar('scope', { length: 80 }).notNull(),
  n: integer('n').notNull(),
  /** The cap in force when last counted. */
  cap: integer('cap').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [primaryKey({ name: 'point_counters_pk', columns: [t.org_id, t.reader_id, t.scope] }), index('point_counters_created_idx').on(t.created_at)]);

/** Points a reader earned inside an activity (its leaderboard), kept by the ledger in the statement that posts. */
export const pointActTotals = pgTable('point_act_totals', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  points: integer('points').notNull().default(0),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
}, (t) => [primaryKey({ name: 'point_act_totals_pk', columns: [t.act_id, t.reader_id] }), index('point_act_totals_rank_idx').on(t.act_id, t.points.desc(), t.updated_at)]);
