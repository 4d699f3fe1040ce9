import { z } from 'zod';
import { defineResource } from '../define.js';
import { BATCH_DELETE, PAUSE_TOGGLE, type ResourceField } from '../resource.js';
import { flagSchema } from '../rules/ruleSchemas.js';
import {
  CHECKIN_METHODS,
  OFFLINE_APPROVAL,
  OFFLINE_BOOKING_SCOPE,
  OFFLINE_CHECKIN_MODES,
  offlineConfigSchemas as C,
  RESERVATION_STATUS,
} from '../rules/offline.js';
import { choiceField, createdField, field, idField, intField, statusField, textField } from './fields.js';

/**
 * Offline activities, series and training sessions, type 5 (design activities §7, issue 23): the
 * settings on the activity (`config.*`), the sessions of a series (spec §7 "train sessions"), and
 * the reservations readers make through `/v1/{org}/client/sessions/{sid}/reservations` (read only here).
 */

const labels = (l: Readonly<Record<string, string>>) => Object.entries(l).map(([value, label]) => ({ value, label }));
const notListed = { list: false } as const;
const flag = (name: string, label: string) => field(name, label, 'switch', (l) => flagSchema(l).optional(), notListed);
const setting = (name: keyof typeof C, label: string, kind: 'number' | 'text' = 'number', placeholder?: string, section?: string) =>
  field(`config.${name}`, label, kind, () => (C[name] as z.ZodType).optional(), { ...notListed, ...(placeholder ? { placeholder } : {}), ...(section ? { section } : {}) });
/** Seconds since 1970 (2000–2100), optional. */
const moment = (label: string) => z.number({ error: `${label}不正确` }).int(`${label}不正确`).min(946684800, `${label}不正确`).max(4102444800, `${label}不正确`);

/** The settings both forms share (design §7b, with its defaults in `OFFLINE_DEFAULTS`). */
export const OFFLINE_SETTING_FIELDS: ResourceField[] = [
  field('config.venue_id', '活动地址', 'select', () => C.venue_id.optional(), {
    ...notListed,
    optionsFrom: { path: '/v1/{org}/offline/address', value: 'id', label: 'name' },
    placeholder: '选择已登记的地址，或在“活动地点”中填写',
    section: '地点与报名时间',
  }),
  field('config.signup_start_at', '报名开始时间', 'datetime', (l) => moment(l).nullable().optional(), { ...notListed, placeholder: '默认发布即开放' }),
  field('config.signup_end_at', '报名截止时间', 'datetime', (l) => moment(l).nullable().optional(), { ...notListed, placeholder: '默认活动开始时截止' }),
  setting('seats_per_user', '每人可预约座位数', 'number', '默认1，最多5（同行人需填写姓名）', '座位与报名项'),
  // Edited by the page's own editor (features/offline/SignupFieldsInput): text, choice, phone, id card.
  field('config.signup_fields', '报名项', 'text', () => C.signup_fields.optional(), notListed),
  choiceField('config.approval', '报名审核方式', labels(OFFLINE_APPROVAL), { ...notListed, section: '审核、候补与取消' }),
  flag('config.waitlist', '候补名单'),
  setting('offer_hours', '候补保留时长（小时）', 'number', '1-72，默认24；最晚在开始前2小时失效'),
  flag('config.waitlist_auto', '自动递补'),
  setting('cancel_before_min', '取消截止（开始前分钟数）', 'number', '默认120'),
  choiceField('config.checkin_mode', '签到方式', labels(OFFLINE_CHECKIN_MODES), { ...notListed, section: '签到与签退' }),
  setting('checkin_open_before_min', '签到开放（开始前分钟数）', 'number', '默认30'),
  setting('checkin_close_after_min', '签到截止（开始后分钟数）', 'number', '默认30'),
  flag('config.sign_out', '签退'),
  setting('sign_out_open_before_end_min', '签退开放（结束前分钟数）', 'number', '默认15'),
  setting('sign_out_close_after_end_min', '签退截止（结束后分钟数）', 'number', '默认60'),
  flag('config.rotating_code', '动态签到码'),
  flag('config.geofence', '签到位置限制'),
  setting('geofence_m', '签到范围（米）', 'number', '默认300'),
];

/** A series' own settings: booked per session or as a whole; a training (培训) has sign-out and its own figures. */
export const OFFLINES_SETTING_FIELDS: ResourceField[] = [
  choiceField('config.booking_scope', '预约方式', labels(OFFLINE_BOOKING_SCOPE), { ...notListed, section: '系列设置' }),
  flag('config.training', '培训'),
];

const offlineActivity = { param: 'act', resource: 'offline', column: 'act_id', query: 'actID' } as const;
const seriesActivity = { param: 'act', resource: 'offlines', column: 'act_id', query: 'actID' } as const;

/**
 * The sessions (场次) of a series (spec §7 train sessions: session, batch session, batchDelete).
 * A single offline activity has exactly one, kept from the activity itself.
 */
