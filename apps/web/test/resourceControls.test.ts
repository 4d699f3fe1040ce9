import { describe, expect, it } from 'vitest';
import {
  ENABLE,
  IS_PAUSE,
  PAUSE,
  carouselResource,
  cellText,
  defineResource,
  listFields,
  managersResource,
  optionsFromData,
  organizationsResource,
  platformActivitiesResource,
  supersResource,
  tagsResource,
  togglesOf,
  type ResourceField,
  type ResourceInput,
} from '@huodong/domain';
import {
  callerFromSelf,
  exportQuery,
  filterFields,
  filterValue,
  filtersOf,
  idFromQuery,
  listQuery,
  moveId,
  optionGroups,
  removesFromUse,
  resourceControls,
  rowName,
  rowToggles,
  selectable,
  sortParam,
  thumbnailUrl,
} from '../src/resources/listModel';
import { declarationOf } from '../src/resources/declarations';
import { batchDeleteConfirm, batchDeleted, deleteConfirm, keywordPlaceholder, toggleConfirm, toggleDone } from '../src/resources/texts';
import { optionsQueryKey, resourceListPath, uploadPath } from '../src/resources/resourcePaths';

/** A declaration with nothing but what a test gives. */
const BARE: ResourceInput = { name: 'bare', title: '测试', scope: 'org', path: '/v1/{org}/bare', fields: [], keywordFields: [], actions: [], writeRole: 'manager' };

/** The pause toggle's button for a row, as the page offers it. */
const pauseOf = (row: Record<string, unknown>) => rowToggles(togglesOf(organizationsResource), row)[0].state;

const superCaller = callerFromSelf({ type: 'super' });
const orgAdmin = callerFromSelf({ type: 'admin' });
const ordinary = callerFromSelf({ type: 'normal' });

describe('button-level permissions', () => {
  it('a super administrator gets every declared control', () => {
    const c = resourceControls(organizationsResource, superCaller);
    expect([c.create, c.edit, c.delete, c.batchDelete, c.sort]).toEqual([true, true, true, true, false]);
    // organisations declare pause (no recommend) and the 授权 row update
    expect(c.toggles.map((t) => t.column)).toEqual(['is_pause']);
    expect(c.rowUpdates.map((a) => a.label)).toEqual(['授权']);
    expect(resourceControls(tagsResource, superCaller).toggles.map((t) => t.column)).toEqual(['is_pause', 'is_rec']);
    expect(resourceControls(tagsResource, superCaller).sort).toBe(true);
    expect(selectable(c)).toBe(true);
  });

  it('managers get no write controls on platform resources', () => {
    const c = resourceControls(organizationsResource, orgAdmin);
    expect([c.create, c.edit, c.delete, c.batchDelete, c.sort, c.toggles.length, c.rowUpdates.length]).toEqual([false, false, false, false, false, 0, 0]);
    expect(selectable(c)).toBe(false);
  });

  it('org managers: the organisation administrator writes, an ordinary administrator only reads', () => {
    expect(resourceControls(managersResource, orgAdmin).edit).toBe(true);
    expect(resourceControls(managersResource, orgAdmin).batchDelete).toBe(true);
    expect(resourceControls(managersResource, orgAdmin).rowUpdates.map((a) => a.label)).toEqual(['权限']);
    const read = resourceControls(managersResource, ordinary);
    expect([read.create, read.edit, read.batchDelete, read.toggles.length, read.rowUpdates.length]).toEqual([false, false, false, 0, 0]);
  });

  it('a read-only view (the platform\'s activities) offers its actions but no 新增, 编辑 or 删除', () => {
    const c = resourceControls(declarationOf(platformActivitiesResource), superCaller);
    expect([c.create, c.edit, c.delete, c.batchDelete]).toEqual([false, false, false, false]);
    expect(c.toggles.map((t) => t.column)).toEqual(['is_rec', 'is_pause']);
    expect(c.batches.map((b) => b.name)).toEqual(['batchRecommend', 'batchPause', 'batchEnable']);
    expect(selectable(c)).toBe(true);
  });

  it('while the caller is unknown the page is read only', () => {
    const c = resourceControls(tagsResource, undefined);
    expect([c.create, c.edit, c.delete, c.batchDelete, c.sort, c.toggles.length]).toEqual([false, false, false, false, false, 0]);
    expect(callerFromSelf(undefined)).toBeUndefined();
  });
});

