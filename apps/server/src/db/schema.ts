import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * The keyword index of those tables: GIN over keyword_keys(org_id, search), every 1-, 2- and
 * 3-character piece of `search` under its organisation ('12:' || piece; SQL functions of
 * migration 0022). A keyword search reads only the posting lists of its own organisation's
 * pieces, however big the organisation and however many others share the table
 * (resources/keyword.ts).
 */
const searchIndex = (name: string, t: { org_id: AnyPgColumn; search: AnyPgColumn }) =>
  index(name).using('gin', sql`keyword_keys(${t.org_id}, ${t.search})`);

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
}, (t) => [uniqueIndex('managers_org_account_uq').on(t.org_id, t.account), index('managers_org_list_idx').on(t.org_id, t.created_at, t.id, t.search), searchIndex('managers_keys_idx', t)]);

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
}, (t) => [uniqueIndex('org_users_org_num_uq').on(t.org_id, t.academic_num), index('org_users_org_list_idx').on(t.org_id, t.created_at, t.id, t.search), searchIndex('org_users_keys_idx', t)]);

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
}, (t) => [uniqueIndex('students_org_account_uq').on(t.org_id, t.account), index('students_org_list_idx').on(t.org_id, t.created_at, t.id, t.search), searchIndex('students_keys_idx', t)]);

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

// ---- Activities, readers and taking part ---------------------------------------------------------

/**
 * Readers: the people who take part in an organisation's activities. An imported organisation user
 * or student becomes a reader when an administrator sets a first password (`source`, `source_id`);
 * a reader may also register (when the organisation allows it). `account` is the 学号, the
 * student account or a phone number, unique in the organisation.
 */
export const readers = pgTable('readers', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  account: varchar('account', { length: 64 }).notNull(),
  password_hash: varchar('password_hash', { length: 255 }).notNull(),
  /** 1: the password was set by an administrator; the reader must change it before anything else. */
  must_change_password: smallint('must_change_password').notNull().default(0),
  real_name: varchar('real_name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  academic_num: varchar('academic_num', { length: 64 }).notNull().default(''),
  unit: varchar('unit', { length: 100 }).notNull().default(''),
  /** The reader's unit: an organisation of the tree under and including the reader's organisation (null: the organisation itself). */
  unit_id: integer('unit_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
  identity: smallint('identity'),
  grade: smallint('grade'),
  /** `user` (org_users), `student` (students) or `register`. */
  source: varchar('source', { length: 10 }).notNull(),
  source_id: integer('source_id'),
  last_login_at: seconds('last_login_at'),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('readers_org_account_uq').on(t.org_id, t.account),
  uniqueIndex('readers_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('readers_source_uq').on(t.org_id, t.source, t.source_id),
  index('readers_org_list_idx').on(t.org_id, t.created_at, t.id),
  index('readers_unit_idx').on(t.unit_id),
]);

/**
 * Every activity of every type (spec §1 types, §3 promotion item): the common columns, the type,
 * an optional explicit state (spec §4), who may take part, and the type's own settings in `config`
 * (validated by the type's declaration).
 */
export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  type: smallint('type').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  profile: text('profile').notNull().default(''),
  address: varchar('address', { length: 255 }).notNull().default(''),
  module_id: integer('module_id').references(() => modules.id, { onDelete: 'set null' }),
  category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  origination: varchar('origination', { length: 100 }).notNull().default(''),
  start_at: seconds('start_at').notNull(),
  end_at: seconds('end_at').notNull(),
  /** Explicit state (1 not started, 2 in progress, 3 finished); null: computed from the times. */
  state: smallint('state'),
  need_real: smallint('need_real').notNull().default(0),
  user_upload: smallint('user_upload').notNull().default(0),
  certificate: smallint('certificate').notNull().default(0),
  /** 0 = no limit. */
  person_limit: integer('person_limit').notNull().default(0),
  answer_limit: integer('answer_limit').notNull().default(0),
  time_limit: integer('time_limit').notNull().default(0),
  join_num: integer('join_num').notNull().default(0),
  view_count: integer('view_count').notNull().default(0),
  /**
   * Who may take part (design §1.1): units of the organisation tree, identity categories and
   * grades, each an empty or missing list meaning everyone; or, with `whitelist_mode` `LIST`, only
   * the readers listed in `activity_readers`.
   */
  scope: jsonb('scope').$type<{ unit_ids?: number[]; identities?: number[]; grades?: number[]; whitelist_mode?: 'ALL' | 'LIST' }>().notNull().default({}),
  /** An access code readers must give (blank: none). */
  access_code: varchar('access_code', { length: 32 }).notNull().default(''),
  /** Daily window `HH:MM` (blank: all day), Asia/Shanghai. */
  daily_from: varchar('daily_from', { length: 5 }).notNull().default(''),
  daily_to: varchar('daily_to', { length: 5 }).notNull().default(''),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  /** 1 = draft, invisible to readers; publishing runs the type's own checks. */
  is_tmp: smallint('is_tmp').notNull().default(1),
  published_at: seconds('published_at'),
  /** Platform approval when the platform requires it: 0 none, 1 waiting, 2 approved, 3 rejected. */
  check_status: smallint('check_status').notNull().default(0),
  check_reason: varchar('check_reason', { length: 500 }).notNull().default(''),
  is_delete: smallint('is_delete').notNull().default(0),
  /** The keyword copy of the title (see searchOf): organisation and platform lists search it. */
  search: searchOf('title'),
  ...recommend,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('activities_org_id_uq').on(t.org_id, t.id),
  // A type's list in list order, carrying what its state filter and keyword probe test
  // (state, start_at, end_at, search): those read the index alone, never the rows.
  index('activities_org_type_list_idx').on(t.org_id, t.type, t.is_delete, t.created_at, t.id, t.state, t.start_at, t.end_at, t.search),
  index('activities_list_idx').on(t.is_delete, t.created_at, t.id),
  searchIndex('activities_keys_idx', t),
  // The platform's list searches every organisation's activities: the pieces without their
  // organisation (keyword_grams, migration 0003; its 'org:' entry is not asked for there).
  index('activities_search_idx').using('gin', sql`keyword_grams(${t.org_id}, ${t.search})`),
]);

