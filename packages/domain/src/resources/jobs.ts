import { defineResource } from '../define.js';
import { idField } from './fields.js';

/** A background job's states as the runner keeps them (apps/server/src/jobs/runner.ts). */
export const JOB_STATUS = { queued: '排队中', running: '执行中', done: '已完成', failed: '失败' } as const;
/** The kinds of background work, by the runner's kind name. */
export const JOB_KINDS = { video: '视频转码', 'cert.send': '证书发放' } as const;

const labelled = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The platform's view of background work (`system/jobManage`, not a spec page: issue 21's "an
 * administrator view of failed jobs"): every job of every organisation with its attempts and last
 * error, failed ones first by the default filter; 重新执行 queues a failed job again from its first
 * attempt. Jobs are made by the work that needs them, never here.
 */
export const jobsResource = defineResource({
  name: 'jobs',
  title: '后台任务',
  scope: 'super',
  path: '/v1/jobs',
  fields: [
    idField,
    { name: 'kind', label: '任务类型', kind: 'select', options: labelled(JOB_KINDS), filter: true, width: 110 },
    { name: 'status', label: '状态', kind: 'select', options: labelled(JOB_STATUS), filter: true, width: 90 },
    { name: 'key', label: '任务标识', kind: 'text', filter: true, width: 200 },
    { name: 'org_name', label: '所属机构', kind: 'text', width: 150 },
    { name: 'attempts', label: '已执行次数', kind: 'number', width: 100 },
    { name: 'max_attempts', label: '最多执行次数', kind: 'number', width: 110 },
    { name: 'error', label: '最后错误', kind: 'text', width: 240 },
    { name: 'created_at', label: '创建时间', kind: 'datetime', sortable: true, width: 170 },
    { name: 'updated_at', label: '更新时间', kind: 'datetime', sortable: true, width: 170 },
  ],
  keywordFields: [],
  readOnly: true,
  actions: [{ kind: 'command', name: 'retry', label: '重新执行', confirm: '确定重新执行该任务？' }],
  rowRules: { retry: 'jobRetry' },
  writeRole: 'super',
  nameField: 'kind',
  defaultSort: '-updated_at',
});
