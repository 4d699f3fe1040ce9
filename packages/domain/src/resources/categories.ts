import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, optionalText, recField, requiredText, sortField, sortSchema, statusField } from './fields.js';

const categoryBody = { name: requiredText('分类名称', 50), description: optionalText('分类说明', 255), sort: sortSchema };

/** Platform categories (`/v1/categories`) of activities and reading content. */
export const categoriesResource = defineResource({
  name: 'categories',
  title: '分类',
  scope: 'super',
  path: '/v1/categories',
  create: z.object(categoryBody),
  update: z.object(categoryBody).partial(),
  fields: [idField, { name: 'name', label: '分类名称', kind: 'text', width: 160 }, { name: 'description', label: '分类说明', kind: 'textarea' }, sortField, recField, statusField, createdField],
  keywordFields: ['name', 'description'],
  actions: ['enable', 'disable', 'recommend', 'remove', 'batchDelete', 'sort'],
  writeRole: 'super',
  page: 'questionManage/categoryManage',
  nameField: 'name',
  defaultSort: 'sort',
});
