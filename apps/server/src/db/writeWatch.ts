/**
 * What this process has written, table by table, so that a read it remembers (an organisation
 * looked up by key, a bearer token's subject, a list's capped count) is used again only while no
 * table it read has been written since (docs/decisions.md "Remembered reads").
 *
 * Every statement the application sends passes through `observe` (the drizzle logger of both
 * drivers and the raw `Database.query`), with the connection (`session`) it is sent on. A write
 * statement advances its table's generation at once; `commit` (or `rollback`) advances again the
 * tables that connection's transaction wrote since its `begin`, so a read made inside the window
 * between a transaction's write and its commit (which still saw the old rows) is not kept past
 * the commit. A statement this does not recognise advances every table (and again at its
 * transaction's commit). PGlite begins and commits inside its driver, unseen: one connection,
 * one statement at a time, no read can fall in that window there.
 */
import { byText } from './byText.js';

const WRITE = /^\s*(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?(\w+)"?/i;
/** An insert that may change rows already there (an upsert). */
const UPSERT = /\bdo\s+update\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const READ_ONLY = /^\s*(?:select|savepoint|release|rollback\s+to|set|show|explain|values)\b/i;
const COMMIT = /^\s*(?:commit|end|rollback)\b/i;
const WITH = /^\s*with\b/i;
/** A write inside a statement with common table expressions; `do update` (upsert) and `for update` (lock) are not. */
const CTE_WRITE = /(?<!\b(?:do|for|key|share)\s+)\b(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?("?)(\w+)\1(?=[\s(])/gi;
const ANY_WRITE = /\b(?:insert|update|delete|merge|truncate)\b/gi;

/**
 * The tables a `with …` statement writes (its data-modifying parts and its last part, issue 22):
 * [] for a read; null when a write keyword is left that this cannot place (every table is then advanced).
 */
export function cteWrites(statement: string): string[] | null {
  const tables = new Set<string>();
  let placed = 0;
  for (const m of statement.matchAll(CTE_WRITE)) {
    tables.add(m[2].toLowerCase());
    placed++;
  }
  const keywords = [...statement.matchAll(ANY_WRITE)].filter((m) => !/\b(?:do|for|key|share)\s+$/i.test(statement.slice(Math.max(0, m.index - 8), m.index))).length;
  return keywords === placed ? [...tables] : null;
}

/** How many `with …` statement texts WriteWatch keeps the written tables of. */
const CTE_TEXTS_KEPT = 500;

/** The connection of a statement when the driver has one only (PGlite): every statement is its. */
const ONE_SESSION = {};

export class WriteWatch {
  private readonly generations = new Map<string, number>();
  /**
   * The same, advanced only by statements that may change or remove rows already there (update,
   * delete, truncate, an upsert, an unknown statement), not by a plain insert: a row read by its
   * key is the same after another row's insert (issue 25: a reader signing in no longer throws
   * away every remembered token).
   */
  private readonly changes = new Map<string, number>();
  /**
   * The tables each connection's open transaction wrote (issue 22): its commit advances these
   * only. Before, every commit advanced every table written by anyone in the last minute, so
   * each reader write threw away the remembered organisation and token reads whenever readers
   * had signed in (a token written) during that minute.
   */
  private readonly pending = new WeakMap<object, { tables: Map<string, boolean>; committed: boolean }>();
  /** Advanced by a statement of unknown effect: every stamp changes. */
  private everything = 0;
  /** cteWrites of a statement, by its text (byText: the same reader write's text is seen twice a call, sent and done). */
  private readonly cteWritesOf = byText(cteWrites, CTE_TEXTS_KEPT);

  observe(statement: string, session: object = ONE_SESSION): void {
    if (READ_ONLY.test(statement)) return;
    if (BEGIN.test(statement)) {
      // Seen when queued and again when done: a write queued between the two is already the transaction's.
      const entry = this.pending.get(session);
      if (!entry || entry.committed) this.pending.set(session, { tables: new Map(), committed: false });
      return;
    }
    const parts = WITH.test(statement) ? this.cteWritesOf(statement) : null;
    if (parts) {
      // Which part inserts and which updates is not told apart here: every part counts as a change.
      for (const table of parts) this.written(table, session, true);
      return;
    }
    const write = WRITE.exec(statement);
    if (write) {
      this.written(write[2].toLowerCase(), session, !/^insert/i.test(write[1]) || UPSERT.test(statement));
      return;
    }
    if (COMMIT.test(statement)) {
      // Seen when sent and when done (PostgreSQL): a read between the two may still see the old rows.
      const entry = this.pending.get(session);
      if (!entry) return;
      if (entry.committed) this.pending.delete(session);
      else entry.committed = true;
      for (const [table, changed] of entry.tables) (table === '*' ? this.everything++ : this.advance(table, changed));
      return;
    }
    this.everything++;
    this.written('*', session, true);
  }

  /** A write advances its table now, and again at its transaction's commit (none outside one: its advance when done suffices). */
  private written(table: string, session: object, changed: boolean): void {
    if (table !== '*') this.advance(table, changed);
    const entry = this.pending.get(session);
    if (entry && !entry.committed) entry.tables.set(table, changed || !!entry.tables.get(table));
  }

  /**
   * A value that changes whenever one of `tables` may have been written; with `changesOnly`, whenever
   * a row already in one of them may have changed or gone (not at a plain insert).
   */
  stamp(tables: readonly string[], changesOnly = false): string {
    const generations = changesOnly ? this.changes : this.generations;
    let s = String(this.everything);
    for (const t of tables) s += `.${generations.get(t) ?? 0}`;
    return s;
  }

  private advance(table: string, changed: boolean): void {
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    if (changed) this.changes.set(table, (this.changes.get(table) ?? 0) + 1);
  }
}

/** The tables a statement reads (`from "x"`, `join "x"`), for the statements drizzle writes. */
export function tablesOf(statement: string): string[] {
  const found = new Set<string>();
  for (const m of statement.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)) found.add(m[1].toLowerCase());
  return [...found];
}

/**
 * Reads kept while the tables they read are unchanged, and at most `ttlMs` (a bound for what
 * other processes on the same database may write, which this process cannot see). A read of rows
 * by their key whose value `keyedRows` says found them is kept while no row already in those tables
 * changed (an insert of other rows cannot change it); any other value (nothing found: an insert
 * may make it found) while nothing at all was written.
 */
export class RememberedReads<T> {
  private readonly entries = new Map<string, { value: T; stamp: string; changesOnly: boolean; until: number }>();
  /** Reads under way: requests arriving together with nothing written between share one read. */
  private readonly reading = new Map<string, { stamp: string; value: Promise<T> }>();

  constructor(
    private readonly watch: WriteWatch,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly keyedRows: (value: T) => boolean = () => false,
  ) {}

  /** The value remembered for `key` while it is still good (as `get` would answer without reading), else undefined. */
  peek(key: string, tables: readonly string[]): T | undefined {
    const hit = this.entries.get(key);
    if (hit && hit.stamp === this.watch.stamp(tables, hit.changesOnly) && hit.until > Date.now()) return hit.value;
    return undefined;
  }

  /**
   * The value kept for `key` while it is good, else a new read. With `stale`, a value no longer good
   * is still answered while one read in the background replaces it (for a read too slow to make a
   * caller wait on, whose answer may lag a read behind); only a caller with nothing kept waits.
   */
  async get(key: string, tables: readonly string[], read: () => Promise<T>, opts: { stale?: boolean } = {}): Promise<T> {
    const stamp = this.watch.stamp(tables);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.stamp === (hit.changesOnly ? this.watch.stamp(tables, true) : stamp) && hit.until > now) return hit.value;
    const pending = this.reading.get(key);
    if (opts.stale && hit) {
      // A failed background read leaves the kept value; the next caller tries again.
      if (!pending) this.get(key, tables, read).catch(() => undefined);
      return hit.value;
    }
    // Begun under the same stamp, a read under way is as fresh as a new one would be.
    if (pending && pending.stamp === stamp) return pending.value;
    const changesStamp = this.watch.stamp(tables, true);
    const reading = read();
    this.reading.set(key, { stamp, value: reading });
    try {
      const value = await reading;
      const changesOnly = this.keyedRows(value);
      // A write that landed while reading may or may not be in `value`: not kept then.
      if (changesOnly ? this.watch.stamp(tables, true) === changesStamp : this.watch.stamp(tables) === stamp) {
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, { value, stamp: changesOnly ? changesStamp : stamp, changesOnly, until: now + this.ttlMs });
      } else this.entries.delete(key);
      return value;
    } finally {
      if (this.reading.get(key)?.value === reading) this.reading.delete(key);
    }
  }
}
