import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Unix seconds (spec timestamps are seconds). */
const seconds = (name: string) => bigint(name, { mode: 'number' });
const nowSeconds = sql`(extract(epoch from now())::bigint)`;
const stamps = {
  created_at: seconds('created_at').notNull().default(nowSeconds),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
};
/** 0 = active, 1 = paused (the spec's enable/disable flag). */
const isPause = { is_pause: smallint('is_pause').notNull().default(0) };
const recommend = { is_rec: smallint('is_rec').notNull().default(0), rec_at: seconds('rec_at') };
const sort = { sort: integer('sort').notNull().default(0) };

// ---- Platform tables -------------------------------------------------------------------------

export const organizationTypes = pgTable('organization_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('organization_types_name_uq').on(t.name)]);

export const modules = pgTable('modules', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  code: varchar('code', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('modules_code_uq').on(t.code)]);

export const organizations = pgTable('organizations', {
  id: serial('id').primaryKey(),
  /** URL segment of the organisation's back office. */
  key: varchar('key', { length: 32 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  type_id: integer('type_id').references(() => organizationTypes.id, { onDelete: 'set null' }),
  org_group: varchar('org_group', { length: 50 }).notNull().default(''),
  parent_id: integer('parent_id').references((): AnyPgColumn => organizations.id),
  /** The seller who signed the organisation up (GET /v1/sellers/new/{id}). */
  seller_id: integer('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  logo: varchar('logo', { length: 255 }).notNull().default(''),
  /** Authorised module ids and activity type numbers (POST /v1/organizations/{id}/authorize). */
  module_ids: jsonb('module_ids').$type<number[]>().notNull().default([]),
  activity_types: jsonb('activity_types').$type<number[]>().notNull().default([]),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('organizations_key_uq').on(t.key), index('organizations_parent_idx').on(t.parent_id), index('organizations_seller_idx').on(t.seller_id)]);

export const supers = pgTable('supers', {
  id: serial('id').primaryKey(),
  account: varchar('account', { length: 64 }).notNull(),
  password_hash: varchar('password_hash', { length: 255 }).notNull(),
  real_name: varchar('real_name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  /** Route paths this super administrator may open; empty = all. */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  last_login_at: seconds('last_login_at'),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('supers_account_uq').on(t.account)]);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('roles_name_uq').on(t.name)]);

export const sellers = pgTable('sellers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  company: varchar('company', { length: 100 }).notNull().default(''),
  region: varchar('region', { length: 100 }).notNull().default(''),
  remark: varchar('remark', { length: 255 }).notNull().default(''),
  ...isPause,
  ...stamps,
});

export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  ...sort,
  ...recommend,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('tags_name_uq').on(t.name)]);

export const quickReplies = pgTable('quick_replies', {
  id: serial('id').primaryKey(),
  content: varchar('content', { length: 500 }).notNull(),
  ...sort,
  ...isPause,
  ...stamps,
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  ...sort,
  ...recommend,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('categories_name_uq').on(t.name)]);

/** Activity scope settings (`/v1/scope`, super only): the reach an activity may be published to. */
export const scopes = pgTable('scopes', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('scopes_name_uq').on(t.name)]);

// ---- Organisation-scoped tables (every row carries org_id) -----------------------------------

/**
 * `search` of the big organisation tables (managers, org_users, students): their keyword columns
 * (the declaration's `keywordFields`), lower-cased once when a row is written, joined by U+001F
 * so that a match never spans two columns. A keyword search is then one LIKE per row instead of
 * an ILIKE per column, which lower-cases every value again on every search. It ends the table's
 * list index (org_id, created_at, id, search): the list order, a keyword search and its count are
 * index-only scans of one organisation's entries. The generated resource tests search by every
 * declared keyword field, so a column missing here fails them.
 */
const searchOf = (...columns: string[]) =>
  text('search').generatedAlwaysAs(sql.raw(`lower(${columns.map((c) => `coalesce("${c}", '')`).join(' || chr(31) || ')})`));

const orgId = () =>
  integer('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const managers = pgTable('managers', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  account: varchar('account', { length: 64 }).notNull(),
  password_hash: varchar('password_hash', { length: 255 }).notNull(),
  real_name: varchar('real_name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  /** `admin` = organisation administrator; anything else = ordinary administrator. */
  type: varchar('type', { length: 20 }).notNull().default('normal'),
  role_id: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
  /** Route paths this manager may open; empty = all of its kind. */
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  last_login_at: seconds('last_login_at'),
  search: searchOf('account', 'real_name', 'phone'),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('managers_org_account_uq').on(t.org_id, t.account), index('managers_org_list_idx').on(t.org_id, t.created_at, t.id, t.search)]);

export const orgUsers = pgTable('org_users', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  academic_num: varchar('academic_num', { length: 64 }).notNull(),
  real_name: varchar('real_name', { length: 50 }).notNull(),
  sex: smallint('sex').notNull().default(0),
  department: varchar('department', { length: 100 }).notNull().default(''),
  identity: smallint('identity').notNull(),
  search: searchOf('real_name', 'academic_num'),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('org_users_org_num_uq').on(t.org_id, t.academic_num), index('org_users_org_list_idx').on(t.org_id, t.created_at, t.id, t.search)]);

export const students = pgTable('students', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  account: varchar('account', { length: 64 }).notNull(),
  sex: smallint('sex').notNull().default(0),
  grade: smallint('grade'),
  class: smallint('class'),
  enrollment_date: varchar('enrollment_date', { length: 4 }).notNull().default(''),
  school_name: varchar('school_name', { length: 100 }).notNull().default(''),
  identity: smallint('identity'),
  search: searchOf('name', 'account'),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('students_org_account_uq').on(t.org_id, t.account), index('students_org_list_idx').on(t.org_id, t.created_at, t.id, t.search)]);

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
});

export const loginFailures = pgTable('login_failures', {
  id: serial('id').primaryKey(),
  /** `scope:account` */
  account_key: varchar('account_key', { length: 100 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  /** Milliseconds since epoch. */
  at: bigint('at', { mode: 'number' }).notNull(),
}, (t) => [index('login_failures_account_idx').on(t.account_key, t.at), index('login_failures_ip_idx').on(t.ip, t.at)]);

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

export const meta = pgTable('meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});
