import { describe, expect, it } from 'vitest';
import type { OrgTreeNode } from '@huodong/domain';
import { lastOfPath, treePath, withoutSubtree } from '../src/features/platform/orgTree';

const tree: OrgTreeNode[] = [
  { label: '市图书馆', value: 1, children: [{ label: '城东分馆', value: 2, children: [{ label: '城东少儿馆', value: 4 }] }] },
  { label: '市一中', value: 3 },
];

describe('parent organisation cascader', () => {
  it('shows the path from the root to the stored parent_id', () => {
    expect(treePath(tree, 4)).toEqual([1, 2, 4]);
    expect(treePath(tree, '3')).toEqual([3]);
    expect(treePath(tree, null)).toBeUndefined();
    expect(treePath(tree, 99)).toBeUndefined();
  });

  it('stores the last value of the chosen path, null when cleared', () => {
    expect(lastOfPath([1, 2])).toBe(2);
    expect(lastOfPath([])).toBeNull();
    expect(lastOfPath(undefined)).toBeNull();
  });

  it('an organisation cannot be put under itself or its own sub-organisations', () => {
    const t = withoutSubtree(tree, 2);
    expect(t[0].disabled).toBeUndefined();
    expect(t[0].children![0].disabled).toBe(true);
    expect(t[0].children![0].children![0].disabled).toBe(true);
    expect(t[1].disabled).toBeUndefined();
    // creating: nothing disabled
    expect(JSON.stringify(withoutSubtree(tree, undefined))).not.toContain('disabled');
  });
});
