import { resourcePath, type ResourceDef, type StoredKind } from '@huodong/domain';
import type { Declaration } from './declarations';
import { DECLARATIONS } from './declarations.data';

/** Query key prefix of every list and read of a resource; writes invalidate it. */
export const resourceQueryKey = (def: Pick<ResourceDef, 'name'>): readonly unknown[] => ['resource', def.name];

/**
 * The API path of a resource (`{org}` and the parent's `{param}` filled), or null while it cannot
 * be called: an `{org}` path without an organisation, a sub-resource without its parent's id.
 */
export function resourceListPath(def: Pick<ResourceDef, 'path' | 'parent'>, org?: string, parentId?: number | string): string | null {
  if (def.path.includes('{org}') && !org) return null;
  if (def.parent && (parentId === undefined || parentId === '')) return null;
  return resourcePath(def, org ? encodeURIComponent(org) : undefined, parentId);
}

/** `{org}` of an option path filled; null while there is no organisation. */
export function optionsPath(path: string, org?: string): string | null {
  if (!path.includes('{org}')) return path;
  return org ? path.replace('{org}', encodeURIComponent(org)) : null;
}

/**
 * The query key of an option list: under the resource whose path it extends (the longest), so a
 * write to that resource refreshes the options too (a deleted organisation leaves 上级机构).
 */
export function optionsQueryKey(path: string, org?: string): readonly unknown[] {
  const bare = path.split('?')[0];
  let owner: Declaration | undefined;
  let ownerLength = 0;
  for (const def of DECLARATIONS) {
    const base = resourcePath(def, org ? encodeURIComponent(org) : undefined);
    if ((bare === base || bare.startsWith(`${base}/`)) && base.length > ownerLength) {
      owner = def;
      ownerLength = base.length;
    }
  }
  return owner ? [...resourceQueryKey(owner), 'options', path] : ['options', path];
}

/** Where a stored file of an upload kind is sent: `/v1/{org}/upload/{kind}`, or `/v1/upload/{kind}` on super pages. */
export const uploadBase = (org?: string): string => (org ? `/v1/${encodeURIComponent(org)}` : '/v1');
export const uploadPath = (kind: StoredKind, org?: string): string => `${uploadBase(org)}/upload/${kind}`;
