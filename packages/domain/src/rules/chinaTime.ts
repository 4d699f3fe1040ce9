/**
 * The product's calendar: every time shown, entered, filtered or counted by day is in the
 * organisation's zone, whatever the browser's or the server's (issue 20). Organisations have no
 * zone of their own, so it is `TIME_ZONE`. China Standard Time is UTC+8 all year (no daylight
 * saving), so this module reads a moment by a fixed offset; the server (`db/chinaDay.ts`, SQL), the
 * cells and exports (`formatSeconds`, cells.ts), the gate's daily window (`chinaClock`) and the
 * web's date pickers (`apps/web/src/shared/dayjs.ts`) all take it from here.
 */

/** The organisation's time zone (IANA name), for the web's dayjs and anything naming a zone. */
export const TIME_ZONE = 'Asia/Shanghai';
/** `TIME_ZONE`'s offset from UTC: constant, as the zone keeps no daylight saving. */
export const CHINA_UTC_OFFSET_SECONDS = 8 * 3600;
export const DAY_SECONDS = 86_400;

/** The China calendar date of a moment as `YYYY-MM-DD`. */
export function chinaDate(seconds: number): string {
  return new Date((seconds + CHINA_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm` China time of a moment. */
export function chinaDateTime(seconds: number): string {
  return new Date((seconds + CHINA_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** `HH:MM` China time of a moment. */
export function chinaClock(seconds: number): string {
  return chinaDateTime(seconds).slice(11, 16);
}

/**
 * The moment a China wall-clock time names (month from 0, as Date and dayjs count): the inverse of
 * `chinaDateTime`, for a date picked or typed in a form.
 */
export function chinaSeconds(year: number, month: number, date: number, hour = 0, minute = 0, second = 0): number {
  return Date.UTC(year, month, date, hour, minute, second) / 1000 - CHINA_UTC_OFFSET_SECONDS;
}

/** The China calendar day of a moment as `YYYYMMDD`: the `day` column of votes and daily counters. */
export function chinaDayKey(seconds: number): string {
  return chinaDate(seconds).replace(/-/g, '');
}

/** The first second (00:00:00 China time) of the day holding `seconds`. */
export function chinaDayStart(seconds: number): number {
  return Math.floor((seconds + CHINA_UTC_OFFSET_SECONDS) / DAY_SECONDS) * DAY_SECONDS - CHINA_UTC_OFFSET_SECONDS;
}

/** The China calendar year of a moment. */
export function chinaYear(seconds: number): number {
  return Number(chinaDate(seconds).slice(0, 4));
}

/** `2024年5月1日`: a date as printed on a certificate. */
export function chinaDateText(seconds: number): string {
  const [y, m, d] = chinaDate(seconds).split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/**
 * The same China wall-clock time `months` calendar months later; a day that the target month lacks
 * becomes its last day (31 January + 1 month → 29 February in a leap year).
 */
export function addChinaMonths(seconds: number, months: number): number {
  const wall = new Date((seconds + CHINA_UTC_OFFSET_SECONDS) * 1000);
  const y = wall.getUTCFullYear();
  const m = wall.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const target = Date.UTC(y, m, Math.min(wall.getUTCDate(), lastDay), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds());
  return target / 1000 - CHINA_UTC_OFFSET_SECONDS;
}

/** `10分钟`, `1分30秒`, `45秒`: a duration limit as a reader reads it. */
export function durationText(totalSeconds: number): string {
  const m = Math.floor(totalSeconds / 60);
  const s = totalSeconds % 60;
  if (m === 0) return `${s}秒`;
  return s === 0 ? `${m}分钟` : `${m}分${s}秒`;
}
