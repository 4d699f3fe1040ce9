import { describe, expect, it } from 'vitest';
import { RESOURCES, filterModeOf, rowUpdatesOf } from '@huodong/domain';
import { DECLARATIONS } from '../src/resources/declarations.data';

/**
 * The declarations as the list pages read them (src/resources/declarations.ts): the domain's
 * RESOURCES without their schemas. The build writes the `*.data.ts` modules as JSON
 * (`buildTimeData` in apps/web/vite.config.ts), so what they export must survive JSON unchanged.
 */
const DATA_MODULES = import.meta.glob<Record<string, unknown>>('../src/**/*.data.ts', { eager: true });

/** Every key of a value, at any depth. */
const keysOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap(keysOf) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]) : [];

describe('declarations without their schemas', () => {
  it('one per declared resource, in the same order, with their fields and actions', () => {
    expect(DECLARATIONS.map((d) => d.name)).toEqual(RESOURCES.map((r) => r.name));
    for (const [i, d] of DECLARATIONS.entries()) {
      expect(d.fields.map((f) => f.name)).toEqual(RESOURCES[i].fields.map((f) => f.name));
      expect(d.actions.map((a) => a.kind)).toEqual(RESOURCES[i].actions.map((a) => a.kind));
    }
  });

  it('keep no schema, body check or row-update form', () => {
    const keys = new Set(keysOf(DECLARATIONS));
    for (const key of ['schema', 'updateSchema', 'create', 'update', 'refine', 'body']) expect(keys.has(key), key).toBe(false);
    const organizations = DECLARATIONS.find((d) => d.name === 'organizations')!;
    const authorize = organizations.actions.find((a) => a.kind === 'rowUpdate')!;
    const [full] = rowUpdatesOf(RESOURCES.find((r) => r.name === 'organizations')!);
    expect(authorize).toEqual({ kind: 'rowUpdate', name: full.name, label: full.label, title: full.title, hint: full.hint, width: full.width });
  });

  it('give each filter its mode', () => {
    for (const [i, d] of DECLARATIONS.entries()) {
      expect(d.fields.map((f) => f.filter)).toEqual(RESOURCES[i].fields.map((f) => filterModeOf(f)));
    }
  });

  it('every *.data.ts module exports plain JSON', () => {
    expect(Object.keys(DATA_MODULES).length).toBeGreaterThanOrEqual(2);
    for (const [file, exports] of Object.entries(DATA_MODULES)) {
      expect(Object.keys(exports).length, file).toBeGreaterThan(0);
      expect(exports.default, file).toBeUndefined();
      for (const [name, value] of Object.entries(exports)) expect(JSON.parse(JSON.stringify(value)), `${file} ${name}`).toEqual(value);
    }
  });
});
