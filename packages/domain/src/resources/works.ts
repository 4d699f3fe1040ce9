import { z } from 'zod';
import { batch, REC_TOGGLE, type ResourceDef } from '../resource.js';
import { defineResource, rowUpdate } from '../define.js';
import { requestIdSchema } from '../client.js';
import { CHECK_BATCH_MAX } from '../rules/moderation.js';
import { WORK_STATUS, workReasonBody } from '../rules/workStates.js';
import { workBodySchema, type WorkConfig } from '../rules/works.js';
import { createdField, idField, idRef, plainText, recField } from './fields.js';

/**
 * The works of an original-works activity (types 1 and 9, design §2): one list per type below its
 * activity (`/v1/{org}/original/{act}/work`, `/v1/{org}/originalmix/{act}/creations`), read only
 * (readers submit through the reader API, administrators upload on a reader's behalf through the
 * family's own route). Actions: 通过, 驳回 with a reason (quick replies), 推荐, batchShow/batchNotShow.
 */

export const WORK_SHOW = { 0: '不展示', 1: '展示' } as const;

/** Where an activity of the type keeps its works and the queue kind that reviews them (spec §7 check paths). */
export const WORK_KINDS = {
  1: { name: 'originalWorks', parent: 'original', path: '/v1/{org}/original/{act}/work', check: 'creation', page: 'adminAct/adminOriWork', count: 'adminCount/adminActCount/actCountOri' },
  9: { name: 'originalMixWorks', parent: 'originalmix', path: '/v1/{org}/originalmix/{act}/creations', check: 'originalmix', page: 'adminAct/adminOriMixWork', count: 'adminCount/adminActCount/actCountOriMix' },
} as const;
export type WorkActivityType = keyof typeof WORK_KINDS;

/** The figures of a works activity: `GET /v1/{org}/original/{act}/count` (`/originalmix/{act}/count`). */
export const workCountPath = (type: WorkActivityType, org: string, act: number): string =>
  `/v1/${encodeURIComponent(org)}/${WORK_KINDS[type].parent}/${act}/count`;

/** Statuses of a work that passed review (approved, and every state after it except disqualified). */
export const WORK_PASSED_STATUSES = ['approved', 'shortlisted', 'reviewed', 'awarded', 'not_awarded'] as const;

/** One row of a per-type / per-group / per-unit breakdown: the submitted works and those that passed. */
export interface WorkCountPart {
  /** The creation type's or group's id; null for works without a group, and for units. */
  id: number | null;
  /** Its name (a unit as the author wrote it; '' when none given). */
  name: string;
  works: number;
  passed: number;
}

/**
 * `GET /v1/{org}/original/{act}/count`: a works activity's figures. "Submitted" are the works not
 * deleted, not drafts and not withdrawn; `approval_rate` is passed ÷ (passed + rejected) in percent
 * (2 decimals), null before any decision. `days`: submissions per China-time day by submit time,
 * every day from the first to the last (or to today while the activity runs), 0 on a day without.
 */
export interface WorkCount {
  activity: { id: number; title: string; type: number; act_state: number };
  totals: {
    submitted: number;
    /** Submitted works per status (keys of WORK_STATUS; drafts and withdrawn ones included here). */
    by_status: Partial<Record<keyof typeof WORK_STATUS, number>>;
    passed: number;
    rejected: number;
    pending: number;
    /** Readers with at least one submitted work. */
    readers: number;
    approval_rate: number | null;
    today: number;
  };
  days: { day: string; works: number }[];
  by_type: WorkCountPart[];
  by_group: WorkCountPart[];
  by_unit: WorkCountPart[];
}

/** Quick replies as reasons (spec §7 `/check/quick`): the platform's enabled replies. */
export const QUICK_REPLIES_PATH = '/v1/{org}/check/quick';

const reasonField = {
  name: 'reason',
  label: '驳回原因',
  kind: 'textarea' as const,
  schema: plainText('驳回原因', '请输入驳回原因').trim().min(1, '请输入驳回原因').max(500, '驳回原因不能超过500个字符'),
  optionsFrom: { path: QUICK_REPLIES_PATH, value: 'content', label: 'content' },
};

