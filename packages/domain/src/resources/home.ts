import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource, rowUpdate } from '../define.js';
import { HOME_MODULE_KINDS, HOME_STYLES, SHOW_ITEM_KINDS } from '../rules/home.js';
import { choiceField, createdField, idField, optionsOf, refField, sortField, statusField, textField } from './fields.js';
import { tagsResource } from './tags.js';
import { quickRepliesResource } from './quickReplies.js';

const styleField = choiceField('style', '展示样式', optionsOf(HOME_STYLES), { required: true, width: 110 });

/**
 * The modules of the organisation's reader home (spec §2 `adminSystem/adminIndexConfig`, §7
 * `/v1/{org}/indexConfig` + sort, choose_style, albums_list, sort_albums): each shows one kind of
 * content (the carousel, activity albums, digital or audiobook albums, the reading show, the rules),
 * in the order of `sort`, laid out in its style; paused ones are not shown. Albums are read and set
 * by the binding's `albums_list` and `sort_albums` routes (the groups of the module's kind, rules/home.ts).
 */
export const homeModulesResource = defineResource({
  name: 'homeModules',
  title: '首页模块',
  scope: 'org',
  path: '/v1/{org}/indexConfig',
  fields: [
    idField,
    textField('title', '模块名称', 50, { required: true, width: 180 }),
    choiceField('kind', '模块类型', optionsOf(HOME_MODULE_KINDS), { required: true, filter: true, width: 120, form: 'create' }),
    { name: 'style', label: '展示样式', kind: 'select', options: optionsOf(HOME_STYLES), width: 110 },
    { name: 'album_count', label: '专辑数', kind: 'number', width: 90 },
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['title'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT, rowUpdate({ name: 'choose_style', label: '样式', title: '选择展示样式', fields: [styleField] })],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

/**
 * The reading show (spec §2 `adminSystem/adminReadingShow`, §7 `/v1/yuedu/{org}/chooseList` and
 * `choose`): the promotion items the home shows, in order. An item is named by `kind` and
 * `item_id`: the organisation's published activities today (picked from `chooseList`); reading
 * cases (kind 2) join without a migration once they exist.
 */
export const readingShowResource = defineResource({
  name: 'readingShow',
  title: '阅读展示',
  scope: 'org',
  path: '/v1/yuedu/{org}/choose',
  fields: [
    idField,
    { name: 'kind', label: '类型', kind: 'select', options: optionsOf(SHOW_ITEM_KINDS), width: 90 },
    refField('item_id', '展示内容', { path: '/v1/yuedu/{org}/chooseList', value: 'id', label: 'title' }, { required: true, form: 'create', list: false }),
    { name: 'title', label: '标题', kind: 'text', width: 260 },
    { name: 'cover', label: '封面', kind: 'image', width: 90 },
    sortField,
    createdField,
  ],
  keywordFields: [],
  actions: [BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

/** The organisation's own tags (spec §2 `adminSystem/adminTag`, §7 org `tags`), offered beside the platform's: the platform's declaration without 推荐. */
export const orgTagsResource = defineResource({
  ...tagsResource,
  name: 'orgTags',
  scope: 'org',
  path: '/v1/{org}/tags',
  fields: tagsResource.fields.filter((f) => f.name !== 'is_rec'),
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'manager',
});

/** The organisation's own quick replies (spec §2 `adminSystem/adminQuick`, §7 org `quick`), offered in its review queue beside the platform's. */
export const orgQuickRepliesResource = defineResource({ ...quickRepliesResource, name: 'orgQuickReplies', scope: 'org', path: '/v1/{org}/quick', writeRole: 'manager' });

/** The declarations of the home and content settings. */
export const HOME_RESOURCES = [homeModulesResource, readingShowResource, orgTagsResource, orgQuickRepliesResource];
