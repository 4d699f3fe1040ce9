import { z } from 'zod';
import { BATCH_DELETE, pauseToggle, rowUpdatesOf } from '../resource.js';
import { defineResource, rowUpdate } from '../define.js';
import { MENU_GROUPS, ROUTES, routeFitsScope, SUPER_SCOPE } from '../routes.js';
import { idField, passwordNotAccount, plainText, personFields, signInFields } from './fields.js';

/**
 * Page permissions (`POST …/{id}/permission`): route paths of the route table the account may open;
 * an empty list means every page of its kind. `GET …/authorize` lists the grantable pages.
 */
export const permissionUpdate = (authorizePath: string) =>
  rowUpdate({
    name: 'permission',
    label: '权限',
    title: '页面权限',
    hint: '不勾选任何页面表示可使用全部页面',
    width: 720,
    fields: [
      {
        name: 'permissions',
        label: '可用页面',
        kind: 'checkboxes',
        optionsFrom: { path: authorizePath, value: 'path', label: 'title', group: 'group' },
        schema: z.array(plainText('页面').max(200, '页面不能超过200个字符'), { error: '请选择页面' }).max(500, '页面不能超过500个'),
      },
    ],
  });

/** Super administrators (spec §6, §7 `/v1/supers`). The password is write-only. */
export const supersResource = defineResource({
  name: 'supers',
  title: '超级管理员',
  scope: 'super',
  path: '/v1/supers',
  fields: [idField, ...personFields, ...signInFields],
  refine: passwordNotAccount,
  keywordFields: ['account', 'real_name', 'phone'],
  actions: [pauseToggle({ enable: true, disable: true }), BATCH_DELETE, permissionUpdate('/v1/supers/authorize')],
  writeRole: 'super',
  nameField: 'account',
});

export const SUPER_SELF_GUARD = '不能停用或删除自己的账号';
export const SUPER_LAST_GUARD = '至少要保留一个启用的超级管理员';

export const permissionSchema = rowUpdatesOf(supersResource)[0].body;
export type PermissionBody = { permissions: string[] };
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

