/** The reading check-in pages' texts (阅读打卡, issue 24). */
export const DAYS = '连续打卡天数';
export const POINTS = '奖励积分';
export const DAYS_UNIT = '天';
export const POINTS_UNIT = '积分';
export const ADD = '添加一档';
export const REMOVE = '删除';
export const NONE = '不设连续打卡奖励';
export const HINT = '连续打卡达到天数时奖励积分，各档天数从小到大，每档只发一次。';
export const DEFAULTS = '未设置，按默认档位奖励（可修改）。连续打卡达到天数时奖励积分，各档天数从小到大，每档只发一次。';
