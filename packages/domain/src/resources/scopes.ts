import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, optionalText, requiredText, sortField, sortSchema, statusField } from './fields.js';

const scopeBody = { name: requiredText('范围名称', 50), description: optionalText('范围说明', 255), sort: sortSchema };

/** Scope settings (`/v1/scope`, super only): the reaches an activity may be published to (全国, 本省, 本市, 本机构 …). */
export const scopesResource = defineResource({
  name: 'scopes',
  title: '活动范围',
  scope: 'super',
  path: '/v1/scope',
  create: z.object(scopeBody),
  update: z.object(scopeBody).partial(),
  fields: [idField, { name: 'name', label: '范围名称', kind: 'text', width: 160 }, { name: 'description', label: '范围说明', kind: 'textarea' }, sortField, statusField, createdField],
  keywordFields: ['name', 'description'],
  actions: ['enable', 'disable', 'batchDelete', 'sort'],
  writeRole: 'super',
  page: 'adminSystem/adminScope',
  nameField: 'name',
  defaultSort: 'sort',
});
