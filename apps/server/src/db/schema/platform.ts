import { sql } from '../sql.js';
import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { isPause, recommend, seconds, sort, stamps } from './columns.js';

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

/**
 * Tags: the platform's (`org_id` null, `/v1/tags`, names unique) and each organisation's own
 * (`/v1/{org}/tags`, adminTag) in one table; an activity carries tags of both (`activities.tag_ids`).
 */
export const tags = pgTable('tags', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 50 }).notNull(),
  ...sort,
  ...recommend,
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('tags_name_uq').on(t.name).where(sql`${t.org_id} is null`),
  index('tags_org_list_idx').on(t.org_id, t.created_at, t.id),
]);

/** Quick replies: the platform's (`org_id` null, `/v1/quickReplies`) and each organisation's own (`/v1/{org}/quick`, adminQuick). */
export const quickReplies = pgTable('quick_replies', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
  content: varchar('content', { length: 500 }).notNull(),
  ...sort,
  ...isPause,
  ...stamps,
}, (t) => [index('quick_replies_org_list_idx').on(t.org_id, t.created_at, t.id)]);

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

/** Every organisation-scoped row carries its organisation (deleted with it). */
export const orgId = () =>
  integer('org_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
