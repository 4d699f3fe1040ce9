import { z } from 'zod';
import { ACTIVITY_TYPES } from '../rules/activityState.js';
import { BATCH_DELETE, PAUSE_TOGGLE, pauseToggle, rowUpdatesOf } from '../resource.js';
import { defineResource, rowUpdate } from '../define.js';
import { createdField, idField, idRef, phoneField, refField, statusField, textField } from './fields.js';

const ACTIVITY_TYPE_VALUES = Object.keys(ACTIVITY_TYPES).map(Number);

/**
 * First path segments that can never be an organisation key: the super scope, the top-level pages,
 * and every static segment the API uses right after `/v1/` (an organisation `tags` would make
 * `/v1/tags/menu` ambiguous). A test checks that every registered `/v1/<segment>` route is listed.
 * Keys are lowercase, so these are compared lowercased.
 */
export const RESERVED_ORG_KEYS: readonly string[] = [
  'super', 'uploadmore', 'error', 'error404', 'errorpage', 'v1', 'assets', 'healthz', 'readyz', 'api', 'static', 'index', 'login', 'logout',
  'org', 'organizations', 'supers', 'managers', 'sellers', 'modules', 'tags', 'quickreplies', 'categories', 'scope', 'menu',
  'public', 'questions', 'question', 'contestconfigs', 'activities', 'creation', 'contest', 'export', 'check', 'operatetime',
  'amount', 'count', 'upload', 'readingcase', 'yuedu', 'download', 'cert', 'audiobook', 'userreal', 'import', 'users', 'students', 'files',
  'jobs', 'docs', 'openapi',
];

export const ORG_KEY_PATTERN = /^[a-z0-9]{2,32}$/;
export const ORG_KEY_INVALID = '机构标识只能包含小写字母和数字（2-32位）';
export const ORG_KEY_RESERVED = '机构标识是系统保留字，请换一个';
export const ORG_KEY_TAKEN = '机构标识已存在';

export const orgKeySchema = z
  .string({ error: '请输入机构标识' })
  .trim()
  .regex(ORG_KEY_PATTERN, ORG_KEY_INVALID)
  .refine((k) => !RESERVED_ORG_KEYS.includes(k.toLowerCase()), ORG_KEY_RESERVED);

/** Organisations (spec §3, §7 `/v1/organizations`). The key is fixed once created: it is the URL of the organisation's back office and the scope of its tokens. */
export const organizationsResource = defineResource({
  name: 'organizations',
  title: '机构',
  scope: 'super',
  path: '/v1/organizations',
  fields: [
    idField,
    { name: 'key', label: '机构标识', kind: 'text', schema: orgKeySchema, form: 'create', placeholder: '小写字母和数字，用作机构后台地址', width: 120 },
    textField('name', '机构名称', 100, { required: true }),
    refField('type_id', '机构类型', { path: '/v1/organizations/types', value: 'id', label: 'name' }, { filter: true, width: 120 }),
    textField('org_group', '机构分组', 50, { filter: true, width: 120 }),
    refField('parent_id', '上级机构', { path: '/v1/organizations/names', value: 'id', label: 'name' }, { filter: true, width: 150 }),
    refField('seller_id', '销售人员', { path: '/v1/sellers', value: 'id', label: 'name' }, { list: false, filter: true }),
    textField('contact', '联系人', 50, { width: 100 }),
    phoneField(),
    textField('address', '地址', 255, { list: false }),
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'key', 'contact', 'phone'],
  actions: [pauseToggle({ disable: true }), BATCH_DELETE, rowUpdate({
    name: 'authorize',
    label: '授权',
    title: '机构授权',
    fields: [
      { name: 'module_ids', label: '可用模块', kind: 'checkboxes', optionsFrom: { path: '/v1/modules', value: 'id', label: 'name' }, schema: z.array(idRef('模块'), { error: '请选择模块' }).max(200, '模块不能超过200个') },
      {
        name: 'activity_types',
        label: '可用活动类型',
        kind: 'checkboxes',
        options: Object.entries(ACTIVITY_TYPES).map(([value, label]) => ({ value: Number(value), label })),
        schema: z
          .array(z.number({ error: '活动类型必须是数字' }).int().refine((v) => ACTIVITY_TYPE_VALUES.includes(v), '活动类型不存在'), { error: '请选择活动类型' })
          .max(ACTIVITY_TYPE_VALUES.length, '活动类型重复'),
      },
    ],
  })],
  writeRole: 'super',
  nameField: 'name',
});

/** Organisation types (spec §3 "Organisation type: id, name"), served under `/v1/organizations/types`. */
export const organizationTypesResource = defineResource({
  name: 'organizationTypes',
  title: '机构类型',
  scope: 'super',
  path: '/v1/organizations/types',
  fields: [idField, textField('name', '类型名称', 50, { required: true }), statusField, createdField],
  keywordFields: ['name'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'id',
});

/** `POST /v1/organizations/{id}/authorize`: the modules and activity types an organisation may use. */
export const orgAuthorizeSchema = rowUpdatesOf(organizationsResource)[0].body;
export type OrgAuthorize = { module_ids: number[]; activity_types: number[] };

/** `GET /v1/organizations/list`: the cascader tree (spec §3). */
export interface OrgTreeNode {
  label: string;
  value: number;
  children?: OrgTreeNode[];
}

/** `GET /v1/organizations/names`: options for selects. */
export interface OrgName {
  id: number;
  name: string;
  key: string;
}

/** `GET /v1/{org}/website/org`: the organisation's public information. */
export interface WebsiteOrg {
  key: string;
  name: string;
  logo: string;
  address: string;
  contact: string;
  phone: string;
}

export const ORG_HAS_MEMBERS = (name: string) => `机构“${name}”下还有管理员或用户，请先删除后再删除机构`;
export const ORG_HAS_CHILDREN = (name: string) => `机构“${name}”下还有下级机构，请先删除或移走下级机构`;
export const ORG_PARENT_CYCLE = '上级机构不能是本机构或其下级机构';
