/**
 * The one PostgreSQL schema, one file per family under `schema/` (shared column helpers in
 * `schema/columns.ts`). Everything imports tables from here; drizzle-kit reads this index.
 */
export * from './schema/platform.js';
export * from './schema/people.js';
export * from './schema/security.js';
export * from './schema/activities.js';
export * from './schema/content.js';
export * from './schema/files.js';
export * from './schema/voting.js';
export * from './schema/judging.js';
export * from './schema/survey.js';
export * from './schema/sensitive.js';
export * from './schema/contests.js';
export * from './schema/questions.js';
export * from './schema/jobs.js';
export * from './schema/offline.js';
export * from './schema/scanCodes.js';
export * from './schema/readClock.js';
export * from './schema/points.js';
export * from './schema/lecture.js';
export * from './schema/statistics.js';
export * from './schema/cases.js';
export * from './schema/home.js';
export * from './schema/redpack.js';