export const offlineSessionsResource = defineResource({
  name: 'offlineSessions',
  title: '场次',
  scope: 'org',
  path: '/v1/{org}/train/{act}/session',
  parent: seriesActivity,
  fields: [
    idField,
    textField('title', '场次名称', 100, { required: true, width: 180 }),
    textField('speaker', '主讲人', 50, { width: 100 }),
    field('start_at', '开始时间', 'datetime', (l) => moment(l), { sortable: true, width: 150, filter: 'range' }),
    field('end_at', '结束时间', 'datetime', (l) => moment(l), { width: 150 }),
    field('venue_id', '活动地址', 'select', () => C.venue_id.optional(), { list: false, optionsFrom: { path: '/v1/{org}/offline/address', value: 'id', label: 'name' } }),
    textField('address', '活动地点', 255, { list: false }),
    intField('capacity', '座位数', 1, 100000, { required: true, width: 80 }),
    { name: 'taken', label: '已预约', kind: 'number', form: false, width: 80 },
    { name: 'waiting', label: '候补', kind: 'number', form: false, width: 70 },
    { name: 'checked_in', label: '已签到', kind: 'number', form: false, width: 80 },
    field('signup_start_at', '报名开始时间', 'datetime', (l) => moment(l).nullable().optional(), { list: false, placeholder: '默认发布即开放' }),
    field('signup_end_at', '报名截止时间', 'datetime', (l) => moment(l).nullable().optional(), { list: false, placeholder: '默认场次开始时截止' }),
    statusField,
    createdField,
  ],
  refine: (v, ctx) => {
    const start = v.start_at as number | undefined;
    const end = v.end_at as number | undefined;
    const close = v.signup_end_at as number | null | undefined;
    const open = v.signup_start_at as number | null | undefined;
    if (start !== undefined && end !== undefined && end <= start) ctx.addIssue({ code: 'custom', path: ['end_at'], message: '结束时间必须晚于开始时间' });
    if (start !== undefined && typeof close === 'number' && close > start) ctx.addIssue({ code: 'custom', path: ['signup_end_at'], message: '报名截止时间不能晚于场次开始时间' });
    if (typeof open === 'number' && typeof close === 'number' && close <= open) ctx.addIssue({ code: 'custom', path: ['signup_end_at'], message: '报名截止时间必须晚于报名开始时间' });
  },
  keywordFields: ['title', 'speaker'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'start_at',
});

/** A reservation as the bookings lists show it (one row per reader and session). */
export const RESERVATION_FIELDS: ResourceField[] = [
  idField,
  { name: 'session_id', label: '场次', kind: 'number', filter: true, list: false },
  { name: 'session_title', label: '场次', kind: 'text', width: 160 },
  { name: 'session_start_at', label: '场次时间', kind: 'datetime', width: 150 },
  { name: 'account', label: '读者账号', kind: 'text', width: 120 },
  { name: 'real_name', label: '姓名', kind: 'text', width: 90 },
  { name: 'phone', label: '手机号', kind: 'text', width: 120 },
  { name: 'unit_name', label: '单位', kind: 'text', width: 140 },
  { name: 'unit_id', label: '单位', kind: 'unit', filter: true, list: false },
  { name: 'seats', label: '座位数', kind: 'number', width: 70 },
  { name: 'companions', label: '同行人', kind: 'text', width: 140 },
  { name: 'status', label: '状态', kind: 'select', options: labels(RESERVATION_STATUS), filter: true, width: 100 },
  { name: 'checked_in', label: '签到', kind: 'select', options: [{ value: 1, label: '已签到' }, { value: 0, label: '未签到' }], filter: true, list: false },
  { name: 'checked_in_at', label: '签到时间', kind: 'datetime', width: 150 },
  { name: 'checked_out_at', label: '签退时间', kind: 'datetime', width: 150 },
  { name: 'checkin_method', label: '签到方式', kind: 'select', options: labels(CHECKIN_METHODS), width: 100 },
  { name: 'created_at', label: '预约时间', kind: 'datetime', sortable: true, width: 150 },
  { name: 'cancelled_at', label: '取消时间', kind: 'datetime', list: false },
];

const reservations = (name: string, path: string, parent: typeof offlineActivity | typeof seriesActivity) =>
  defineResource({
    name,
    title: '预约',
    scope: 'org',
    path,
    parent,
    fields: RESERVATION_FIELDS,
    keywordFields: [],
    actions: [],
    writeRole: 'manager',
    readOnly: true,
    nameField: 'id',
    defaultSort: '-id',
  });

/** 线下活动报名 (`adminOfflineWork`) and 场次报名 (`adminOfflinesListWork`, `?sessionID=`): one table. */
export const offlineReservationsResource = reservations('offlineReservations', '/v1/{org}/offline/{act}/reserve', offlineActivity);
export const seriesReservationsResource = reservations('seriesReservations', '/v1/{org}/offlines/{act}/reserve', seriesActivity);

export const OFFLINE_RESOURCES = [offlineSessionsResource, offlineReservationsResource, seriesReservationsResource];
