import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, optionalText, requiredText, sortField, sortSchema, statusField } from './fields.js';

const moduleBody = {
  name: requiredText('模块名称', 50),
  code: requiredText('模块编码', 50).regex(/^[A-Za-z][A-Za-z0-9_]*$/, '模块编码只能包含字母、数字和下划线，且以字母开头'),
  description: optionalText('模块说明', 255),
  sort: sortSchema,
};

/** Modules (`/v1/modules`): the features an organisation can be authorised to use. */
export const modulesResource = defineResource({
  name: 'modules',
  title: '模块',
  scope: 'super',
  path: '/v1/modules',
  create: z.object(moduleBody),
  update: z.object(moduleBody).partial(),
  fields: [
    idField,
    { name: 'name', label: '模块名称', kind: 'text', width: 150 },
    { name: 'code', label: '模块编码', kind: 'text', width: 150 },
    { name: 'description', label: '模块说明', kind: 'textarea' },
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'code', 'description'],
  actions: ['enable', 'disable', 'batchDelete', 'sort'],
  writeRole: 'super',
  page: 'system/moduleManage',
  nameField: 'name',
  defaultSort: 'sort',
});
