/** Texts of the user list pages that the spec does not fix. */
export const BATCH_PASSWORD = '批量设置初始密码';
export const BATCH_PASSWORD_TITLE = '批量设置初始密码';
export const BATCH_PASSWORD_HINT = '读者用学号（学生账号）和初始密码登录，首次登录须修改密码；已有读者账号的将重置密码并退出登录。';
export const PASSWORD_TARGET = '设置范围';
export const BATCH_PASSWORD_SELECTED = (n: number) => `已选中的 ${n} 个`;
export const BATCH_PASSWORD_ALL = (n: number) => `当前查询条件下的全部（共 ${n} 个）`;
export const PASSWORD_RULE = '密码规则';
export const FIXED_PASSWORD = '初始密码';
export const PASSWORD_PREFIX = '密码前缀';
export const DIGITS = '后几位';
export const batchPasswordDone = (n: number) => `已为 ${n} 个账号设置初始密码`;
/** The organisation's readers by month (issue 26), opened from 用户统计. */
export const USER_COUNT_MORE = 'adminCount/adminUserCount/adminUserCountMore';
export const USER_COUNT_MORE_TITLE = '用户统计详情';
