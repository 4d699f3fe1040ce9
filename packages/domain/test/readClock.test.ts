/**
 * Reading check-in's pure rules (issue 24): the calendar of a schedule, the streak arithmetic
 * (make-ups count, rejected marks free the day, rest days neither break nor add, today unmarked
 * does not break), make-up refusals, content rules, and the China-time day boundary.
 */
import { describe, expect, it } from 'vitest';
import {
  addDays,
  chinaSeconds,
  makeupRefusal,
  markContentProblems,
  markDayOf,
  milestonesPassed,
  newMarkStatus,
  readClockCalendar,
  readClockConfigOf,
  readClockConfigProblems,
  scheduledDays,
  streakFigures,
  targetDaysOf,
} from '../src/index.js';

const start = chinaSeconds(2026, 0, 5, 0, 0, 0); // Monday 2026-01-05, 00:00 China time
const course = readClockConfigOf({ schedule: 'course', course_days: 21 });
const cal = readClockCalendar({ start_at: start, end_at: start + 60 * 86_400 }, course);
const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

describe('the calendar', () => {
  it('a course runs course_days days from the start day; day k is its k-th day', () => {
    expect(cal).toMatchObject({ first: '2026-01-05', last: '2026-01-25' });
    expect(scheduledDays(cal)).toHaveLength(21);
    expect(targetDaysOf(cal, course)).toBe(21);
    expect(targetDaysOf(cal, { target_days: 15 })).toBe(15);
  });
  it('a weekday schedule keeps only its weekdays; a daily one every day to the end', () => {
    const weekdays = readClockCalendar({ start_at: start, end_at: start + 14 * 86_400 }, readClockConfigOf({ schedule: 'weekdays', weekdays: [1, 3, 5] }));
    expect(scheduledDays(weekdays)).toEqual(['2026-01-05', '2026-01-07', '2026-01-09', '2026-01-12', '2026-01-14', '2026-01-16']);
    const daily = readClockCalendar({ start_at: start, end_at: start + 7 * 86_400 }, readClockConfigOf({}));
    expect(scheduledDays(daily)).toEqual(days('2026-01-05', 7));
  });
});

describe('streaks', () => {
  it('counts total days, the current streak ending today or yesterday, and the longest', () => {
    const marked = [...days('2026-01-05', 5), ...days('2026-01-11', 3)]; // 5–9, 11–13
    expect(streakFigures(cal, marked, '2026-01-13')).toEqual({ total_days: 8, current_streak: 3, longest_streak: 5 });
    // Today (14th) not yet marked: the streak still stands.
    expect(streakFigures(cal, marked, '2026-01-14')).toMatchObject({ current_streak: 3 });
    // A whole day missed: it is broken.
    expect(streakFigures(cal, marked, '2026-01-15')).toMatchObject({ current_streak: 0, longest_streak: 5 });
  });
  it('a make-up of the missed day joins the two runs (make-ups count)', () => {
    const marked = [...days('2026-01-05', 5), '2026-01-10', ...days('2026-01-11', 3)];
    expect(streakFigures(cal, marked, '2026-01-13')).toEqual({ total_days: 9, current_streak: 9, longest_streak: 9 });
  });
  it('a rejected mark is not counted: its day is a gap', () => {
    // The caller passes approved days only; the rejected 7th is absent.
    const approved = days('2026-01-05', 5).filter((d) => d !== '2026-01-07');
    expect(streakFigures(cal, approved, '2026-01-09')).toEqual({ total_days: 4, current_streak: 2, longest_streak: 2 });
  });
  it('rest days of a weekday schedule neither break nor add', () => {
    const weekdays = readClockCalendar({ start_at: start, end_at: start + 30 * 86_400 }, readClockConfigOf({ schedule: 'weekdays', weekdays: [1, 2, 3, 4, 5] }));
    const marked = [...days('2026-01-05', 5), ...days('2026-01-12', 2)]; // Mon–Fri, then Mon–Tue
    expect(streakFigures(weekdays, marked, '2026-01-13')).toEqual({ total_days: 7, current_streak: 7, longest_streak: 7 });
    // Saturday, Sunday: no gap, not counted either.
    expect(streakFigures(weekdays, [...marked, '2026-01-10'], '2026-01-13')).toMatchObject({ total_days: 7 });
  });
  it('days outside the course or in the future do not count', () => {
    expect(streakFigures(cal, ['2026-01-04', '2026-01-05', '2026-01-26', '2026-01-06'], '2026-01-05')).toEqual({ total_days: 1, current_streak: 1, longest_streak: 1 });
  });
  it('milestones passed by a rising streak, each once', () => {
    const ms = course.milestones;
    expect(milestonesPassed(ms, 6, 7)).toEqual([{ days: 7, points: 40 }]);
    expect(milestonesPassed(ms, 7, 8)).toEqual([]);
    expect(milestonesPassed(ms, 5, 21)).toHaveLength(2);
  });
});