/** A reader's participation in an activity: one row per reader and activity (`join_num` counts them). */
export const activityJoins = pgTable('activity_joins', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  /** 1 joined, 2 cancelled, 3 disqualified. */
  status: smallint('status').notNull().default(1),
  real_name: varchar('real_name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'activity_joins_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'activity_joins_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('activity_joins_act_reader_uq').on(t.act_id, t.reader_id),
  index('activity_joins_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
]);

/**
 * The named readers of an activity whose scope is a list (`scope.whitelist_mode` `LIST`): one row
 * per activity and reader, both of the same organisation (composite foreign keys).
 */
export const activityReaders = pgTable('activity_readers', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  primaryKey({ name: 'activity_readers_pk', columns: [t.act_id, t.reader_id] }),
  foreignKey({ name: 'activity_readers_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'activity_readers_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('activity_readers_reader_idx').on(t.reader_id),
]);

/** Idempotent reader writes: the first answer to a (reader, request_id), replayed to a retry. */
export const readerRequests = pgTable('reader_requests', {
  reader_id: integer('reader_id').notNull(),
  request_id: varchar('request_id', { length: 64 }).notNull(),
  status: integer('status').notNull(),
  answer: jsonb('answer').notNull(),
  /** What the kept answer answered (method, route, params, body without request_id, hashed): a replay must ask the same ('' = kept before fingerprints, any replay matches). */
  fingerprint: varchar('fingerprint', { length: 64 }).notNull().default(''),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [uniqueIndex('reader_requests_uq').on(t.reader_id, t.request_id)]);

/** Activity groups (spec `actcate`): named, ordered sets of an organisation's activities. */
export const activityGroups = pgTable('activity_groups', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  description: varchar('description', { length: 500 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('activity_groups_org_id_uq').on(t.org_id, t.id), index('activity_groups_org_list_idx').on(t.org_id, t.created_at, t.id)]);

export const activityGroupItems = pgTable('activity_group_items', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  group_id: integer('group_id').notNull(),
  act_id: integer('act_id').notNull(),
  ...sort,
  ...stamps,
}, (t) => [
  foreignKey({ name: 'activity_group_items_group_fk', columns: [t.org_id, t.group_id], foreignColumns: [activityGroups.org_id, activityGroups.id] }).onDelete('cascade'),
  foreignKey({ name: 'activity_group_items_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('activity_group_items_uq').on(t.group_id, t.act_id),
  index('activity_group_items_list_idx').on(t.org_id, t.group_id, t.sort, t.id),
]);

/**
 * Blacklist entries (spec `/v1/{org}/blacklist`): a reader refused some actions in some activity
 * types from `start_at` until `end_at` (null: until lifted).
 */
export const blacklists = pgTable('blacklists', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  /** Activity types the entry covers; empty: all. */
  types: jsonb('types').$type<number[]>().notNull().default([]),
  /** join, vote, comment, reserve, submit, scan; empty: all. */
  actions: jsonb('actions').$type<string[]>().notNull().default([]),
  reason_type: varchar('reason_type', { length: 20 }).notNull().default('manual'),
  reason: varchar('reason', { length: 255 }).notNull().default(''),
  start_at: seconds('start_at').notNull(),
  end_at: seconds('end_at'),
  is_auto: smallint('is_auto').notNull().default(0),
  /** The automatic rule (offence kind) that made the entry; null for an administrator's entry. */
  offence_kind: varchar('offence_kind', { length: 32 }),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'blacklists_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('blacklists_org_list_idx').on(t.org_id, t.created_at, t.id),
  index('blacklists_reader_idx').on(t.reader_id, t.start_at),
]);

/**
 * A reader's offences (design §14: no-shows, voided votes, rejected comments, plagiarism), counted
 * by the organisation's automatic blacklist rules. `ref` names the evidence (a reservation, a vote):
 * the same evidence counts once. `outcome` is what the offence triggered: 0 nothing, 1 a warning,
 * 2 an automatic blacklist entry (`blacklist_id`).
 */
export const readerOffences = pgTable('reader_offences', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  kind: varchar('kind', { length: 32 }).notNull(),
  act_id: integer('act_id'),
  act_type: smallint('act_type'),
  ref: varchar('ref', { length: 64 }).notNull().default(''),
  outcome: smallint('outcome').notNull().default(0),
  blacklist_id: integer('blacklist_id').references(() => blacklists.id, { onDelete: 'set null' }),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'reader_offences_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  foreignKey({ name: 'reader_offences_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('reader_offences_ref_uq').on(t.reader_id, t.kind, t.ref).where(sql`${t.ref} <> ''`),
  index('reader_offences_count_idx').on(t.reader_id, t.kind, t.created_at),
  index('reader_offences_org_list_idx').on(t.org_id, t.created_at, t.id),
  index('reader_offences_blacklist_idx').on(t.blacklist_id),
]);

/** Settings of an organisation by key (blacklist rules, reader registration, …), JSON values. */
export const orgSettings = pgTable('org_settings', {
  org_id: orgId(),
  key: varchar('key', { length: 64 }).notNull(),
  value: jsonb('value').notNull(),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
}, (t) => [uniqueIndex('org_settings_uq').on(t.org_id, t.key)]);

/** Readers opening a third-party activity (type 7): one row per launch. */
export const thirdLaunches = pgTable('third_launches', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'third_launches_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('third_launches_act_idx').on(t.act_id, t.created_at),
]);

/**
 * A work of an original-works activity (types 1 and 9, rules/works.ts and rules/workStates.ts):
 * submitted by a reader, or uploaded on a reader's behalf by an administrator (`uploaded_by`).
 * `creation_type_id` and `group_id` name entries of the activity's work configuration
 * (activities.config). `media`: the stored files' URLs in order. `work_no` is given at first
 * approval from the activity's counter (activity_counters) and never reused.
 */
export const works = pgTable('works', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  creation_type_id: integer('creation_type_id').notNull(),
  group_id: integer('group_id'),
  title: varchar('title', { length: 50 }).notNull(),
  content: text('content').notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  media: jsonb('media').$type<string[]>().notNull().default([]),
  /** Author fields as collected (rules/works.ts AUTHOR_FIELDS); the phone is never shown publicly. */
  author: jsonb('author').$type<Record<string, string>>().notNull().default({}),
  pledge: smallint('pledge').notNull().default(0),
  /** rules/workStates.ts WORK_STATUS key. */
  status: varchar('status', { length: 16 }).notNull().default('draft'),
  reason: varchar('reason', { length: 500 }).notNull().default(''),
  work_no: varchar('work_no', { length: 32 }),
  award_level: varchar('award_level', { length: 20 }),
  /** Final expert score (rules/judging.ts summarizeScores), 2 decimals. */
  score: numeric('score', { precision: 7, scale: 2, mode: 'number' }),
  is_show: smallint('is_show').notNull().default(1),
  /**
   * 1 while the work waits in the review queue (design §1.5): a submission under pre moderation
   * (status submitted), or under post moderation an approved work no administrator looked at yet.
   */
  check_pending: smallint('check_pending').notNull().default(0),
  /** The sensitive-word screen of the submitted title and text (rules/sensitiveWords.ts): pass, review or risky, and the words found. */
  auto_result: varchar('auto_result', { length: 8 }).notNull().default('pass'),
  auto_words: jsonb('auto_words').$type<string[]>().notNull().default([]),
  uploaded_by: integer('uploaded_by').references(() => managers.id, { onDelete: 'set null' }),
  submitted_at: seconds('submitted_at'),
  approved_at: seconds('approved_at'),
  is_delete: smallint('is_delete').notNull().default(0),
  ...recommend,
  ...stamps,
  search: searchOf('title', 'work_no'),
}, (t) => [
  foreignKey({ name: 'works_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'works_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('works_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('works_act_no_uq').on(t.act_id, t.work_no),
  index('works_list_idx').on(t.org_id, t.act_id, t.is_delete, t.created_at, t.id, t.status, t.search),
  index('works_reader_idx').on(t.act_id, t.reader_id),
  index('works_check_idx').on(t.org_id, t.act_id).where(sql`${t.check_pending} = 1`),
  searchIndex('works_keys_idx', t),
]);

/**
 * Per-activity counters taken by one atomic `insert … on conflict … do update … returning`
 * (work numbers per group, certificate sequences): never reused, whatever the concurrency.
 */
export const activityCounters = pgTable('activity_counters', {
  org_id: integer('org_id').notNull(),
  /** 0: an organisation-wide counter. */
  act_id: integer('act_id').notNull(),
  name: varchar('name', { length: 32 }).notNull(),
  value: integer('value').notNull().default(0),
}, (t) => [
  primaryKey({ name: 'activity_counters_pk', columns: [t.org_id, t.act_id, t.name] }),
  foreignKey({ name: 'activity_counters_org_fk', columns: [t.org_id], foreignColumns: [organizations.id] }).onDelete('cascade'),
]);

/** A partner's signed callback about a reader (joined, completed, scored), kept once per event id. */
export const thirdEvents = pgTable('third_events', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  event_id: varchar('event_id', { length: 64 }).notNull(),
  /** The pseudonymous reader id the launch passed. */
  sub: varchar('sub', { length: 64 }).notNull(),
  event: varchar('event', { length: 12 }).notNull(),
  score_given: doublePrecision('score_given'),
  score_max: doublePrecision('score_max'),
  occurred_at: seconds('occurred_at').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'third_events_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('third_events_uq').on(t.act_id, t.event_id),
  index('third_events_act_idx').on(t.act_id, t.occurred_at),
]);

// ---- Organisation content: carousel, digital resources -----------------------------------------

/** The organisation's carousel pictures (spec §7 `/v1/{org}/carousel`). */
export const carousel = pgTable('carousel', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  image: varchar('image', { length: 500 }).notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  link: varchar('link', { length: 500 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [index('carousel_org_list_idx').on(t.org_id, t.sort, t.id), index('carousel_org_created_idx').on(t.org_id, t.created_at, t.id)]);

/** Addresses of offline activities (spec §7 `/v1/{org}/offline/address`). */
export const offlineAddresses = pgTable('offline_addresses', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 100 }).notNull(),
  /** `[province, city]` from the provinces data. */
  region: jsonb('region').$type<string[]>().notNull(),
  address: varchar('address', { length: 255 }).notNull(),
  room: varchar('room', { length: 50 }).notNull().default(''),
  capacity: integer('capacity').notNull(),
  contact: varchar('contact', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('offline_addresses_org_id_uq').on(t.org_id, t.id), index('offline_addresses_org_list_idx').on(t.org_id, t.created_at, t.id)]);

/** Digital resources of an organisation (spec §7 `/v1/{org}/digitalresource`): e-books, audio, video, links. */
export const digitalResources = pgTable('digital_resources', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  title: varchar('title', { length: 100 }).notNull(),
  kind: smallint('kind').notNull(),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  author: varchar('author', { length: 50 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
  file: varchar('file', { length: 500 }).notNull().default(''),
  intro: varchar('intro', { length: 1000 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  // (org_id, id) is what a child's composite foreign key points at: a row of the same organisation.
  uniqueIndex('digital_resources_org_id_uq').on(t.org_id, t.id),
  index('digital_resources_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

/** Groups of digital resources (spec §7 `/v1/{org}/digitalgroup`). */
export const digitalGroups = pgTable('digital_groups', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  intro: varchar('intro', { length: 500 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [uniqueIndex('digital_groups_org_id_uq').on(t.org_id, t.id), index('digital_groups_org_list_idx').on(t.org_id, t.created_at, t.id)]);

/**
 * The resources of a group, in order (`/v1/{org}/digitalgroup/{group}/resource`). Both references
 * are composite foreign keys with `org_id`: the database refuses a group or a resource of another
 * organisation, whatever a handler does.
 */
export const digitalGroupResources = pgTable('digital_group_resources', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  group_id: integer('group_id').notNull(),
  resource_id: integer('resource_id').notNull(),
  ...sort,
  ...stamps,
}, (t) => [
  foreignKey({ name: 'digital_group_resources_group_fk', columns: [t.org_id, t.group_id], foreignColumns: [digitalGroups.org_id, digitalGroups.id] }).onDelete('cascade'),
  foreignKey({ name: 'digital_group_resources_resource_fk', columns: [t.org_id, t.resource_id], foreignColumns: [digitalResources.org_id, digitalResources.id] }).onDelete('cascade'),
  uniqueIndex('digital_group_resources_uq').on(t.group_id, t.resource_id),
  index('digital_group_resources_list_idx').on(t.org_id, t.group_id, t.sort, t.id),
]);

export const meta = pgTable('meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
});

// ---- Stored files (spec §7 uploads) ------------------------------------------------------------

/**
 * Every stored file, accounted per organisation (null = uploaded in the platform scope). The
 * object lives in the storage under `key`; no foreign key to organizations: when an organisation
 * is deleted its objects still exist and stay accounted.
 */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id'),
  /** Upload kind: cover, logo, profile, public, question, video, videoCover. */
  kind: varchar('kind', { length: 16 }).notNull(),
  key: varchar('key', { length: 255 }).notNull(),
  /** The name the file had on the uploader's computer (shown, never used as a path). */
  name: varchar('name', { length: 255 }).notNull().default(''),
  ext: varchar('ext', { length: 10 }).notNull(),
  mime: varchar('mime', { length: 100 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  width: integer('width'),
  height: integer('height'),
  /** Seconds, for audio and video. */
  duration: doublePrecision('duration'),
  creator_kind: varchar('creator_kind', { length: 10 }).notNull(),
  created_by: integer('created_by').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [uniqueIndex('files_key_uq').on(t.key), index('files_org_idx').on(t.org_id, t.created_at, t.id)]);

/**
 * A resumable video upload and then its transcoding (spec §7 upload/video, §8 code 0):
 * uploading → queued → running → done | failed, as the client sees it. The transcoding itself is
 * a `video` job of the runner (`jobs`, keyed `video:<id>`), which holds the lease and the attempts.
 */
export const videoJobs = pgTable('video_jobs', {
  /** The videoId the client holds. */
  id: varchar('id', { length: 32 }).primaryKey(),
  org_id: integer('org_id'),
  name: varchar('name', { length: 255 }).notNull().default(''),
  size: bigint('size', { mode: 'number' }).notNull(),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
  /** SHA-256 of the upload authorisation; valid until `auth_expires_at` (ms), renewed by refresh. */
  auth_hash: varchar('auth_hash', { length: 64 }).notNull(),
  auth_expires_at: bigint('auth_expires_at', { mode: 'number' }).notNull(),
  status: varchar('status', { length: 10 }).notNull().default('uploading'),
  error: varchar('error', { length: 500 }).notNull().default(''),
  /** The transcoded MP4 and its cover (rows of `files`). */
  file_id: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  cover_file_id: integer('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
  creator_kind: varchar('creator_kind', { length: 10 }).notNull(),
  created_by: integer('created_by').notNull(),
  ...stamps,
}, (t) => [index('video_jobs_queue_idx').on(t.status, t.created_at), index('video_jobs_org_idx').on(t.org_id, t.created_at)]);

// ---- Voting and comments (type 2, issue 12: design §3) ------------------------------------------

/**
 * An entry to vote on in a voting activity (`/v1/{org}/evaluation/{act}/source`): made by an
 * administrator, imported from an approved work of a type 1/9 activity (`work_id`), or signed up
 * by a reader (`reader_id`, pending review). `status` is the moderation item status (0 pending,
 * 1 shown, 2 rejected, 3 hidden); only shown sources take votes. The counts are kept by every
 * ballot and void in the same transaction: `vote_count` valid votes (public), `suspect_count`,
 * `void_count`; `reached_at` the time of the latest valid vote (the results' tie-break).
 */
export const voteSources = pgTable('vote_sources', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  author: varchar('author', { length: 100 }).notNull().default(''),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  intro: text('intro').notNull().default(''),
  media: jsonb('media').$type<string[]>().notNull().default([]),
  group_name: varchar('group_name', { length: 50 }).notNull().default(''),
  ...sort,
  status: smallint('status').notNull().default(1),
  reason: varchar('reason', { length: 500 }).notNull().default(''),
  /** admin, work or reader. */
  origin: varchar('origin', { length: 10 }).notNull().default('admin'),
  work_id: integer('work_id'),
  reader_id: integer('reader_id'),
  vote_count: integer('vote_count').notNull().default(0),
  suspect_count: integer('suspect_count').notNull().default(0),
  void_count: integer('void_count').notNull().default(0),
  reached_at: seconds('reached_at'),
  comment_count: integer('comment_count').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('vote_sources_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'vote_sources_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('vote_sources_work_uq').on(t.act_id, t.work_id).where(sql`${t.work_id} is not null`),
  index('vote_sources_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('vote_sources_act_idx').on(t.act_id, t.status, t.sort),
]);

/** An administrator's void of votes by rule (reader, address, device, source, time range) with a reason. */
export const voteVoids = pgTable('vote_voids', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  criteria: jsonb('criteria').$type<Record<string, unknown>>().notNull(),
  reason: varchar('reason', { length: 200 }).notNull(),
  blacklist_days: integer('blacklist_days').notNull().default(0),
  votes: integer('votes').notNull().default(0),
  readers: integer('readers').notNull().default(0),
  creator_kind: varchar('creator_kind', { length: 10 }).notNull(),
  created_by: integer('created_by').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  uniqueIndex('vote_voids_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'vote_voids_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('vote_voids_act_idx').on(t.act_id, t.created_at),
]);

/**
 * One vote: a source chosen in a reader's ballot (rules/votes.ts). `status` valid | suspect | void;
 * `reason` why it is suspect or void; `day` the China day `YYYYMMDD` the limits count by.
 */
export const votes = pgTable('votes', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  source_id: integer('source_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  day: varchar('day', { length: 8 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  device_id: varchar('device_id', { length: 100 }).notNull().default(''),
  ua_hash: varchar('ua_hash', { length: 16 }).notNull().default(''),
  status: varchar('status', { length: 8 }).notNull().default('valid'),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  void_id: integer('void_id').references(() => voteVoids.id, { onDelete: 'set null' }),
  request_id: varchar('request_id', { length: 64 }).notNull().default(''),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'votes_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'votes_source_fk', columns: [t.org_id, t.source_id], foreignColumns: [voteSources.org_id, voteSources.id] }).onDelete('cascade'),
  foreignKey({ name: 'votes_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('votes_reader_idx').on(t.act_id, t.reader_id, t.day),
  index('votes_ip_idx').on(t.act_id, t.ip, t.day),
  index('votes_source_idx').on(t.source_id, t.created_at),
  index('votes_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('votes_void_idx').on(t.void_id),
]);

/** Frozen results of a voting activity (rankSources), a new version after each later void; `hash` SHA-256 of the canonical text. */
export const voteResults = pgTable('vote_results', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  version: integer('version').notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  ranked: jsonb('ranked').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'vote_results_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('vote_results_version_uq').on(t.act_id, t.version),
]);

/**
 * The figures of a voting activity per China day `YYYYMMDD` (`day` '' the whole activity): valid
 * and suspect votes and distinct voters (a reader counts once a day, and once in the '' row,
 * whatever the status of the votes). Each figure is split over VOTE_DAY_SLOTS rows by
 * `reader_id % VOTE_DAY_SLOTS` so that parallel ballots seldom wait on one row; the results add
 * the slots. Kept by every ballot in its transaction (one upsert) and recomputed from the votes by
 * voiding (voting/tallies.ts); the '' row keeps only voters (the totals of votes are the sources').
 */
export const voteDays = pgTable('vote_days', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  day: varchar('day', { length: 8 }).notNull(),
  slot: smallint('slot').notNull(),
  valid: integer('valid').notNull().default(0),
  suspect: integer('suspect').notNull().default(0),
  voters: integer('voters').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.act_id, t.day, t.slot] }),
  foreignKey({ name: 'vote_days_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
]);

/**
 * A reader's votes in a voting activity on one China day (every status, as the limits count
 * them) and the time of the latest: the per-reader limits and the interval read these rows, not
 * the votes. Kept by every ballot (one upsert) under the reader's ballot lock; voiding leaves them
 * (a voided vote still used the reader's quota).
 */
export const voteReaderDays = pgTable('vote_reader_days', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  day: varchar('day', { length: 8 }).notNull(),
  votes: integer('votes').notNull().default(0),
  last_at: seconds('last_at').notNull(),
}, (t) => [
  primaryKey({ columns: [t.act_id, t.reader_id, t.day] }),
  foreignKey({ name: 'vote_reader_days_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'vote_reader_days_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
]);

/**
 * Valid votes an address gave a voting activity on one China day, in all (`source_id` 0) and per
 * source: what the address limits count. Kept by every ballot (one upsert), recomputed from the
 * votes by voiding.
 */
export const voteAddressDays = pgTable('vote_address_days', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  day: varchar('day', { length: 8 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  source_id: integer('source_id').notNull(),
  valid: integer('valid').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.act_id, t.day, t.ip, t.source_id] }),
  foreignKey({ name: 'vote_address_days_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
]);

/**
 * A comment on a source (rules/comments.ts): a reader's, or an administrator's reply
 * (`is_official`, `reader_id` null, `manager_id`). One reply level: `parent_id` is always a
 * top-level comment; `reply_to_reader_id` whom a reply answers. `status` the moderation item
 * status; `kept` 1 once a moderator approved it after reports (reports no longer hide it).
 */
export const comments = pgTable('comments', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  source_id: integer('source_id').notNull(),
  reader_id: integer('reader_id'),
  manager_id: integer('manager_id'),
  parent_id: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
  reply_to_reader_id: integer('reply_to_reader_id'),
  content: varchar('content', { length: 2000 }).notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  status: smallint('status').notNull().default(1),
  reason: varchar('reason', { length: 500 }).notNull().default(''),
  is_top: smallint('is_top').notNull().default(0),
  is_featured: smallint('is_featured').notNull().default(0),
  is_official: smallint('is_official').notNull().default(0),
  like_count: integer('like_count').notNull().default(0),
  report_count: integer('report_count').notNull().default(0),
  kept: smallint('kept').notNull().default(0),
  /** The sensitive-word screen (rules/sensitiveWords.ts): pass, review (held from the public) or risky (rejected), and the words found. */
  auto_result: varchar('auto_result', { length: 8 }).notNull().default('pass'),
  auto_words: jsonb('auto_words').$type<string[]>().notNull().default([]),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('comments_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'comments_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'comments_source_fk', columns: [t.org_id, t.source_id], foreignColumns: [voteSources.org_id, voteSources.id] }).onDelete('cascade'),
  foreignKey({ name: 'comments_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('comments_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('comments_source_idx').on(t.source_id, t.parent_id, t.status),
  index('comments_parent_idx').on(t.parent_id),
  index('comments_reader_idx').on(t.act_id, t.reader_id, t.created_at),
]);

/** A reader's like or report of a comment: once each (primary key). */
export const commentReactions = pgTable('comment_reactions', {
  comment_id: integer('comment_id').notNull().references(() => comments.id, { onDelete: 'cascade' }),
  reader_id: integer('reader_id').notNull().references(() => readers.id, { onDelete: 'cascade' }),
  /** like or report. */
  kind: varchar('kind', { length: 8 }).notNull(),
  reason: varchar('reason', { length: 200 }).notNull().default(''),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [primaryKey({ name: 'comment_reactions_pk', columns: [t.comment_id, t.reader_id, t.kind] }), index('comment_reactions_reader_idx').on(t.reader_id)]);

// ---- Expert judging and certificates (issue 12) ----------------------------------------------

/**
 * Experts of an organisation (`/v1/{org}/expert`): they sign in with their own account (token
 * subject `expert`) and see only the works assigned to them. `unit_id`/`unit` and `name` decide
 * conflicts (rules/judging.ts conflictOf).
 */
export const experts = pgTable('experts', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  account: varchar('account', { length: 64 }).notNull(),
  password_hash: varchar('password_hash', { length: 255 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  title: varchar('title', { length: 50 }).notNull().default(''),
  unit: varchar('unit', { length: 100 }).notNull().default(''),
  unit_id: integer('unit_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
  specialties: jsonb('specialties').$type<string[]>().notNull().default([]),
  last_login_at: seconds('last_login_at'),
  search: searchOf('name', 'account', 'phone', 'unit'),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('experts_org_account_uq').on(t.org_id, t.account),
  uniqueIndex('experts_org_id_uq').on(t.org_id, t.id),
  index('experts_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  searchIndex('experts_keys_idx', t),
]);

/**
 * An expert activity (`/v1/{org}/expert/act`): the judging of one works activity (rules/judging.ts
 * expertActSchema). Publishing the results writes `results` (the ranked snapshot), its SHA-256
 * `results_hash` and `published_at`; reviews are frozen from then on.
 */
export const expertActs = pgTable('expert_acts', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  title: varchar('title', { length: 50 }).notNull(),
  round: smallint('round').notNull().default(1),
  rubric: jsonb('rubric').$type<{ name: string; weight: number; max: number; required: boolean }[]>().notNull(),
  reviewers_per_work: smallint('reviewers_per_work').notNull().default(3),
  assignment: varchar('assignment', { length: 10 }).notNull().default('auto'),
  blind: smallint('blind').notNull().default(1),
  can_see_other_reviews: varchar('can_see_other_reviews', { length: 16 }).notNull().default('never'),
  text_required: smallint('text_required').notNull().default(0),
  start_at: seconds('start_at').notNull(),
  end_at: seconds('end_at').notNull(),
  expire_at: seconds('expire_at'),
  aggregate: varchar('aggregate', { length: 16 }).notNull().default('auto'),
  disagreement_threshold: smallint('disagreement_threshold').notNull().default(25),
  weights: jsonb('weights').$type<{ expert: number; popular: number }>().notNull().default({ expert: 100, popular: 0 }),
  published_at: seconds('published_at'),
  results: jsonb('results'),
  results_hash: varchar('results_hash', { length: 64 }),
  search: searchOf('title'),
  ...isPause,
  ...stamps,
}, (t) => [
  foreignKey({ name: 'expert_acts_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('expert_acts_org_id_uq').on(t.org_id, t.id),
  index('expert_acts_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  index('expert_acts_act_idx').on(t.act_id),
  searchIndex('expert_acts_keys_idx', t),
]);

/** The works an expert activity judges (added from the activity's approved works). */
export const expertActWorks = pgTable('expert_act_works', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  expert_act_id: integer('expert_act_id').notNull(),
  work_id: integer('work_id').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'expert_act_works_act_fk', columns: [t.org_id, t.expert_act_id], foreignColumns: [expertActs.org_id, expertActs.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_act_works_work_fk', columns: [t.org_id, t.work_id], foreignColumns: [works.org_id, works.id] }).onDelete('cascade'),
  uniqueIndex('expert_act_works_uq').on(t.expert_act_id, t.work_id),
  index('expert_act_works_work_idx').on(t.work_id),
]);

/**
 * One expert judging one work in one expert activity, and the review once given: `scores` by
 * criterion name, `total` on 0–100 (reviewTotal), `comment`; `submitted_at` null until submitted.
 */
export const expertAssignments = pgTable('expert_assignments', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  expert_act_id: integer('expert_act_id').notNull(),
  expert_id: integer('expert_id').notNull(),
  work_id: integer('work_id').notNull(),
  scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
  total: numeric('total', { precision: 7, scale: 2, mode: 'number' }),
  comment: text('comment').notNull().default(''),
  submitted_at: seconds('submitted_at'),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'expert_assignments_act_fk', columns: [t.org_id, t.expert_act_id], foreignColumns: [expertActs.org_id, expertActs.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_assignments_expert_fk', columns: [t.org_id, t.expert_id], foreignColumns: [experts.org_id, experts.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_assignments_work_fk', columns: [t.org_id, t.work_id], foreignColumns: [works.org_id, works.id] }).onDelete('cascade'),
  uniqueIndex('expert_assignments_uq').on(t.expert_act_id, t.expert_id, t.work_id),
  index('expert_assignments_expert_idx').on(t.expert_id, t.created_at),
  index('expert_assignments_work_idx').on(t.expert_act_id, t.work_id),
]);

/** Certificate templates (`/v1/{org}/cert/templates`, rules/certificates.ts certTemplateSchema). */
export const certTemplates = pgTable('cert_templates', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
  bg_image: varchar('bg_image', { length: 500 }).notNull().default(''),
  width_mm: smallint('width_mm').notNull().default(297),
  height_mm: smallint('height_mm').notNull().default(210),
  elements: jsonb('elements').$type<Record<string, unknown>[]>().notNull().default([]),
  search: searchOf('name'),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('cert_templates_org_id_uq').on(t.org_id, t.id),
  index('cert_templates_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  searchIndex('cert_templates_keys_idx', t),
]);

/** An activity's certificate configuration (`/v1/{org}/cert/{id}/config`, rules/certificates.ts certConfigSchema). */
export const certConfigs = pgTable('cert_configs', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  template_id: integer('template_id').notNull(),
  issue_mode: varchar('issue_mode', { length: 10 }).notNull().default('manual'),
  auto_rule: jsonb('auto_rule').$type<{ kind: string; levels: string[] } | null>(),
  cert_no_pattern: varchar('cert_no_pattern', { length: 40 }).notNull(),
  expires_months: smallint('expires_months').notNull().default(0),
  notify: smallint('notify').notNull().default(1),
  ...stamps,
}, (t) => [
  uniqueIndex('cert_configs_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('cert_configs_act_uq').on(t.act_id),
  foreignKey({ name: 'cert_configs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'cert_configs_template_fk', columns: [t.org_id, t.template_id], foreignColumns: [certTemplates.org_id, certTemplates.id] }),
]);

/**
 * An issued certificate: unique per (config, holder, kind, level) while valid; `cert_no` unique
 * in the organisation, `verify_code` unique everywhere. `fields` is the snapshot printed;
 * `pdf_key` the rendered PDF in the storage (null until the send job renders it). Revoking keeps
 * the row (`revoked_at`, `revoke_reason`); a reissue makes a new row and names it in `replaced_by`.
 */
export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  config_id: integer('config_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  work_id: integer('work_id'),
  kind: varchar('kind', { length: 16 }).notNull(),
  award_level: varchar('award_level', { length: 20 }).notNull().default(''),
  cert_no: varchar('cert_no', { length: 64 }).notNull(),
  verify_code: varchar('verify_code', { length: 12 }).notNull(),
  fields: jsonb('fields').$type<Record<string, string>>().notNull(),
  pdf_key: varchar('pdf_key', { length: 255 }),
  issued_at: seconds('issued_at').notNull(),
  expires_at: seconds('expires_at'),
  revoked_at: seconds('revoked_at'),
  revoke_reason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
  replaced_by: integer('replaced_by'),
  verify_count: integer('verify_count').notNull().default(0),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'certificates_config_fk', columns: [t.org_id, t.config_id], foreignColumns: [certConfigs.org_id, certConfigs.id] }).onDelete('cascade'),
  foreignKey({ name: 'certificates_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('certificates_org_no_uq').on(t.org_id, t.cert_no),
  uniqueIndex('certificates_code_uq').on(t.verify_code),
  uniqueIndex('certificates_grant_uq').on(t.config_id, t.reader_id, t.kind, t.award_level).where(sql`${t.revoked_at} is null`),
  index('certificates_act_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('certificates_reader_idx').on(t.reader_id, t.issued_at),
]);

/**
 * A certificate send job (`POST /v1/{org}/cert/{id}/send`): issue by the rule, then render every
 * PDF not yet rendered; progress in `total`/`done`/`failed` as the administrator sees it. The work
 * is a `cert.send` job of the runner (`jobs`); running it again only does what is left.
 */
export const certJobs = pgTable('cert_jobs', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  error: varchar('error', { length: 500 }).notNull().default(''),
  created_by: integer('created_by').notNull(),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'cert_jobs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('cert_jobs_queue_idx').on(t.status, t.created_at),
  index('cert_jobs_act_idx').on(t.act_id, t.created_at),
]);

// ---- Questionnaires (type 4, design activities §6) ---------------------------------------------

/**
 * A question of a questionnaire (rules/survey.ts): its type, title, options (stable ids; an option
 * with answers is hidden, never removed), matrix rows, the type's settings and the show/jump logic
 * on earlier questions. `revision` grows when the type changes after answers (the earlier answers
 * stay readable with the version they were given against); a deleted question is only marked.
 */
export const surveyQuestions = pgTable('survey_questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  ...sort,
  type: varchar('type', { length: 20 }).notNull(),
  title: varchar('title', { length: 500 }).notNull(),
  description: text('description').notNull().default(''),
  is_required: smallint('is_required').notNull().default(1),
  options: jsonb('options').$type<Record<string, unknown>[]>().notNull().default([]),
  rows: jsonb('rows').$type<Record<string, unknown>[]>().notNull().default([]),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  show_logic: jsonb('show_logic').$type<Record<string, unknown> | null>(),
  jump_logic: jsonb('jump_logic').$type<Record<string, unknown>[]>().notNull().default([]),
  revision: integer('revision').notNull().default(1),
  is_delete: smallint('is_delete').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('survey_questions_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'survey_questions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('survey_questions_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('survey_questions_act_idx').on(t.act_id, t.is_delete, t.sort),
]);

/** The questionnaire as readers answer it, frozen once per change of its questions: a response names its version. */
export const surveyVersions = pgTable('survey_versions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  version: integer('version').notNull(),
  questions: jsonb('questions').$type<Record<string, unknown>[]>().notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'survey_versions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('survey_versions_version_uq').on(t.act_id, t.version),
]);

/**
 * A reader's response: a draft (`status` 0, one per reader and questionnaire) or submitted (1).
 * `answers` by question id as given, `option_snapshot` the texts of the chosen options then;
 * `unit_id` the reader's unit when submitting; `day` the China day `YYYY-MM-DD` of the first
 * submission (the once-per-day limit counts by it). Anonymous questionnaires keep `reader_id` only
 * to count a reader's responses: it is never shown or exported.
 */
export const surveyResponses = pgTable('survey_responses', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  unit_id: integer('unit_id'),
  version: integer('version').notNull(),
  status: smallint('status').notNull().default(0),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
  option_snapshot: jsonb('option_snapshot').$type<Record<string, unknown>>().notNull().default({}),
  started_at: seconds('started_at'),
  submitted_at: seconds('submitted_at'),
  day: varchar('day', { length: 10 }).notNull().default(''),
  duration_sec: integer('duration_sec').notNull().default(0),
  edit_count: integer('edit_count').notNull().default(0),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  channel: varchar('channel', { length: 20 }).notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('survey_responses_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'survey_responses_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'survey_responses_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('survey_responses_draft_uq').on(t.act_id, t.reader_id).where(sql`${t.status} = 0`),
  index('survey_responses_reader_idx').on(t.act_id, t.reader_id, t.day),
  index('survey_responses_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('survey_responses_submitted_idx').on(t.act_id, t.status, t.submitted_at),
]);

/**
 * A submitted response's answers, one row per chosen option, matrix cell, rank or value: what the
 * statistics group by. `option_id`/`row_id` blank when not an option or a matrix row; `num` a
 * rating, an NPS score or a rank; `text` written text (an open answer, an option's "other" text,
 * a date, a cascade path, uploaded files). `revision` the question's when answered; `unit_id`
 * and `submitted_at` copied from the response for the filters; `lead` marks one row per response
 * and question.
 */
export const surveyAnswers = pgTable('survey_answers', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  response_id: integer('response_id').notNull(),
  question_id: integer('question_id').notNull(),
  revision: integer('revision').notNull(),
  option_id: varchar('option_id', { length: 16 }).notNull().default(''),
  row_id: varchar('row_id', { length: 16 }).notNull().default(''),
  num: doublePrecision('num'),
  text: text('text').notNull().default(''),
  /** 1 on the first row of a response's answer to a question: respondents are counted in the one grouped read. */
  lead: smallint('lead').notNull().default(0),
  unit_id: integer('unit_id'),
  submitted_at: seconds('submitted_at').notNull(),
}, (t) => [
  foreignKey({ name: 'survey_answers_response_fk', columns: [t.org_id, t.response_id], foreignColumns: [surveyResponses.org_id, surveyResponses.id] }).onDelete('cascade'),
  index('survey_answers_stats_idx').on(t.act_id, t.question_id, t.revision, t.option_id, t.row_id),
  index('survey_answers_response_idx').on(t.response_id),
]);

/** The platform's sensitive words (`/v1/sensitiveWords`): screen every organisation's reader text. */
export const sensitiveWords = pgTable('sensitive_words', {
  id: serial('id').primaryKey(),
  word: varchar('word', { length: 50 }).notNull(),
  /** rules/sensitiveWords.ts SENSITIVE_LEVELS: risky or review. */
  level: varchar('level', { length: 8 }).notNull(),
  ...stamps,
}, (t) => [uniqueIndex('sensitive_words_word_uq').on(t.word), index('sensitive_words_list_idx').on(t.created_at, t.id)]);

/** An organisation's own sensitive words (`/v1/{org}/sensitiveWords`), screened beside the platform's. */
export const orgSensitiveWords = pgTable('org_sensitive_words', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  word: varchar('word', { length: 50 }).notNull(),
  level: varchar('level', { length: 8 }).notNull(),
  ...stamps,
}, (t) => [uniqueIndex('org_sensitive_words_word_uq').on(t.org_id, t.word), index('org_sensitive_words_list_idx').on(t.org_id, t.created_at, t.id)]);

// ---- Knowledge contests (types 3 and 6, rules/contests.ts) -----------------------------------------

/**
 * A levelled contest's levels (type 6, design §5): order (`sort`, passsort), its own paper (fixed
 * questions or rules), time limit, pass rule, attempts, unlocking and points.
 */
export const contestLevels = pgTable('contest_levels', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  ...sort,
  name: varchar('name', { length: 50 }).notNull(),
  intro: varchar('intro', { length: 1000 }).notNull().default(''),
  /** 1 fixed paper (the level's questions), 2 random by `rules`. */
  contest_type: smallint('contest_type').notNull().default(1),
  rules: jsonb('rules').$type<Record<string, unknown>[]>().notNull().default([]),
  time_limit: integer('time_limit').notNull().default(0),
  /** score | correct_count | accuracy. */
  pass_mode: varchar('pass_mode', { length: 16 }).notNull().default('accuracy'),
  pass_value: numeric('pass_value', { precision: 8, scale: 2, mode: 'number' }).notNull().default(60),
  attempts_per_level: integer('attempts_per_level').notNull().default(0),
  attempts_per_day: integer('attempts_per_day').notNull().default(0),
  unlock_after_previous: smallint('unlock_after_previous').notNull().default(1),
  open_at: seconds('open_at'),
  reward_points: integer('reward_points').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_levels_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_levels_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('contest_levels_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('contest_levels_act_idx').on(t.act_id, t.sort),
]);

/**
 * A contest's questions: copies of bank questions (`question_id`, at most once per contest, so
 * levels never repeat one) or questions added to it, with score, order and the must flag; a
 * levelled contest's belong to a level. Attempts keep pointing at these rows (never deleted once
 * answered).
 */
export const contestQuestions = pgTable('contest_questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id'),
  /** The bank question copied (null: added to the contest only). */
  question_id: integer('question_id'),
  type: smallint('type').notNull(),
  difficulty: smallint('difficulty').notNull().default(3),
  category_id: integer('category_id'),
  stem: text('stem').notNull(),
  stem_images: jsonb('stem_images').$type<string[]>().notNull().default([]),
  options: jsonb('options').$type<{ key: string; text: string; image?: string }[]>().notNull().default([]),
  /** Stored form of rules/questions.ts (never sent to readers before they submit). */
  answer: text('answer').notNull(),
  analysis: text('analysis').notNull().default(''),
  score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull().default(5),
  ...sort,
  is_must: smallint('is_must').notNull().default(0),
  /** Drawn into papers, answered, answered right (whole credit). */
  used_count: integer('used_count').notNull().default(0),
  answered_count: integer('answered_count').notNull().default(0),
  correct_count: integer('correct_count').notNull().default(0),
  ...stamps,
  search: searchOf('stem'),
}, (t) => [
  uniqueIndex('contest_questions_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_questions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_questions_level_fk', columns: [t.org_id, t.level_id], foreignColumns: [contestLevels.org_id, contestLevels.id] }).onDelete('cascade'),
  uniqueIndex('contest_questions_bank_uq').on(t.act_id, t.question_id).where(sql`${t.question_id} is not null`),
  index('contest_questions_list_idx').on(t.org_id, t.act_id, t.created_at, t.id, t.search),
  index('contest_questions_pool_idx').on(t.act_id, t.level_id, t.type),
  searchIndex('contest_questions_keys_idx', t),
]);

/**
 * A reader's attempt (design §4): the paper drawn for it (question ids, points, option order),
 * the server's deadline, and the result. `level_id` 0 for a single-round contest. States:
 * inprogress → finished, or pending_grading while short answers wait for a marker.
 */
export const contestAttempts = pgTable('contest_attempts', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id').notNull().default(0),
  reader_id: integer('reader_id').notNull(),
  attempt_no: integer('attempt_no').notNull(),
  /** China day `YYYYMMDD` of the start. */
  day: varchar('day', { length: 8 }).notNull(),
  paper: jsonb('paper').$type<{ id: number; score: number; options: string[] }[]>().notNull(),
  state: varchar('state', { length: 16 }).notNull().default('inprogress'),
  started_at: seconds('started_at').notNull(),
  deadline_at: seconds('deadline_at').notNull(),
  submitted_at: seconds('submitted_at'),
  /** 1: submitted by the server (deadline or tab switches). */
  auto_submitted: smallint('auto_submitted').notNull().default(0),
  score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
  max_score: numeric('max_score', { precision: 8, scale: 2, mode: 'number' }).notNull(),
  correct_count: integer('correct_count').notNull().default(0),
  question_count: integer('question_count').notNull(),
  pending_count: integer('pending_count').notNull().default(0),
  duration_sec: integer('duration_sec'),
  switch_count: integer('switch_count').notNull().default(0),
  passed: smallint('passed'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
  unit_id: integer('unit_id'),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_attempts_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_attempts_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_attempts_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('contest_attempts_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('contest_attempts_reader_idx').on(t.act_id, t.level_id, t.reader_id),
  index('contest_attempts_open_idx').on(t.deadline_at).where(sql`${t.state} = 'inprogress'`),
  index('contest_attempts_done_idx').on(t.act_id, t.level_id, t.submitted_at).where(sql`${t.state} <> 'inprogress'`),
]);

/**
 * One answer of an attempt: saved while answering (autosave), marked at submission (`credit` the
 * points given; `is_right` 1 whole credit), a short answer `pending` until marked by hand.
 */
export const contestAnswers = pgTable('contest_answers', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  attempt_id: integer('attempt_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  question_id: integer('question_id').notNull(),
  answer: jsonb('answer').$type<string | string[] | null>(),
  is_right: smallint('is_right'),
  credit: numeric('credit', { precision: 8, scale: 2, mode: 'number' }),
  max_score: numeric('max_score', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  pending: smallint('pending').notNull().default(0),
  answered_at: seconds('answered_at'),
  marked_by: integer('marked_by'),
  marked_at: seconds('marked_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('contest_answers_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'contest_answers_attempt_fk', columns: [t.org_id, t.attempt_id], foreignColumns: [contestAttempts.org_id, contestAttempts.id] }).onDelete('cascade'),
  uniqueIndex('contest_answers_attempt_uq').on(t.attempt_id, t.question_id),
  index('contest_answers_question_idx').on(t.act_id, t.question_id),
  index('contest_answers_pending_idx').on(t.org_id, t.act_id, t.id).where(sql`${t.pending} = 1`),
]);

/**
 * A reader's standing in a contest (level 0) or a level: attempts in total and today (counted
 * under this row's lock, so parallel starts cannot pass the limits), the open attempt, the best
 * result, the result by the grade method (the ranking reads these), and when the level was passed.
 */
export const contestProgress = pgTable('contest_progress', {
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  level_id: integer('level_id').notNull().default(0),
  reader_id: integer('reader_id').notNull(),
  attempts: integer('attempts').notNull().default(0),
  day: varchar('day', { length: 8 }).notNull().default(''),
  day_attempts: integer('day_attempts').notNull().default(0),
  last_started_at: seconds('last_started_at'),
  open_attempt_id: integer('open_attempt_id'),
  best_score: numeric('best_score', { precision: 8, scale: 2, mode: 'number' }),
  best_duration: integer('best_duration'),
  graded_score: numeric('graded_score', { precision: 8, scale: 2, mode: 'number' }),
  graded_duration: integer('graded_duration'),
  graded_submitted_at: seconds('graded_submitted_at'),
  graded_attempt_id: integer('graded_attempt_id'),
  passed: smallint('passed').notNull().default(0),
  passed_at: seconds('passed_at'),
  unit_id: integer('unit_id'),
  ...stamps,
}, (t) => [
  primaryKey({ name: 'contest_progress_pk', columns: [t.act_id, t.level_id, t.reader_id] }),
  foreignKey({ name: 'contest_progress_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'contest_progress_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('contest_progress_rank_idx').on(t.act_id, t.level_id, t.graded_score, t.graded_duration, t.graded_submitted_at),
]);

/** Frozen rankings of a contest (at its end; a later regrade writes a new version); `hash` SHA-256 of the canonical text. */
export const contestRankings = pgTable('contest_rankings', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  version: integer('version').notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  ranked: jsonb('ranked').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'contest_rankings_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('contest_rankings_version_uq').on(t.act_id, t.version),
]);

// ---- Question banks (issue 13, design activities §4, rules/questions.ts) ----------------------

/**
 * A question of a bank: the public bank (`org_id` null, `/v1/public`) or an organisation's
 * (`/v1/org/{org}/questions`, `/v1/{org}/question`). `bank_id` is the bank as one number (0 the
 * public bank, else the organisation), for the keyword index and for drawing from both banks at
 * once. The columns of rules/questions.ts `questionFields` (answer in stored form: `B`, `A,C`,
 * `T`/`F`, fill-in JSON of the blanks, short answer the reference text); `category_id` names a
 * platform category (`categories`) in the public bank and an organisation's question category
 * (`question_categories`) in an organisation's bank (no foreign key: two tables; a deleted category
 * leaves its questions without one). `stem_key` is rules/questions.ts `stemKey(stem)` (duplicates).
 * `used_count` grows when a paper includes the question, `answered_count`/`correct_count` when an
 * answer of it is marked (question statistics). Deleting only marks (`is_delete`): papers keep
 * naming their questions. `copied_from` is the public question an organisation copied.
 */
export const questions = pgTable('questions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  bank_id: integer('bank_id').notNull().generatedAlwaysAs(sql`coalesce("org_id", 0)`),
  category_id: integer('category_id'),
  type: smallint('type').notNull(),
  difficulty: smallint('difficulty').notNull().default(3),
  stem: text('stem').notNull(),
  stem_images: jsonb('stem_images').$type<string[]>().notNull().default([]),
  options: jsonb('options').$type<{ key: string; text: string; image?: string }[]>().notNull().default([]),
  answer: text('answer').notNull(),
  analysis: text('analysis').notNull().default(''),
  default_score: smallint('default_score').notNull().default(5),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  source_book: varchar('source_book', { length: 100 }).notNull().default(''),
  stem_key: text('stem_key').notNull(),
  used_count: integer('used_count').notNull().default(0),
  answered_count: integer('answered_count').notNull().default(0),
  correct_count: integer('correct_count').notNull().default(0),
  copied_from: integer('copied_from'),
  creator_kind: varchar('creator_kind', { length: 10 }).notNull().default(''),
  created_by: integer('created_by'),
  is_delete: smallint('is_delete').notNull().default(0),
  search: searchOf('stem', 'source_book'),
  ...isPause,
  ...stamps,
}, (t) => [
  // A bank's list in list order, carrying what its filters test (type, difficulty, category, pause): read from the index alone.
  index('questions_list_idx').on(t.org_id, t.is_delete, t.created_at, t.id, t.type, t.difficulty, t.category_id, t.is_pause),
  index('questions_category_idx').on(t.org_id, t.category_id, t.is_delete, t.created_at, t.id),
  // A type (and difficulty) filter counts only its own entries (migration 0020).
  index('questions_type_idx').on(t.org_id, t.is_delete, t.type, t.difficulty, t.created_at, t.id),
  // Drawing a random paper: a bank's active questions of a type, category and difficulty.
  index('questions_draw_idx').on(t.bank_id, t.type, t.category_id, t.difficulty, t.id).where(sql`${t.is_pause} = 0 and ${t.is_delete} = 0`),
  // Duplicate candidates: a bank's stems of about the same length (rules/questions.ts stemSimilarity).
  index('questions_stem_len_idx').on(t.bank_id, sql`char_length(${t.stem_key})`).where(sql`${t.is_delete} = 0`),
  index('questions_copied_idx').on(t.org_id, t.copied_from).where(sql`${t.copied_from} is not null`),
  index('questions_keys_idx').using('gin', sql`keyword_keys(${t.bank_id}, ${t.search})`),
]);

/** An organisation's question categories (`/v1/{org}/category`, `/v1/org/{org}/category`). */
export const questionCategories = pgTable('question_categories', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  description: varchar('description', { length: 255 }).notNull().default(''),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('question_categories_org_name_uq').on(t.org_id, t.name),
  uniqueIndex('question_categories_org_id_uq').on(t.org_id, t.id),
  index('question_categories_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

// ---- Background jobs (issue 21: the one runner) --------------------------------------------------
/**
 * The queue of the one job runner (`jobs/runner.ts`): claimed with FOR UPDATE SKIP LOCKED, held by
 * a lease (`locked_until`, ms) of the instance in `locked_by`, retried with back-off from `run_at`
 * (ms) until `max_attempts`. `key` names a job while it is queued or running, so queuing the same
 * work twice makes one job.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 40 }).notNull(),
  key: varchar('key', { length: 200 }),
  org_id: integer('org_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  run_at: bigint('run_at', { mode: 'number' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  max_attempts: integer('max_attempts').notNull().default(5),
  locked_until: bigint('locked_until', { mode: 'number' }),
  locked_by: varchar('locked_by', { length: 64 }),
  error: varchar('error', { length: 500 }).notNull().default(''),
  finished_at: seconds('finished_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('jobs_open_key_uq').on(t.key).where(sql`status in ('queued', 'running')`),
  index('jobs_due_idx').on(t.run_at, t.id).where(sql`status in ('queued', 'running')`),
  index('jobs_status_idx').on(t.status, t.updated_at, t.id),
]);
