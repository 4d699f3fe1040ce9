import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, field, idField, requiredText, sortField, statusField, textField } from './fields.js';

/** Modules (`/v1/modules`): the features an organisation can be authorised to use. */
export const modulesResource = defineResource({
  name: 'modules',
  title: '模块',
  scope: 'super',
  path: '/v1/modules',
  fields: [
    idField,
    textField('name', '模块名称', 50, { required: true, width: 150 }),
    field('code', '模块编码', 'text', (l) => requiredText(l, 50).regex(/^[A-Za-z][A-Za-z0-9_]*$/, `${l}只能包含字母、数字和下划线，且以字母开头`), { width: 150 }),
    textField('description', '模块说明', 255, { kind: 'textarea' }),
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'code', 'description'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'super',
  nameField: 'name',
  defaultSort: 'sort',
});
