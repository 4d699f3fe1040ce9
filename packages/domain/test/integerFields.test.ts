import { expect, it } from 'vitest';
import { MAX_INT, RESOURCES } from '../src/index.js';

/**
 * A declared field that takes a whole number (not a time: those are stored as bigint) refuses one
 * beyond PostgreSQL `integer` itself, naming its field: the database's own refusal cannot say which
 * field it was (issue 20: `unit_id: 2147483648` on /v1/{org}/expert answered 数值超出范围).
 */
it('every declared whole-number field refuses a value beyond the integer range, naming the field', () => {
  const accepted: string[] = [];
  for (const def of RESOURCES) {
    for (const f of def.fields) {
      if (!f.schema || f.kind === 'datetime' || !f.schema.safeParse(1).success) continue;
      const r = f.schema.safeParse(MAX_INT + 1);
      if (r.success) accepted.push(`${def.name}.${f.name}`);
      else if (!r.error.issues.every((i) => /[\u4e00-\u9fff]/.test(i.message))) accepted.push(`${def.name}.${f.name}: ${r.error.issues[0].message}`);
    }
  }
  expect(accepted).toEqual([]);
});
