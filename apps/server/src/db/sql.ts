/**
 * drizzle's `sql` template tag, made cheaper: the server's code takes `sql` from here (layers.test.ts).
 *
 * Drizzle's own allocates a text chunk per literal part on every call, walks the parameters with an
 * iterator and tests each against `Table` through `is()` — a walk of its prototype chain — to list
 * the tables a statement uses (for drizzle's query cache, which we do not use, but kept right). A
 * reader write builds its one statement from ~100 such fragments: in a CPU profile of the check-in
 * mark's benchmark (stop 44) the tag and `is()` were 14 % of the server's CPU per request. Here the
 * literal parts' chunks are made once per call site (a template's strings are one frozen array per
 * site, so they key a WeakMap; a chunk is never changed after it is made) and tables are told by
 * `instanceof`. The SQL objects are drizzle's own: everything that reads them is unchanged
 * (render.test.ts compares both tags' statements).
 */
import { SQL, StringChunk, Table, sql as drizzleSql } from 'drizzle-orm';
import type { SQLChunk } from 'drizzle-orm';

const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');

/** Each call site's literal parts as chunks, made at its first call. */
const partsOfSite = new WeakMap<TemplateStringsArray, StringChunk[]>();

const NO_CHUNKS: SQLChunk[] = [];

/** drizzle's SQL of `chunks`, its used tables listed as its constructor lists them. */
function sqlOf(chunks: SQLChunk[]): SQL {
  const made = new SQL(NO_CHUNKS);
  const fields = made as unknown as { queryChunks: SQLChunk[]; usedTables: string[] };
  fields.queryChunks = chunks;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    if (chunk instanceof Table) {
      const table = chunk as unknown as Record<symbol, string | undefined>;
      const schema = table[TABLE_SCHEMA];
      fields.usedTables.push(schema === undefined ? table[TABLE_NAME]! : schema + '.' + table[TABLE_NAME]);
    }
  }
  return made;
}

function fastSql(strings: TemplateStringsArray, ...params: unknown[]): SQL {
  let parts = partsOfSite.get(strings);
  if (parts === undefined) {
    parts = strings.map((s) => new StringChunk(s));
    partsOfSite.set(strings, parts);
  }
  const chunks: SQLChunk[] = [];
  // As drizzle's: no leading chunk for an empty template.
  if (params.length > 0 || (strings.length > 0 && strings[0] !== '')) chunks.push(parts[0]!);
  for (let i = 0; i < params.length; i++) chunks.push(params[i] as SQLChunk, parts[i + 1]!);
  return sqlOf(chunks);
}

function fastJoin(chunks: SQLChunk[], separator?: SQLChunk): SQL {
  const joined: SQLChunk[] = [];
  for (let i = 0; i < chunks.length; i++) {
    if (i > 0 && separator !== undefined) joined.push(separator);
    joined.push(chunks[i]!);
  }
  return sqlOf(joined);
}

/** drizzle's `sql` (its type, its helpers: raw, empty, identifier, placeholder, param, fromList), the tag and `join` made cheaper. */
export const sql = Object.assign(fastSql, drizzleSql, { join: fastJoin }) as unknown as typeof drizzleSql;
