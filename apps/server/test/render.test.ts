import { describe, expect, it } from 'vitest';
import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect, alias } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { renderSql } from '../src/db/render.js';
import { activities, readers, tokens } from '../src/db/schema.js';

// The server's rendering of statements (db/render.ts) against drizzle's own, chunk kind by chunk
// kind; every statement of the API tests is compared too (helpers.ts, compareRenderings).
const dialect = new PgDialect();
// A database without a connection: its builders make statements, nothing is sent.
const db = drizzle.mock();
const drizzles = (statement: SQL) => PgDialect.prototype.sqlToQuery.call(dialect, statement);
const ours = (statement: SQL) => renderSql(dialect, PgDialect.prototype.sqlToQuery, statement);

describe('the rendering of statements', () => {
  const r = alias(readers, 'r');
  const cases: [string, SQL][] = [
    ['text and plain values', sql`select ${1}::int, ${'a'}::varchar, ${true}, ${null}, ${10n}::bigint`],
    ['nested statements and an undefined chunk', sql`with x as (${sql`select ${2} as v`}) select v from x where ${undefined} true`],
    ['a list', sql`select 1 where 2 in ${[1, 2, 3]} and 'a' = any(${['a', 'b']}::varchar[]) and 3 in ${[]}`],
    ['tables, columns, an alias, a name', sql`select ${readers.id}, ${r.real_name}, ${sql.identifier('x"y')} from ${readers} join ${r} on ${r.id} = ${readers.id}`],
    ['drizzle operators (params with the columns\' encoders)', sql`select 1 from ${activities} where ${and(eq(activities.id, 7), gt(activities.start_at, 100), inArray(activities.type, [1, 2]))}`],
    ['a jsonb column\'s encoder', sql`update ${activities} set ${sql`config = ${sql.param({ a: [1, '二'] }, activities.config)}`} where ${eq(activities.config, { b: 1 })}`],
    ['a date and an object as values', sql`select ${new Date(0)}::timestamptz, ${JSON.stringify({ x: 1 })}::jsonb, ${{ y: 2 }}::jsonb`],
    ['raw text', sql`select ${sql.raw('42')} from ${tokens} where ${tokens.token_hash} = ${'h'}`],
  ];
  for (const [name, statement] of cases) {
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
