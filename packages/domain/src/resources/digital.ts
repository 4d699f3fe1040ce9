import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { choiceField, createdField, fileField, idField, linkField, orderedGroupFields, refField, sortField, statusField, textField } from './fields.js';

/** Kinds of digital resource. */
export const DIGITAL_KINDS: Readonly<Record<number, string>> = { 1: '电子书', 2: '有声书', 3: '视频', 4: '期刊', 5: '网页' };

/**
 * Digital resources of an organisation (spec §7 `/v1/{org}/digitalresource`, page
 * digitalResources/adminDigital): what its readers can open, by link or by stored file.
 */
export const digitalResourcesResource = defineResource({
  name: 'digitalResources',
  title: '数字资源',
  scope: 'org',
  path: '/v1/{org}/digitalresource',
  fields: [
    idField,
    fileField('cover', '封面', 'image', 'cover'),
    textField('title', '资源名称', 100, { required: true }),
    choiceField('kind', '资源类型', Object.entries(DIGITAL_KINDS).map(([value, label]) => ({ value: Number(value), label })), { required: true, filter: 'in', width: 100 }),
    textField('author', '作者', 50, { width: 120 }),
    linkField('link', '访问链接', { list: false, placeholder: 'https://' }),
    // An audiobook's file (有声书) plays in its preview with its name and author.
    fileField('file', '资源文件', 'file', 'public', { width: 220, audio: { title: 'title', artist: 'author' } }),
    textField('intro', '简介', 1000, { kind: 'textarea', list: false }),
    sortField,
    statusField,
    { ...createdField, filter: 'range' },
  ],
  keywordFields: ['title', 'author'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'title',
  exports: [{ name: 'digitalresource', title: '数字资源' }],
});

/** Groups of digital resources (spec §7 `/v1/{org}/digitalgroup`, page digitalResources/adminDigitalGroup). */
export const digitalGroupsResource = defineResource({
  name: 'digitalGroups',
  title: '资源分组',
  scope: 'org',
  path: '/v1/{org}/digitalgroup',
  fields: orderedGroupFields('分组名称', { name: 'intro', label: '分组说明' }),
  keywordFields: ['name'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'name',
  defaultSort: 'sort',
  children: ['digitalGroupResources'],
});

/**
 * The resources of one group, in order (spec §7 digitalgroup "resource list, sort, addresource";
 * page digitalResources/adminDigitalGroupSource?groupID=): a sub-resource of the group.
 */
export const digitalGroupResourcesResource = defineResource({
  name: 'digitalGroupResources',
  title: '分组资源',
  scope: 'org',
  path: '/v1/{org}/digitalgroup/{group}/resource',
  parent: { param: 'group', resource: 'digitalGroups', column: 'group_id', query: 'groupID' },
  fields: [
    refField('resource_id', '资源', { path: '/v1/{org}/digitalresource', value: 'id', label: 'title' }, { required: true, form: 'create' }),
    { name: 'title', label: '资源名称', kind: 'text' },
    { name: 'kind', label: '资源类型', kind: 'select', options: Object.entries(DIGITAL_KINDS).map(([value, label]) => ({ value: Number(value), label })), width: 100 },
    sortField,
    createdField,
  ],
  keywordFields: [],
  actions: [BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
  exports: [{ name: 'digitalgroupresource', title: '分组资源' }],
});
