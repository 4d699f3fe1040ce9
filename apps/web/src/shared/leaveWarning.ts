import { createValueStore, useValueStore } from './store';

/**
 * Leave-warning message (spec §2 route guards). Contest pages set it while the question count
 * is insufficient; leaving a guarded page with a non-empty message asks for confirmation.
 */
export const leaveWarningStore = createValueStore<string>('');

export const getLeaveWarning = (): string => leaveWarningStore.get();
export const setLeaveWarning = (message: string): void => leaveWarningStore.set(message);
export const clearLeaveWarning = (): void => leaveWarningStore.set('');
export const useLeaveWarning = (): string => useValueStore(leaveWarningStore);

/**
 * Pages (last route segment) whose leaving is guarded. The spec names adminContestWork and
 * adminContestQuestion; the route table calls the advanced contest's question page
 * adminContestProQuestion, which is guarded as well.
 */
export const LEAVE_GUARDED_PAGES: readonly string[] = ['adminContestWork', 'adminContestQuestion', 'adminContestProQuestion'];

export function isLeaveGuarded(pathname: string): boolean {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  return LEAVE_GUARDED_PAGES.includes(last);
}

/** Should navigating from `from` to `to` ask first? Query-only changes on the same page do not. */
export function shouldConfirmLeave(from: string, to: string, message: string): boolean {
  return message.trim() !== '' && from !== to && isLeaveGuarded(from);
}
