import { asc, eq } from 'drizzle-orm';
import { compileWords, screenTexts, type Screening, type SensitiveLevel, type WordMatcher } from '@huodong/domain';
import type { Database } from '../db/client.js';
import { orgSensitiveWords, sensitiveWords } from '../db/schema.js';
import { RememberedReads } from '../db/writeWatch.js';

/**
 * The sensitive-word screen of reader text (design §1.5): the platform's list and the
 * organisation's, each compiled once (rules/sensitiveWords.ts `compileWords`) and kept as a
 * remembered read (db/writeWatch.ts): a write to a list is seen by the next screen in this process
 * at once; another process's write within REMEMBER_MS.
 *
 * Screen before a reader's transaction, never inside it: the lists are read through `db`, and
 * PGlite has one connection.
 */
const REMEMBER_MS = 30_000;
const PLATFORM_TABLES = ['sensitive_words'] as const;
const ORG_TABLES = ['org_sensitive_words'] as const;

const lists = new WeakMap<Database, RememberedReads<WordMatcher>>();
function listsOf(database: Database): RememberedReads<WordMatcher> {
  let r = lists.get(database);
  if (!r) {
    r = new RememberedReads<WordMatcher>(database.watch, REMEMBER_MS, 2_000);
    lists.set(database, r);
  }
  return r;
}

const compiled = (rows: { word: string; level: string }[]) => compileWords(rows.map((r) => ({ word: r.word, level: r.level as SensitiveLevel })));

/** The compiled lists that apply to an organisation: the platform's, then its own. */
async function wordListsOf(database: Database, orgId: number): Promise<WordMatcher[]> {
  const { db } = database;
  const remembered = listsOf(database);
  return Promise.all([
    remembered.get('platform', PLATFORM_TABLES, async () => compiled(await db.select({ word: sensitiveWords.word, level: sensitiveWords.level }).from(sensitiveWords).orderBy(asc(sensitiveWords.id)))),
    remembered.get(`org:${orgId}`, ORG_TABLES, async () =>
      compiled(await db.select({ word: orgSensitiveWords.word, level: orgSensitiveWords.level }).from(orgSensitiveWords).where(eq(orgSensitiveWords.org_id, orgId)).orderBy(asc(orgSensitiveWords.id))),
    ),
  ]);
}

/** Screen an organisation's reader texts (each on its own): pass, review or risky with the words found. */
export async function screenFor(database: Database, orgId: number, texts: readonly string[]): Promise<Screening> {
  return screenTexts(await wordListsOf(database, orgId), texts);
}
