import { sql } from '../sql.js';
import { bigint, index, integer, smallint, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Unix seconds (spec timestamps are seconds). */
export const seconds = (name: string) => bigint(name, { mode: 'number' });
export const nowSeconds = sql`(extract(epoch from now())::bigint)`;
export const stamps = {
  created_at: seconds('created_at').notNull().default(nowSeconds),
  updated_at: seconds('updated_at').notNull().default(nowSeconds),
};
/** 0 = active, 1 = paused (the spec's enable/disable flag). */
export const isPause = { is_pause: smallint('is_pause').notNull().default(0) };
export const recommend = { is_rec: smallint('is_rec').notNull().default(0), rec_at: seconds('rec_at') };
export const sort = { sort: integer('sort').notNull().default(0) };

/**
 * `search` of the big organisation tables (managers, org_users, students): their keyword columns
 * (the declaration's `keywordFields`), lower-cased once when a row is written, joined by U+001F
 * so that a match never spans two columns. A keyword search is then one LIKE per row instead of
 * an ILIKE per column, which lower-cases every value again on every search. It ends the table's
 * list index (org_id, created_at, id, search): the list order, a keyword search and its count are
 * index-only scans of one organisation's entries. The generated resource tests search by every
 * declared keyword field, so a column missing here fails them.
 */
export const searchOf = (...columns: string[]) =>
  text('search').generatedAlwaysAs(sql.raw(`lower(${columns.map((c) => `coalesce("${c}", '')`).join(' || chr(31) || ')})`));

/**
 * The keyword index of those tables: GIN over keyword_keys(org_id, search), every 1-, 2- and
 * 3-character piece of `search` under its organisation ('12:' || piece; SQL functions of
 * migration 0022). A keyword search reads only the posting lists of its own organisation's
 * pieces, however big the organisation and however many others share the table
 * (resources/keyword.ts).
 */
export const searchIndex = (name: string, t: { org_id: AnyPgColumn; search: AnyPgColumn }) =>
  index(name).using('gin', sql`keyword_keys(${t.org_id}, ${t.search})`);
