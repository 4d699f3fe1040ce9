import { describe, expect, it } from 'vitest';
import { activityCountPage, activityTypeName, chinaMonthOf, monthsBetween, nextMonth, previousMonth } from '../src/index.js';

describe('statistics rules', () => {
  it('months are China-time months, listed with no gaps across a year end', () => {
    expect(chinaMonthOf(Date.UTC(2026, 9, 31, 16, 0, 0) / 1000)).toBe('2026-11'); // 00:00 on 1 November in Shanghai
    expect(chinaMonthOf(Date.UTC(2026, 9, 31, 15, 59, 59) / 1000)).toBe('2026-10');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-02')).toEqual([]);
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
  });

  it('an activity type is named by its list page and opens its own statistics page', () => {
    expect(activityTypeName(2)).toBe('投票评论活动');
    expect(activityTypeName(99)).toBe('未知类型');
    expect(activityCountPage(2)).toBe('adminCount/adminActCount/actCountEva');
    expect(activityCountPage(5, 1)).toBe('adminCount/adminActCount/actCountOffineS');
    expect(activityCountPage(19)).toBe('');
  });
});
