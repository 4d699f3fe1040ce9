import { z } from 'zod';
import { PAUSE_TOGGLE } from '../resource.js';
import { requestIdSchema } from '../client.js';
import { defineResource } from '../define.js';
import { REDPACK_MAX_FEN, REDPACK_MIN_FEN, REDPACK_MODES, REDPACK_TRIGGERS, redpackAmountProblems, type RankBand } from '../rules/redpack.js';
import { REWARD_TEXT } from '../rules/reward.js';
import { choiceField, createdField, field, idField, intField, MAX_INT, optionalText, optionsOf, refField, statusField, textField } from './fields.js';

/**
 * Red packets (spec §7 `/v1/amount/{x}` and `/v1/amount/{x}/list`, design §13; docs/decisions.md
 * "Red packets: {x} is the organisation key"): an activity's amount configuration, and its
 * payouts (the reward receipts, spec §3/§4) as a read-only list. The platform's administrators
 * reach every organisation's through the same paths.
 */

const choices = (o: Readonly<Record<string, string>>) => Object.entries(o).map(([value, label]) => ({ value, label }));

/** `1-3:5000,4-10:1000`: ranks from-to and the amount of each in fen. */
export const RANK_TABLE_HINT = '如 1-3:5000,4-10:1000（名次-名次:金额，单位分）';
export const rankTableText = (t: readonly RankBand[]): string => t.map((b) => `${b.from}-${b.to}:${b.amount_fen}`).join(',');
const rankTable = (label: string) =>
  z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(500, `${label}不能超过500个字符`)
    .regex(/^(\d{1,5}-\d{1,5}:\d{1,6})?(,\d{1,5}-\d{1,5}:\d{1,6})*$/, `${label}格式错误，${RANK_TABLE_HINT}`)
    .transform((s): RankBand[] => (s ? s.split(',').map((p) => { const [r, a] = p.split(':'); const [f, t] = r!.split('-'); return { from: Number(f), to: Number(t), amount_fen: Number(a) }; }) : []))
    .refine((t) => t.every((b) => b.amount_fen >= REDPACK_MIN_FEN && b.amount_fen <= REDPACK_MAX_FEN), `${label}的金额须在${REDPACK_MIN_FEN}到${REDPACK_MAX_FEN}分之间`)
    .optional();

const fen = (name: string, label: string, flags: Parameters<typeof intField>[4] = {}) => intField(name, label, REDPACK_MIN_FEN, REDPACK_MAX_FEN, { width: 110, ...flags });

export const redpackConfigsResource = defineResource({
  name: 'redpackConfigs',
  title: '红包配置',
  scope: 'org',
  path: '/v1/amount/{org}',
  fields: [
    idField,
    refField('act_id', '活动', { path: '/v1/{org}/activity/names', value: 'id', label: 'title' }, { required: true, form: 'create', filter: true, width: 180 }),
    { name: 'act_title', label: '活动名称', kind: 'text', form: false, width: 180 },
    choiceField('mode', '金额方式', choices(REDPACK_MODES), { required: true, width: 100 }),
    fen('amount_fen', '固定金额（分）', { placeholder: '固定金额时填写' }),
    fen('min_fen', '最低金额（分）', { list: false, placeholder: '随机金额时填写' }),
    fen('max_fen', '最高金额（分）', { list: false, placeholder: '随机金额时填写' }),
    field('rank_table', '名次金额表', 'text', rankTable, { list: false, placeholder: RANK_TABLE_HINT }),
    choiceField('trigger', '发放时机', choices(REDPACK_TRIGGERS), { required: true, filter: true, width: 100 }),
    intField('budget_fen', '总预算（分）', 1, MAX_INT, { required: true, width: 120 }),
    intField('daily_budget_fen', '每日预算（分）', 0, MAX_INT, { width: 120, zeroText: '不限', placeholder: '0 为不限' }),
    intField('per_user_max', '每人上限（次）', 0, 1000, { width: 110, zeroText: '不限', placeholder: '默认1，0 为不限' }),
    { name: 'reserved_fen', label: '已用预算（分）', kind: 'number', form: false, width: 120 },
    textField('remark', '转账备注', 32, { list: false, placeholder: '读者在微信中看到的说明，默认为活动名称' }),
    statusField,
    createdField,
  ],
  refine: (v, ctx) => {
    for (const p of redpackAmountProblems(v as never)) ctx.addIssue({ code: 'custom', path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message });
  },
  keywordFields: [],
  actions: [PAUSE_TOGGLE],
  writeRole: 'manager',
  nameField: 'act_title',
  defaultSort: '-id',
  exports: [{ name: 'redpackConfigs', title: '红包配置' }],
});

/** reward_status (spec §3) as the receipt's first field. */
export const REWARD_STATUS_LABELS = { 1: REWARD_TEXT.PENDING, 2: '已发放', 3: '发放失败', 4: '未领取' } as const;

