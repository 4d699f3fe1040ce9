import { BATCH_DELETE, PAUSE_TOGGLE } from '../resource.js';
import { defineResource } from '../define.js';
import { IDENTITY_OPTIONS, SEX_OPTIONS, identityField, sexField } from './userFields.js';
import { createdField, statusField, textField } from './fields.js';

/**
 * Users of an organisation (readers, students, staff), filled mostly by the spreadsheet import
 * (`POST /v1/{org}/users/import`); 学号 is unique within the organisation.
 */
export const orgUsersResource = defineResource({
  name: 'orgUsers',
  title: '用户',
  scope: 'org',
  path: '/v1/{org}/users',
  fields: [
    textField('academic_num', '学号', 64, { required: true, sortable: true }),
    textField('real_name', '真实姓名', 50, { required: true }),
    { name: 'sex', label: '性别', kind: 'select', schema: sexField, options: SEX_OPTIONS, filter: true },
    textField('department', '院系/专业', 100, { required: true }),
    { name: 'identity', label: '身份类别', kind: 'select', schema: identityField, options: IDENTITY_OPTIONS, filter: true },
    statusField,
    createdField,
  ],
  keywordFields: ['real_name', 'academic_num'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'real_name',
  defaultSort: '-id',
});
