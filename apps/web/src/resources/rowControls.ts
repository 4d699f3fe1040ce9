import { rowRefusal, rowsRefusal, type RowRules } from '@huodong/domain';

/**
 * The row controls of a resource table as the row's state allows them (domain rules/rowRules.ts,
 * the same table the server refuses by): a control the row already went through is left out, one
 * its state refuses is shown disabled with the reason; at most MAX_VISIBLE are shown in the row,
 * the rest under 更多. No React here, so it is unit-tested directly.
 */

/** Controls shown in a row; the rest go under 更多 (issue 20: rows carried 10–11 links). */
export const MAX_VISIBLE_CONTROLS = 3;

export interface RowControlState {
  /** The route name of the action (`approve`, `publish`…, `delete`). */
  action: string;
  /** Why it is shown disabled (the tooltip), or absent when it may be used. */
  refused?: string;
}

/** How the row offers an action: null to leave it out, else enabled or disabled with the reason. */
export function rowControlState(def: { rowRules?: RowRules }, action: string, row: Record<string, unknown>): RowControlState | null {
  const refusal = rowRefusal(def, action, row);
  if (!refusal) return { action };
  return refusal.hide ? null : { action, refused: refusal.message };
}

/** Why a batch action (or 批量删除, `delete`) is disabled for the selected rows of the page, or undefined. */
export function batchRefused(def: { rowRules?: RowRules }, action: string, rows: readonly Record<string, unknown>[]): string | undefined {
  return rowsRefusal(def, action, rows)?.message;
}

/** The controls shown in the row and those under 更多: all when they fit, else the first MAX_VISIBLE. */
export function splitControls<T>(controls: readonly T[]): { shown: T[]; more: T[] } {
  if (controls.length <= MAX_VISIBLE_CONTROLS) return { shown: [...controls], more: [] };
  return { shown: controls.slice(0, MAX_VISIBLE_CONTROLS), more: controls.slice(MAX_VISIBLE_CONTROLS) };
}
