import { z } from 'zod';
import { defineResource } from '../resource.js';
import { IDENTITY_OPTIONS, SEX_OPTIONS, identityField, sexField } from './userFields.js';
import { createdField, requiredText, statusField } from './fields.js';

const orgUserCreate = z.object({
  academic_num: requiredText('学号', 64),
  real_name: requiredText('真实姓名', 50),
  sex: sexField,
  department: requiredText('院系/专业', 100),
  identity: identityField,
});

/**
 * Users of an organisation (readers, students, staff), filled mostly by the spreadsheet import
 * (`POST /v1/{org}/users/import`); 学号 is unique within the organisation.
 */
export const orgUsersResource = defineResource({
  name: 'orgUsers',
  title: '用户',
  scope: 'org',
  path: '/v1/{org}/users',
  create: orgUserCreate,
  update: orgUserCreate.partial(),
  fields: [
    { name: 'academic_num', label: '学号', kind: 'text', sortable: true },
    { name: 'real_name', label: '真实姓名', kind: 'text' },
    { name: 'sex', label: '性别', kind: 'select', options: SEX_OPTIONS, filter: true },
    { name: 'department', label: '院系/专业', kind: 'text' },
    { name: 'identity', label: '身份类别', kind: 'select', options: IDENTITY_OPTIONS, filter: true },
    statusField,
    createdField,
  ],
  keywordFields: ['real_name', 'academic_num'],
  actions: ['enable', 'disable', 'batchDelete'],
  writeRole: 'manager',
  page: 'adminCount/adminUserCount',
  nameField: 'real_name',
  defaultSort: '-id',
});
