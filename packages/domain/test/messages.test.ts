import { describe, expect, it } from 'vitest';
import * as m from '../src/rules/index.js';

describe('fixed texts (spec §2, §4, §5, §8)', () => {
  it.each([
    ['LOGIN_FIRST', '请先进行登录'],
    ['LOADING', '正在加载...'],
    ['NO_PERMISSION_PAGE', '您没有权限进入该页面'],
    ['NO_PERMISSION', '您没有权限执行此操作'],
    ['ORG_NOT_FOUND', '机构不存在'],
    ['PAGE_NOT_FOUND', '页面不存在'],
    ['REQUEST_FAILED', '请求失败，请稍后重试'],
    ['VIDEO_CONVERTING', '视频正在云端转码中，请稍后访问'],
    ['ORG_TYPE_LIST_FAILED', '机构类型列表请求错误，请稍后重试'],
    ['MEDIA_DOWNLOAD_FAILED', '当前资源下载失败，请稍后重试'],
    ['IMPORT_SUCCESS', '导入用户信息成功！'],
    ['IMPORT_FAILED', '导入用户信息失败'],
    ['IMPORT_CHECKING', '正在校验'],
    ['DOWNLOAD_TEMPLATE', '下载模板'],
    ['ERROR_MODAL_TITLE', '错误提示'],
    ['LEAVE_TITLE', '题目数不足'],
    ['LEAVE_SUFFIX', '确定离开当前页面？'],
    ['SEX_HINT', '0-未知 1-男 2-女'],
    ['SEX_INVALID', '用户性别信息填写错误'],
    ['IDENTITY_INVALID', '用户身份类别信息填写错误'],
    ['GRADE_INVALID', '用户年级信息填写错误'],
    ['CLASS_INVALID', '用户班级信息填写错误'],
    ['ENROLLMENT_DATE_INVALID', '用户入学时间信息填写错误'],
    ['IMPORT_EMPTY', '用户列表中没有用户信息'],
    ['EDIT', '编辑'],
    ['DELETE', '删除'],
  ] as const)('%s = %s', (name, text) => {
    expect(m[name]).toBe(text);
  });
});

describe('message builders', () => {
  it('duplicateColumnMessage', () => {
    expect(m.duplicateColumnMessage('学号')).toBe("本用户列表excel的'学号'字段存在重复");
  });
  it('missingFieldMessage', () => {
    expect(m.missingFieldMessage('真实姓名')).toBe('用户缺少真实姓名字段的信息');
  });
  it('rowPrefix', () => {
    expect(m.rowPrefix(3)).toBe('第3行: ');
    expect(m.rowPrefix(3) + m.SEX_INVALID).toBe('第3行: 用户性别信息填写错误');
  });
  it('duplicateAccountMessage', () => {
    expect(m.rowPrefix(5) + m.duplicateAccountMessage(2)).toBe('第5行: 学号与第2行重复');
  });
  it('tooManyRowsMessage', () => {
    expect(m.tooManyRowsMessage(50000)).toBe('单次最多导入50000条用户信息');
  });
  it('leaveConfirmText is the warning followed by the question', () => {
    expect(m.leaveConfirmText('还差2道必答题。')).toBe('还差2道必答题。确定离开当前页面？');
  });
});
