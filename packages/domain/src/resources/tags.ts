import { BATCH_DELETE, PAUSE_TOGGLE, REC_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, idField, recField, sortField, statusField, textField } from './fields.js';

/** Platform tags (`/v1/tags`) offered to every organisation's activities; recommended ones are listed first there. */
export const tagsResource = defineResource({
  name: 'tags',
  title: '标签',
  scope: 'super',
  path: '/v1/tags',
  fields: [idField, textField('name', '标签名称', 50, { required: true }), sortField, recField, statusField, createdField],
  keywordFields: ['name'],
  actions: [PAUSE_TOGGLE, REC_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'sort',
});
