import { sql } from '../sql.js';
import { foreignKey, index, integer, primaryKey, doublePrecision, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { nowSeconds, seconds, stamps } from './columns.js';
import { activities, readers } from './activities.js';

// ---- Scan-code-for-points campaigns (type 16, design §10, issue 24) ----------------------------------

/**
 * A batch of codes of a scan campaign: how many, the points of a scan, the limits (scans of one
 * code, one reader's scans of one code, one reader's scans of the batch per China-time day), its
 * window and its optional geofence. `secret` signs its codes' links (HMAC-SHA256): never sent.
 */
export const scanBatches = pgTable('scan_batches', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  count: integer('count').notNull(),
  points: integer('points').notNull(),
  /** Scans of one code in all: 0 unlimited. */
  max_scans: integer('max_scans').notNull().default(1),
  /** Credited scans of one code by one reader: 0 unlimited. */
  per_reader_limit: integer('per_reader_limit').notNull().default(1),
  /** Credited scans of the batch by one reader per China-time day: 0 unlimited. */
  per_reader_daily: integer('per_reader_daily').notNull().default(0),
  valid_from: seconds('valid_from'),
  valid_to: seconds('valid_to'),
  geo_lng: doublePrecision('geo_lng'),
  geo_lat: doublePrecision('geo_lat'),
  geo_radius_m: integer('geo_radius_m'),
  secret: varchar('secret', { length: 64 }).notNull(),
  /** active | void. */
  status: varchar('status', { length: 8 }).notNull().default('active'),
  voided_at: seconds('voided_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('scan_batches_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'scan_batches_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('scan_batches_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
]);

/**
 * A code of a batch: 16 random base32 characters, unique in its organisation. `scans_used` is
 * counted by the one conditional statement of a scan (`… where max_scans = 0 or scans_used < max_scans`).
 */
export const scanCodes = pgTable('scan_codes', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  batch_id: integer('batch_id').notNull(),
  code: varchar('code', { length: 16 }).notNull(),
  scans_used: integer('scans_used').notNull().default(0),
  /** active | exhausted | void. */
  status: varchar('status', { length: 10 }).notNull().default('active'),
  ...stamps,
}, (t) => [
  uniqueIndex('scan_codes_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('scan_codes_code_uq').on(t.org_id, t.code),
  foreignKey({ name: 'scan_codes_batch_fk', columns: [t.org_id, t.batch_id], foreignColumns: [scanBatches.org_id, scanBatches.id] }).onDelete('cascade'),
  index('scan_codes_org_list_idx').on(t.org_id, t.batch_id, t.created_at, t.id),
]);

/**
 * One reader's credited scans: of one code (`day` 0) and of one batch on one China-time day
 * (`day` YYYYMMDD, `ref_id` the batch). Each limit is one insert … on conflict … where n < limit.
 */
export const scanReaderCounts = pgTable('scan_reader_counts', {
  /** 'code' | 'day'. */
  subject: varchar('subject', { length: 4 }).notNull(),
  ref_id: integer('ref_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  day: integer('day').notNull().default(0),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ name: 'scan_reader_counts_pk', columns: [t.subject, t.ref_id, t.reader_id, t.day] })]);

/**
 * Every scan with its result (design §10b scan log): who, which code (null when the code is none
 * of the organisation's), where, the points credited. A retried scan (the reader's nonce, the
 * participation kit's request id) answers the kept result and writes no second row.
 */
export const scanLogs = pgTable('scan_logs', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id'),
  batch_id: integer('batch_id'),
  code_id: integer('code_id'),
  reader_id: integer('reader_id').notNull(),
  /** The code as scanned (up to 16 characters). */
  code: varchar('code', { length: 16 }).notNull().default(''),
  /** SCAN_RESULTS. */
  result: varchar('result', { length: 16 }).notNull(),
  points: integer('points').notNull().default(0),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  lng: doublePrecision('lng'),
  lat: doublePrecision('lat'),
  /** China-time day YYYYMMDD. */
  day: integer('day').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'scan_logs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'scan_logs_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('scan_logs_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('scan_logs_act_reader_idx').on(t.act_id, t.reader_id).where(sql`result = 'ok'`),
]);