describe('the China-time day boundary', () => {
  it('23:59 and 00:01 China time are two days, whatever UTC says', () => {
    const late = chinaSeconds(2026, 0, 9, 23, 59, 0);
    const early = chinaSeconds(2026, 0, 10, 0, 1, 0);
    expect(markDayOf(late)).toBe('2026-01-09');
    expect(markDayOf(early)).toBe('2026-01-10');
    // 00:01 China time is 16:01 UTC of the day before.
    expect(new Date(early * 1000).toISOString().slice(0, 10)).toBe('2026-01-09');
  });
});

describe('make-ups and content', () => {
  const c = readClockConfigOf({ schedule: 'course', course_days: 21 });
  it('never today, in the future, before the start, off schedule or beyond the days allowed', () => {
    expect(makeupRefusal(c, cal, '2026-01-10', '2026-01-09')).toBeNull();
    expect(makeupRefusal(c, cal, '2026-01-10', '2026-01-07')).toBeNull();
    expect(makeupRefusal(c, cal, '2026-01-10', '2026-01-06')).toBe('只能补3天内的打卡');
    expect(makeupRefusal(c, cal, '2026-01-10', '2026-01-10')).toBe('今天请直接打卡');
    expect(makeupRefusal(c, cal, '2026-01-10', '2026-01-11')).toBe('不能补未来的日期');
    expect(makeupRefusal(c, cal, '2026-01-06', '2026-01-04')).toBe('不能补活动开始之前的日期');
    expect(makeupRefusal({ ...c, makeup_enabled: 0 }, cal, '2026-01-10', '2026-01-09')).toBe('本活动不允许补卡');
  });
  it('content rules name their field', () => {
    const strict = readClockConfigOf({ min_words: 10, required_images: 1, reading_minutes: 1, require_book: 1 });
    expect(markContentProblems(strict, { content: '太短', images: [] }).map((p) => p.field)).toEqual(['content', 'images', 'reading_minutes', 'book_id']);
    expect(markContentProblems(strict, { content: '今天读了很多很多的书，非常开心', images: ['/v1/files/a.png'], reading_minutes: 30, book_id: 1 })).toEqual([]);
  });
  it('defaults: pre moderation, 3 make-ups within 3 days, milestones 7/40 and 21/160', () => {
    const d = readClockConfigOf(undefined);
    expect(d).toMatchObject({ moderation: 'pre', makeup_max: 3, makeup_within_days: 3, min_words: 10, milestones: [{ days: 7, points: 40 }, { days: 21, points: 160 }] });
    expect(newMarkStatus(d, false)).toBe(0);
    expect(newMarkStatus({ ...d, moderation: 'post' }, false)).toBe(1);
    expect(newMarkStatus({ ...d, moderation: 'post', makeup_needs_approval: 1 }, true)).toBe(0);
    expect(readClockConfigProblems({ min_words: 50, max_words: 20 })).toEqual([{ field: 'config.max_words', message: '最多字数不能少于最少字数' }]);
  });
});

describe('the form’s empty weekdays', () => {
  it('are the default days, not a schedule without days', async () => {
    const { readClockConfigOf, readClockConfigSchemas } = await import('../src/rules/readClock.js');
    expect(readClockConfigSchemas.weekdays.safeParse([]).success).toBe(true);
    expect(readClockConfigOf({ schedule: 'weekdays', weekdays: [] }).weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(readClockConfigOf({ schedule: 'weekdays', weekdays: [6, 7] }).weekdays).toEqual([6, 7]);
  });
});
