import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, optionalText, phoneSchema, requiredText, statusField } from './fields.js';

const sellerBody = {
  name: requiredText('姓名', 50),
  phone: phoneSchema,
  company: optionalText('所属公司', 100),
  region: optionalText('负责区域', 100),
  remark: optionalText('备注', 255),
};

/**
 * Sellers (`/v1/sellers`): the sales people who sign organisations up. An organisation names its
 * seller (`seller_id`); `GET /v1/sellers/new/{id}` lists the organisations a seller brought, newest first.
 */
export const sellersResource = defineResource({
  name: 'sellers',
  title: '销售人员',
  scope: 'super',
  path: '/v1/sellers',
  create: z.object(sellerBody),
  update: z.object(sellerBody).partial(),
  fields: [
    idField,
    { name: 'name', label: '姓名', kind: 'text', width: 120 },
    { name: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { name: 'company', label: '所属公司', kind: 'text' },
    { name: 'region', label: '负责区域', kind: 'text', filter: true, width: 120 },
    { name: 'remark', label: '备注', kind: 'textarea', list: false },
    { name: 'org_count', label: '签约机构', kind: 'number', form: false, width: 100 },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'phone', 'company'],
  actions: ['enable', 'disable', 'batchDelete'],
  writeRole: 'super',
  page: 'manage/sellerManage',
  nameField: 'name',
});
