import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, intField, managersResource, organizationsResource, rowUpdatesOf, textField } from '@huodong/domain';
import {
  UnknownFieldError,
  baseType,
  createFormValidator,
  createValidator,
  formFields,
  initialValues,
  isRequired,
  memberOf,
  missingMessage,
  normalizeValue,
  rowUpdateSpec,
  serverFieldErrors,
  specRequired,
} from '../src/resources/validation';

/** A small declaration of our own, so the rules under test are visible here. */
const demo = defineResource({
  name: 'demo',
  title: '示例',
  scope: 'super',
  path: '/v1/demo',
  fields: [
    { name: 'name', label: '名称', kind: 'text', schema: z.string({ error: '请输入名称' }).trim().min(1, '请输入名称').max(5, '名称不能超过5个字符') },
    { name: 'code', label: '编码', kind: 'text', form: 'create', schema: z.string().regex(/^[a-z]+$/) },
    { name: 'note', label: '备注', kind: 'textarea', schema: z.string().max(10, '备注不能超过10个字符').optional() },
    { name: 'level', label: '级别', kind: 'select', options: [{ value: 1, label: '一级' }], schema: z.number().int().nullable().optional() },
    { name: 'start', label: '开始', kind: 'number', schema: z.number().optional() },
    { name: 'end', label: '结束', kind: 'number', schema: z.number().optional() },
    { name: 'created_at', label: '创建时间', kind: 'datetime', form: false },
  ],
  refine: (v, ctx) => {
    if (typeof v.start === 'number' && typeof v.end === 'number' && v.start > v.end) ctx.addIssue({ code: 'custom', message: '结束不能早于开始', path: ['end'] });
  },
  keywordFields: ['name'],
  actions: [],
  writeRole: 'super',
});

/** Settings in a JSON column, addressed by nested names (`config.time_limit`). */
const nested = defineResource({
  name: 'nested',
  title: '竞赛',
  scope: 'org',
  path: '/v1/{org}/contest',
  fields: [textField('title', '标题', 20, { required: true }), intField('config.time_limit', '答题时长', 1, 300, { required: true }), intField('config.pass_score', '及格分数', 0, 100)],
  keywordFields: ['title'],
  actions: [],
  writeRole: 'manager',
});

describe('form fields of a declaration', () => {
  it('create shows create-only fields, edit hides them; form:false fields never appear', () => {
    expect(formFields(demo, 'create').map((f) => f.name)).toEqual(['name', 'code', 'note', 'level', 'start', 'end']);
    expect(formFields(demo, 'update').map((f) => f.name)).toEqual(['name', 'note', 'level', 'start', 'end']);
  });

  it('a field is required when its schema member refuses a missing value', () => {
    expect(isRequired(demo, 'create', 'name')).toBe(true);
    expect(isRequired(demo, 'create', 'note')).toBe(false);
    // editing: required on create and not emptiable → marked; password may stay blank
    expect(isRequired(demo, 'update', 'name')).toBe(true);
    expect(isRequired(demo, 'update', 'note')).toBe(false);
    // the organisation key is required on create; the password of a manager only on create
    expect(isRequired(organizationsResource, 'create', 'key')).toBe(true);
    expect(isRequired(managersResource, 'create', 'password')).toBe(true);
    expect(isRequired(managersResource, 'update', 'password')).toBe(false);
  });
});

