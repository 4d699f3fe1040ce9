import { describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, sql as drizzleSql, type SQL } from 'drizzle-orm';
import { PgDialect, alias } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { renderSql } from '../src/db/render.js';
import { sql as ourSql } from '../src/db/sql.js';
import { activities, readers, tokens } from '../src/db/schema.js';

// The server's rendering of statements (db/render.ts) against drizzle's own, chunk kind by chunk
// kind; every statement of the API tests is compared too (helpers.ts, compareRenderings).
const dialect = new PgDialect();
// A database without a connection: its builders make statements, nothing is sent.
const db = drizzle.mock();
const drizzles = (statement: SQL) => PgDialect.prototype.sqlToQuery.call(dialect, statement);
const ours = (statement: SQL) => renderSql(dialect, PgDialect.prototype.sqlToQuery, statement);

const r = alias(readers, 'r');
/** Statements of every chunk kind, made with either tag (drizzle's `sql` or the server's, db/sql.ts). */
const casesWith = (sql: typeof drizzleSql): [string, SQL][] => [
    ['text and plain values', sql`select ${1}::int, ${'a'}::varchar, ${true}, ${null}, ${10n}::bigint`],
    ['nested statements and an undefined chunk', sql`with x as (${sql`select ${2} as v`}) select v from x where ${undefined} true`],
    ['a list', sql`select 1 where 2 in ${[1, 2, 3]} and 'a' = any(${['a', 'b']}::varchar[]) and 3 in ${[]}`],
    ['tables, columns, an alias, a name', sql`select ${readers.id}, ${r.real_name}, ${sql.identifier('x"y')} from ${readers} join ${r} on ${r.id} = ${readers.id}`],
    ['drizzle operators (params with the columns\' encoders)', sql`select 1 from ${activities} where ${and(eq(activities.id, 7), gt(activities.start_at, 100), inArray(activities.type, [1, 2]))}`],
    ['a jsonb column\'s encoder', sql`update ${activities} set ${sql`config = ${sql.param({ a: [1, '二'] }, activities.config)}`} where ${eq(activities.config, { b: 1 })}`],
    ['a date and an object as values', sql`select ${new Date(0)}::timestamptz, ${JSON.stringify({ x: 1 })}::jsonb, ${{ y: 2 }}::jsonb`],
    ['raw text', sql`select ${sql.raw('42')} from ${tokens} where ${tokens.token_hash} = ${'h'}`],
    ['a join with and without a separator, an empty template', sql`select ${sql.join([sql`1`, 2, readers.id], sql`, `)}, ${sql.join([sql`3`, sql`4`])} from ${readers}${sql``}`],
  ];

describe('the rendering of statements', () => {
  const sql = drizzleSql;
  for (const [name, statement] of casesWith(drizzleSql)) {
    it(`renders ${name} as drizzle does`, () => {
      const expected = drizzles(statement);
      expect(ours(statement)).toEqual({ sql: expected.sql, params: expected.params });
    });
  }

  it('leaves to drizzle what it does not know: placeholders, inlined params, subqueries, aliased fields', () => {
    const cases: SQL[] = [
      sql`select ${sql.placeholder('x')}::int`,
      sql`select ${1}, ${'a'}`.inlineParams(),
      sql`select * from ${sql`(select ${1} as v)`.as('q')}`,
      sql`select count(*) from ${db.select({ one: sql`1` }).from(readers).where(eq(readers.org_id, 1)).limit(5).as('counted')}`,
    ];
    for (const statement of cases) expect(ours(statement)).toEqual(drizzles(statement));
  });
});

const tablesOf = (made: SQL) => (made as unknown as { usedTables: string[] }).usedTables;

describe("the server's sql tag (db/sql.ts)", () => {
  it('lists the tables a statement names, as drizzle does', () => {
    expect(tablesOf(ourSql`select 1 from ${readers} join ${r} on true`)).toEqual(tablesOf(drizzleSql`select 1 from ${readers} join ${r} on true`));
    expect(tablesOf(ourSql`select 1 from ${readers}`)).toEqual(['readers']);
  });

  const theirs = casesWith(drizzleSql);
  casesWith(ourSql).forEach(([name, statement], i) => {
    it(`makes ${name} as drizzle's tag does: the same text, parameters and tables`, () => {
      const expected = theirs[i]![1];
      expect(drizzles(statement)).toEqual(drizzles(expected));
      const { sql: text, params } = drizzles(expected);
      expect(ours(statement)).toEqual({ sql: text, params });
      expect(tablesOf(statement)).toEqual(tablesOf(expected));
      expect(statement).toBeInstanceOf(drizzleSql`x`.constructor);
    });
  });

  it("keeps one call site's literal parts, not its values, between calls", () => {
    const byId = (id: number, extra: SQL) => ourSql`select ${id}::int${extra}`;
    const first = byId(1, ourSql` where true`);
    const second = byId(2, ourSql``);
    expect(ours(first)).toEqual({ sql: 'select $1::int where true', params: [1] });
    expect(ours(second)).toEqual({ sql: 'select $1::int', params: [2] });
    expect(first.queryChunks[0]).toBe(second.queryChunks[0]);
  });
});
