import { sql } from '../sql.js';
import { foreignKey, index, integer, jsonb, numeric, pgTable, serial, smallint, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { activities, readers, works } from './activities.js';
import { isPause, nowSeconds, searchIndex, searchOf, seconds, stamps } from './columns.js';
import { orgId, organizations } from './platform.js';

// ---- Expert judging and certificates (issue 12) ----------------------------------------------

/**
 * Experts of an organisation (`/v1/{org}/expert`): they sign in with their own account (token
 * subject `expert`) and see only the works assigned to them. `unit_id`/`unit` and `name` decide
 * conflicts (rules/judging.ts conflictOf).
 */
export const experts = pgTable('experts', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  account: varchar('account', { length: 64 }).notNull(),
  password_hash: varchar('password_hash', { length: 255 }).notNull(),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  title: varchar('title', { length: 50 }).notNull().default(''),
  unit: varchar('unit', { length: 100 }).notNull().default(''),
  unit_id: integer('unit_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
  specialties: jsonb('specialties').$type<string[]>().notNull().default([]),
  last_login_at: seconds('last_login_at'),
  search: searchOf('name', 'account', 'phone', 'unit'),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('experts_org_account_uq').on(t.org_id, t.account),
  uniqueIndex('experts_org_id_uq').on(t.org_id, t.id),
  index('experts_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  searchIndex('experts_keys_idx', t),
]);

/**
 * An expert activity (`/v1/{org}/expert/act`): the judging of one works activity (rules/judging.ts
 * expertActSchema). Publishing the results writes `results` (the ranked snapshot), its SHA-256
 * `results_hash` and `published_at`; reviews are frozen from then on.
 */
export const expertActs = pgTable('expert_acts', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  title: varchar('title', { length: 50 }).notNull(),
  round: smallint('round').notNull().default(1),
  rubric: jsonb('rubric').$type<{ name: string; weight: number; max: number; required: boolean }[]>().notNull(),
  reviewers_per_work: smallint('reviewers_per_work').notNull().default(3),
  assignment: varchar('assignment', { length: 10 }).notNull().default('auto'),
  blind: smallint('blind').notNull().default(1),
  can_see_other_reviews: varchar('can_see_other_reviews', { length: 16 }).notNull().default('never'),
  text_required: smallint('text_required').notNull().default(0),
  start_at: seconds('start_at').notNull(),
  end_at: seconds('end_at').notNull(),
  expire_at: seconds('expire_at'),
  aggregate: varchar('aggregate', { length: 16 }).notNull().default('auto'),
  disagreement_threshold: smallint('disagreement_threshold').notNull().default(25),
  weights: jsonb('weights').$type<{ expert: number; popular: number }>().notNull().default({ expert: 100, popular: 0 }),
  published_at: seconds('published_at'),
  results: jsonb('results'),
  results_hash: varchar('results_hash', { length: 64 }),
  search: searchOf('title'),
  ...isPause,
  ...stamps,
}, (t) => [
  foreignKey({ name: 'expert_acts_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  uniqueIndex('expert_acts_org_id_uq').on(t.org_id, t.id),
  index('expert_acts_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  index('expert_acts_act_idx').on(t.act_id),
  searchIndex('expert_acts_keys_idx', t),
]);

/** The works an expert activity judges (added from the activity's approved works). */
export const expertActWorks = pgTable('expert_act_works', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  expert_act_id: integer('expert_act_id').notNull(),
  work_id: integer('work_id').notNull(),
  created_at: seconds('created_at').notNull().default(nowSeconds),
}, (t) => [
  foreignKey({ name: 'expert_act_works_act_fk', columns: [t.org_id, t.expert_act_id], foreignColumns: [expertActs.org_id, expertActs.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_act_works_work_fk', columns: [t.org_id, t.work_id], foreignColumns: [works.org_id, works.id] }).onDelete('cascade'),
  uniqueIndex('expert_act_works_uq').on(t.expert_act_id, t.work_id),
  index('expert_act_works_work_idx').on(t.work_id),
]);

/**
 * One expert judging one work in one expert activity, and the review once given: `scores` by
 * criterion name, `total` on 0–100 (reviewTotal), `comment`; `submitted_at` null until submitted.
 */
export const expertAssignments = pgTable('expert_assignments', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  expert_act_id: integer('expert_act_id').notNull(),
  expert_id: integer('expert_id').notNull(),
  work_id: integer('work_id').notNull(),
  scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
  total: numeric('total', { precision: 7, scale: 2, mode: 'number' }),
  comment: text('comment').notNull().default(''),
  submitted_at: seconds('submitted_at'),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'expert_assignments_act_fk', columns: [t.org_id, t.expert_act_id], foreignColumns: [expertActs.org_id, expertActs.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_assignments_expert_fk', columns: [t.org_id, t.expert_id], foreignColumns: [experts.org_id, experts.id] }).onDelete('cascade'),
  foreignKey({ name: 'expert_assignments_work_fk', columns: [t.org_id, t.work_id], foreignColumns: [works.org_id, works.id] }).onDelete('cascade'),
  uniqueIndex('expert_assignments_uq').on(t.expert_act_id, t.expert_id, t.work_id),
  index('expert_assignments_expert_idx').on(t.expert_id, t.created_at),
  index('expert_assignments_work_idx').on(t.expert_act_id, t.work_id),
]);

/** Certificate templates (`/v1/{org}/cert/templates`, rules/certificates.ts certTemplateSchema). */
export const certTemplates = pgTable('cert_templates', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  name: varchar('name', { length: 50 }).notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
  bg_image: varchar('bg_image', { length: 500 }).notNull().default(''),
  width_mm: smallint('width_mm').notNull().default(297),
  height_mm: smallint('height_mm').notNull().default(210),
  elements: jsonb('elements').$type<Record<string, unknown>[]>().notNull().default([]),
  search: searchOf('name'),
  ...isPause,
  ...stamps,
}, (t) => [
  uniqueIndex('cert_templates_org_id_uq').on(t.org_id, t.id),
  index('cert_templates_org_list_idx').on(t.org_id, t.created_at, t.id, t.search),
  searchIndex('cert_templates_keys_idx', t),
]);

/** An activity's certificate configuration (`/v1/{org}/cert/{id}/config`, rules/certificates.ts certConfigSchema). */
export const certConfigs = pgTable('cert_configs', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  template_id: integer('template_id').notNull(),
  issue_mode: varchar('issue_mode', { length: 10 }).notNull().default('manual'),
  auto_rule: jsonb('auto_rule').$type<{ kind: string; levels: string[] } | null>(),
  cert_no_pattern: varchar('cert_no_pattern', { length: 40 }).notNull(),
  expires_months: smallint('expires_months').notNull().default(0),
  notify: smallint('notify').notNull().default(1),
  ...stamps,
}, (t) => [
  uniqueIndex('cert_configs_org_id_uq').on(t.org_id, t.id),
  uniqueIndex('cert_configs_act_uq').on(t.act_id),
  foreignKey({ name: 'cert_configs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  foreignKey({ name: 'cert_configs_template_fk', columns: [t.org_id, t.template_id], foreignColumns: [certTemplates.org_id, certTemplates.id] }),
]);

/**
 * An issued certificate: unique per (config, holder, kind, level) while valid; `cert_no` unique
 * in the organisation, `verify_code` unique everywhere. `fields` is the snapshot printed;
 * `pdf_key` the rendered PDF in the storage (null until the send job renders it). Revoking keeps
 * the row (`revoked_at`, `revoke_reason`); a reissue makes a new row and names it in `replaced_by`.
 */
export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  config_id: integer('config_id').notNull(),
  reader_id: integer('reader_id').notNull(),
  work_id: integer('work_id'),
  kind: varchar('kind', { length: 16 }).notNull(),
  award_level: varchar('award_level', { length: 20 }).notNull().default(''),
  cert_no: varchar('cert_no', { length: 64 }).notNull(),
  verify_code: varchar('verify_code', { length: 12 }).notNull(),
  fields: jsonb('fields').$type<Record<string, string>>().notNull(),
  pdf_key: varchar('pdf_key', { length: 255 }),
  issued_at: seconds('issued_at').notNull(),
  expires_at: seconds('expires_at'),
  revoked_at: seconds('revoked_at'),
  revoke_reason: varchar('revoke_reason', { length: 200 }).notNull().default(''),
  replaced_by: integer('replaced_by'),
  verify_count: integer('verify_count').notNull().default(0),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'certificates_config_fk', columns: [t.org_id, t.config_id], foreignColumns: [certConfigs.org_id, certConfigs.id] }).onDelete('cascade'),
  foreignKey({ name: 'certificates_reader_fk', columns: [t.org_id, t.reader_id], foreignColumns: [readers.org_id, readers.id] }).onDelete('cascade'),
  uniqueIndex('certificates_org_no_uq').on(t.org_id, t.cert_no),
  uniqueIndex('certificates_code_uq').on(t.verify_code),
  uniqueIndex('certificates_grant_uq').on(t.config_id, t.reader_id, t.kind, t.award_level).where(sql`${t.revoked_at} is null`),
  index('certificates_act_list_idx').on(t.org_id, t.act_id, t.created_at, t.id),
  index('certificates_reader_idx').on(t.reader_id, t.issued_at),
]);

/**
 * A certificate send job (`POST /v1/{org}/cert/{id}/send`): issue by the rule, then render every
 * PDF not yet rendered; progress in `total`/`done`/`failed` as the administrator sees it. The work
 * is a `cert.send` job of the runner (`jobs`); running it again only does what is left.
 */
export const certJobs = pgTable('cert_jobs', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').notNull(),
  act_id: integer('act_id').notNull(),
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  error: varchar('error', { length: 500 }).notNull().default(''),
  created_by: integer('created_by').notNull(),
  ...stamps,
}, (t) => [
  foreignKey({ name: 'cert_jobs_act_fk', columns: [t.org_id, t.act_id], foreignColumns: [activities.org_id, activities.id] }).onDelete('cascade'),
  index('cert_jobs_queue_idx').on(t.status, t.created_at),
  index('cert_jobs_act_idx').on(t.act_id, t.created_at),
]);
