import type { OrgTreeNode } from '@huodong/domain';

/**
 * The organisation cascader (spec §3: a tree of label, value, children from
 * `GET /v1/organizations/list`) against the form's single `parent_id`. Pure.
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

export type CascaderNode = OrgTreeNode & { disabled?: boolean; children?: CascaderNode[] };

/**
 * The tree with `id` and everything below it disabled: an organisation cannot be moved under
 * itself or one of its own sub-organisations (the server refuses it as well).
 */
export function withoutSubtree(tree: readonly OrgTreeNode[], id: number | undefined): CascaderNode[] {
  const mark = (nodes: readonly OrgTreeNode[], disabled: boolean): CascaderNode[] =>
    nodes.map((n) => {
      const off = disabled || n.value === id;
      return { ...n, ...(off ? { disabled: true } : {}), ...(n.children ? { children: mark(n.children, off) } : {}) };
    });
  return mark(tree, false);
}
