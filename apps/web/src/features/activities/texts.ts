/** Texts of the activity pages that the spec does not fix. */
export const BACK = '返回';
export const COUNT_TITLE = '第三方活动统计';
export const NEED_ACTIVITY = '请先从第三方活动列表进入';
export const NO_DAYS = '暂无参与数据';
export const DAILY_CHART = '每日参与趋势';

export const JOINS = '参与人数';
export const VIEWS = '浏览量';
export const DAY = '日期';

export const PUBLIC_TITLE = '活动数据';
export const ACTIVITY_MISSING = '活动不存在或未发布';
export const PARTICIPANTS = '参与人数';
export const ACT_STATE = '活动状态';
export const ACT_TIME = '活动时间';
/** A missing figure (no score reported yet). */
export const NONE = '—';

/** The activity detail page (adminAct/adminActDetail?actID=). */
export const DETAIL = '活动详情';
export const NEED_DETAIL = '请先从活动列表进入';
export const DETAIL_MISSING = '活动不存在或已被删除';
export const TAB_SETTINGS = '设置';
export const TAB_STATS = '统计';
export const ACT_TYPE = '活动类型';
export const JOIN_RATE = '参与率';
export const TODAY_JOINS = '今日参与';
export const CANCELLED_JOINS = '已取消';
export const NEW_JOINS = '新增参与';
export const TOTAL_JOINS = '累计参与';
