import { z } from 'zod';
import { defineResource, rowUpdate } from '../define.js';
import { CHECK_STATUS } from '../rules/checkStatus.js';
import { createdField, optionsOf, plainText } from './fields.js';
import { crossOrgActivityFields } from './platformActivities.js';


/**
 * The platform's review of activities (spec §2 `checkManage`, §7 `/v1/check`): when the platform
 * requires it (`/v1/check/config`, off by default), an organisation's 发布 submits the activity
 * here instead of publishing it; the platform approves (it is published) or rejects with a reason
 * (it stays a draft and the organisation sees why). The list holds every activity ever submitted,
 * filtered by 审核状态; only a waiting one can be approved or rejected.
 */
export const checkActivitiesResource = defineResource({
  name: 'checkActivities',
  title: '待审核活动',
  scope: 'super',
  path: '/v1/check',
  fields: [
    ...crossOrgActivityFields,
    { name: 'check_status', label: '审核状态', kind: 'select', options: optionsOf(CHECK_STATUS).filter((o) => o.value !== 0), filter: true, width: 90 },
    { name: 'check_reason', label: '审核意见', kind: 'text', width: 160 },
    { name: 'updated_at', label: '更新时间', kind: 'datetime', sortable: true, width: 150 },
    createdField,
  ],
  keywordFields: ['title'],
  readOnly: true,
  actions: [
    { kind: 'command', name: 'approve', label: '通过', confirm: '审核通过后活动将立即发布，确定通过？' },
    rowUpdate({
      name: 'reject',
      label: '驳回',
      title: '驳回活动',
      fields: [
        {
          name: 'check_reason',
          label: '驳回原因',
          kind: 'textarea',
          schema: plainText('驳回原因', '请输入驳回原因').trim().min(1, '请输入驳回原因').max(500, '驳回原因不能超过500个字符'),
          optionsFrom: { path: '/v1/quickReplies', value: 'content', label: 'content' },
        },
      ],
    }),
  ],
  writeRole: 'super',
  nameField: 'title',
  defaultSort: '-updated_at',
});

/** `GET/POST /v1/check/config`: whether organisations' activities need the platform's approval. */
export const checkConfigSchema = z.object({ required: z.boolean({ error: '只能是true或false' }) });
export type CheckConfig = z.infer<typeof checkConfigSchema>;
