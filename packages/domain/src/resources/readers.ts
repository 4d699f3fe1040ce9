import { z } from 'zod';
import { ACTIVITY_TYPES } from '../rules/activityState.js';
import { IDENTITY_CATEGORIES } from '../rules/constants.js';
import { BLACKLIST_ACTIONS, BLACKLIST_REASONS } from '../rules/blacklistRules.js';
import { BATCH_DELETE, pauseToggle } from '../resource.js';
import { defineResource } from '../define.js';
import { accountSchema, createdField, field, idField, idRef, newPassword, optionsOf, phoneField, refField, statusField, textField } from './fields.js';

/**
 * Readers of an organisation (the participants' accounts, `/v1/{org}/readers`): made from the
 * user list's first passwords, by registration, or here. A password set here must be changed at
 * the reader's first sign-in.
 */
export const readersResource = defineResource({
  name: 'readers',
  title: '读者',
  scope: 'org',
  path: '/v1/{org}/readers',
  fields: [
    idField,
    { name: 'account', label: '读者账号', kind: 'text', schema: accountSchema, form: 'create', width: 140 },
    { name: 'password', label: '初始密码', kind: 'password', schema: newPassword, form: 'create', list: false },
    textField('real_name', '真实姓名', 50, { width: 110 }),
    phoneField(),
    textField('academic_num', '学号', 64, { width: 120 }),
    textField('unit', '单位', 100, { width: 140 }),
    field('unit_id', '所在单位', 'unit', (l) => idRef(l).nullable().optional(), { list: false, placeholder: '不选表示本机构' }),
    field('identity', '身份类别', 'select', (l) => z.number({ error: `${l}不正确` }).int().min(1, `${l}不正确`).max(14, `${l}不正确`).nullable().optional(), { options: optionsOf(IDENTITY_CATEGORIES), filter: true, width: 100 }),
    field('grade', '年级', 'number', (l) => z.number({ error: `${l}不正确` }).int().min(1, `${l}不正确`).max(12, `${l}不正确`).nullable().optional(), { filter: true, width: 70 }),
    { name: 'source', label: '来源', kind: 'select', options: [{ value: 'user', label: '用户导入' }, { value: 'student', label: '学生导入' }, { value: 'register', label: '自行注册' }, { value: 'admin', label: '管理员添加' }], filter: true, width: 100 },
    { name: 'last_login_at', label: '最近登录', kind: 'datetime', sortable: true, width: 150 },
    statusField,
    createdField,
  ],
  keywordFields: ['account', 'real_name', 'phone', 'academic_num'],
  actions: [pauseToggle({ disable: true }), BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'account',
  exports: [{ name: 'readers', title: '读者名单' }],
});


/** `is_auto`: set by an administrator, or by an automatic rule (`/v1/{org}/blacklist/config`). */
export const BLACKLIST_ORIGIN = { 0: '手动', 1: '自动' } as const;

/**
 * Blacklist entries (spec `adminBlacklist/adminDisabledlist`, `/v1/{org}/blacklist`): a reader
 * refused some actions in some activity types for a period; the participation gate enforces them
 * and tells the reader why and until when.
 */
export const blacklistsResource = defineResource({
  name: 'blacklists',
  title: '黑名单',
  scope: 'org',
  path: '/v1/{org}/blacklist',
  fields: [
    idField,
    refField('reader_id', '读者', { path: '/v1/{org}/readers', value: 'id', label: 'account' }, { required: true, form: 'create', width: 140 }),
    field('types', '限制的活动类型', 'select', (l) => z.array(z.number({ error: `${l}不正确` }).int().refine((v) => v in ACTIVITY_TYPES, `${l}不正确`), { error: `${l}不正确` }).max(11).optional(), {
      options: optionsOf(ACTIVITY_TYPES),
      multiple: true,
      placeholder: '不选表示全部类型',
    }),
    field('actions', '限制的操作', 'select', (l) => z.array(z.enum(Object.keys(BLACKLIST_ACTIONS) as [string, ...string[]], { error: `${l}不正确` }), { error: `${l}不正确` }).max(6).optional(), {
      options: Object.entries(BLACKLIST_ACTIONS).map(([value, label]) => ({ value, label })),
      multiple: true,
      placeholder: '不选表示全部操作',
    }),
    field('reason_type', '原因类别', 'select', (l) => z.enum(Object.keys(BLACKLIST_REASONS) as [string, ...string[]], { error: `请选择${l}` }).optional(), {
      options: Object.entries(BLACKLIST_REASONS).map(([value, label]) => ({ value, label })),
      filter: true,
      width: 110,
    }),
    textField('reason', '原因说明', 255),
    { name: 'is_auto', label: '来源', kind: 'select', options: optionsOf(BLACKLIST_ORIGIN), filter: true, width: 80 },
    field('start_at', '开始时间', 'datetime', (l) => z.number({ error: `请选择${l}` }).int().min(946684800, `${l}不正确`).max(4102444800, `${l}不正确`), { width: 150, sortable: true }),
    field('end_at', '结束时间', 'datetime', (l) => z.number({ error: `${l}不正确` }).int().min(946684800, `${l}不正确`).max(4102444800, `${l}不正确`).nullable().optional(), { width: 150, placeholder: '留空表示长期' }),
    createdField,
  ],
  refine: (v, ctx) => {
    if (typeof v.start_at === 'number' && typeof v.end_at === 'number' && v.end_at <= v.start_at) ctx.addIssue({ code: 'custom', path: ['end_at'], message: '结束时间必须晚于开始时间' });
  },
  keywordFields: ['reason'],
  actions: [BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'reason',
});

