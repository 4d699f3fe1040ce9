import { doublePrecision, foreignKey, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, sort, stamps } from './columns.js';
import { orgId } from './platform.js';

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
  /** WGS-84 coordinates (a geofenced sign-in is measured from them; null: not given). */
  lng: doublePrecision('lng'),
  lat: doublePrecision('lat'),
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