describe('row controls', () => {
  it('the pause toggle follows the domain rule: 0 offers 暂停 (disable), 1 offers 启用 (enable)', () => {
    expect(pauseOf({ is_pause: 0 })).toMatchObject({ label: PAUSE, name: 'disable', confirm: true });
    expect(pauseOf({ is_pause: 1 })).toMatchObject({ label: ENABLE, name: 'enable' });
    expect(pauseOf({ is_pause: '1' })).toMatchObject({ label: ENABLE, name: 'enable' });
    expect(pauseOf({})).toMatchObject({ label: PAUSE, name: 'disable' });
  });

  it('the recommend toggle: 推荐 or 取消推荐', () => {
    const rec = (row: Record<string, unknown>) => rowToggles(togglesOf(tagsResource), row)[1].state;
    expect(rec({ is_rec: 0 })).toMatchObject({ label: '推荐', name: 'recommend' });
    expect(rec({ is_rec: 1 })).toMatchObject({ label: '取消推荐', name: 'remove' });
  });

  it('pausing takes a row out of use (not offered on rows that may not be removed); enabling does not', () => {
    const [pause] = togglesOf(supersResource);
    expect(removesFromUse(pause, pause.states[1])).toBe(true);
    expect(removesFromUse(pause, pause.states[0])).toBe(false);
    const [, rec] = togglesOf(tagsResource);
    expect(removesFromUse(rec, rec.states[1])).toBe(false);
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
    expect(toggleConfirm(pauseOf({ is_pause: 0 }).label, '机构', '城东图书馆')).toBe('确定暂停机构「城东图书馆」吗？');
    expect(toggleConfirm(pauseOf({ is_pause: 1 }).label, '管理员', 'lib')).toBe('确定启用管理员「lib」吗？');
    expect(toggleDone('推荐', '标签', '阅读')).toBe('已推荐标签「阅读」');
    expect(keywordPlaceholder(['机构名称', '机构标识'])).toBe('请输入机构名称/机构标识');
  });
});

