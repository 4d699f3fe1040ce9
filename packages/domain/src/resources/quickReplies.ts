import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, idField, sortField, statusField, textField } from './fields.js';

/** Quick replies (`/v1/quickReplies`): canned texts reviewers pick when checking works. */
export const quickRepliesResource = defineResource({
  name: 'quickReplies',
  title: '快捷回复',
  scope: 'super',
  path: '/v1/quickReplies',
  fields: [idField, textField('content', '回复内容', 500, { required: true, kind: 'textarea' }), sortField, statusField, createdField],
  keywordFields: ['content'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'super',
  nameField: 'content',
  defaultSort: 'sort',
});
