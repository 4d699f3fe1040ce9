import { defineResource } from '../define.js';
import type { ResourceField } from '../resource.js';
import { POINT_TXN_STATUS_LABELS } from '../rules/pointsAdmin.js';
import { createdField, idField, optionsOf } from './fields.js';

/**
 * The points ledger's read sides (issue 24, design §10; docs/decisions.md "Points administration
 * paths"), read-only views of rows the ledger writes: the readers' accounts (积分列表,
 * `/integral/userIntegral`, export `userIntegral`), the ledger's rows (a reader's with `?reader=`,
 * `/integral/scoreList`) and the manual adjustments' second-administrator queue (积分审核,
 * `/check/integral`). The writes stay the ledger's routes: `/set_integral`, `/check/{id}/integral`,
 * `/integral/scoreList/{id}/reverse`.
 */

const who: ResourceField[] = [
  { name: 'account', label: '读者账号', kind: 'text', width: 120 },
  { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
];

/** 积分列表: a row per reader with points (its id is the reader's), highest balance first. */
export const pointAccountsResource = defineResource({
  name: 'pointAccounts',
  title: '积分列表',
  scope: 'org',
  path: '/v1/{org}/integral/userIntegral',
  fields: [
    { ...idField, label: '读者ID', list: false },
    ...who,
    { name: 'balance', label: '积分余额', kind: 'number', sortable: true, width: 100 },
    { name: 'earned', label: '累计获得', kind: 'number', sortable: true, width: 100 },
    { name: 'spent', label: '累计消耗', kind: 'number', width: 100 },
    { name: 'expired', label: '累计过期', kind: 'number', width: 100 },
    { name: 'updated_at', label: '最近变动', kind: 'datetime', sortable: true, width: 160 },
  ],
  keywordFields: ['account', 'real_name'],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'account',
  defaultSort: '-balance',
  exports: [{ name: 'userIntegral', title: '积分列表' }],
});

const statusField: ResourceField = { name: 'status', label: '状态', kind: 'select', options: optionsOf(POINT_TXN_STATUS_LABELS), filter: true, width: 90 };

/** 积分明细: the organisation's ledger rows, newest first; `?reader=` one reader's (the list's 明细). */
export const pointLedgerResource = defineResource({
  name: 'pointLedger',
  title: '积分明细',
  scope: 'org',
  path: '/v1/{org}/integral/scoreList',
  fields: [
    idField,
    { name: 'reader', label: '读者', kind: 'number', filter: true, list: false },
    ...who,
    { name: 'rule_name', label: '规则', kind: 'text', width: 120 },
    { name: 'delta', label: '积分', kind: 'number', width: 80 },
    statusField,
    { name: 'reason', label: '说明', kind: 'text', width: 200 },
    { name: 'expires_at', label: '到期时间', kind: 'datetime', width: 160 },
    { ...createdField, label: '时间' },
  ],
  keywordFields: [],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  defaultSort: '-id',
});

/** 积分审核: manual adjustments above the threshold and their decisions (`?status=0` the waiting ones). */
export const pointChecksResource = defineResource({
  name: 'pointChecks',
  title: '积分审核',
  scope: 'org',
  path: '/v1/{org}/check/integral',
  fields: [
    idField,
    { ...createdField, label: '申请时间' },
    ...who,
    { name: 'delta', label: '调整积分', kind: 'number', width: 90 },
    { name: 'reason', label: '调整原因', kind: 'text', width: 200 },
    { name: 'asker', label: '申请人', kind: 'text', width: 100 },
    statusField,
  ],
  keywordFields: ['account', 'real_name'],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'id',
  defaultSort: '-id',
});

export const POINTS_RESOURCES = [pointAccountsResource, pointLedgerResource, pointChecksResource];
