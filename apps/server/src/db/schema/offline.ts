import { sql } from '../sql.js';
import { foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, nowSeconds, seconds, sort, stamps } from './columns.js';
import { activities, readers } from './activities.js';
import { offlineAddresses } from './content.js';

// ---- Offline activities, series and training sessions (type 5, issue 23) ------------------------------

/**
 * A session (场次) of an offline activity: the one of a single activity (kept from the activity) or
 * one of a series. `taken` counts the seats held by pending, confirmed and offered reservations and
 * `waiting` the waitlisted ones: each booking changes them in the same one statement that checks
 * `taken + seats <= capacity`, so no concurrency overbooks a session.
 */
export const offlineSessions = pgTable('offline_sessions', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  speaker: varchar('speaker', { length: 50 }).notNull().default(''),
  start_at: seconds('start_at').notNull(),
  end_at: seconds('end_at').notNull(),
  venue_id: integer('venue_id').references(() => offlineAddresses.id, { onDelete: 'set null' }),
  address: varchar('address', { length: 255 }).notNull().default(''),
  capacity: integer('capacity').notNull(),
  taken: integer('taken').notNull().default(0),
  waiting: integer('waiting').notNull().default(0),
  checked_in: integer('checked_in').notNull().default(0),
  /** null: open from the activity's publication. */
  signup_start_at: seconds('signup_start_at'),
  /** null: until the session starts. */
  signup_end_at: seconds('signup_end_at'),
  /** The session's own secret: its check-in code (and the rotating codes derived from it). */
  checkin_secret: varchar('checkin_secret', { length: 32 }).notNull(),
  /** When the no-show job marked the session's confirmed reservations never checked in (null: not yet). */
  closed_at: seconds('closed_at'),
  is_delete: smallint('is_delete').notNull().default(0),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('offline_sessions_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'offline_sessions_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('offline_sessions_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('offline_sessions_act_start_idx').on(t.act_id, t.start_at),
  index('offline_sessions_open_idx').on(t.end_at).where(sql`closed_at is null and is_delete = 0`),
]);

/**
 * A reader's reservation of a session (design §7b). One active reservation per reader and session
 * (the partial unique index). A series booked as a whole is one reservation per session sharing
 * `series_ref`. `ticket_secret` is the ticket's QR (32 random characters).
 */
export const offlineReservations = pgTable('offline_reservations', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  session_id: integer('session_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  seats: smallint('seats').notNull().default(1),
  /** The named companions ([{ name, phone? }]), seats − 1 of them. */
  companions: jsonb('companions').$type<{ name: string; phone?: string }[]>().notNull().default([]),
  /** Answers to the custom sign-up fields, by key. */
  answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
  /** RESERVATION_STATUS. */
  status: varchar('status', { length: 12 }).notNull(),
  /** A series booking's reservations share it (null: one session). */
  series_ref: varchar('series_ref', { length: 36 }),
  /** When it joined the waiting list (its place in line). */
  waitlisted_at: seconds('waitlisted_at'),
  offer_expires_at: seconds('offer_expires_at'),
  ticket_secret: varchar('ticket_secret', { length: 32 }).notNull(),
  checked_in_at: seconds('checked_in_at'),
  checked_out_at: seconds('checked_out_at'),
  /** CHECKIN_METHODS. */
  checkin_method: varchar('checkin_method', { length: 8 }),
  cancelled_at: seconds('cancelled_at'),
  cancel_reason: varchar('cancel_reason', { length: 255 }).notNull().default(''),
  /** Who made it: the reader, or an administrator booking on the reader's behalf (`manage`). */
  booked_by: integer('booked_by'),
  reviewed_at: seconds('reviewed_at'),
  review_reason: varchar('review_reason', { length: 255 }).notNull().default(''),
  ...stamps,
}, (t) => [
  uniqueIndex('offline_reservations_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'offline_reservations_session_fk', columns: [t.org_id, t.session_id], foreignColumns: [offlineSessions.org_id, offlineSessions.id] }).onDelete('cascade'),
  foreignKey({ name: 'offline_reservations_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('offline_reservations_active_uq').on(t.session_id, t.reader_id).where(sql`status in ('pending', 'confirmed', 'offered', 'waitlisted')`),
  uniqueIndex('offline_reservations_ticket_uq').on(t.ticket_secret),
  index('offline_reservations_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('offline_reservations_session_idx').on(t.session_id, t.status, t.id),
  index('offline_reservations_line_idx').on(t.session_id, t.waitlisted_at, t.id).where(sql`status = 'waitlisted'`),
  index('offline_reservations_offer_idx').on(t.offer_expires_at).where(sql`status = 'offered'`),
  index('offline_reservations_reader_idx').on(t.reader_id, t.created_at),
]);

/**
 * Every check-in attempt (staff redeem, the reader's trainSign, an administrator by hand) with its
 * result: the log pretix keeps. `nonce` makes a retried scan one: the same nonce answers the kept result.
 */
export const offlineCheckins = pgTable('offline_checkins', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  session_id: integer('session_id').notNull(),
  reservation_id: integer('reservation_id'),
  reader_id: integer('reader_id'),
  /** 1 sign in, 2 sign out. */
  type: smallint('type').notNull(),
  method: varchar('method', { length: 8 }).notNull(),
  /** CHECKIN_RESULTS. */
  result: varchar('result', { length: 24 }).notNull(),
  nonce: varchar('nonce', { length: 64 }).notNull(),
  /** The administrator who scanned or checked in by hand. */
  manager_id: integer('manager_id'),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'offline_checkins_session_fk', columns: [t.org_id, t.session_id], foreignColumns: [offlineSessions.org_id, offlineSessions.id] }).onDelete('cascade'),
  uniqueIndex('offline_checkins_nonce_uq').on(t.org_id, t.nonce),
  index('offline_checkins_session_idx').on(t.session_id, t.created_at),
]);

/**
 * Review materials (活动回顾) of an activity or one of its sessions: a summary (rich text), images,
 * videos (through the video pipeline), links and files, each shown or hidden.
 */
export const offlineReviews = pgTable('offline_reviews', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  /** null: the whole activity. */
  session_id: integer('session_id'),
  /** summary | image | video | link | file. */
  kind: varchar('kind', { length: 8 }).notNull(),
  title: varchar('title', { length: 200 }).notNull().default(''),
  /** The summary's rich text, or a link's address. */
  content: text('content').notNull().default(''),
  /** A stored file's URL (image, file, the video's cover). */
  url: varchar('url', { length: 500 }).notNull().default(''),
  /** The video's upload (`video_jobs.id`, the client's videoId): converting until its job is done. */
  video_job_id: varchar('video_job_id', { length: 32 }),
  size: integer('size').notNull().default(0),
  is_show: smallint('is_show').notNull().default(1),
  ...sort,
  ...stamps,
}, (t) => [
  uniqueIndex('offline_reviews_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'offline_reviews_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('offline_reviews_list_idx').on(t.org_id, t.act_id, t.kind, t.sort, t.id),
]);
