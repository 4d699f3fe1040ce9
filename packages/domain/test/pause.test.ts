import { describe, expect, it } from 'vitest';
import { ENABLE, IS_PAUSE, IS_REC, PAUSE, pauseActionLabel } from '../src/rules/index.js';

describe('pause button', () => {
  it('a running row (is_pause 0) offers 暂停', () => {
    expect(pauseActionLabel(0)).toBe('暂停');
    expect(pauseActionLabel('0')).toBe('暂停');
  });
  it('a paused row (is_pause 1) offers 启用', () => {
    expect(pauseActionLabel(1)).toBe('启用');
    expect(pauseActionLabel('1')).toBe('启用');
  });
  it('anything else counts as running', () => {
    expect(pauseActionLabel(null)).toBe('暂停');
    expect(pauseActionLabel(undefined)).toBe('暂停');
    expect(pauseActionLabel(2)).toBe('暂停');
  });
  it('texts', () => {
    expect(PAUSE).toBe('暂停');
    expect(ENABLE).toBe('启用');
  });
});

describe('flag labels', () => {
  it('IS_PAUSE', () => {
    expect(IS_PAUSE).toEqual({ 0: '正常', 1: '已暂停' });
  });
  it('IS_REC', () => {
    expect(IS_REC).toEqual({ 0: '未推荐', 1: '已推荐' });
  });
});
