import { describe, expect, it } from 'vitest';
import { ENABLE, IS_PAUSE, PAUSE, managersResource, organizationsResource, tagsResource } from '@huodong/domain';
import {
  callerFromSelf,
  cellText,
  filterFields,
  listFields,
  listQuery,
  optionsFromData,
  pauseAction,
  recommendAction,
  resourceControls,
  rowName,
  sortParam,
} from '../src/features/resources/controls';
import {
  batchDeleteConfirm,
  batchDeleted,
  deleteConfirm,
  keywordPlaceholder,
  pauseConfirm,
} from '../src/features/resources/texts';
import { resourceListPath } from '../src/features/resources/resourcePaths';

const superCaller = callerFromSelf({ type: 'super' });
const orgAdmin = callerFromSelf({ type: 'admin' });
const ordinary = callerFromSelf({ type: 'normal' });

describe('button-level permissions', () => {
  it('a super administrator gets every declared control', () => {
    expect(resourceControls(organizationsResource, superCaller)).toEqual({
      create: true,
      edit: true,
      delete: true,
      pause: true,
      recommend: false, // organisations declare no recommend
      batchDelete: true,
    });
    expect(resourceControls(tagsResource, superCaller).recommend).toBe(true);
  });

  it('managers get no write controls on platform resources', () => {
    expect(Object.values(resourceControls(organizationsResource, orgAdmin)).some(Boolean)).toBe(false);
  });

  it('org managers: the organisation administrator writes, an ordinary administrator only reads', () => {
    expect(resourceControls(managersResource, orgAdmin).edit).toBe(true);
    expect(resourceControls(managersResource, orgAdmin).batchDelete).toBe(true);
    expect(Object.values(resourceControls(managersResource, ordinary)).some(Boolean)).toBe(false);
  });

  it('while the caller is unknown the page is read only', () => {
    expect(Object.values(resourceControls(tagsResource, undefined)).some(Boolean)).toBe(false);
    expect(callerFromSelf(undefined)).toBeUndefined();
  });
});

describe('row controls', () => {
  it('the pause button follows the domain rule: 0 offers 暂停 (disable), 1 offers 启用 (enable)', () => {
    expect(pauseAction({ is_pause: 0 })).toEqual({ label: PAUSE, action: 'disable' });
    expect(pauseAction({ is_pause: 1 })).toEqual({ label: ENABLE, action: 'enable' });
    expect(pauseAction({ is_pause: '1' })).toEqual({ label: ENABLE, action: 'enable' });
    expect(pauseAction({})).toEqual({ label: PAUSE, action: 'disable' });
  });

  it('the recommend button: 推荐 or 取消推荐', () => {
    expect(recommendAction({ is_rec: 0 })).toEqual({ label: '推荐', action: 'recommend' });
    expect(recommendAction({ is_rec: 1 })).toEqual({ label: '取消推荐', action: 'remove' });
  });

  it('rows are named by the declaration’s name field', () => {
    expect(rowName(organizationsResource, { id: 1, name: '城东图书馆' })).toBe('城东图书馆');
    expect(rowName(managersResource, { id: 1, account: 'lib_admin', name: 'x' })).toBe('lib_admin');
    expect(rowName(organizationsResource, { id: 1 })).toBe('');
  });
});

describe('confirmation texts name what will change', () => {
  it('delete, batch delete, pause', () => {
    expect(deleteConfirm('机构', '城东图书馆')).toBe('确定删除机构「城东图书馆」吗？');
    expect(batchDeleteConfirm('机构', 3)).toBe('确定删除选中的3条机构吗？');
    expect(batchDeleted('机构', 2)).toBe('已删除2条机构');
    expect(pauseConfirm(pauseAction({ is_pause: 0 }).label, '机构', '城东图书馆')).toBe('确定暂停机构「城东图书馆」吗？');
    expect(pauseConfirm(pauseAction({ is_pause: 1 }).label, '管理员', 'lib')).toBe('确定启用管理员「lib」吗？');
    expect(keywordPlaceholder(['机构名称', '机构标识'])).toBe('请输入机构名称/机构标识');
  });
});

describe('columns and cells', () => {
  it('list columns: declared list fields, never passwords', () => {
    const names = listFields(managersResource).map((f) => f.name);
    expect(names).toContain('account');
    expect(names).not.toContain('password');
    expect(listFields(organizationsResource).map((f) => f.name)).not.toContain('address'); // list: false
    expect(filterFields(organizationsResource).map((f) => f.name)).toEqual(['type_id', 'org_group', 'parent_id', 'seller_id', 'is_pause']);
  });

  it('status cells read the domain labels; selects show option labels; times are local', () => {
    const status = organizationsResource.fields.find((f) => f.name === 'is_pause')!;
    expect(cellText(status, 0)).toBe(IS_PAUSE[0]);
    expect(cellText(status, 1)).toBe(IS_PAUSE[1]);
    const type = managersResource.fields.find((f) => f.name === 'type')!;
    expect(cellText(type, 'admin')).toBe('组织管理员');
    const parent = organizationsResource.fields.find((f) => f.name === 'parent_id')!;
    expect(cellText(parent, 2, [{ value: 2, label: '市图书馆' }])).toBe('市图书馆');
    expect(cellText(parent, null)).toBe('');
    const created = organizationsResource.fields.find((f) => f.name === 'created_at')!;
    expect(cellText(created, 0)).toBe('');
    expect(cellText(created, 1700000000)).toMatch(/^2023-11-1[45] \d\d:\d\d$/);
  });

  it('options from an array or a list envelope', () => {
    expect(optionsFromData([{ id: 1, name: '学校' }])).toEqual([{ value: 1, label: '学校' }]);
    expect(optionsFromData({ items: [{ id: 2, name: '图书馆' }] })).toEqual([{ value: 2, label: '图书馆' }]);
    expect(optionsFromData([{ path: 'orgManage', title: '机构管理' }], { value: 'path', label: 'title' })).toEqual([{ value: 'orgManage', label: '机构管理' }]);
    expect(optionsFromData(null)).toEqual([]);
  });
});

describe('the list call', () => {
  it('sort: ascending by name, descending with a minus', () => {
    expect(sortParam('created_at', 'descend')).toBe('-created_at');
    expect(sortParam('id', 'ascend')).toBe('id');
    expect(sortParam('id', null)).toBeUndefined();
  });

  it('query: page, page_size, trimmed keyword, set filters, fixed params', () => {
    expect(listQuery({ page: 2, pageSize: 20, keyword: ' 城东 ', sort: '-id', filters: { type_id: 3, org_group: '', is_pause: undefined } }, { org: 'x' })).toEqual({
      org: 'x',
      page: 2,
      page_size: 20,
      keyword: '城东',
      sort: '-id',
      type_id: 3,
    });
  });

  it('org-scoped paths need an organisation', () => {
    expect(resourceListPath(managersResource)).toBeNull();
    expect(resourceListPath(managersResource, 'lib1')).toBe('/v1/org/lib1/managers');
    expect(resourceListPath(organizationsResource)).toBe('/v1/organizations');
  });
});
