import { resourcePath, type ResourceDef } from '@huodong/domain';

/** Query key prefix of every list and read of a resource; writes invalidate it. */
export const resourceQueryKey = (def: Pick<ResourceDef, 'name'>): readonly unknown[] => ['resource', def.name];

/** The API path of a resource, or null while an `{org}` path has no organisation. */
export function resourceListPath(def: Pick<ResourceDef, 'path'>, org?: string): string | null {
  if (def.path.includes('{org}')) return org ? resourcePath(def, encodeURIComponent(org)) : null;
  return def.path;
}
