/** Chart and display helpers (spec §9). */

const LABEL_MAX = 10;

/**
 * Chart axis label: over 10 characters becomes the first 9 plus '...'.
 * Characters are code points so an emoji or rare CJK character is never split.
 */
export function chartLabel(s: string): string {
  const chars = Array.from(s);
  return chars.length > LABEL_MAX ? chars.slice(0, LABEL_MAX - 1).join('') + '...' : s;
}

/** Round to 2 decimals; EPSILON keeps 1.005 from rounding down. */
function round2(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

/**
 * count as a percentage of total, rounded to 2 decimals (1 of 3 → 33.33).
 * Never NaN or Infinity: a zero or invalid total, or an invalid count, gives 0.
 */
export function percent(count: number, total: number): number {
  if (!Number.isFinite(count) || !Number.isFinite(total) || total === 0) return 0;
  return round2((count / total) * 100);
}

/**
 * Browser zoom as a whole percent from window.devicePixelRatio (1.25 → 125).
 * An invalid ratio counts as 100 % so layouts never get NaN.
 */
export function zoomRatio(x: number): number {
  return Number.isFinite(x) && x > 0 ? Math.round(x * 100) : 100;
}
