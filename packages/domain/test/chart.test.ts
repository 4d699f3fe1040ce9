import { describe, expect, it } from 'vitest';
import { chartLabel, percent, zoomRatio } from '../src/rules/index.js';

describe('chartLabel', () => {
  it('keeps labels of up to 10 characters', () => {
    expect(chartLabel('')).toBe('');
    expect(chartLabel('阅读推广活动')).toBe('阅读推广活动');
    expect(chartLabel('一二三四五六七八九十')).toBe('一二三四五六七八九十');
  });
  it('cuts labels over 10 characters to 9 plus ...', () => {
    expect(chartLabel('一二三四五六七八九十十一')).toBe('一二三四五六七八九...');
    expect(chartLabel('abcdefghijk')).toBe('abcdefghi...');
  });
  it('counts code points, so astral characters are neither split nor double-counted', () => {
    const ten = '😀'.repeat(10);
    expect(chartLabel(ten)).toBe(ten);
    expect(chartLabel('😀'.repeat(11))).toBe('😀'.repeat(9) + '...');
    expect(chartLabel('𠀀'.repeat(12))).toBe('𠀀'.repeat(9) + '...');
  });
});

describe('percent', () => {
  it('is count of total in percent, rounded to 2 decimals', () => {
    expect(percent(1, 3)).toBe(33.33);
    expect(percent(2, 3)).toBe(66.67);
    expect(percent(1, 2)).toBe(50);
    expect(percent(3, 3)).toBe(100);
    expect(percent(0, 5)).toBe(0);
    expect(percent(1, 8)).toBe(12.5);
    expect(percent(1, 7)).toBe(14.29);
  });
  it('rounds half up at the second decimal', () => {
    expect(percent(1.005, 100)).toBe(1.01);
    expect(percent(1, 400)).toBe(0.25);
  });
  it('is never NaN or Infinity', () => {
    for (const [c, t] of [
      [0, 0],
      [5, 0],
      [NaN, 10],
      [1, NaN],
      [Infinity, 10],
      [1, Infinity],
    ]) {
      const p = percent(c, t);
      expect(Number.isFinite(p)).toBe(true);
      expect(p).toBe(0);
    }
  });
});

describe('zoomRatio', () => {
  it('rounds devicePixelRatio to a whole percent', () => {
    expect(zoomRatio(1)).toBe(100);
    expect(zoomRatio(1.25)).toBe(125);
    expect(zoomRatio(1.5)).toBe(150);
    expect(zoomRatio(0.6666667)).toBe(67);
    expect(zoomRatio(1.1000000238418579)).toBe(110);
    expect(zoomRatio(2.004)).toBe(200);
  });
  it('falls back to 100 for an invalid ratio', () => {
    expect(zoomRatio(NaN)).toBe(100);
    expect(zoomRatio(0)).toBe(100);
    expect(zoomRatio(-1)).toBe(100);
    expect(zoomRatio(Infinity)).toBe(100);
  });
});
