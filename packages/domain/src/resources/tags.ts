import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, recField, requiredText, sortField, sortSchema, statusField } from './fields.js';

const tagBody = { name: requiredText('标签名称', 50), sort: sortSchema };

/** Platform tags (`/v1/tags`) offered to every organisation's activities; recommended ones are listed first there. */
export const tagsResource = defineResource({
  name: 'tags',
  title: '标签',
  scope: 'super',
  path: '/v1/tags',
  create: z.object(tagBody),
  update: z.object(tagBody).partial(),
  fields: [idField, { name: 'name', label: '标签名称', kind: 'text' }, sortField, recField, statusField, createdField],
  keywordFields: ['name'],
  actions: ['enable', 'disable', 'recommend', 'remove', 'batchDelete', 'sort'],
  writeRole: 'super',
  page: 'system/systemTag',
  nameField: 'name',
  defaultSort: 'sort',
});
