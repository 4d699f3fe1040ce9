import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE, pauseToggle } from '../resource.js';
import { defineResource } from '../define.js';
import { permissionUpdate } from './supers.js';
import { createdField, idField, passwordNotAccount, plainText, personFields, refField, signInFields, statusField, textField } from './fields.js';

/** Manager types (spec §1, §6): `admin` is the organisation administrator; any other value is ordinary. */
export const MANAGER_ADMIN = 'admin';
export const MANAGER_NORMAL = 'normal';
export const MANAGER_TYPES: Readonly<Record<string, string>> = { [MANAGER_ADMIN]: '组织管理员', [MANAGER_NORMAL]: '普通管理员' };
export const isOrgAdmin = (type: string | null | undefined): boolean => type === MANAGER_ADMIN;

/**
 * Organisation managers (`/v1/org/{org}/managers`). An organisation administrator manages the
 * ordinary administrators of its own organisation; only a super administrator creates, edits or
 * removes organisation administrators. Ordinary administrators only read.
 */
export const managersResource = defineResource({
  name: 'managers',
  title: '管理员',
  scope: 'org',
  path: '/v1/org/{org}/managers',
  fields: [
    idField,
    ...personFields,
    {
      name: 'type',
      label: '管理员类型',
      kind: 'select',
      options: Object.entries(MANAGER_TYPES).map(([value, label]) => ({ value, label })),
      schema: z.enum([MANAGER_ADMIN, MANAGER_NORMAL], { error: '管理员类型只能是组织管理员或普通管理员' }).optional(),
      filter: true,
      width: 110,
    },
    refField('role_id', '角色', { path: '/v1/org/{org}/managers/roles', value: 'id', label: 'name' }, { filter: true, width: 120 }),
    ...signInFields,
  ],
  refine: passwordNotAccount,
  keywordFields: ['account', 'real_name', 'phone'],
  actions: [pauseToggle({ enable: true, disable: true }), BATCH_DELETE, permissionUpdate('/v1/org/{org}/managers/authorize')],
  writeRole: 'orgAdmin',
  nameField: 'account',
});

export const ADMIN_ONLY_BY_SUPER = '只有超级管理员可以设置组织管理员';

/** Manager roles (`/v1/managers/roles`): named sets of organisation pages, platform-wide. */
export const rolesResource = defineResource({
  name: 'roles',
  title: '角色',
  scope: 'super',
  path: '/v1/managers/roles',
  fields: [
    idField,
    textField('name', '角色名称', 50, { required: true, width: 150 }),
    textField('description', '角色说明', 255, { kind: 'textarea' }),
    {
      name: 'permissions',
      label: '可用页面',
      kind: 'select',
      multiple: true,
      optionsFrom: { path: '/v1/managers/authorize', value: 'path', label: 'title' },
      schema: z.array(plainText('页面').max(200, '页面不能超过200个字符'), { error: '权限必须是页面列表' }).max(500, '页面不能超过500个').optional(),
      list: false,
    },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'description'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'id',
});

/** `GET /v1/managers/organizations`: organisations with their manager counts. */
export interface OrgManagerCount {
  id: number;
  key: string;
  name: string;
  is_pause: number;
  manager_count: number;
  admin_count: number;
}
