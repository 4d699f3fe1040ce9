import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_STATE_LABEL,
  ACTIVITY_TYPES,
  activityStateLabel,
  activityStateOf,
  normalizeTimestamp,
} from '../src/rules/index.js';

const START = 1_700_000_000;
const END = 1_700_086_400;

describe('normalizeTimestamp', () => {
  it('keeps a 10-digit seconds value', () => {
    expect(normalizeTimestamp(START)).toBe(START);
    expect(normalizeTimestamp(String(START))).toBe(START);
  });
  it('cuts a 13-digit value to its first 10 digits (truncation, not rounding)', () => {
    expect(normalizeTimestamp(1_700_000_000_999)).toBe(1_700_000_000);
    expect(normalizeTimestamp('1700000000999')).toBe(1_700_000_000);
  });
  it('cuts any value longer than 10 digits', () => {
    expect(normalizeTimestamp(1_700_000_000_123_456)).toBe(1_700_000_000);
  });
  it('drops fractions and surrounding spaces', () => {
    expect(normalizeTimestamp(1_700_000_000.9)).toBe(1_700_000_000);
    expect(normalizeTimestamp(' 1700000000.5 ')).toBe(1_700_000_000);
  });
  it('keeps short values and 0', () => {
    expect(normalizeTimestamp(86_400)).toBe(86_400);
    expect(normalizeTimestamp(0)).toBe(0);
  });
  it.each([null, undefined, '', '  ', 'abc', '-5', -5, NaN, Infinity, {}, [], true])('returns null for %j', (v) => {
    expect(normalizeTimestamp(v)).toBeNull();
  });
});

describe('activityStateOf', () => {
  const act = { start_at: START, end_at: END };

  it('is not started before start', () => {
    expect(activityStateOf(act, START - 1)).toBe(1);
  });
  it('is in progress from start (inclusive) until end (exclusive)', () => {
    expect(activityStateOf(act, START)).toBe(2);
    expect(activityStateOf(act, END - 1)).toBe(2);
  });
  it('is finished at and after end', () => {
    expect(activityStateOf(act, END)).toBe(3);
    expect(activityStateOf(act, END + 1)).toBe(3);
  });

  it('handles 13-digit start and end', () => {
    const ms = { start_at: START * 1000 + 999, end_at: END * 1000 + 999 };
    expect(activityStateOf(ms, START - 1)).toBe(1);
    expect(activityStateOf(ms, START)).toBe(2);
    // 1700086400999 is cut to 1700086400, so the activity ends at END exactly.
    expect(activityStateOf(ms, END)).toBe(3);
  });
  it('accepts timestamps as strings', () => {
    expect(activityStateOf({ start_at: String(START), end_at: String(END) }, START)).toBe(2);
  });
  it('accepts now in milliseconds', () => {
    expect(activityStateOf(act, START * 1000 + 500)).toBe(2);
    expect(activityStateOf(act, END * 1000)).toBe(3);
  });

  describe('an explicit state wins', () => {
    it.each([1, 2, 3] as const)('state %i', (state) => {
      expect(activityStateOf({ ...act, state }, START - 1)).toBe(state);
      expect(activityStateOf({ ...act, state }, END + 1)).toBe(state);
    });
    it('as a numeric string', () => {
      expect(activityStateOf({ ...act, state: '3' }, START)).toBe(3);
    });
    it.each([0, 4, -1, 2.5, null, undefined, '', 'x'])('ignores %j and computes', (state) => {
      expect(activityStateOf({ ...act, state }, START)).toBe(2);
    });
  });

  describe('missing times', () => {
    it('missing start means already started', () => {
      expect(activityStateOf({ end_at: END }, 0)).toBe(2);
      expect(activityStateOf({ start_at: null, end_at: END }, END - 1)).toBe(2);
      expect(activityStateOf({ start_at: null, end_at: END }, END)).toBe(3);
    });
    it('missing end means never ends', () => {
      expect(activityStateOf({ start_at: START }, START - 1)).toBe(1);
      expect(activityStateOf({ start_at: START, end_at: undefined }, 9_999_999_999)).toBe(2);
    });
    it('both missing means in progress', () => {
      expect(activityStateOf({}, START)).toBe(2);
      expect(activityStateOf({ start_at: '', end_at: '' }, START)).toBe(2);
    });
    it('0 and unparsable values count as missing', () => {
      expect(activityStateOf({ start_at: 0, end_at: 0 }, START)).toBe(2);
      expect(activityStateOf({ start_at: 'soon', end_at: END }, START)).toBe(2);
    });
  });
});

describe('labels', () => {
  it('ACTIVITY_STATE_LABEL', () => {
    expect(ACTIVITY_STATE_LABEL).toEqual({ 1: '未开始', 2: '进行中', 3: '已结束' });
  });
  it('activityStateLabel', () => {
    const act = { start_at: START, end_at: END };
    expect(activityStateLabel(act, START - 1)).toBe('未开始');
    expect(activityStateLabel(act, START)).toBe('进行中');
    expect(activityStateLabel(act, END)).toBe('已结束');
    expect(activityStateLabel({ ...act, state: 3 }, START)).toBe('已结束');
  });
  it('ACTIVITY_TYPES lists the eleven types of spec §1', () => {
    expect(ACTIVITY_TYPES).toEqual({
      1: '原创作品（单类型）',
      2: '投票评论',
      3: '知识竞赛（单轮）',
      4: '问卷调查',
      5: '线下活动',
      6: '知识竞赛（进阶）',
      7: '第三方活动',
      8: '阅读打卡',
      9: '原创作品（多类型）',
      16: '扫码积分',
      19: '点播讲座',
    });
  });
});
