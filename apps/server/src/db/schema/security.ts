import { bigint, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { nowSeconds, seconds, stamps } from './columns.js';

// ---- Security and audit ----------------------------------------------------------------------

export const tokens = pgTable('tokens', {
  id: serial('id').primaryKey(),
  /** SHA-256 of the opaque token; the token itself is never stored. */
  token_hash: varchar('token_hash', { length: 64 }).notNull(),
  subject_kind: varchar('subject_kind', { length: 10 }).notNull(),
  subject_id: integer('subject_id').notNull(),
  /** `super` or the organisation key the token was issued for. */
  scope: varchar('scope', { length: 32 }).notNull(),
  org_id: integer('org_id'),
  /** Absolute expiry, milliseconds since epoch. */
  expires_at: bigint('expires_at', { mode: 'number' }).notNull(),
  revoked_at: seconds('revoked_at'),
  ...stamps,
}, (t) => [uniqueIndex('tokens_hash_uq').on(t.token_hash), index('tokens_subject_idx').on(t.subject_kind, t.subject_id)]);

export const captchas = pgTable('captchas', {
  key: varchar('key', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
  /** Milliseconds since epoch. */
  expires_at: bigint('expires_at', { mode: 'number' }).notNull(),
  /** The client address that asked for it: each address keeps only its newest few codes. */
  ip: text('ip').notNull().default(''),
}, (t) => [index('captchas_ip_idx').on(t.ip, t.expires_at), index('captchas_expires_idx').on(t.expires_at)]);

/**
 * Fixed-window counters (sign-in attempts per account and per address, verification codes per
 * address): one row per key, counted up in one statement so concurrent requests never read the
 * same count. Rows whose window has ended are deleted.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  n: integer('n').notNull(),
  /** When the window ends, milliseconds since epoch. */
  reset_at: bigint('reset_at', { mode: 'number' }).notNull(),
}, (t) => [index('rate_counters_reset_idx').on(t.reset_at)]);

export const auditLogs = pgTable('audit_logs', {
  id: serial('id').primaryKey(),
  actor_kind: varchar('actor_kind', { length: 10 }).notNull(),
  actor_id: integer('actor_id').notNull(),
  scope: varchar('scope', { length: 32 }).notNull(),
  org_id: integer('org_id'),
  action: varchar('action', { length: 32 }).notNull(),
  resource: varchar('resource', { length: 64 }).notNull(),
  ids: jsonb('ids').$type<number[]>().notNull().default([]),
  /** UTC, Unix seconds. */
  at: seconds('at').notNull().default(nowSeconds),
}, (t) => [index('audit_logs_org_idx').on(t.org_id, t.at)]);
