import { defineResource } from '../define.js';
import { optionsOf } from './fields.js';
import { platformActivitiesResource } from './platformActivities.js';

/**
 * An activity of any type and what hangs below it, for its detail page (`adminAct/adminActDetail?actID=`):
 * the activity itself by id whatever its type, its participants (the readers' joins), its figures.
 */

/**
 * The organisation's activities of every type (`/v1/{org}/activity`, beside spec §7's
 * `/v1/{org}/activity/{id}/copy`): a read-only view of the rows the type declarations own, so the
 * detail page reads an activity by id without knowing its type, and the parent of what every type
 * shares (participants). Created, edited and deleted through its type's own path.
 */
export const orgActivitiesResource = defineResource({
  name: 'orgActivities',
  title: '活动',
  scope: 'org',
  path: '/v1/{org}/activity',
  // The platform list's columns without the organisation.
  fields: platformActivitiesResource.fields.filter((f) => f.name !== 'org_name' && f.name !== 'org_id'),
  keywordFields: ['title'],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'title',
});

/** A join's status (design §1.4): 1 joined, 2 cancelled, 3 disqualified; `join_num` counts status 1. */
export const JOIN_STATUS = { 1: '已参与', 2: '已取消', 3: '已取消资格' } as const;

/**
 * The participants of one activity (design §1.4 joins, §15 "join, real-name profile"): the
 * readers who joined through the reader API, with the real name and phone they had when joining,
 * their account and unit, the join time and status. Read-only: readers join, cancel and are
 * disqualified through their own calls. Filtered by status, join time and account; the keyword
 * searches the name and phone; exported as a spreadsheet (`/v1/{org}/export/participants?act=`).
 */
export const activityParticipantsResource = defineResource({
  name: 'activityParticipants',
  title: '参与者',
  scope: 'org',
  path: '/v1/{org}/activity/{act}/participants',
  parent: { param: 'act', resource: orgActivitiesResource.name, column: 'act_id', query: 'actID' },
  fields: [
    // A reader's column, not the join's: filtered through the readers (the binding's computed filter).
    { name: 'account', label: '读者账号', kind: 'text', filter: true, width: 140 },
    { name: 'real_name', label: '真实姓名', kind: 'text', width: 110 },
    { name: 'phone', label: '联系电话', kind: 'text', width: 130 },
    { name: 'unit', label: '单位', kind: 'text', width: 140 },
    { name: 'created_at', label: '参与时间', kind: 'datetime', sortable: true, filter: 'range', width: 170 },
    { name: 'status', label: '参与状态', kind: 'select', options: optionsOf(JOIN_STATUS), filter: true, width: 100 },
  ],
  keywordFields: ['real_name', 'phone'],
  actions: [],
  writeRole: 'manager',
  readOnly: true,
  nameField: 'account',
  exports: [{ name: 'participants', title: '参与者名单' }],
});

/** One China-time day of an activity's figures. */
export interface ActivityCountDay {
  /** `YYYY-MM-DD`, China Standard Time. */
  day: string;
  /** Readers who joined that day (by their first join). */
  joins: number;
}

/**
 * `GET /v1/{org}/activity/{id}/count`: an activity's figures, any type. Every day from the first
 * join to the last one (or to today while the activity runs) is in `days`, with 0 on a day without joins.
 */
export interface ActivityCount {
  activity: { id: number; title: string; type: number; act_state: number };
  totals: {
    /** The activity's `join_num` (status 1 joins; the platform may have corrected it). */
    joins: number;
    /** The activity's `view_count`: every reader's view of it. */
    views: number;
    /** Joins made today (China time). */
    today: number;
    cancelled: number;
    disqualified: number;
  };
  days: ActivityCountDay[];
}
