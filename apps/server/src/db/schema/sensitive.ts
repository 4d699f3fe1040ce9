import { index, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { stamps } from './columns.js';
import { orgId } from './platform.js';

/** The platform's sensitive words (`/v1/sensitiveWords`): screen every organisation's reader text. */
export const sensitiveWords = pgTable('sensitive_words', {
  id: serial('id').primaryKey(),
  word: varchar('word', { length: 50 }).notNull(),
  /** rules/sensitiveWords.ts SENSITIVE_LEVELS: risky or review. */
  level: varchar('level', { length: 8 }).notNull(),
  ...stamps,
}, (t) => [uniqueIndex('sensitive_words_word_uq').on(t.word), index('sensitive_words_list_idx').on(t.created_at, t.id)]);

/** An organisation's own sensitive words (`/v1/{org}/sensitiveWords`), screened beside the platform's. */
export const orgSensitiveWords = pgTable('org_sensitive_words', {
  id: serial('id').primaryKey(),
  org_id: orgId(),
  word: varchar('word', { length: 50 }).notNull(),
  level: varchar('level', { length: 8 }).notNull(),
  ...stamps,
}, (t) => [uniqueIndex('org_sensitive_words_word_uq').on(t.org_id, t.word), index('org_sensitive_words_list_idx').on(t.org_id, t.created_at, t.id)]);
