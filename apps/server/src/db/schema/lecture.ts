import { doublePrecision, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, seconds, sort, stamps } from './columns.js';
import { activities, readers } from './activities.js';

// ---- Lectures on demand (type 19, issue 25) ------------------------------------------------------------

/** An item of a lecture (讲座内容): a video or an audio file, a PDF document or a link. */
export const lectureItems = pgTable('lecture_items', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  title: varchar('title', { length: 100 }).notNull(),
  /** LECTURE_MEDIA_TYPES. */
  media_type: varchar('media_type', { length: 8 }).notNull().default('video'),
  video: varchar('video', { length: 500 }).notNull().default(''),
  audio: varchar('audio', { length: 500 }).notNull().default(''),
  audio_title: varchar('audio_title', { length: 100 }).notNull().default(''),
  artist: varchar('artist', { length: 50 }).notNull().default(''),
  pdf: varchar('pdf', { length: 500 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
  /** Seconds of the media (from the stored file's probe); 0: a document or a link, finished once opened. */
  duration_sec: integer('duration_sec').notNull().default(0),
  speaker: varchar('speaker', { length: 50 }).notNull().default(''),
  intro: text('intro').notNull().default(''),
  is_required: smallint('is_required').notNull().default(1),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('lecture_items_org_id_uq').on(t.org_id, t.id),
  foreignKey({ name: 'lecture_items_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('lecture_items_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('lecture_items_act_sort_idx').on(t.act_id, t.sort, t.id),
]);

/**
 * A reader's progress on one item (design §11b): the last position and beat, the watched ranges
 * merged (`[[start, end], …]`), their sum, the learning time credited by heartbeats, finished.
 * `play_count` numbers the plays (a beat names its play), `last_seq` the last beat of it: a beat
 * repeated is a no-op. `version` guards the read-compute-write of a beat (one conditional update).
 */
export const lectureProgress = pgTable('lecture_progress', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  item_id: integer('item_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  play_count: integer('play_count').notNull().default(0),
  last_seq: integer('last_seq').notNull().default(0),
  last_position: doublePrecision('last_position').notNull().default(0),
  last_beat_at: seconds('last_beat_at').notNull(),
  ranges: jsonb('ranges').$type<[number, number][]>().notNull().default([]),
  watched_sec: doublePrecision('watched_sec').notNull().default(0),
  real_sec: doublePrecision('real_sec').notNull().default(0),
  finished: smallint('finished').notNull().default(0),
  finished_at: seconds('finished_at'),
  version: integer('version').notNull().default(0),
  ...stamps,
}, (t) => [
  uniqueIndex('lecture_progress_item_reader_uq').on(t.item_id, t.reader_id),
  foreignKey({ name: 'lecture_progress_item_fk', columns: [t.org_id, t.item_id], foreignColumns: [lectureItems.org_id, lectureItems.id] }).onDelete('cascade'),
  foreignKey({ name: 'lecture_progress_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('lecture_progress_act_reader_idx').on(t.act_id, t.reader_id),
]);

/** A reader's progress on a lecture (学习记录): items finished, the share of the counted ones, finished. */
export const lectureLearners = pgTable('lecture_learners', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  finished_items: integer('finished_items').notNull().default(0),
  progress_pct: doublePrecision('progress_pct').notNull().default(0),
  finished: smallint('finished').notNull().default(0),
  finished_at: seconds('finished_at'),
  last_item_id: integer('last_item_id'),
  last_at: seconds('last_at').notNull(),
  ...stamps,
}, (t) => [
  uniqueIndex('lecture_learners_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('lecture_learners_act_reader_uq').on(t.act_id, t.reader_id),
  foreignKey({ name: 'lecture_learners_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'lecture_learners_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  index('lecture_learners_org_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
]);
