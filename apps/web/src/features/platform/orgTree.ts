import type { OrgTreeNode } from '@huodong/domain';

/**
 * The organisation cascader (spec §3: a tree of label, value, children from
 * `GET /v1/organizations/list`) against the form's single `parent_id`. Pure.
 */

export { lastOfPath, treePath } from '../../shared/orgTree';

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
