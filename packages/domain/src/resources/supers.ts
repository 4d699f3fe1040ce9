import { z } from 'zod';
import { defineResource } from '../resource.js';
import { MENU_GROUPS, ROUTES, routeFitsScope, SUPER_SCOPE } from '../routes.js';
import { accountSchema, changedPassword, idField, newPassword, passwordNotAccount, phoneSchema, plainText, requiredText, personFields, signInFields } from './fields.js';

const superBody = {
  account: accountSchema,
  real_name: requiredText('真实姓名', 50),
  phone: phoneSchema,
};

/** Super administrators (spec §6, §7 `/v1/supers`). The password is write-only. */
export const supersResource = defineResource({
  name: 'supers',
  title: '超级管理员',
  scope: 'super',
  path: '/v1/supers',
  create: z.object({ ...superBody, password: newPassword }).superRefine(passwordNotAccount),
  update: z.object({ ...superBody, password: changedPassword }).partial().superRefine(passwordNotAccount),
  fields: [
    idField,
    ...personFields,
    ...signInFields,
  ],
  keywordFields: ['account', 'real_name', 'phone'],
  actions: ['enable', 'disable', 'batchDelete'],
  confirm: { enable: true, disable: true },
  writeRole: 'super',
  page: 'manage/superManage',
  nameField: 'account',
});

export const SUPER_SELF_GUARD = '不能停用或删除自己的账号';
export const SUPER_LAST_GUARD = '至少要保留一个启用的超级管理员';

/**
 * Page permissions (`POST …/{id}/permission`): route paths of the route table the account may open;
 * an empty list means every page of its kind. `GET …/authorize` lists the grantable pages.
 */
export const permissionSchema = z.object({
  permissions: z.array(plainText('页面').max(200, '页面不能超过200个字符'), { error: '请选择页面' }).max(500, '页面不能超过500个'),
});
export type PermissionBody = z.infer<typeof permissionSchema>;
export const UNKNOWN_PAGE = (path: string) => `页面不存在：${path}`;

/** A page that can be granted (`GET …/authorize`): a menu page of the account's kind of back office. */
export interface GrantablePage {
  path: string;
  title: string;
  /** Menu group title. */
  group: string;
}

/** The menu pages of the super back office (`super`) or of an organisation's (`organ`), built or not. */
export function grantablePages(kind: 'super' | 'organ'): GrantablePage[] {
  const scope = kind === 'super' ? SUPER_SCOPE : 'organ';
  return ROUTES.filter((r) => r.login && r.group && routeFitsScope(r, scope)).map((r) => ({
    path: r.path,
    title: r.title,
    group: MENU_GROUPS.find((g) => g.key === r.group)?.title ?? '',
  }));
}

/** The first permission that is not a grantable page of that kind, if any. */
export function unknownPermission(kind: 'super' | 'organ', permissions: string[]): string | undefined {
  const known = new Set(grantablePages(kind).map((p) => p.path));
  return permissions.find((p) => !known.has(p));
}

