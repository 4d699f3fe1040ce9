import { type SQL } from 'drizzle-orm';
import { sql } from './sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CHINA_UTC_OFFSET_SECONDS, chinaDate } from '@huodong/domain';

const DAY_MS = 86_400_000;

/**
 * A column of Unix seconds as its China-time day `YYYY-MM-DD`, for grouping figures per day: the
 * domain's fixed offset (chinaTime.ts), so the database's own zone setting never matters.
 */
export const chinaDay = (col: PgColumn | SQL): SQL<string> => chinaText(col, 'YYYY-MM-DD');

/** A column of Unix seconds as its China-time month `YYYY-MM` (the statistics' rollups). */
export const chinaMonth = (col: PgColumn | SQL): SQL<string> => chinaText(col, 'YYYY-MM');

const chinaText = (col: PgColumn | SQL, format: string): SQL<string> =>
  sql<string>`to_char(to_timestamp(${col} + ${sql.raw(String(CHINA_UTC_OFFSET_SECONDS))}) at time zone 'UTC', ${sql.raw(`'${format}'`)})`;

/** The China-time day `YYYY-MM-DD` of Unix seconds (the same as the domain's `chinaDate`). */
export const chinaDayOf: (seconds: number) => string = chinaDate;

/** Every day from `from` to `to` (`YYYY-MM-DD`, both included); none when `to` is earlier. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * Per-day figures with no gaps: every day from the first counted day to the last (or on to
 * `today` while the activity runs, `running`), `zero` on a day without; none when nothing was
 * counted. `perDay` is ordered by day; a row may carry several counted columns.
 */
export function everyDayOf<R extends { day: string }>(perDay: readonly R[], zero: Omit<R, 'day'>, today: string, running: boolean): R[] {
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const last = perDay.at(-1)?.day;
  if (!last) return [];
  const to = running && today > last ? today : last;
  return daysBetween(perDay[0].day, to).map((day) => byDay.get(day) ?? ({ day, ...zero } as R));
}

/** everyDayOf with one counted column `key` (0 on a day without). */
export function everyDay<K extends string>(perDay: readonly ({ day: string } & Record<K, number>)[], key: K, today: string, running: boolean): ({ day: string } & Record<K, number>)[] {
  return everyDayOf(perDay, { [key]: 0 } as Omit<{ day: string } & Record<K, number>, 'day'>, today, running);
}
