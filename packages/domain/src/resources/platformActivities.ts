import { z } from 'zod';
import { batch, pauseToggle, REC_TOGGLE, type ResourceField } from '../resource.js';
import { defineResource } from '../define.js';
import { ACTIVITY_STATE_LABEL, ACTIVITY_TYPES } from '../rules/activityState.js';
import { ACTIVITY_DRAFT, ACTIVITY_KINDS, ACTIVITY_RESOURCES, type ActivityType } from './activities.js';
import { createdField, idField, idRef, MAX_INT, optionsOf, plainText, recField, statusField } from './fields.js';


/** The first columns of the platform's lists of organisations' activities (actManage, checkManage). */
export const crossOrgActivityFields: ResourceField[] = [
  idField,
  { name: 'title', label: '活动名称', kind: 'text', width: 200 },
  { name: 'org_name', label: '机构', kind: 'text', width: 150 },
  { name: 'org_id', label: '机构', kind: 'select', optionsFrom: { path: '/v1/organizations/names', value: 'id', label: 'name' }, list: false, filter: true },
  { name: 'type', label: '活动类型', kind: 'select', options: optionsOf(ACTIVITY_TYPES), filter: true, width: 150 },
  { name: 'start_at', label: '开始时间', kind: 'datetime', sortable: true, width: 150 },
  { name: 'end_at', label: '结束时间', kind: 'datetime', sortable: true, width: 150 },
];

/**
 * The platform's view of every organisation's activities (spec §2 `actManage`, §7
 * `/v1/activities`): all types, filtered by organisation, type, state and recommendation. The
 * platform recommends, pauses (one by one or in batches) and exports; it neither creates, edits
 * nor deletes an organisation's activity here (`readOnly`): `batchCreate` makes drafts in the
 * organisations, and `alter/count` corrects the counters.
 */
export const platformActivitiesResource = defineResource({
  name: 'platformActivities',
  title: '活动',
  scope: 'super',
  path: '/v1/activities',
  fields: [
    ...crossOrgActivityFields,
    { name: 'act_state', label: '活动状态', kind: 'select', options: optionsOf(ACTIVITY_STATE_LABEL), filter: true, width: 90 },
    { name: 'is_tmp', label: '发布状态', kind: 'select', options: optionsOf(ACTIVITY_DRAFT), filter: true, width: 90 },
    { name: 'join_num', label: '参与人数', kind: 'number', sortable: true, width: 90 },
    { name: 'view_count', label: '浏览量', kind: 'number', sortable: true, width: 90 },
    recField,
    statusField,
    createdField,
  ],
  keywordFields: ['title'],
  actions: [
    REC_TOGGLE,
    pauseToggle({ disable: true }),
    batch('batchRecommend', '批量推荐', { is_rec: 1 }),
    batch('batchPause', '批量暂停', { is_pause: 1 }, { confirm: true }),
    batch('batchEnable', '批量启用', { is_pause: 0 }),
  ],
  writeRole: 'super',
  readOnly: true,
  nameField: 'title',
  // Newest first through the (is_delete, created_at, id) index of the whole table.
  defaultSort: '-created_at',
  exports: [{ name: 'activity', title: '活动列表' }],
});

const flag = (label: string) => z.union([z.literal(0), z.literal(1)], { error: `${label}只能是0或1` });
const ids = (label: string, max: number) =>
  z.array(idRef(label), { error: `请选择${label}` }).min(1, `请选择${label}`).max(max, `一次最多选择${max}个${label}`);

/** `POST /v1/activities/batchUpdate`: recommend and/or pause many activities (spec's batchUpdate). */
export const activitiesBatchUpdateBody = z
  .object({ ids: ids('活动', 1000), is_rec: flag('推荐').optional(), is_pause: flag('暂停').optional() })
  .refine((v) => v.is_rec !== undefined || v.is_pause !== undefined, '请指定推荐或暂停状态');

const ACTIVITY_TYPE_VALUES = Object.keys(ACTIVITY_KINDS).map(Number) as ActivityType[];

/**
 * `POST /v1/activities/batchCreate`: the same draft in several organisations. `activity` is the
 * create body of its type's declaration (checked by it, errors named `activity.<field>`).
 */
export const BATCH_CREATE_NO_UNITS = '为多个机构创建时不能指定参与单位或读者名单';

export const activitiesBatchCreateBody = z
  .object({
    org_ids: ids('机构', 200),
    activity: z
      .object({ type: z.union(ACTIVITY_TYPE_VALUES.map((t) => z.literal(t)) as never, { error: '请选择有效的活动类型' }) as z.ZodType<ActivityType> })
      .passthrough(),
  })
  .transform((v, ctx) => {
    const { type, ...rest } = v.activity;
    const def = ACTIVITY_RESOURCES.find((d) => d.fixed!.type === type)!;
    const parsed = def.create.safeParse(rest);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['activity', ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    // Units and readers belong to one organisation: a draft for several cannot name them.
    const scope = (parsed.data.scope ?? {}) as { unit_ids?: number[]; reader_ids?: number[] };
    for (const key of ['unit_ids', 'reader_ids'] as const) {
      if (scope[key]?.length) ctx.addIssue({ code: 'custom', path: ['activity', 'scope', key], message: BATCH_CREATE_NO_UNITS });
    }
    if (scope.unit_ids?.length || scope.reader_ids?.length) return z.NEVER;
    return { org_ids: [...new Set(v.org_ids)], type, activity: parsed.data };
  });
export type ActivitiesBatchCreate = z.output<typeof activitiesBatchCreateBody>;

const counter = (label: string) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(0, `${label}不能小于0`).max(MAX_INT, `${label}超出范围`).optional();

/** `POST /v1/activities/alter/count`: correct an activity's view and join counters (audited). */
export const activitiesAlterCountBody = z
  .object({ id: idRef('活动'), view_count: counter('浏览量'), join_num: counter('参与人数') })
  .refine((v) => v.view_count !== undefined || v.join_num !== undefined, '请填写要修改的浏览量或参与人数');

const clock = (label: string) =>
  plainText(label)
    .trim()
    .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), `${label}必须是“时:分”，如 08:30`);

/** `POST /v1/OperateTime`: the daily publishing window (`HH:MM`, both blank = any time). */
export const operateTimeBody = z
  .object({ from: clock('开始时间'), to: clock('结束时间') })
  .superRefine((v, ctx) => {
    if ((v.from === '') !== (v.to === '')) ctx.addIssue({ code: 'custom', path: [v.from ? 'to' : 'from'], message: '发布时段需同时填写开始和结束' });
    else if (v.from && v.from >= v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: '结束时间必须晚于开始时间' });
  });

/** batchCreate refused: an organisation not authorised for the activity's type. */
export const ACTIVITY_TYPE_NOT_AUTHORISED = (org: string) => `机构「${org}」未开通该活动类型`;
