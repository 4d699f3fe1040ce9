import { bigint, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';

// ---- Statistics of the platform and the organisation (issue 26) ---------------------------------

/**
 * What the statistics pages read (statistics/rollups.ts): per organisation, China-time month
 * (`YYYY-MM`), counted thing (`metric`: activity, work, like, comment, join, answer, reader,
 * active), activity type and activity (0 for the readers' metrics) the number of rows. Folded
 * from the underlying rows by the `stats.rollup` job past a high-water mark; equal to
 * `recountRollups` of the same rows.
 */
export const statRollups = pgTable('stat_rollups', {
  org_id: integer('org_id').notNull(),
  month: varchar('month', { length: 7 }).notNull(),
  metric: varchar('metric', { length: 8 }).notNull(),
  type: smallint('type').notNull(),
  act_id: integer('act_id').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
}, (t) => [
  primaryKey({ name: 'stat_rollups_pk', columns: [t.org_id, t.metric, t.month, t.type, t.act_id] }),
  index('stat_rollups_act_idx').on(t.act_id),
]);

/** The readers active in a month of their organisation, once each: `active` counts the rows this adds. */
export const statReaderMonths = pgTable('stat_reader_months', {
  org_id: integer('org_id').notNull(),
  month: varchar('month', { length: 7 }).notNull(),
  reader_id: integer('reader_id').notNull(),
}, (t) => [primaryKey({ name: 'stat_reader_months_pk', columns: [t.org_id, t.month, t.reader_id] })]);

/** The high-water mark of each counted table (db/highWater.ts): rows with `id <= done_id` are folded; `candidate` waits for `running` to end. */
export const statMarks = pgTable('stat_marks', {
  source: varchar('source', { length: 24 }).primaryKey(),
  done_id: bigint('done_id', { mode: 'number' }).notNull().default(0),
  candidate: bigint('candidate', { mode: 'number' }),
  running: text('running').array(),
});

/** Organisations whose rollups are recounted at the next pass (rows they folded went: a deleted reader takes theirs along). */
export const statStale = pgTable('stat_stale', {
  org_id: integer('org_id').primaryKey(),
});
