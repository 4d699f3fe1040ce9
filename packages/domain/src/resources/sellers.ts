import { BATCH_DELETE, PAUSE_TOGGLE } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, idField, phoneField, statusField, textField } from './fields.js';

/**
 * Sellers (`/v1/sellers`): the sales people who sign organisations up. An organisation names its
 * seller (`seller_id`); `GET /v1/sellers/new/{id}` lists the organisations a seller brought, newest first.
 */
export const sellersResource = defineResource({
  name: 'sellers',
  title: '销售人员',
  scope: 'super',
  path: '/v1/sellers',
  fields: [
    idField,
    textField('name', '姓名', 50, { required: true, width: 120 }),
    phoneField(),
    textField('company', '所属公司', 100),
    textField('region', '负责区域', 100, { filter: true, width: 120 }),
    textField('remark', '备注', 255, { kind: 'textarea', list: false }),
    { name: 'org_count', label: '签约机构', kind: 'number', width: 100 },
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'phone', 'company'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'super',
  nameField: 'name',
});
