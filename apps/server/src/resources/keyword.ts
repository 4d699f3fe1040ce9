import { ilike, like, or, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%keyword%` with the LIKE wildcards of the keyword itself escaped. */
const containsPattern = (keyword: string): string => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The `keyword` search of every list: a substring of any of `columns`, ignoring case.
 *
 * With `search` (the lower-cased, generated copy of those columns that the big organisation
 * tables keep, see db/schema.ts) it is one LIKE against the keyword lower-cased by the same
 * `lower()`, found through the table's GIN keyword index: the rows of organisation `orgId` whose
 * keyword_keys hold every key of the keyword under that organisation (keyword_key_query,
 * migration 0022; with `orgId` null, every organisation's rows through keyword_grams), so a
 * search reads only the rows that may match, whatever the size of the organisation and whatever
 * the script or length of the keyword. The LIKE keeps the meaning exact (a row holding the pieces "abc" and
 * "bcd" need not hold "abcd").
 *
 * Otherwise: ILIKE lower-cases every value it tests, which on Chinese text costs about five
 * times LIKE (5,000 rows: 6.4 ms against 1.2 ms on PostgreSQL 15), and a keyword with no letter
 * that has case (Chinese names, digits, phone numbers) matches exactly the same rows with
 * LIKE, so such a keyword uses LIKE.
 */
/** The exact test of keywordWhere's indexed form alone: `search` holds the keyword (see list probes). */
export function searchHolds(search: PgColumn | SQL.Aliased | SQL, keyword: string): SQL {
  return like(search as PgColumn, sql`lower(${containsPattern(keyword.trim())})`);
}

export function keywordWhere(columns: PgColumn[], keyword: string | undefined, search?: { search: PgColumn; org_id: PgColumn; orgId: number | null }): SQL | undefined {
  const k = keyword?.trim();
  if (!k || columns.length === 0) return undefined;
  const pattern = containsPattern(k);
  if (search) {
    // Across organisations (the platform's list of activities, the one table indexed so): the
    // keyword's pieces without an organisation; otherwise its keys under the organisation.
    const pieces =
      search.orgId === null
        ? sql`keyword_grams(${search.org_id}, ${search.search}) @> array_remove(keyword_query(0, lower(${k})), 'org:0')`
        : sql`keyword_keys(${search.org_id}, ${search.search}) @> keyword_key_query(${search.orgId}::integer, lower(${k}))`;
    return sql`(${pieces} and ${like(search.search, sql`lower(${pattern})`)})`;
  }
  const caseless = k.toLowerCase() === k && k.toUpperCase() === k;
  return or(...columns.map((c) => (caseless ? like(c, pattern) : ilike(c, pattern))));
}
