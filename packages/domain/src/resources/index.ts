import type { ResourceDef } from '../resource.js';

/** Every declared resource. Families add themselves here. */
export const RESOURCES: ResourceDef[] = [];

export function findResource(name: string): ResourceDef {
  const def = RESOURCES.find((r) => r.name === name);
  if (!def) throw new Error(`unknown resource ${name}`);
  return def;
}
