import { bigint, doublePrecision, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { nowSeconds, seconds, stamps } from './columns.js';

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