export const redpackPayoutsResource = defineResource({
  name: 'redpackPayouts',
  title: '红包发放记录',
  scope: 'org',
  path: '/v1/amount/{org}/list',
  fields: [
    idField,
    { name: 'act_id', label: '活动', kind: 'select', optionsFrom: { path: '/v1/{org}/activity/names', value: 'id', label: 'title' }, filter: true, list: false },
    { name: 'act_title', label: '活动名称', kind: 'text', width: 160 },
    { name: 'reader_id', label: '读者ID', kind: 'number', filter: true, width: 80 },
    { name: 'reader_account', label: '读者账号', kind: 'text', width: 120 },
    { name: 'reader_name', label: '姓名', kind: 'text', width: 90 },
    { name: 'amount_fen', label: '金额（分）', kind: 'number', sortable: true, width: 100 },
    { name: 'trigger', label: '发放时机', kind: 'select', options: choices(REDPACK_TRIGGERS), filter: true, width: 100 },
    { name: 'out_bill_no', label: '商户单号', kind: 'text', width: 200 },
    { name: 'reward_status', label: '发放状态', kind: 'select', options: optionsOf(REWARD_STATUS_LABELS), filter: true, list: false },
    { name: 'status_text', label: '状态', kind: 'text', width: 200 },
    { name: 'wepay_status', label: '微信状态', kind: 'text', list: false },
    { name: 'return_code', label: '返回码', kind: 'text', list: false },
    { name: 'err_msg', label: '说明', kind: 'text', width: 180 },
    { name: 'sent_at', label: '发送时间', kind: 'datetime', width: 160 },
    createdField,
  ],
  keywordFields: ['out_bill_no'],
  actions: [],
  writeRole: 'manager',
  nameField: 'out_bill_no',
  defaultSort: '-id',
  readOnly: true,
  exports: [{ name: 'redpackPayouts', title: '红包发放记录' }],
});

/**
 * The platform's red-packet amounts (spec §6: super manages red-packet amounts; §7 `/v1/amount/{x}` with
 * `{x}` = `super`, a reserved key no organisation can take): every organisation's configurations in one
 * list, filtered by organisation, activity trigger and status, with the status change (启用/暂停) and
 * the export. Amounts are set and altered in the organisation's own 红包配置 (they name its activity
 * and its budget), which a super administrator opens with the organisation's key.
 */
export const platformRedpackConfigsResource = defineResource({
  name: 'platformRedpackConfigs',
  title: '红包金额',
  scope: 'super',
  path: '/v1/amount/super',
  fields: [
    idField,
    { name: 'org_name', label: '机构', kind: 'text', width: 150 },
    { name: 'org_id', label: '机构', kind: 'select', optionsFrom: { path: '/v1/organizations/names', value: 'id', label: 'name' }, list: false, filter: true },
    { name: 'act_title', label: '活动名称', kind: 'text', width: 180 },
    { name: 'mode', label: '金额方式', kind: 'select', options: choices(REDPACK_MODES), filter: true, width: 100 },
    { name: 'amount_fen', label: '固定金额（分）', kind: 'number', width: 110 },
    { name: 'rank_table', label: '名次金额表', kind: 'text', width: 160 },
    { name: 'trigger', label: '发放时机', kind: 'select', options: choices(REDPACK_TRIGGERS), filter: true, width: 100 },
    { name: 'budget_fen', label: '总预算（分）', kind: 'number', sortable: true, width: 120 },
    { name: 'daily_budget_fen', label: '每日预算（分）', kind: 'number', width: 120 },
    { name: 'per_user_max', label: '每人上限（次）', kind: 'number', width: 110 },
    { name: 'reserved_fen', label: '已用预算（分）', kind: 'number', sortable: true, width: 120 },
    statusField,
    createdField,
  ],
  keywordFields: [],
  actions: [PAUSE_TOGGLE],
  writeRole: 'super',
  readOnly: true,
  nameField: 'act_title',
  defaultSort: '-id',
  exports: [{ name: 'platformRedpackConfigs', title: '红包金额' }],
});

export const REDPACK_RESOURCES = [redpackConfigsResource, redpackPayoutsResource, platformRedpackConfigsResource];

/** `POST /v1/amount/{org}/{id}/send`: a manual payout to chosen readers (one batch; above ¥1,000 a second administrator approves). */
export const redpackSendBody = z.object({
  reader_ids: z.array(z.number({ error: '读者必须是数字' }).int('读者必须是整数').positive('请选择读者'), { error: '请选择读者' }).min(1, '请选择读者').max(500, '读者一次不能超过500人'),
  amount_fen: z.number({ error: '金额必须是数字' }).int('金额必须是整数').min(REDPACK_MIN_FEN, `金额不能小于${REDPACK_MIN_FEN}分`).max(REDPACK_MAX_FEN, `金额不能超过${REDPACK_MAX_FEN}分`).optional(),
  reason: optionalText('发放说明', 100),
});

/** `GET /v1/amount/{org}/count`: the figures of a date range (China days, YYYY-MM-DD). */
export const redpackCountQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式错误').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式错误').optional(),
});

/** `POST /v1/amount/{org}/reconcile`: the China day whose merchant bill is compared. */
export const redpackReconcileBody = z.object({ day: z.string({ error: '请选择对账日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '对账日期格式错误') });

/** `POST /v1/{org}/client/redpack/openid`: the code of WeChat's web authorisation (snsapi_base) the reader's page came back with. */
export const redpackBindBody = z.object({ request_id: requestIdSchema, code: z.string({ error: '请先完成微信授权' }).trim().min(1, '请先完成微信授权').max(128, '微信授权码不能超过128个字符').regex(/^[\w-]+$/, '微信授权码格式错误') });
