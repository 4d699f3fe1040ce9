/**
 * The statements a request sends, recorded through the driver (pass `recorder.onQuery` to
 * onEachDatabase), and their EXPLAIN ANALYZE: the list benchmarks fail on a sequential scan.
 */
import type { Database } from '../apps/server/src/db/client.js';
import { statementCount } from './floor.js';

export interface Statement {
  query: string;
  params: unknown[];
}

const recorded: Statement[] = [];
let recording = false;

export const recorder = {
  /** Sees every statement; also counts them for bench/floor.ts. */
  onQuery(query: string, params: unknown[]): void {
    statementCount.onQuery();
    if (recording) recorded.push({ query, params });
  },
  /** The statements sent while `work` runs (run alone: nothing else may query meanwhile). */
  async during(work: () => Promise<unknown>): Promise<Statement[]> {
    recorded.length = 0;
    recording = true;
    try {
      await work();
    } finally {
      recording = false;
    }
    return recorded.splice(0);
  },
};

/**
 * EXPLAIN ANALYZE of each statement, printed under `name`; returns those whose plan scans
 * `table` (any table when none is named) sequentially.
 */
export async function sequentialScans(database: Database, name: string, statements: Statement[], table?: string): Promise<string[]> {
  const seqScan = new RegExp(table ? `Seq Scan on "?${table}"?\\b` : 'Seq Scan');
  const found: string[] = [];
  for (const statement of statements) {
    const plan = await database.query<{ 'QUERY PLAN': string }>(`explain analyze ${statement.query}`, statement.params);
    const lines = plan.map((p) => p['QUERY PLAN']);
    if (lines.some((l) => seqScan.test(l))) found.push(`${name}: ${statement.query}`);
    console.log(`\nEXPLAIN ANALYZE (${name}): ${statement.query}\n  params: ${JSON.stringify(statement.params)}\n${lines.map((l) => '  ' + l).join('\n')}`);
  }
  return found;
}
