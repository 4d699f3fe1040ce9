import { sql } from '../sql.js';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, nowSeconds, seconds, stamps } from './columns.js';
import { activities, readers } from './activities.js';
import { orgId } from './platform.js';

// ---- Red packets (design §13, issue 26) ---------------------------------------------------------------

/**
 * An activity's red-packet amounts (`/v1/amount/{org}`): how much one award pays (fixed, random in
 * a range, by rank), what triggers it, the budget and daily budget and the payouts per reader.
 * `reserved_fen` is what the payouts took of the budget (reserved before sending, given back when a
 * payout finally fails or is refunded): one conditional update reserves, so no concurrency passes it.
 */
export const redpackConfigs = pgTable('redpack_configs', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  act_id: integer('act_id').notNull(),
  mode: varchar('mode', { length: 10 }).notNull().default('fixed'),
  amount_fen: integer('amount_fen').notNull().default(0),
  min_fen: integer('min_fen').notNull().default(0),
  max_fen: integer('max_fen').notNull().default(0),
  rank_table: jsonb('rank_table').$type<{ from: number; to: number; amount_fen: number }[]>().notNull().default([]),
  trigger: varchar('trigger', { length: 10 }).notNull().default('award'),
  budget_fen: integer('budget_fen').notNull(),
  /** 0: no daily budget. */
  daily_budget_fen: integer('daily_budget_fen').notNull().default(0),
  per_user_max: integer('per_user_max').notNull().default(1),
  reserved_fen: integer('reserved_fen').notNull().default(0),
  remark: varchar('remark', { length: 32 }).notNull().default(''),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('redpack_configs_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('redpack_configs_act_uq').on(t.org_id, t.act_id),
  foreignKey({ name: 'redpack_configs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('redpack_configs_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

/**
 * A configuration's counters: `d:{China day}` fen reserved that day (against the daily budget) and
 * `u:{reader}` payouts of a reader (against the per-reader maximum), each added to by a conditional
 * upsert in the reserving statement.
 */
export const redpackCounters = pgTable('redpack_counters', {
  config_id: integer('config_id').notNull().references(() => redpackConfigs.id, { onDelete: 'cascade' }),
  scope: varchar('scope', { length: 40 }).notNull(),
  n: integer('n').notNull(),
}, (t) => [primaryKey({ name: 'redpack_counters_pk', columns: [t.config_id, t.scope] })]);

/**
 * A manual payout list an administrator asked for; above the threshold it waits for a second
 * administrator (`status` pending → approved | refused) before its payouts are sent.
 */
export const redpackBatches = pgTable('redpack_batches', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  config_id: integer('config_id').notNull(),
  total_fen: integer('total_fen').notNull(),
  count: integer('count').notNull(),
  status: varchar('status', { length: 10 }).notNull().default('pending'),
  requested_by: integer('requested_by').notNull(),
  decided_by: integer('decided_by'),
  decided_at: seconds('decided_at'),
  reason: varchar('reason', { length: 100 }).notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('redpack_batches_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'redpack_batches_config_fk', columns: [t.org_id, t.config_id], foreignColumns: [redpackConfigs.org_id, redpackConfigs.id] }).onDelete('cascade'),
  index('redpack_batches_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

/**
 * A payout (the spec's reward receipt): one per award (`award_key` unique per configuration and
 * reader), its amount reserved, its merchant bill number made when the row is written (before any
 * send) and kept until WeChat confirms a failure (`generation` + 1). `reward_status`,
 * `wepay_status`, `return_code` are the receipt fields of spec §3.
 */
export const redpackPayouts = pgTable('redpack_payouts', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  config_id: integer('config_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  batch_id: integer('batch_id'),
  award_key: varchar('award_key', { length: 80 }).notNull(),
  trigger: varchar('trigger', { length: 10 }).notNull(),
  amount_fen: integer('amount_fen').notNull(),
  openid: varchar('openid', { length: 64 }).notNull().default(''),
  out_bill_no: varchar('out_bill_no', { length: 32 }).notNull().default(''),
  generation: integer('generation').notNull().default(1),
  transfer_bill_no: varchar('transfer_bill_no', { length: 64 }).notNull().default(''),
  reward_status: smallint('reward_status').notNull().default(1),
  wepay_status: varchar('wepay_status', { length: 16 }).notNull().default(''),
  return_code: varchar('return_code', { length: 40 }).notNull().default(''),
  err_msg: varchar('err_msg', { length: 200 }).notNull().default(''),
  /** Sends and queries made. */
  attempts: integer('attempts').notNull().default(0),
  /** The budget this payout holds (0 once given back). */
  reserved_fen: integer('reserved_fen').notNull().default(0),
  reserved_day: varchar('reserved_day', { length: 10 }).notNull().default(''),
  sent_at: seconds('sent_at'),
  received_at: seconds('received_at'),
  refunded_at: seconds('refunded_at'),
  /** When reconciliation against the merchant's bill last found this payout (null: not yet). */
  reconciled_at: seconds('reconciled_at'),
  created_at: seconds('created_at').notNull().default(nowSeconds),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
}, (t) => [
  uniqueIndex('redpack_payouts_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('redpack_payouts_award_uq').on(t.config_id, t.reader_id, t.award_key),
  uniqueIndex('redpack_payouts_bill_uq').on(t.out_bill_no).where(sql`out_bill_no <> ''`),
  foreignKey({ name: 'redpack_payouts_config_fk', columns: [t.org_id, t.config_id], foreignColumns: [redpackConfigs.org_id, redpackConfigs.id] }).onDelete('cascade'),
  foreignKey({ name: 'redpack_payouts_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('redpack_payouts_org_list_idx').on(t.org_id, t.created_at, t.id),
  index('redpack_payouts_act_idx').on(t.org_id, t.act_id, t.created_at),
  index('redpack_payouts_reader_idx').on(t.org_id, t.reader_id, t.id),
]);

/** A reader's openid under the paying appid (bound by the reader; none: the payout is refused NO_OPENID). */
export const redpackOpenids = pgTable('redpack_openids', {
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  appid: varchar('appid', { length: 32 }).notNull(),
  openid: varchar('openid', { length: 64 }).notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  primaryKey({ name: 'redpack_openids_pk', columns: [t.org_id, t.reader_id, t.appid] }),
  foreignKey({ name: 'redpack_openids_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
]);
