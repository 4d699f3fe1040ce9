import { z } from 'zod';

/**
 * Small zod pieces the activity-type rules (works, votes, comments, judging, certificates) share:
 * every message names its field by label, in the wording of resources/fields.ts.
 */

/** Unix seconds between 2000 and 2100. */
export const timestampSchema = (label: string) =>
  z.number({ error: `请选择${label}` }).int(`${label}必须是整数秒`).min(946_684_800, `${label}不正确`).max(4_102_444_800, `${label}不正确`);

/** 0 or 1. */
export const flagSchema = (label: string) => z.union([z.literal(0), z.literal(1)], { error: `${label}只能是是或否` });

/** A whole number in `[min, max]`. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, `${label}不能小于${min}`).max(max, `${label}不能超过${max}`);

/** One of fixed string values. */
export const choiceOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) => z.enum(values, { error: `请选择有效的${label}` });

/** A problem of a value, named by its field path the way the server's 422 names it (`media.0`). */
export interface FieldProblem {
  field: string;
  message: string;
}

/** Values that occur more than once (after `key`), each reported once at its later positions. */
export function duplicateIndexes<T>(items: readonly T[], key: (item: T) => unknown): number[] {
  const seen = new Set<unknown>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) out.push(i);
    seen.add(k);
  });
  return out;
}

/** Round to 2 decimals, half away from zero (spec §9 rounds percentages to 2 decimals). */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return x;
  const sign = x < 0 ? -1 : 1;
  const r = Math.round(Number(`${Math.abs(x)}e2`));
  return Number.isFinite(r) ? (sign * r) / 100 : (sign * Math.round(Math.abs(x) * 100)) / 100;
}
