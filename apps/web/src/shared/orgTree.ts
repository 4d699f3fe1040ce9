import type { OrgTreeNode } from '@huodong/domain';

/**
 * A cascader over the organisation tree (spec §3: label, value, children) against a form value
 * holding the chosen organisation's id. Pure; used by the organisation pages and the unit inputs.
 */

/** Values from the root down to `value`, or undefined when it is not in the tree. */
export function treePath(tree: readonly OrgTreeNode[], value: unknown): number[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  for (const node of tree) {
    if (node.value === Number(value)) return [node.value];
    const below = node.children ? treePath(node.children, value) : undefined;
    if (below) return [node.value, ...below];
  }
  return undefined;
}

/** The cascader's chosen path → `parent_id` (the last value), null when cleared. */
export const lastOfPath = (path: unknown): number | null =>
  Array.isArray(path) && path.length > 0 ? Number(path[path.length - 1]) : null;
