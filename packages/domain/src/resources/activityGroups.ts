import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { ACTIVITY_STATE_LABEL, ACTIVITY_TYPES } from '../rules/activityState.js';
import { createdField, idRef, optionsOf, orderedGroupFields, refField, sortField } from './fields.js';


/**
 * Activity groups (spec §7 `actcate`, page adminActGroup): named, ordered sets of the
 * organisation's activities of any type, with a cover and a description.
 */
export const activityGroupsResource = defineResource({
  name: 'activityGroups',
  title: '活动分类',
  scope: 'org',
  path: '/v1/{org}/actcate',
  fields: orderedGroupFields('分类名称', { name: 'description', label: '分类说明' }),
  keywordFields: ['name'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'name',
  defaultSort: 'sort',
  children: ['activityGroupActs'],
});

/** The picker of a group's activities: `GET /v1/{org}/activity/names?keyword=` answers at most this many. */
export const ACTIVITY_NAMES_LIMIT = 50;

/** One entry of the activity picker: the organisation's activities that are not deleted. */
export interface ActivityName {
  id: number;
  title: string;
  type: number;
  /** The state label's value (spec §4). */
  state: number;
}

/**
 * The activities of one group, in order (spec §7 actcate "acts, choose, sort"; page
 * adminActGroupList?groupID=): a sub-resource of the group, listed with the activity's title,
 * type and computed state. `POST …/actcate/{group}/choose {act_ids}` adds several at once.
 */
export const activityGroupActsResource = defineResource({
  name: 'activityGroupActs',
  title: '分类活动',
  scope: 'org',
  path: '/v1/{org}/actcate/{group}/acts',
  parent: { param: 'group', resource: 'activityGroups', column: 'group_id', query: 'groupID' },
  fields: [
    refField('act_id', '活动', { path: '/v1/{org}/activity/names', value: 'id', label: 'title' }, { required: true, form: 'create', list: false }),
    { name: 'title', label: '活动名称', kind: 'text' },
    { name: 'type', label: '活动类型', kind: 'select', options: optionsOf(ACTIVITY_TYPES), width: 150 },
    { name: 'act_state', label: '活动状态', kind: 'select', options: optionsOf(ACTIVITY_STATE_LABEL), width: 90 },
    sortField,
    createdField,
  ],
  keywordFields: [],
  actions: [BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
});

/** `POST /v1/{org}/actcate/{group}/choose`: add these activities at the end of the group. */
export const chooseActivitiesBody = z.object({
  act_ids: z.array(idRef('活动'), { error: '请选择活动' }).min(1, '请选择活动').max(200, '一次最多添加200个活动'),
});
export type ChooseActivitiesBody = z.infer<typeof chooseActivitiesBody>;
