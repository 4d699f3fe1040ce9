import { z } from 'zod';
import { defineResource } from '../resource.js';
import { CLASS_INVALID, ENROLLMENT_DATE_INVALID, GRADE_INVALID } from '../rules/messages.js';
import { IDENTITY_OPTIONS, SEX_OPTIONS, identityField, sexField } from './userFields.js';
import { createdField, requiredText, statusField } from './fields.js';

const digit = (message: string) => z.number({ error: message }).int(message).min(1, message).max(9, message);

const studentCreate = z.object({
  name: requiredText('姓名', 50),
  account: requiredText('学号', 64),
  /** Absent = 0 (unknown), the column default. */
  sex: sexField.optional(),
  grade: digit(GRADE_INVALID),
  class: digit(CLASS_INVALID),
  enrollment_date: z.string({ error: ENROLLMENT_DATE_INVALID }).regex(/^\d{4}$/, ENROLLMENT_DATE_INVALID),
  school_name: requiredText('学校名称', 100),
  identity: identityField.nullish(),
});

/**
 * Students of a school organisation, filled mostly by the school import
 * (`POST /v1/{org}/students/import`); the 学号 (`account`) is unique within the organisation.
 */
export const studentsResource = defineResource({
  name: 'students',
  title: '学生',
  scope: 'org',
  path: '/v1/{org}/students',
  create: studentCreate,
  update: studentCreate.partial(),
  fields: [
    { name: 'name', label: '姓名', kind: 'text' },
    { name: 'account', label: '学号', kind: 'text', sortable: true },
    { name: 'sex', label: '性别', kind: 'select', options: SEX_OPTIONS, filter: true },
    { name: 'grade', label: '年级', kind: 'number', filter: true, sortable: true },
    { name: 'class', label: '班级', kind: 'number', filter: true, sortable: true },
    { name: 'enrollment_date', label: '入学时间', kind: 'text', filter: true, sortable: true },
    { name: 'school_name', label: '学校名称', kind: 'text' },
    { name: 'identity', label: '身份类别', kind: 'select', options: IDENTITY_OPTIONS, list: false, form: false },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'account'],
  actions: ['enable', 'disable', 'batchDelete'],
  writeRole: 'manager',
  page: 'adminCount/adminUserCount',
  defaultSort: '-id',
});
