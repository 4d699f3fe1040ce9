import { index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isPause, searchIndex, searchOf, seconds, stamps } from './columns.js';
import { orgId, roles } from './platform.js';

// ---- Organisation-scoped tables (every row carries org_id) -----------------------------------

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
