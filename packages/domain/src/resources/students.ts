import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE } from '../resource.js';
import { defineResource } from '../define.js';
import { CLASS_INVALID, ENROLLMENT_DATE_INVALID, GRADE_INVALID } from '../rules/messages.js';
import { IDENTITY_OPTIONS, SEX_OPTIONS, identityField, sexField } from './userFields.js';
import { createdField, statusField, textField } from './fields.js';

const digit = (message: string) => z.number({ error: message }).int(message).min(1, message).max(9, message);

/**
 * Students of a school organisation, filled mostly by the school import
 * (`POST /v1/{org}/students/import`); the 学号 (`account`) is unique within the organisation.
 */
export const studentsResource = defineResource({
  name: 'students',
  title: '学生',
  scope: 'org',
  path: '/v1/{org}/students',
  fields: [
    textField('name', '姓名', 50, { required: true }),
    textField('account', '学号', 64, { required: true, sortable: true }),
    /** Absent = 0 (unknown), the column default. */
    { name: 'sex', label: '性别', kind: 'select', schema: sexField.optional(), options: SEX_OPTIONS, filter: true },
    { name: 'grade', label: '年级', kind: 'number', schema: digit(GRADE_INVALID), filter: true, sortable: true },
    { name: 'class', label: '班级', kind: 'number', schema: digit(CLASS_INVALID), filter: true, sortable: true },
    {
      name: 'enrollment_date',
      label: '入学时间',
      kind: 'text',
      schema: z.string({ error: ENROLLMENT_DATE_INVALID }).regex(/^\d{4}$/, ENROLLMENT_DATE_INVALID),
      filter: true,
      sortable: true,
    },
    textField('school_name', '学校名称', 100, { required: true }),
    { name: 'identity', label: '身份类别', kind: 'select', schema: identityField.nullish(), options: IDENTITY_OPTIONS, list: false, form: false },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'account'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  defaultSort: '-id',
});
