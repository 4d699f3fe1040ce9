import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-cn';
import type { Dayjs } from 'dayjs';
import { chinaSeconds, DAY_SECONDS, TIME_ZONE } from '@huodong/domain';

/**
 * The web's one way into and out of a date picker, in the organisation's zone (the domain's
 * `TIME_ZONE`) whatever the browser's: a form shows what the lists show (`formatSeconds`) and
 * a picked 09:00 is 09:00 there. Every antd DatePicker/RangePicker value passes through here;
 * times are shown by the domain's `formatSeconds`/`cellText`, the one formatter the exports share.
 *
 * Set up here, where dates are used, rather than in main.tsx: the login page needs no dates
 * (first-load budget, e2e/budgets.test.ts).
 */
dayjs.extend(utc);
dayjs.extend(timezone);
// antd's pickers read the global locale, and take "now" (今天, 此刻) from `dayjs().tz()` when the
// timezone plugin is loaded: the default zone makes that the organisation's now.
dayjs.locale('zh-cn');
dayjs.tz.setDefault(TIME_ZONE);

/** A calendar day picked in a range picker (a Dayjs, or anything with year/month/date). */
export interface CalendarDay {
  year(): number;
  month(): number;
  date(): number;
}

/** Unix seconds → a picker's value showing the zone's wall clock; null for not set (blank, 0). */
export function pickerValue(seconds: unknown): Dayjs | null {
  const n = Number(seconds);
  if (seconds === undefined || seconds === null || seconds === '' || !Number.isFinite(n) || n <= 0) return null;
  return dayjs.unix(n).tz(TIME_ZONE);
}

/**
 * A picker's value → Unix seconds, its wall clock read as the zone's. Not `d.unix()`: text typed
 * into a picker is parsed in the browser's zone, and only its wall clock is what the user meant.
 */
export function pickedSeconds(d: Dayjs): number {
  return chinaSeconds(d.year(), d.month(), d.date(), d.hour(), d.minute(), d.second());
}

/** The first second of a picked day in the zone. */
export const dayStart = (d: CalendarDay): number => chinaSeconds(d.year(), d.month(), d.date());
/** The last second of a picked day in the zone (a range's end day is included). */
export const dayEnd = (d: CalendarDay): number => dayStart(d) + DAY_SECONDS - 1;

export default dayjs;
export type { Dayjs };