function defineWorks(type: WorkActivityType): ResourceDef {
  const kind = WORK_KINDS[type];
  return defineResource({
    name: kind.name,
    title: '作品',
    scope: 'org',
    path: kind.path,
    parent: { param: 'act', resource: kind.parent, column: 'act_id', query: 'actID' },
    fields: [
      idField,
      { name: 'work_no', label: '作品编号', kind: 'text', width: 120 },
      { name: 'title', label: '作品名称', kind: 'text', width: 180 },
      // Ids filter; the names are the list's columns (the activity's configuration names them).
      { name: 'creation_type_id', label: '创作类型', kind: 'number', filter: true, list: false },
      { name: 'creation_type_name', label: '创作类型', kind: 'text', width: 100 },
      { name: 'group_id', label: '组别', kind: 'number', filter: true, list: false },
      { name: 'group_name', label: '组别', kind: 'text', width: 90 },
      { name: 'author_name', label: '作者', kind: 'text', width: 100 },
      { name: 'unit', label: '学校/单位', kind: 'text', filter: true, width: 140 },
      { name: 'status', label: '状态', kind: 'select', options: Object.entries(WORK_STATUS).map(([value, label]) => ({ value, label })), filter: true, width: 90 },
      { name: 'reason', label: '审核意见', kind: 'text', width: 140 },
      { name: 'is_show', label: '展示', kind: 'select', options: Object.entries(WORK_SHOW).map(([value, label]) => ({ value: Number(value), label })), filter: true, width: 80 },
      recField,
      { name: 'submitted_at', label: '提交时间', kind: 'datetime', filter: 'range', sortable: true, width: 170 },
      createdField,
    ],
    keywordFields: ['title', 'work_no'],
    readOnly: true,
    actions: [
      { kind: 'command', name: 'approve', label: '通过' },
      rowUpdate({ name: 'reject', label: '驳回', title: '驳回作品', fields: [reasonField] }),
      REC_TOGGLE,
      batch('batchShow', '批量展示', { is_show: 1 }),
      batch('batchNotShow', '批量不展示', { is_show: 0 }),
    ],
    rowRules: { approve: 'workApprove', reject: 'workReject' },
    writeRole: 'manager',
    nameField: 'title',
    exports: [{ name: kind.name, title: '作品列表' }],
  });
}

export const originalWorksResource = defineWorks(1);
export const originalMixWorksResource = defineWorks(9);
export const WORK_RESOURCES: ResourceDef[] = [originalWorksResource, originalMixWorksResource];

// ---- Calls around works --------------------------------------------------------------------------

/** `?act=` of `/original/work/config` and `/original/download`. */
export const actQuerySchema = z.object({ act: z.coerce.number({ error: '请选择活动' }).int('请选择活动').positive('请选择活动') });

/** A reader's submit, draft or edit (design §15): the work's body and the request id. */
export const readerWorkBody = workBodySchema.extend({ request_id: requestIdSchema });
export const readerWithdrawBody = z.object({ request_id: requestIdSchema });

/** An administrator's upload on a reader's behalf: the reader and the work (submitted and approved at once). */
export const adminWorkBody = workBodySchema.omit({ submit: true }).extend({ reader_id: idRef('读者') });

/** `POST /check/{id}/{kind}`: approve (1) or reject (2, with a reason) up to CHECK_BATCH_MAX items. */
export const checkDecisionBody = z
  .object({
    ids: z.array(idRef('审核对象'), { error: '请选择要审核的内容' }).min(1, '请选择要审核的内容').max(CHECK_BATCH_MAX, `一次最多审核${CHECK_BATCH_MAX}条`),
    status: z.union([z.literal(1), z.literal(2)], { error: '审核结果只能是通过或驳回' }),
    reason: plainText('驳回原因').trim().max(500, '驳回原因不能超过500个字符').default(''),
  })
  .refine((v) => v.status !== 2 || v.reason !== '', { path: ['reason'], message: '请输入驳回原因' });
export type CheckDecision = z.output<typeof checkDecisionBody>;
export { workReasonBody };

/** `POST /original/download`: the selected works (or every work of the list's filters) of one activity. */
/** The most works one zip holds. */
export const WORK_DOWNLOAD_MAX = 5000;
export const workDownloadBody = z.object({
  act: idRef('活动'),
  ids: z.array(idRef('作品'), { error: '请选择作品' }).min(1, '请选择作品').max(WORK_DOWNLOAD_MAX, `一次最多下载${WORK_DOWNLOAD_MAX}件作品`),
});
/** What a download page asks for instead of ids: every work that passed review, or its performances (节目). */
export const WORK_DOWNLOAD_PARTS = ['passed', 'program'] as const;
export type WorkDownloadPart = (typeof WORK_DOWNLOAD_PARTS)[number];

/** One media file of a work in a download list: where to fetch it and what to call it in the zip. */
export interface WorkMediaEntry {
  work_id: number;
  url: string;
  name: string;
}

/** A queue kind in `/check/activity`: the activities with pending items of that kind. */
export interface CheckActivityRow {
  id: number;
  title: string;
  type: number;
  kind: string;
  pending: number;
  moderation: string;
}

/** What `/work/config` answers: the stored (or default) configuration and whether it was ever saved. */
export interface WorkConfigAnswer {
  config: WorkConfig;
  saved: boolean;
}
