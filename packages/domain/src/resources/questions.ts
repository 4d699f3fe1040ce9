import { z } from 'zod';
import { BATCH_DELETE, PAUSE_TOGGLE, SORT, type ResourceField, type ResourceInput } from '../resource.js';
import { defineResource } from '../define.js';
import { checkQuestion, DIFFICULTY_LEVELS, questionFields, QUESTION_TYPES, type QuestionBody } from '../rules/questions.js';
import { createdField, field, idRef, optionsOf, sortField, statusField, textField, idField } from './fields.js';

/**
 * The question banks (spec §7, design activities §4): the public bank (`/v1/public`, super), an
 * organisation's bank as the platform manages it (`/v1/org/{org}/questions`) and as the
 * organisation manages it (`/v1/{org}/question`), all rows of one table; and an organisation's
 * question categories (`/v1/{org}/category`, and `/v1/org/{org}/category` for the platform).
 * The public bank's categories are the platform's (`/v1/categories`, `/v1/question/category`).
 */

/** Checks across a question's fields, on a body that carries the question (create, or an edit sending type, stem and answer). */
export function refineQuestion(v: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (v.type === undefined || v.stem === undefined || v.answer === undefined) return;
  const { problems } = checkQuestion(v as Pick<QuestionBody, 'type' | 'stem' | 'options' | 'answer'>);
  for (const p of problems) ctx.addIssue({ code: 'custom', path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message });
}

const hiddenInList = { list: false } as const;
/** The question's fields as every bank lists and writes them; `category` says where the category options come from. */
function questionFieldsOf(categories: string): ResourceField[] {
  return [
    idField,
    { name: 'type', label: '题型', kind: 'select', schema: questionFields.type, updateSchema: questionFields.type.optional(), options: optionsOf(QUESTION_TYPES), filter: 'in', width: 80 },
    field('category_id', '分类', 'select', (l) => idRef(l).nullable().optional(), { optionsFrom: { path: categories, value: 'id', label: 'name' }, filter: true, width: 120 }),
    { name: 'stem', label: '题干', kind: 'textarea', schema: questionFields.stem, width: 320 },
    { name: 'stem_images', label: '题干图片', kind: 'text', schema: questionFields.stem_images.optional(), ...hiddenInList },
    { name: 'options', label: '选项', kind: 'text', schema: questionFields.options.optional(), ...hiddenInList },
    { name: 'answer', label: '答案', kind: 'text', schema: questionFields.answer, ...hiddenInList },
    { name: 'answer_text', label: '答案', kind: 'text', width: 140 },
    { name: 'analysis', label: '解析', kind: 'textarea', schema: questionFields.analysis, ...hiddenInList },
    { name: 'difficulty', label: '难度', kind: 'select', schema: questionFields.difficulty.optional(), options: optionsOf(DIFFICULTY_LEVELS), filter: true, width: 80 },
    { name: 'default_score', label: '默认分值', kind: 'number', schema: questionFields.default_score.optional(), width: 90, placeholder: '默认5' },
    { name: 'tags', label: '标签', kind: 'text', schema: questionFields.tags.optional(), ...hiddenInList },
    textField('source_book', '出处书目', 100, { ...hiddenInList, placeholder: '书名或ISBN' }),
    { name: 'used_count', label: '使用次数', kind: 'number', sortable: true, width: 90 },
    { name: 'correct_rate', label: '正确率(%)', kind: 'number', width: 100 },
    statusField,
    createdField,
  ];
}

const bank = (input: Omit<ResourceInput, 'fields' | 'keywordFields' | 'actions' | 'refine' | 'nameField' | 'defaultSort' | 'title'> & { categories: string }) => {
  const { categories, ...rest } = input;
  return defineResource({
    title: '题目',
    fields: questionFieldsOf(categories),
    refine: refineQuestion,
    keywordFields: ['stem', 'source_book'],
    actions: [PAUSE_TOGGLE, BATCH_DELETE],
    nameField: 'stem',
    defaultSort: '-created_at',
    ...rest,
  });
};

/** The public bank (page questionManage/publicQuestion): platform categories, `batchUpdateCategory`, `batchCreate`. */
export const publicQuestionsResource = bank({ name: 'publicQuestions', scope: 'super', path: '/v1/public', writeRole: 'super', categories: '/v1/question/category', exports: [{ name: 'publicQuestions', title: '公共题库' }] });

/** An organisation's bank as the platform manages it (questionManage/orgQuestList?org=): `batchUpdateOrg`, `batchUpdateCategory`, `transfer`. */
export const orgQuestionsResource = bank({ name: 'orgQuestions', scope: 'org', path: '/v1/org/{org}/questions', writeRole: 'super', categories: '/v1/org/{org}/category' });

/** The organisation's own bank (adminQuestion/adminQuestionManage): its managers write it; `batchUpdateCategory`, `batchCreate`. */
export const bankQuestionsResource = bank({ name: 'bankQuestions', scope: 'org', path: '/v1/{org}/question', writeRole: 'manager', categories: '/v1/{org}/category', exports: [{ name: 'bankQuestions', title: '机构题库' }] });

const categoryFields: ResourceField[] = [
  idField,
  textField('name', '分类名称', 50, { required: true, width: 160 }),
  textField('description', '分类说明', 255, { kind: 'textarea' }),
  sortField,
  { name: 'question_count', label: '题目数', kind: 'number', width: 90 },
  statusField,
  createdField,
];
const categoryCommon = { title: '题目分类', fields: categoryFields, keywordFields: ['name', 'description'], nameField: 'name', defaultSort: 'sort' };

/** The organisation's question categories (adminQuestion/adminCategory). */
export const questionCategoriesResource = defineResource({ ...categoryCommon, actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT], name: 'questionCategories', scope: 'org', path: '/v1/{org}/category', writeRole: 'manager' });
/** The same categories as the platform manages them (`/v1/org/{org}/category`). */
export const orgQuestionCategoriesResource = defineResource({ ...categoryCommon, actions: [PAUSE_TOGGLE, BATCH_DELETE, SORT], name: 'orgQuestionCategories', scope: 'org', path: '/v1/org/{org}/category', writeRole: 'super' });

export const QUESTION_RESOURCES = [publicQuestionsResource, orgQuestionsResource, bankQuestionsResource, questionCategoriesResource, orgQuestionCategoriesResource];

/** `GET /v1/questions/organizations`: organisations with the size of their banks. */
export interface OrgQuestionCount {
  id: number;
  key: string;
  name: string;
  is_pause: number;
  question_count: number;
  active_count: number;
  category_count: number;
}

/** `GET /v1/question/types`: the five types with their counts in the public bank and in all banks. */
export interface QuestionTypeCount {
  id: number;
  name: string;
  public_count: number;
  org_count: number;
}
