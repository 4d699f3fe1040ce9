import { sql } from '../sql.js';
import { date, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, seconds, sort, stamps } from './columns.js';
import { activities, readers } from './activities.js';

// ---- Reading check-in (type 8, issue 24) ------------------------------------------------------------

/** A resource of a check-in activity (打卡资源): a course's day `day_no` unlocks it (null: from the start). */
export const readClockSources = pgTable('read_clock_sources', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  day_no: integer('day_no'),
  title: varchar('title', { length: 100 }).notNull(),
  /** READ_CLOCK_SOURCE_TYPES. */
  type: varchar('type', { length: 8 }).notNull().default('book'),
  /** A digital resource (数字资源) of the organisation. */
  ref_id: integer('ref_id'),
  url: varchar('url', { length: 500 }).notNull().default(''),
  content: text('content').notNull().default(''),
  is_required: smallint('is_required').notNull().default(0),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('read_clock_sources_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'read_clock_sources_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('read_clock_sources_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('read_clock_sources_day_idx').on(t.act_id, t.day_no, t.sort),
]);

/**
 * A reader's mark (打卡) of one China-time day (design §9b `markRecords`). One counting mark per
 * reader, activity and day: the partial unique index leaves a rejected one (status 2) out, so a
 * rejection frees the day. `day` is the server's China day of `created_at`, or the day made up.
 */
export const readClockMarks = pgTable('read_clock_marks', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  resource_id: integer('resource_id'),
  content: text('content').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  audio: varchar('audio', { length: 500 }).notNull().default(''),
  audio_sec: integer('audio_sec').notNull().default(0),
  reading_minutes: integer('reading_minutes').notNull().default(0),
  book_id: integer('book_id'),
  is_makeup: smallint('is_makeup').notNull().default(0),
  makeup_reason: varchar('makeup_reason', { length: 200 }).notNull().default(''),
  /** CHECK_ITEM_STATUS: 0 pending, 1 approved, 2 rejected, 3 hidden. */
  status: smallint('status').notNull(),
  reason: varchar('reason', { length: 255 }).notNull().default(''),
  is_featured: smallint('is_featured').notNull().default(0),
  teacher_comment: varchar('teacher_comment', { length: 500 }).notNull().default(''),
  like_count: integer('like_count').notNull().default(0),
  comment_count: integer('comment_count').notNull().default(0),
  reviewed_by: integer('reviewed_by'),
  reviewed_at: seconds('reviewed_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('read_clock_marks_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('read_clock_marks_day_uq').on(t.act_id, t.reader_id, t.day).where(sql`status <> 2`),
  foreignKey({ name: 'read_clock_marks_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'read_clock_marks_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('read_clock_marks_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('read_clock_marks_act_day_idx').on(t.act_id, t.day, t.status),
  // The records page filtered by a day, in list order: one range of the day (bench/readClock.ts, 1,000,000 marks).
  index('read_clock_marks_day_list_idx').on(t.org_id, t.act_id, t.day, t.created_at, t.id),
  index('read_clock_marks_pending_idx').on(t.org_id, t.act_id).where(sql`status = 0`),
]);
