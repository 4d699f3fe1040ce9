import { date, foreignKey, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, seconds, sort, stamps } from './columns.js';
import { orgId } from './platform.js';
import { readers } from './activities.js';
import { digitalResources } from './content.js';

// ---- The organisation's reader home and content settings (issue 25) -------------------------------

/**
 * The modules of the reader home (spec §7 `/v1/{org}/indexConfig`): `kind` and `style` from
 * rules/home.ts; `albums` the ids of the groups it shows, in order (activity groups or digital
 * groups by kind), set by `sort_albums` in one statement.
 */
export const homeModules = pgTable('home_modules', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  title: varchar('title', { length: 50 }).notNull(),
  kind: smallint('kind').notNull(),
  style: smallint('style').notNull().default(1),
  albums: jsonb('albums').$type<number[]>().notNull().default([]),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [index('home_modules_org_list_idx').on(t.org_id, t.created_at, t.id), index('home_modules_org_sort_idx').on(t.org_id, t.sort, t.id)]);

/**
 * The reading show (spec §7 `/v1/yuedu/{org}/choose`): promotion items the home shows, named by
 * `kind` (1 activity, 2 reading case) and `item_id`; one row per item.
 */
export const readingShow = pgTable('reading_show', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  kind: smallint('kind').notNull().default(1),
  item_id: integer('item_id').notNull(),
  ...sort,
  ...stamps,
}, (t) => [uniqueIndex('reading_show_item_uq').on(t.org_id, t.kind, t.item_id), index('reading_show_org_list_idx').on(t.org_id, t.created_at, t.id)]);

/**
 * A reader's listening to one audiobook (a digital resource of kind 有声书) on one China day:
 * plays pressed and seconds heard, summed by the listen beats in one upsert each.
 */
export const audiobookListens = pgTable('audiobook_listens', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  resource_id: integer('resource_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  plays: integer('plays').notNull().default(0),
  seconds: integer('seconds').notNull().default(0),
  created_at: seconds('created_at').notNull(),
  updated_at: seconds('updated_at').notNull(),
}, (t) => [
  foreignKey({ name: 'audiobook_listens_resource_fk', columns: [t.org_id, t.resource_id], foreignColumns: [digitalResources.org_id, digitalResources.id] }).onDelete('cascade'),
  foreignKey({ name: 'audiobook_listens_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('audiobook_listens_day_uq').on(t.resource_id, t.reader_id, t.day),
  index('audiobook_listens_org_day_idx').on(t.org_id, t.day),
  index('audiobook_listens_reader_idx').on(t.reader_id),
]);
