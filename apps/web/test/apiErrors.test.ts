import { describe, expect, it } from 'vitest';
import { ORG_NOT_FOUND, PAGE_NOT_FOUND, REQUEST_FAILED, VIDEO_CONVERTING } from '@huodong/domain';
import { ApiError, decideError, errorText, isLoginCall } from '../src/shared/apiErrors';

const page = { loginCall: false };
const err = (status: number, message = '', code = status) => new ApiError(status, code, message);

describe('error catalogue decisions (spec §8)', () => {
  it('shows the server message, or the default when it is empty', () => {
    expect(decideError(err(422, '账号不能为空'), page)).toEqual({ kind: 'message', text: '账号不能为空' });
    expect(decideError(err(500, ''), page)).toEqual({ kind: 'message', text: REQUEST_FAILED });
    expect(decideError(err(0, '', -1), page)).toEqual({ kind: 'message', text: REQUEST_FAILED });
    expect(errorText('  ')).toBe(REQUEST_FAILED);
  });

  it('429 throttling is a plain message', () => {
    expect(decideError(err(429, '请求过于频繁'), page).kind).toBe('message');
  });

  it('body code 0 means the video is still converting', () => {
    expect(decideError(err(200, '', 0), page)).toEqual({ kind: 'videoConverting', text: VIDEO_CONVERTING });
  });

  it('机构不存在 anywhere goes to /error404, whatever the status', () => {
    expect(decideError(err(404, ORG_NOT_FOUND), page).kind).toBe('orgNotFound');
    expect(decideError(err(403, ORG_NOT_FOUND), page).kind).toBe('orgNotFound');
    expect(decideError(err(422, `${ORG_NOT_FOUND}或已停用`), page).kind).toBe('orgNotFound');
  });

  it('403 opens the error modal and goes to login', () => {
    expect(decideError(err(403, '您没有权限执行此操作'), page)).toEqual({ kind: 'forbidden', text: '您没有权限执行此操作' });
  });

  it('404 页面不存在 goes to the error page; other 404s are messages', () => {
    expect(decideError(err(404, PAGE_NOT_FOUND), page).kind).toBe('pageNotFound');
    expect(decideError(err(404, '活动不存在'), page)).toEqual({ kind: 'message', text: '活动不存在' });
  });

  it('401 marks the page not authorised, except on login calls (wrong password)', () => {
    expect(decideError(err(401, '登录已过期'), page).kind).toBe('unauthorised');
    expect(decideError(err(401, '账号或密码错误'), { loginCall: true })).toEqual({ kind: 'message', text: '账号或密码错误' });
  });

  it('a legacy answer with HTTP 200 and an error code is classed by the code', () => {
    expect(decideError(err(200, '', 401), page).kind).toBe('unauthorised');
  });

  it('recognises login and verification-code calls', () => {
    expect(isLoginCall('/v1/login')).toBe(true);
    expect(isLoginCall('/v1/org1/login/verificationCode')).toBe(true);
    expect(isLoginCall('/v1/org1/logout')).toBe(false);
    expect(isLoginCall('/v1/org1/menu')).toBe(false);
  });
});
