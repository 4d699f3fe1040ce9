/** Texts of the signed-in layout only (not in shared/texts.ts, which the login page loads). */

/** A sub page opened without what it shows (`?actID=` …): where to come from, and the way back. */
export const NEED_ACTIVITY_LIST = '请先从活动列表进入';
export const needFromList = (title: string): string => `请先从${title}列表进入`;
export const backTo = (title: string): string => `返回${title}`;
/** Accessible name of the breadcrumb. */
export const BREADCRUMB = '当前位置';
