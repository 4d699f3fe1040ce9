/**
 * The product's calendar (design: "day" is the Asia/Shanghai calendar day). China Standard Time is
 * UTC+8 all year (no daylight saving), so a day is computed from Unix seconds by a fixed offset,
 * the same way `formatSeconds` (cells.ts) and `chinaClock` (gate.ts) read a moment.
 */

export const CHINA_UTC_OFFSET_SECONDS = 8 * 3600;
export const DAY_SECONDS = 86_400;

/** The China calendar date of a moment as `YYYY-MM-DD`. */
export function chinaDate(seconds: number): string {
  return new Date((seconds + CHINA_UTC_OFFSET_SECONDS) * 1000).toISOString().slice(0, 10);
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
