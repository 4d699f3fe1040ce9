import { BATCH_DELETE, PAUSE_TOGGLE, REC_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, idField, recField, sortField, statusField, textField } from './fields.js';

/** Platform categories (`/v1/categories`) of activities and reading content. */
export const categoriesResource = defineResource({
  name: 'categories',
  title: '分类',
  scope: 'super',
  path: '/v1/categories',
  fields: [
    idField,
    textField('name', '分类名称', 50, { required: true, width: 160 }),
    textField('description', '分类说明', 255, { kind: 'textarea' }),
    sortField,
    recField,
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'description'],
  actions: [PAUSE_TOGGLE, REC_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'sort',
});
