import { describe, expect, it } from 'vitest';
import {
  addChinaMonths,
  canonicalJson,
  chinaClock,
  chinaDate,
  chinaDateTime,
  chinaDateText,
  chinaDayKey,
  chinaDayStart,
  chinaSeconds,
  chinaYear,
  competitionRanks,
  durationText,
  initialItemStatus,
  itemVisible,
  ITEM_APPROVED,
  ITEM_HIDDEN,
  ITEM_PENDING,
  ITEM_REJECTED,
  REPORTS_BEFORE_HIDING,
  round2,
  statusAfterReport,
} from '../src/index.js';

/** China Standard Time wall clock → Unix seconds. */
const cst = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => Date.UTC(y, mo - 1, d, h - 8, mi, s) / 1000;

describe('the China calendar day (Asia/Shanghai, UTC+8)', () => {
  it('changes at midnight China time, not at UTC midnight', () => {
    expect(chinaDayKey(cst(2024, 1, 1, 23, 59, 59))).toBe('20240101');
    expect(chinaDayKey(cst(2024, 1, 2, 0, 0, 0))).toBe('20240102');
    // 2024-01-01 16:00 UTC is already the 2nd in China.
    expect(chinaDate(Date.UTC(2024, 0, 1, 16, 0, 0) / 1000)).toBe('2024-01-02');
    expect(chinaDate(Date.UTC(2024, 0, 1, 15, 59, 59) / 1000)).toBe('2024-01-01');
  });
  it('a moment near midnight UTC reads on its China day and clock, and a China wall clock reads back to it', () => {
    const late = Date.UTC(2024, 0, 1, 23, 30) / 1000; // 07:30 on the 2nd in Shanghai
    expect(chinaDateTime(late)).toBe('2024-01-02 07:30');
    expect(chinaClock(late)).toBe('07:30');
    expect(chinaSeconds(2024, 0, 2, 7, 30)).toBe(late);
    expect(chinaSeconds(2024, 0, 2)).toBe(chinaDayStart(late));
  });
  it('the day starts at 00:00:00 China time', () => {
    expect(chinaDayStart(cst(2024, 1, 2, 13, 5, 7))).toBe(cst(2024, 1, 2));
    expect(chinaDayStart(cst(2024, 1, 2))).toBe(cst(2024, 1, 2));
    expect(chinaDayStart(cst(2024, 1, 2) - 1)).toBe(cst(2024, 1, 1));
  });
  it('the year of a moment is China’s', () => {
    expect(chinaYear(Date.UTC(2024, 11, 31, 16, 30) / 1000)).toBe(2025);
    expect(chinaYear(Date.UTC(2024, 11, 31, 15, 59) / 1000)).toBe(2024);
    expect(chinaDateText(cst(2024, 5, 1, 9))).toBe('2024年5月1日');
  });
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addChinaMonths(cst(2024, 1, 31, 10), 1)).toBe(cst(2024, 2, 29, 10));
    expect(addChinaMonths(cst(2023, 1, 31, 10), 1)).toBe(cst(2023, 2, 28, 10));
    expect(addChinaMonths(cst(2024, 12, 15, 8), 1)).toBe(cst(2025, 1, 15, 8));
    expect(addChinaMonths(cst(2024, 2, 29), 12)).toBe(cst(2025, 2, 28));
    // 23:30 China time is still the 31st there although UTC already says the 31st 15:30.
    expect(addChinaMonths(cst(2024, 1, 31, 23, 30), 1)).toBe(cst(2024, 2, 29, 23, 30));
  });
  it('durations read in minutes and seconds', () => {
    expect(durationText(600)).toBe('10分钟');
    expect(durationText(90)).toBe('1分30秒');
    expect(durationText(45)).toBe('45秒');
  });
});

describe('round2', () => {
  it('rounds half away from zero without binary surprises', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(2.675)).toBe(2.68);
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(-1.005)).toBe(-1.01);
    expect(round2(33.333)).toBe(33.33);
    expect(round2(1e-7)).toBe(0);
    expect(round2(82)).toBe(82);
  });
});

describe('competition ranking (1, 1, 3)', () => {
  it('ties share the first place of the tie and the next rank skips', () => {
    const scores = [10, 10, 8, 8, 8, 5];
    expect(competitionRanks(scores, (a, b) => a === b)).toEqual([1, 1, 3, 3, 3, 6]);
    expect(competitionRanks([3, 2, 1], (a, b) => a === b)).toEqual([1, 2, 3]);
    expect(competitionRanks([], () => true)).toEqual([]);
  });
  it('the canonical text does not depend on key order and drops undefined members', () => {
    const a = canonicalJson({ b: 1, a: { d: 2, c: [{ y: 1, x: 2 }] }, u: undefined });
    expect(a).toBe('{"a":{"c":[{"x":2,"y":1}],"d":2},"b":1}');
    expect(canonicalJson({ a: { c: [{ x: 2, y: 1 }], d: 2 }, b: 1 })).toBe(a);
    expect(canonicalJson([1, undefined, 'x'])).toBe('[1,null,"x"]');
    expect(canonicalJson({ b: 2 })).not.toBe(canonicalJson({ b: 3 }));
  });
});

describe('moderation of reader content', () => {
  it('pre moderation holds new items; post and none publish them', () => {
    expect(initialItemStatus('pre')).toBe(ITEM_PENDING);
    expect(initialItemStatus('post')).toBe(ITEM_APPROVED);
    expect(initialItemStatus('none')).toBe(ITEM_APPROVED);
  });
  it('others see approved items, and pending ones only without pre moderation; the author sees everything of theirs', () => {
    expect(itemVisible(ITEM_APPROVED, 'pre', false)).toBe(true);
    expect(itemVisible(ITEM_PENDING, 'pre', false)).toBe(false);
    expect(itemVisible(ITEM_PENDING, 'post', false)).toBe(true);
    expect(itemVisible(ITEM_REJECTED, 'post', false)).toBe(false);
    expect(itemVisible(ITEM_HIDDEN, 'none', false)).toBe(false);
    expect(itemVisible(ITEM_REJECTED, 'pre', true)).toBe(true);
    expect(itemVisible(ITEM_HIDDEN, 'post', true)).toBe(true);
  });
  it('the third report hides a visible item, unless a moderator kept it', () => {
    expect(REPORTS_BEFORE_HIDING).toBe(3);
    expect(statusAfterReport(ITEM_APPROVED, 2, false)).toBe(ITEM_APPROVED);
    expect(statusAfterReport(ITEM_APPROVED, 3, false)).toBe(ITEM_HIDDEN);
    expect(statusAfterReport(ITEM_PENDING, 3, false)).toBe(ITEM_HIDDEN);
    expect(statusAfterReport(ITEM_APPROVED, 7, true)).toBe(ITEM_APPROVED);
    expect(statusAfterReport(ITEM_REJECTED, 5, false)).toBe(ITEM_REJECTED);
  });
});
