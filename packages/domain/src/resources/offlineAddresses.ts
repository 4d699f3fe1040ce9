import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE } from '../resource.js';
import { defineResource } from '../define.js';
import { isRegion } from '../rules/provinces.js';
import { createdField, field, idField, intField, phoneField, plainText, statusField, textField } from './fields.js';

/**
 * Addresses of offline activities (spec §2 `adminSystem/adminOfflineAddress`, §7
 * `/v1/{org}/offline/address`): the rooms where lectures, salons and trainings take place, with
 * their capacity; an offline activity picks one.
 */
export const offlineAddressesResource = defineResource({
  name: 'offlineAddresses',
  title: '活动地址',
  scope: 'org',
  path: '/v1/{org}/offline/address',
  fields: [
    idField,
    textField('name', '地点名称', 100, { required: true, width: 160 }),
    field('region', '所在地区', 'region', (l) =>
      z
        .array(plainText(l).max(20, `${l}不正确`), { error: `请选择${l}` })
        .min(2, `请选择${l}`)
        .refine(isRegion, `${l}不在省市数据中`),
    { width: 160 }),
    textField('address', '详细地址', 255, { required: true }),
    textField('room', '房间', 50, { width: 100 }),
    intField('capacity', '容纳人数', 1, 100000, { required: true, width: 100, sortable: true }),
    field('lng', '经度', 'number', (l) => z.number({ error: `${l}必须是数字` }).min(-180, `${l}不正确`).max(180, `${l}不正确`).nullable().optional(), { list: false, placeholder: '签到位置限制用，如 114.0579' }),
    field('lat', '纬度', 'number', (l) => z.number({ error: `${l}必须是数字` }).min(-90, `${l}不正确`).max(90, `${l}不正确`).nullable().optional(), { list: false, placeholder: '如 22.5431' }),
    textField('contact', '联系人', 50, { width: 100 }),
    phoneField(),
    statusField,
    createdField,
  ],
  keywordFields: ['name', 'address', 'contact'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'name',
  exports: [{ name: 'offlineAddress', title: '活动地址' }],
});
