/** The figures page's own words (spec texts of every count page). */
export const BACK = '返回';
export const ACTIVITY_MISSING = '活动不存在或已被删除';
export const SEARCH = '查询';
export const RESET = '重置';
export const EXPORT = '导出';
