import { z } from 'zod';
import type { ResourceDef, ResourceField, ResourceInput, RowUpdateAction } from './resource.js';

/**
 * Building a declaration's body schemas from its fields (the only part of the resource contract
 * that needs zod at run time: pages that list rows load resource.ts without it).
 */
type Members = Record<string, z.ZodType>;

/** `{a: s1, 'config.b': s2, 'config.c': s3}` → `{a: s1, config: object({b: s2, c: s3})}`. */
function nest(flat: [string, z.ZodType][], partial: boolean): Members {
  const top: Members = {};
  const groups = new Map<string, [string, z.ZodType][]>();
  for (const [name, schema] of flat) {
    const dot = name.indexOf('.');
    if (dot < 0) top[name] = schema;
    else {
      const head = name.slice(0, dot);
      if (!groups.has(head)) groups.set(head, []);
      groups.get(head)!.push([name.slice(dot + 1), schema]);
    }
  }
  for (const [head, members] of groups) {
    const inner = z.object(nest(members, partial), { error: `${head}必须是对象` });
    const allOptional = members.every(([, s]) => s.safeParse(undefined).success);
    top[head] = partial || allOptional ? inner.optional() : inner;
  }
  return top;
}

/** The create body: every field with a schema. */
export function createSchemaOf(fields: readonly ResourceField[], refine?: ResourceInput['refine']): ResourceDef['create'] {
  const body = z.object(nest(fields.filter((f) => f.schema).map((f) => [f.name, f.schema!]), false));
  return (refine ? body.superRefine(refine as never) : body) as unknown as ResourceDef['create'];
}

/** The update body: every field with a schema that is not create-only, each optional. */
export function updateSchemaOf(fields: readonly ResourceField[], refine?: ResourceInput['refine']): ResourceDef['update'] {
  const members = fields
    .filter((f) => f.schema && f.form !== 'create')
    .map((f): [string, z.ZodType] => [f.name, (f.updateSchema ?? f.schema!).optional()]);
  const body = z.object(nest(members, true));
  return (refine ? body.superRefine(refine as never) : body) as unknown as ResourceDef['update'];
}

export function defineResource(input: ResourceInput): ResourceDef {
  return { ...input, create: createSchemaOf(input.fields, input.refine), update: updateSchemaOf(input.fields, input.refine) };
}

/** A row update's body from its fields. */
export function rowUpdate(input: Omit<RowUpdateAction, 'kind' | 'body'>): RowUpdateAction {
  return { kind: 'rowUpdate', ...input, body: z.object(nest(input.fields.filter((f) => f.schema).map((f) => [f.name, f.schema!]), false)) };
}

