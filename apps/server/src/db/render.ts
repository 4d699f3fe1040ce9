/**
 * The rendering of drizzle's SQL into a statement's text and parameters, in one pass.
 *
 * Drizzle's own (`SQL.buildQueryFromSourceParams`) tests every chunk against up to 13 kinds through
 * `is()` — a walk of the prototype chain each — and allocates a `{ sql, params }` and a copy of its
 * configuration per chunk and per nested SQL: a reader write of one statement with ~100 parameters
 * spent about 1 ms of the server's CPU there (a CPU profile of the scan's benchmark, stop 42), more
 * than its route. This pass appends to one string and one array and knows the chunks our statements
 * are made of: text, nested SQL, plain values, drizzle's params (`eq(…)`), tables, columns, names and
 * lists. Whatever else a statement holds (a placeholder, a subquery, a view, an aliased field, a
 * query builder, inlined params) is left to drizzle's own rendering, for the whole statement:
 * the text and the parameters are drizzle's exactly (render.test.ts compares the two).
 */
import { Column, Name, Param, SQL, StringChunk, Table, entityKind } from 'drizzle-orm';
import type { Query } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';

const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** What the pass needs of drizzle's PostgreSQL dialect (its casing is internal to drizzle's types). */
interface Dialect {
  casing: { getColumnCasing(column: Column): string };
  escapeName(name: string): string;
}

/** One of drizzle's kinds, told as drizzle tells it (`is`): by its prototype's class, which a subquery's proxy keeps. */
function isEntity(value: object): boolean {
  const kind = (Object.getPrototypeOf(value) as { constructor?: object } | null)?.constructor;
  return !!kind && entityKind in kind;
}

/** A chunk this pass does not know: the statement goes to drizzle's rendering. */
const UNKNOWN = Symbol('unknown chunk');

class Rendering {
  text = '';
  readonly params: unknown[] = [];
  constructor(
    private readonly dialect: Dialect,
    private readonly invokeSource: 'indexes' | undefined,
  ) {}

  private param(value: unknown): void {
    this.params.push(value);
    this.text += '$' + this.params.length;
  }

  private tableName(table: Record<symbol, unknown>): string {
    const schema = table[TABLE_SCHEMA] as string | undefined;
    const name = this.dialect.escapeName(table[TABLE_NAME] as string);
    return schema === undefined || table[IS_ALIAS] ? name : this.dialect.escapeName(schema) + '.' + name;
  }

  /** Appends `chunks`; throws UNKNOWN at a chunk drizzle's rendering must make. */
  chunks(chunks: readonly unknown[]): void {
    for (const chunk of chunks) this.chunk(chunk);
  }

  private chunk(chunk: unknown): void {
    if (chunk === undefined) return;
    if (chunk === null || typeof chunk !== 'object') {
      // A plain value (string, number, boolean, bigint, null): a parameter.
      if (typeof chunk === 'function' || typeof chunk === 'symbol') throw UNKNOWN;
      this.param(chunk);
      return;
    }
    if (chunk instanceof StringChunk) {
      const parts = chunk.value;
      this.text += parts.length === 1 ? parts[0] : parts.join('');
      return;
    }
    if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw UNKNOWN;
      this.chunks(chunk.queryChunks);
      return;
    }
    if (Array.isArray(chunk)) {
      this.text += '(';
      chunk.forEach((item, i) => {
        if (i > 0) this.text += ', ';
        this.chunk(item);
      });
      this.text += ')';
      return;
    }
    if (chunk instanceof Param) {
      const value: unknown = chunk.value;
      if (value !== null && typeof value === 'object' && isEntity(value)) throw UNKNOWN; // a placeholder
      const mapped: unknown = value === null ? null : chunk.encoder.mapToDriverValue(value);
      if (mapped instanceof SQL) this.chunk(mapped);
      else if (mapped !== null && typeof mapped === 'object' && isEntity(mapped)) throw UNKNOWN;
      else this.param(mapped);
      return;
    }
    if (chunk instanceof Column) {
      const column = this.dialect.escapeName(this.dialect.casing.getColumnCasing(chunk));
      if (this.invokeSource === 'indexes') this.text += column;
      else this.text += this.tableName(chunk.table as unknown as Record<symbol, unknown>) + '.' + column;
      return;
    }
    if (chunk instanceof Table) {
      this.text += this.tableName(chunk as unknown as Record<symbol, unknown>);
      return;
    }
    if (chunk instanceof Name) {
      this.text += this.dialect.escapeName(chunk.value);
      return;
    }
    // Any other of drizzle's kinds, or something that renders itself (getSQL): drizzle's to make.
    if (isEntity(chunk) || typeof (chunk as { getSQL?: unknown }).getSQL === 'function') throw UNKNOWN;
    // A Date, a plain object or a buffer: a parameter, as drizzle makes it.
    this.param(chunk);
  }
}

/** `sql` as its text and parameters: this pass where it knows every chunk, drizzle's otherwise. */
export function renderSql(dialect: PgDialect, drizzleRendering: PgDialect['sqlToQuery'], sql: SQL, invokeSource?: 'indexes'): Query {
  if ((sql as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return drizzleRendering.call(dialect, sql, invokeSource);
  const rendering = new Rendering(dialect as unknown as Dialect, invokeSource);
  try {
    rendering.chunks(sql.queryChunks);
  } catch (err) {
    if (err !== UNKNOWN) throw err;
    return drizzleRendering.call(dialect, sql, invokeSource);
  }
  return { sql: rendering.text, params: rendering.params };
}

/** Makes `db`'s dialect render with renderSql (every statement of the database, builders' too). */
export function renderFast(db: object): void {
  const dialect = (db as { dialect?: PgDialect }).dialect;
  if (!dialect) throw new Error('drizzle database without a dialect');
  const drizzleRendering = dialect.sqlToQuery;
  dialect.sqlToQuery = (sql, invokeSource) => renderSql(dialect, drizzleRendering, sql, invokeSource);
}
