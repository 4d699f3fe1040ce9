import { sql } from '../sql.js';
import { bigint, index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { seconds, stamps } from './columns.js';

// ---- Background jobs (issue 21: the one runner) --------------------------------------------------
/**
 * The queue of the one job runner (`jobs/runner.ts`): claimed with FOR UPDATE SKIP LOCKED, held by
 * a lease (`locked_until`, ms) of the instance in `locked_by`, retried with back-off from `run_at`
 * (ms) until `max_attempts`. `key` names a job while it is queued or running, so queuing the same
 * work twice makes one job.
 */
export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  kind: varchar('kind', { length: 40 }).notNull(),
  key: varchar('key', { length: 200 }),
  org_id: integer('org_id'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  status: varchar('status', { length: 10 }).notNull().default('queued'),
  run_at: bigint('run_at', { mode: 'number' }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  max_attempts: integer('max_attempts').notNull().default(5),
  locked_until: bigint('locked_until', { mode: 'number' }),
  locked_by: varchar('locked_by', { length: 64 }),
  error: varchar('error', { length: 500 }).notNull().default(''),
  finished_at: seconds('finished_at'),
  ...stamps,
}, (t) => [
  uniqueIndex('jobs_open_key_uq').on(t.key).where(sql`status in ('queued', 'running')`),
  index('jobs_due_idx').on(t.run_at, t.id).where(sql`status in ('queued', 'running')`),
  index('jobs_status_idx').on(t.status, t.updated_at, t.id),
]);