describe('columns and cells', () => {
  it('list columns: declared list fields, never passwords', () => {
    const names = listFields(managersResource).map((f) => f.name);
    expect(names).toContain('account');
    expect(names).not.toContain('password');
    expect(listFields(organizationsResource).map((f) => f.name)).not.toContain('address'); // list: false
    expect(filterFields(declarationOf(organizationsResource)).map((f) => f.name)).toEqual(['type_id', 'org_group', 'parent_id', 'seller_id', 'is_pause']);
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
    // China time (UTC+8), as the exports write it
    expect(cellText(created, 1700000000)).toBe('2023-11-15 06:13');
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

  it('org-scoped paths need an organisation; a sub-resource its parent', () => {
    expect(resourceListPath(managersResource)).toBeNull();
    expect(resourceListPath(managersResource, 'lib1')).toBe('/v1/org/lib1/managers');
    expect(resourceListPath(organizationsResource)).toBe('/v1/organizations');
    const child = { path: '/v1/{org}/contest/{contest}/question', parent: { param: 'contest', resource: 'contest', column: 'contest_id', query: 'actID' } };
    expect(resourceListPath(child, 'lib1')).toBeNull();
    expect(resourceListPath(child, 'lib1', 7)).toBe('/v1/lib1/contest/7/question');
  });

  it('filters: equality as is, a set joined with commas, a range as `from,to` (a date range: whole China days in seconds)', () => {
    const f = (filter: ResourceField['filter'], kind: ResourceField['kind'] = 'select') => declarationOf(defineResource({ ...BARE, fields: [{ name: 'x', label: 'X', kind, filter }] })).fields[0];
    expect(f(true).filter).toBe('eq');
    expect(filterValue(f(true), 3)).toBe(3);
    expect(filterValue(f('eq'), '')).toBeUndefined();
    expect(filterValue(f('in'), [1, 2, 3])).toBe('1,2,3');
    expect(filterValue(f('in'), [])).toBeUndefined();
    // DateRangeInput holds whole China days as seconds (shared/dayjs.ts, tested in timeZone.test.ts)
    const from = Date.UTC(2024, 0, 1, 16) / 1000;
    expect(filterValue(f('range', 'datetime'), [from, from + 2 * 86400 - 1])).toBe(`${from},${from + 2 * 86400 - 1}`);
    expect(filterValue(f('range', 'datetime'), [null, from + 86400 - 1])).toBe(`,${from + 86400 - 1}`);
    expect(filterValue(f('range', 'datetime'), [null, null])).toBeUndefined();
    expect(filterValue(f('range', 'number'), [1, null])).toBe('1,');
    expect(filtersOf(declarationOf(organizationsResource), { type_id: 2, org_group: '', name: 'x' })).toEqual({ type_id: 2 });
  });

  it('an export takes the list’s keyword, filters and sort (not its page) and a child’s parent', () => {
    const state = { page: 3, pageSize: 20, keyword: '春', sort: 'sort', filters: { is_pause: 0 } };
    expect(exportQuery(carouselResource, state)).toEqual({ keyword: '春', sort: 'sort', is_pause: 0 });
    const child = { parent: { param: 'contest', resource: 'contest', column: 'contest_id', query: 'actID' } };
    expect(exportQuery(child, state, 9)).toMatchObject({ contest: '9', keyword: '春' });
  });

});

describe('drag sorting, files, options, parents', () => {
  it('moving a row gives the new order of the page ids', () => {
    expect(moveId([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveId([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveId([1, 2], 0, 5)).toEqual([1, 2]);
    expect(moveId([1, 2], -1, 0)).toEqual([1, 2]);
  });

  it('stored images show as a thumbnail of width 200 (spec §9)', () => {
    expect(thumbnailUrl('/v1/files/lib1/cover/a.png')).toBe('/v1/files/lib1/cover/a.png?width=200');
    expect(thumbnailUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(thumbnailUrl('')).toBeUndefined();
    expect(uploadPath('cover', 'lib1')).toBe('/v1/lib1/upload/cover');
    expect(uploadPath('cover')).toBe('/v1/upload/cover');
  });

  it('checkbox options grouped by the key the field names, in first-seen order', () => {
    const pages = [
      { path: 'orgManage', title: '机构管理', group: '机构管理' },
      { path: 'manage/superManage', title: '超级管理员', group: '账号管理' },
      { path: 'manage/adminManage', title: '机构管理员', group: '账号管理' },
    ];
    expect(optionGroups(pages, { path: '', value: 'path', label: 'title', group: 'group' })).toEqual([
      { group: '机构管理', options: [{ value: 'orgManage', label: '机构管理' }] },
      {
        group: '账号管理',
        options: [
          { value: 'manage/superManage', label: '超级管理员' },
          { value: 'manage/adminManage', label: '机构管理员' },
        ],
      },
    ]);
  });

  it('option lists live under the resource they read, so its writes refresh them', () => {
    expect(optionsQueryKey('/v1/organizations/names')).toEqual(['resource', 'organizations', 'options', '/v1/organizations/names']);
    expect(optionsQueryKey('/v1/organizations/types')).toEqual(['resource', 'organizationTypes', 'options', '/v1/organizations/types']);
    expect(optionsQueryKey('/v1/somewhere')).toEqual(['options', '/v1/somewhere']);
  });

  it('a parent id from the page query is a positive whole number', () => {
    expect(idFromQuery('12')).toBe(12);
    expect(idFromQuery('0')).toBeUndefined();
    expect(idFromQuery('1e3')).toBeUndefined();
    expect(idFromQuery(null)).toBeUndefined();
    expect(idFromQuery('99999999999')).toBeUndefined();
  });
});
