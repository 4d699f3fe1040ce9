import { z } from 'zod';
import { defineResource } from '../resource.js';
import { createdField, idField, requiredText, sortField, sortSchema, statusField } from './fields.js';

const replyBody = { content: requiredText('回复内容', 500), sort: sortSchema };

/** Quick replies (`/v1/quickReplies`): canned texts reviewers pick when checking works. */
export const quickRepliesResource = defineResource({
  name: 'quickReplies',
  title: '快捷回复',
  scope: 'super',
  path: '/v1/quickReplies',
  create: z.object(replyBody),
  update: z.object(replyBody).partial(),
  fields: [idField, { name: 'content', label: '回复内容', kind: 'textarea' }, sortField, statusField, createdField],
  keywordFields: ['content'],
  actions: ['enable', 'disable', 'batchDelete', 'sort'],
  writeRole: 'super',
  page: 'system/quickReply',
  nameField: 'content',
  defaultSort: 'sort',
});