describe('validating one field', () => {
  const v = createFormValidator(demo, 'create');

  it('uses the declaration message', () => {
    expect(v.validateField('name', '')).toBe('请输入名称');
    expect(v.validateField('name', undefined)).toBe('请输入名称');
    expect(v.validateField('name', '太长的名称啊')).toBe('名称不能超过5个字符');
    expect(v.validateField('name', '城东')).toBeUndefined();
  });

  it("replaces zod's English defaults with a Chinese message naming the field", () => {
    expect(v.validateField('code', 'ABC')).toBe('编码格式不正确');
    expect(v.validateField('code', undefined)).toBe('请输入编码');
  });

  it('editing: a required text cannot be emptied', () => {
    const u = createFormValidator(demo, 'update');
    expect(u.validateField('name', '')).toBe('请输入名称');
    expect(u.validateAll({ name: '' })).toEqual({ ok: false, errors: [{ field: 'name', message: '请输入名称' }] });
    expect(u.validateAll({ name: '城南' })).toEqual({ ok: true, body: { name: '城南' } });
  });

  it('an optional field may be left empty', () => {
    expect(v.validateField('note', '')).toBeUndefined();
    expect(v.validateField('level', null)).toBeUndefined();
    expect(v.validateField('note', '01234567890')).toBe('备注不能超过10个字符');
  });

  it('validating an unknown field name is an error', () => {
    expect(() => v.validateField('nope', 'x')).toThrow(UnknownFieldError);
    expect(() => v.validateField('nope', 'x')).toThrow('unknown form field: nope');
    // a field of the declaration that is not in this mode's form is unknown too
    expect(() => createFormValidator(demo, 'update').validateField('code', 'abc')).toThrow(UnknownFieldError);
    expect(() => v.validateField('created_at', 1)).toThrow(UnknownFieldError);
  });

  it('extra names a page adds are known', () => {
    const withExtra = createFormValidator(demo, 'create', ['parent_path']);
    expect(withExtra.validateField('parent_path', [1, 2])).toBeUndefined();
  });
});

