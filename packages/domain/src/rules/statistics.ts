import { findRoute } from '../routes.js';
import { ACTIVITY_KINDS, type ActivityType } from './activityState.js';
import { chinaDate } from './chinaTime.js';

/**
 * The statistics of the platform and the organisation (issue 26): months as the pages show them,
 * the names of activity types and each type's count page (the drill-down from an organisation's
 * overview to an activity).
 */

/** The China-time month `YYYY-MM` of Unix seconds. */
export function chinaMonthOf(seconds: number): string {
  return chinaDate(seconds).slice(0, 7);
}

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to` (both included); none when `to` is earlier. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from; m <= to; m = nextMonth(m)) months.push(m);
  return months;
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The name of an activity type: the title of the page that lists it (未知类型 for a type no longer served). */
export function activityTypeName(type: number): string {
  const kind = ACTIVITY_KINDS[type as ActivityType];
  return (kind && findRoute(kind.page)?.title) ?? '未知类型';
}

/** Each type's statistics page of one activity (`?actID=`); a series of offline sessions (variant 1) has its own. */
const COUNT_PAGES: Partial<Record<ActivityType, string>> = {
  1: 'actCountOri',
  9: 'actCountOriMix',
  2: 'actCountEva',
  3: 'actCountContest',
  6: 'actCountContest',
  4: 'actCountSurvey',
  5: 'actCountOffline',
  7: 'thirdPartyCount',
  8: 'actCountRead',
  16: 'actCountIntegral',
};

/** The statistics page of an activity of `type` (and `variant`), '' for a type without one. */
export function activityCountPage(type: number, variant = 0): string {
  const page = type === 5 && variant === 1 ? 'actCountOffineS' : COUNT_PAGES[type as ActivityType];
  return page ? `adminCount/adminActCount/${page}` : '';
}
