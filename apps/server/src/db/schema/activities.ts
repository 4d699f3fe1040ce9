import { sql } from '../sql.js';
import { doublePrecision, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isPause, nowSeconds, recommend, searchIndex, searchOf, seconds, sort, stamps } from './columns.js';
import { managers } from './people.js';
import { categories, modules, orgId, organizations } from './platform.js';

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
  /** A second form of a type on this table: type 5's series (1) beside its single activity (0). */
  variant: smallint('variant').notNull().default(0),
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
  /** The activity's tags (ids in `tags`: the platform's and its organisation's), chosen in its form. */
  tag_ids: jsonb('tag_ids').$type<number[]>().notNull().default([]),
  /**
   * A contest's question pool version: advanced by a trigger on every write of its questions
   * (not of their counters), so a pool held in memory is used while the start reads the same.
   */
  pool_version: integer('pool_version').notNull().default(0),
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
  // The lists' tag filter (`tag_ids @> '[id]'`).
  index('activities_tag_ids_idx').using('gin', t.tag_ids),
  // A type's list in list order, carrying what its state filter and keyword probe test
  // (state, start_at, end_at, search): those read the index alone, never the rows.
  index('activities_org_type_list_idx').on(t.org_id, t.type, t.is_delete, t.created_at, t.id, t.state, t.start_at, t.end_at, t.search),
  // The platform's list in list order, carrying what its state filter tests: its pages and
  // capped counts (read in this order, countInListOrder) never read the rows.
  index('activities_list_idx').on(t.is_delete, t.created_at, t.id, t.state, t.start_at, t.end_at),
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
 * The joins of an activity without `person_limit`, counted in 16 rows (`reader_id % 16`, issue 22):
 * a first join adds 1 to its reader's row instead of the activity's one row, so readers joining
 * at once no longer commit one after another. The count shown is `activities.join_num` plus these
 * (`participation/joinCount.ts`); a sweep folds them into `join_num` (which lists sort by).
 */
export const activityJoinShards = pgTable('activity_join_shards', {
  act_id: integer('act_id').notNull().references(() => activities.id, { onDelete: 'cascade' }),
  shard: smallint('shard').notNull(),
  n: integer('n').notNull().default(0),
}, (t) => [primaryKey({ name: 'activity_join_shards_pk', columns: [t.act_id, t.shard] })]);

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
