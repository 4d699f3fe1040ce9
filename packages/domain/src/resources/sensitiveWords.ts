import { z } from 'zod';
import { BATCH_DELETE, type ResourceField } from '../resource.js';
import { defineResource } from '../define.js';
import { normaliseForScreen, SENSITIVE_BATCH_MAX, SENSITIVE_LEVEL_KEYS, SENSITIVE_LEVELS, SENSITIVE_WORD_MAX, WORD_EMPTY_MESSAGE } from '../rules/sensitiveWords.js';
import { createdField, field, idField, plainText, requiredText } from './fields.js';

const levelOptions = Object.entries(SENSITIVE_LEVELS).map(([value, label]) => ({ value, label }));
const levelSchema = z.enum(SENSITIVE_LEVEL_KEYS, { error: '请选择有效的级别' });

const wordFields: ResourceField[] = [
  idField,
  field('word', '敏感词', 'text', (l) => requiredText(l, SENSITIVE_WORD_MAX).refine((v) => normaliseForScreen(v) !== '', WORD_EMPTY_MESSAGE), { width: 220 }),
  field('level', '级别', 'select', () => levelSchema, { options: levelOptions, filter: true, width: 120 }),
  createdField,
];

const common = {
  title: '敏感词',
  fields: wordFields,
  keywordFields: ['word'],
  actions: [BATCH_DELETE],
  nameField: 'word',
  defaultSort: '-id',
};

/**
 * The platform's sensitive words (`/v1/sensitiveWords`, page `system/sensitiveWord`): screen the
 * reader text of every organisation (rules/sensitiveWords.ts), each word 高风险 or 需审核.
 */
export const sensitiveWordsResource = defineResource({
  ...common,
  name: 'sensitiveWords',
  scope: 'super',
  path: '/v1/sensitiveWords',
  writeRole: 'super',
  exports: [{ name: 'sensitiveWords', title: '平台敏感词' }],
});

/** An organisation's own sensitive words (`/v1/{org}/sensitiveWords`, page `adminSystem/adminSensitiveWord`), beside the platform's. */
export const orgSensitiveWordsResource = defineResource({
  ...common,
  name: 'orgSensitiveWords',
  scope: 'org',
  path: '/v1/{org}/sensitiveWords',
  writeRole: 'manager',
  exports: [{ name: 'orgSensitiveWords', title: '敏感词' }],
});

/** `POST …/sensitiveWords/batchCreate {words, level}`: many words at once, one per line; words already listed are skipped. */
export const sensitiveBatchBody = z.object({
  words: plainText('敏感词', '请输入敏感词')
    .max(SENSITIVE_BATCH_MAX * (SENSITIVE_WORD_MAX + 2), '敏感词太多')
    .refine((v) => v.trim() !== '', '请输入敏感词'),
  level: levelSchema,
});
