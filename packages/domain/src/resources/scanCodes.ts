import { z } from 'zod';
import { defineResource } from '../define.js';
import type { ResourceField } from '../resource.js';
import { SCAN_BATCH_STATUS, SCAN_CODE_STATUS, SCAN_LIMITS, SCAN_RESULT_LABELS } from '../rules/scanCodes.js';
import { createdField, field, idField, intField, textField } from './fields.js';

/**
 * Scan-code-for-points campaigns, type 16 (design activities §10, issue 24): the batches of an
 * activity (积分记录 page), their codes (read only: made with the batch) and every scan with its
 * result (read only: the readers' `POST /v1/{org}/client/scan`).
 */

const labels = (l: Readonly<Record<string, string>>) => Object.entries(l).map(([value, label]) => ({ value, label }));
/** Seconds since 1970 (2000–2100). */
const moment = (label: string) => z.number({ error: `${label}不正确` }).int(`${label}不正确`).min(946684800, `${label}不正确`).max(4102444800, `${label}不正确`);
const degrees = (label: string, max: number) => z.number({ error: `${label}必须是数字` }).min(-max, `${label}不正确`).max(max, `${label}不正确`);

const integralActivity = { param: 'act', resource: 'integral', column: 'act_id', query: 'actID' } as const;

export const SCAN_BATCH_FIELDS: ResourceField[] = [
  idField,
  textField('name', '批次名称', 50, { required: true, width: 160 }),
  intField('count', '二维码数量', 1, SCAN_LIMITS.maxCodes, { width: 100, placeholder: '默认100' }),
  intField('points', '每次积分', 1, SCAN_LIMITS.maxPoints, { width: 90, placeholder: '默认10' }),
  intField('max_scans', '每码可扫次数', 0, SCAN_LIMITS.maxScans, { width: 110, zeroText: '不限' }),
  intField('per_reader_limit', '每人每码次数', 0, 1000, { width: 110, zeroText: '不限' }),
  intField('per_reader_daily', '每人每日次数', 0, 1000, { width: 110, zeroText: '不限' }),
  field('valid_from', '生效时间', 'datetime', (l) => moment(l).nullable().optional(), { width: 150 }),
  field('valid_to', '失效时间', 'datetime', (l) => moment(l).nullable().optional(), { width: 150 }),
  field('geo_lng', '经度', 'number', (l) => degrees(l, 180).nullable().optional(), { list: false, section: '扫码位置' }),
  field('geo_lat', '纬度', 'number', (l) => degrees(l, 90).nullable().optional(), { list: false }),
  field('geo_radius_m', '扫码范围（米）', 'number', (l) => z.number({ error: `${l}必须是数字` }).int(`${l}必须是整数`).min(10, `${l}不能小于10`).max(100000, `${l}不能超过100000`).nullable().optional(), { list: false }),
  { name: 'codes_used', label: '已扫码数', kind: 'number', form: false, width: 90 },
  { name: 'scans_ok', label: '成功扫码', kind: 'number', form: false, width: 90 },
  { name: 'points_issued', label: '已发积分', kind: 'number', form: false, width: 90 },
  { name: 'status', label: '状态', kind: 'select', options: labels(SCAN_BATCH_STATUS), form: false, filter: true, width: 80 },
  createdField,
];

/** 二维码批次: a batch's codes are made with it, in its transaction; 作废 voids it and its codes. */
export const scanBatchesResource = defineResource({
  name: 'scanBatches',
  title: '二维码批次',
  scope: 'org',
  path: '/v1/{org}/integral/{act}/batch',
  parent: integralActivity,
  fields: SCAN_BATCH_FIELDS,
  refine: (v, ctx) => {
    const from = v.valid_from as number | null | undefined;
    const to = v.valid_to as number | null | undefined;
    if (typeof from === 'number' && typeof to === 'number' && to <= from) ctx.addIssue({ code: 'custom', path: ['valid_to'], message: '失效时间必须晚于生效时间' });
    const geo = ['geo_lng', 'geo_lat', 'geo_radius_m'].filter((k) => typeof v[k] === 'number');
    if (geo.length > 0 && geo.length < 3) {
      const missing = ['geo_lng', 'geo_lat', 'geo_radius_m'].find((k) => typeof v[k] !== 'number')!;
      ctx.addIssue({ code: 'custom', path: [missing], message: '位置限制需同时填写经度、纬度和扫码范围' });
    }
  },
  keywordFields: [],
  actions: [{ kind: 'command', name: 'void', label: '作废', confirm: '作废后本批二维码不能再扫，确定？' }],
  rowRules: { void: 'scanBatchActive' },
  writeRole: 'manager',
  nameField: 'name',
  defaultSort: '-id',
});

/** The codes of an activity's batches (read only; `?batch_id=` one batch's), exported as a sheet with each code's link. */
export const scanCodesResource = defineResource({
  name: 'scanCodes',
  title: '二维码',
  scope: 'org',
  path: '/v1/{org}/integral/{act}/code',
  parent: integralActivity,
  fields: [
    idField,
    { name: 'batch_id', label: '批次', kind: 'number', filter: true, list: false },
    textField('code', '码值', 16, { width: 170, filter: true }),
    { name: 'link', label: '二维码链接', kind: 'text', form: false, width: 320 },
    { name: 'scans_used', label: '已扫次数', kind: 'number', form: false, width: 90 },
    { name: 'status', label: '状态', kind: 'select', options: labels(SCAN_CODE_STATUS), form: false, filter: true, width: 80 },
    createdField,
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'code',
  defaultSort: 'id',
  exports: [{ name: 'integralcodes', title: '二维码', fields: ['code', 'link', 'scans_used', 'status'] }],
});

/** Every scan of an activity with its result (扫码记录); exported as the spec's export integral. */
export const scanLogsResource = defineResource({
  name: 'scanLogs',
  title: '扫码记录',
  scope: 'org',
  path: '/v1/{org}/integral/{act}/scan',
  parent: integralActivity,
  fields: [
    idField,
    { name: 'account', label: '读者账号', kind: 'text', width: 120 },
    { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
    { name: 'code', label: '码值', kind: 'text', width: 170 },
    { name: 'batch_name', label: '批次', kind: 'text', width: 130 },
    { name: 'batch_id', label: '批次', kind: 'number', filter: true, list: false },
    { name: 'result', label: '结果', kind: 'select', options: labels(SCAN_RESULT_LABELS), filter: true, width: 150 },
    { name: 'points', label: '积分', kind: 'number', width: 70 },
    { name: 'created_at', label: '扫码时间', kind: 'datetime', sortable: true, filter: 'range', width: 160 },
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  defaultSort: '-id',
  exports: [{ name: 'integral', title: '扫码记录' }],
});

export const SCAN_RESOURCES = [scanBatchesResource, scanCodesResource, scanLogsResource];
