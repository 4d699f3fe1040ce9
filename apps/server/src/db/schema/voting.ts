import { sql } from '../sql.js';
import { foreignKey, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { activities, readers } from './activities.js';
import { nowSeconds, seconds, sort, stamps } from './columns.js';

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
 * the votes; the row of day '' holds the reader's whole activity (migration 0047), the row every
 * ballot of the reader is conditioned on (recordBallot: its votes as the ballot read them), so
 * the reader's ballots are decided one after another on any day. Voiding leaves them (a voided
 * vote still used the reader's quota).
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
