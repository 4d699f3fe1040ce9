import { sql } from '../sql.js';
import { index, integer, pgTable, primaryKey, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { isPause, recommend, stamps } from './columns.js';
import { organizations } from './platform.js';

// ---- Reading cases (spec §2 caseManage / adminCase, §3, §4 counters, §7 /v1/readingCase/case) ----

/**
 * Reading cases: the platform's (`org_id` null) and each organisation's, one shape (the two
 * declarations narrow by `org_id`). `address` is the stored PDF, `views` and `download` the
 * counters a visit moves (one row of `reading_case_hits` per reader or address and China day).
 */
export const readingCases = pgTable('reading_cases', {
  id: serial('id').primaryKey(),
  org_id: integer('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 100 }).notNull(),
  cover: varchar('cover', { length: 500 }).notNull(),
  category: smallint('category').notNull(),
  origination: varchar('origination', { length: 100 }).notNull().default(''),
  awardSituation: varchar('awardSituation', { length: 200 }).notNull().default(''),
  certificate: varchar('certificate', { length: 500 }).notNull().default(''),
  address: varchar('address', { length: 500 }).notNull(),
  profile: varchar('profile', { length: 1000 }).notNull().default(''),
  views: integer('views').notNull().default(0),
  download: integer('download').notNull().default(0),
  ...recommend,
  ...isPause,
  is_delete: smallint('is_delete').notNull().default(0),
  ...stamps,
}, (t) => [
  index('reading_cases_org_list_idx').on(t.org_id, t.created_at, t.id),
  // The platform's list: its rows have no organisation.
  index('reading_cases_platform_list_idx').on(t.created_at, t.id).where(sql`${t.org_id} is null`),
]);

/**
 * Who moved a case's counter on which China day (`kind` 1 view, 2 download; `who` `r:<reader>`,
 * `m:<manager>`, `s:<super>` or `a:<address>`): the key makes the second visit of a day count
 * nothing, in the same statement that moves the counter.
 */
export const readingCaseHits = pgTable('reading_case_hits', {
  case_id: integer('case_id').notNull().references(() => readingCases.id, { onDelete: 'cascade' }),
  kind: smallint('kind').notNull(),
  day: varchar('day', { length: 10 }).notNull(),
  who: varchar('who', { length: 80 }).notNull(),
}, (t) => [primaryKey({ columns: [t.case_id, t.kind, t.day, t.who] })]);

/**
 * A case's views and downloads counted in 16 rows (a shard picked at random per hit, issue 25):
 * every first visit of a day adds 1 here instead of moving the case's one row, so visitors of one
 * case no longer commit one after another. The counts shown are the case's columns plus these
 * (db/shardedCount.ts); a sweep folds them into the case's row.
 */
export const readingCaseShards = pgTable('reading_case_shards', {
  case_id: integer('case_id').notNull().references(() => readingCases.id, { onDelete: 'cascade' }),
  shard: smallint('shard').notNull(),
  views: integer('views').notNull().default(0),
  download: integer('download').notNull().default(0),
}, (t) => [primaryKey({ name: 'reading_case_shards_pk', columns: [t.case_id, t.shard] })]);
