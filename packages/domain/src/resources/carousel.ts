import { BATCH_DELETE, PAUSE_TOGGLE, SORT } from '../resource.js';
import { defineResource } from '../define.js';
import { createdField, fileField, idField, linkField, sortField, statusField, textField } from './fields.js';

/**
 * The organisation's carousel (spec §2 `adminSystem/adminCarousel`, §7 `/v1/{org}/carousel` with
 * sort and batchDelete): pictures on the readers' home page, in the order of `sort`, each with an
 * optional link; paused ones are not shown to readers.
 */
export const carouselResource = defineResource({
  name: 'carousel',
  title: '轮播图',
  scope: 'org',
  path: '/v1/{org}/carousel',
  fields: [
    idField,
    fileField('image', '图片', 'image', 'cover', { required: true }),
    textField('title', '标题', 100, { required: true }),
    linkField('link', '链接', { list: false, placeholder: 'https://' }),
    sortField,
    statusField,
    createdField,
  ],
  keywordFields: ['title'],
  actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT],
  writeRole: 'manager',
  nameField: 'title',
  defaultSort: 'sort',
  exports: [{ name: 'carousel', title: '轮播图' }],
});