describe('validating the whole form', () => {
  const v = createFormValidator(demo, 'create');

  it('gives the API body: empty text kept, a cleared nullable sent as null, a cleared optional left out', () => {
    const r = v.validateAll({ name: ' 城东 ', code: 'abc', note: '', level: null, start: null, end: 2 });
    expect(r).toEqual({ ok: true, body: { name: ' 城东 ', code: 'abc', note: '', level: null, end: 2 } });
  });

  it('reports every field with an error, and refinements across fields on their path', () => {
    const r = v.validateAll({ name: '', code: 'X', start: 5, end: 1 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { field: 'name', message: '请输入名称' },
      { field: 'code', message: '编码格式不正确' },
      { field: 'end', message: '结束不能早于开始' },
    ]);
    const r2 = v.validateAll({ name: 'a', code: 'x', start: 5, end: 1 });
    expect(r2).toEqual({ ok: false, errors: [{ field: 'end', message: '结束不能早于开始' }] });
  });

  it('a real declaration: manager create needs account, name and a password of 8', () => {
    const m = createFormValidator(managersResource, 'create');
    const r = m.validateAll({ account: 'a', real_name: '', password: '123' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.fromEntries(r.errors.map((e) => [e.field, e.message]))).toEqual({
      account: '账号至少2个字符',
      real_name: '请输入真实姓名',
      password: '密码至少8位',
    });
    // editing: a blank password keeps the current one
    expect(createFormValidator(managersResource, 'update').validateField('password', '')).toBeUndefined();
  });

  it('the password rule of the domain shows in the form: common, one character, the account itself', () => {
    const m = createFormValidator(managersResource, 'create');
    expect(m.validateField('password', 'Qwerty123')).toBe('密码过于常见，请换一个');
    expect(m.validateField('password', 'aaaaaaaa')).toBe('密码不能由同一个字符组成');
    expect(m.validateField('password', 'Good#Pass1')).toBeUndefined();
    const r = m.validateAll({ account: 'Librarian1', real_name: '馆员', type: 'normal', password: 'librarian1' });
    expect(r).toEqual({ ok: false, errors: [{ field: 'password', message: '密码不能与账号相同' }] });
    const u = createFormValidator(managersResource, 'update');
    expect(u.validateAll({ account: 'librarian1', real_name: '馆员', type: 'normal', password: 'LIBRARIAN1' })).toMatchObject({ ok: false, errors: [{ field: 'password' }] });
  });
});

describe('helpers', () => {
  it('normalizeValue keeps what the schema takes', () => {
    expect(normalizeValue(z.string().optional(), '')).toBe('');
    // a cleared text is sent as '' so a required one reports its message while editing
    expect(normalizeValue(z.string().min(1).optional(), '')).toBe('');
    expect(normalizeValue(z.number().optional(), '')).toBeUndefined();
    expect(normalizeValue(z.number().nullable().optional(), null)).toBeNull();
    expect(normalizeValue(z.number().optional(), null)).toBeUndefined();
    expect(normalizeValue(z.number(), 3)).toBe(3);
  });

  it('baseType looks through optional, nullable, default and pipes', () => {
    expect(baseType(z.array(z.number()).optional().default([]))).toBe('array');
    expect(baseType(z.number().nullable().optional())).toBe('number');
    expect(baseType(z.string().trim().transform((s) => s.length))).toBe('string');
    expect(baseType(undefined)).toBeUndefined();
  });

  it("the server's 422 errors are split into form fields and the rest", () => {
    const data = { errors: [{ field: 'name', message: '机构名称不能超过100个字符' }, { field: 'key', message: '机构标识已存在' }, { field: '', message: '请求参数错误' }] };
    expect(serverFieldErrors(data, ['name', 'type_id'])).toEqual({
      onFields: [{ field: 'name', message: '机构名称不能超过100个字符' }],
      other: [{ field: 'key', message: '机构标识已存在' }, { field: '', message: '请求参数错误' }],
    });
    expect(serverFieldErrors(null, ['name'])).toEqual({ onFields: [], other: [] });
  });
});

describe('nested fields (a JSON column)', () => {
  const v = createFormValidator(nested, 'create');

  it('a nested field is checked by its own member, and the body is nested', () => {
    expect(memberOf(nested.create, 'config.time_limit')).toBeDefined();
    expect(memberOf(nested.create, 'config.nope')).toBeUndefined();
    expect(v.validateField('config.time_limit', 0)).toBe('答题时长不能小于1');
    expect(v.validateField('config.pass_score', null)).toBeUndefined();
    expect(v.validateAll({ title: '读书月', config: { time_limit: 30 } })).toEqual({ ok: true, body: { title: '读书月', config: { time_limit: 30 } } });
  });

  it('errors are placed on the nested field; the server’s nested 422 too', () => {
    const r = v.validateAll({ title: '读书月', config: { time_limit: 500 } });
    expect(r).toEqual({ ok: false, errors: [{ field: 'config.time_limit', message: '答题时长不能超过300' }] });
    expect(isRequired(nested, 'create', 'config.time_limit')).toBe(true);
    expect(isRequired(nested, 'create', 'config.pass_score')).toBe(false);
    const names = v.names;
    expect(serverFieldErrors({ errors: [{ field: 'config.time_limit', message: '答题时长不能超过300' }] }, names).onFields).toEqual([
      { field: 'config.time_limit', message: '答题时长不能超过300' },
    ]);
  });

  it('a row’s values of nested fields start the edit form', () => {
    expect(initialValues(nested.fields, { id: 1, title: 'x', config: { time_limit: 20 } })).toEqual({ title: 'x', config: { time_limit: 20, pass_score: undefined } });
  });
});

describe('row update dialogs (授权, 权限) use the same validation', () => {
  const authorize = rowUpdateSpec(rowUpdatesOf(organizationsResource)[0]);

  it('checks the action’s body with messages of its fields', () => {
    const a = createValidator(authorize);
    expect(a.names).toEqual(['module_ids', 'activity_types']);
    expect(a.validateAll({ module_ids: [1, 2], activity_types: [4] })).toEqual({ ok: true, body: { module_ids: [1, 2], activity_types: [4] } });
    const r = a.validateAll({ module_ids: [], activity_types: [99] });
    expect(r).toEqual({ ok: false, errors: [{ field: 'activity_types', message: '活动类型不存在' }] });
  });

  it('an empty choice is allowed (no required mark), and a missing one starts empty', () => {
    expect(specRequired(authorize, 'module_ids')).toBe(false);
    expect(initialValues(authorize.fields, { id: 1 })).toEqual({ module_ids: [], activity_types: [] });
    expect(missingMessage({ label: '可用页面', kind: 'checkboxes' })).toBe('请选择可用页面');
    expect(missingMessage({ label: '图片', kind: 'image' })).toBe('请上传图片');
  });
});
