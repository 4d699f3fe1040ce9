/** Row pause and recommend flags (spec §2, §3, §4). */

export const PAUSE = '暂停';
export const ENABLE = '启用';

/** Status label of the is_pause flag (0 running, 1 paused). */
export const IS_PAUSE: Readonly<Record<0 | 1, string>> = { 0: '正常', 1: '已暂停' };
/** Status label of the is_rec flag. */
export const IS_REC: Readonly<Record<0 | 1, string>> = { 0: '未推荐', 1: '已推荐' };

/**
 * The action a row's pause button offers: a running row (0) can be paused,
 * a paused row (1) enabled. Numeric strings are accepted because list rows
 * sometimes carry flags as text; anything that is not 1 counts as running.
 */
export function pauseActionLabel(is_pause: number | string | null | undefined): string {
  return Number(is_pause) === 1 ? ENABLE : PAUSE;
}
