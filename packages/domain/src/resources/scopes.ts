import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, idField, sortField, statusField, textField } from './fields.js';

/** Scope settings (`/v1/scope`, super only): the reaches an activity may be published to (全国, 本省, 本市, 本机构 …). */
export const scopesResource = defineResource({
  name: 'scopes',
  title: '活动范围',
  scope: 'super',
  path: '/v1/scope',
  fields: [
    idField,
    textField('name', '范围名称', 50, { required: true, width: 160 }),
    textField('description', '范围说明', 255, { kind: 'textarea' }),
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'description'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'sort',
});
