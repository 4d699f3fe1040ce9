import { z } from 'zod';
import { defineResource } from '../resource.js';
import { accountSchema, changedPassword, createdField, idField, idRef, newPassword, optionalText, passwordNotAccount, phoneSchema, plainText, requiredText, personFields, signInFields, statusField } from './fields.js';

/** Manager types (spec §1, §6): `admin` is the organisation administrator; any other value is ordinary. */
export const MANAGER_ADMIN = 'admin';
export const MANAGER_NORMAL = 'normal';
export const MANAGER_TYPES: Readonly<Record<string, string>> = { [MANAGER_ADMIN]: '组织管理员', [MANAGER_NORMAL]: '普通管理员' };
export const isOrgAdmin = (type: string | null | undefined): boolean => type === MANAGER_ADMIN;
export const managerTypeLabel = (type: string | null | undefined): string => (isOrgAdmin(type) ? MANAGER_TYPES.admin : MANAGER_TYPES.normal);

const managerBody = {
  account: accountSchema,
  real_name: requiredText('真实姓名', 50),
  phone: phoneSchema,
  type: z.enum([MANAGER_ADMIN, MANAGER_NORMAL], { error: '管理员类型只能是组织管理员或普通管理员' }),
  role_id: idRef('角色').nullable().optional(),
};

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
  create: z.object({ ...managerBody, type: managerBody.type.optional(), password: newPassword }).superRefine(passwordNotAccount),
  update: z.object({ ...managerBody, password: changedPassword }).partial().superRefine(passwordNotAccount),
  fields: [
    idField,
    ...personFields,
    { name: 'type', label: '管理员类型', kind: 'select', options: Object.entries(MANAGER_TYPES).map(([value, label]) => ({ value, label })), filter: true, width: 110 },
    { name: 'role_id', label: '角色', kind: 'select', optionsFrom: { path: '/v1/org/{org}/managers/roles', value: 'id', label: 'name' }, filter: true, width: 120 },
    ...signInFields,
  ],
  keywordFields: ['account', 'real_name', 'phone'],
  actions: ['enable', 'disable', 'batchDelete'],
  confirm: { enable: true, disable: true },
  writeRole: 'orgAdmin',
  page: 'adminManager',
  nameField: 'account',
});

export const ADMIN_ONLY_BY_SUPER = '只有超级管理员可以设置组织管理员';
export const ROLE_NOT_FOUND = '角色不存在';

const roleBody = {
  name: requiredText('角色名称', 50),
  description: optionalText('角色说明', 255),
  permissions: z.array(plainText('页面').max(200, '页面不能超过200个字符'), { error: '权限必须是页面列表' }).max(500, '页面不能超过500个').optional(),
};

/** Manager roles (`/v1/managers/roles`): named sets of organisation pages, platform-wide. */
export const rolesResource = defineResource({
  name: 'roles',
  title: '角色',
  scope: 'super',
  path: '/v1/managers/roles',
  create: z.object(roleBody),
  update: z.object(roleBody).partial(),
  fields: [
    idField,
    { name: 'name', label: '角色名称', kind: 'text', width: 150 },
    { name: 'description', label: '角色说明', kind: 'textarea' },
    { name: 'permissions', label: '可用页面', kind: 'select', multiple: true, optionsFrom: { path: '/v1/managers/authorize', value: 'path', label: 'title' }, list: false },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'description'],
  actions: ['enable', 'disable', 'batchDelete'],
  writeRole: 'super',
  page: 'manage/adminManage',
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
