/**
 * Web-only interface texts that the spec does not fix. Texts the spec fixes (请先进行登录,
 * 正在加载..., 机构不存在, …) come from `@huodong/domain` so tests import the string the page shows.
 */
/** Product name (document title before a page sets its own, side menu brand). */
export const APP_NAME = '活动管理后台';
export const SUPER_TITLE = '超级管理后台';
export const ADMIN_SUFFIX = '管理后台';
export const LOGOUT = '退出登录';
/** Accessible name of the header button that opens the side menu on narrow screens. */
export const OPEN_MENU = '打开菜单';
export const LOGIN = '登录';
export const ACCOUNT = '账号';
export const PASSWORD = '密码';
export const CAPTCHA = '验证码';
export const CAPTCHA_IMAGE_ALT = '验证码图片';
/** Accessible name of the code image button; avoids the word 验证码 so the input is the only match for that label. */
export const CAPTCHA_REFRESH = '看不清？点击换一张';
export const BACK_HOME = '返回首页';
export const ERROR_TITLE = '出错了';
export const ERROR_DESCRIPTION = '页面出现错误，请返回首页后重试';
export const DIALOG_TITLE = '提示';
export const FUNCTION_INDEX_EMPTY = '暂无可用的功能';
export const INDEX_CHART_TITLE = '数据概览';
export const totalText = (total: number): string => `共 ${total} 条`;
/** A capped count (`_meta.totalCapped`): at least `total` rows. */
export const cappedTotalText = (total: number): string => `共 ${total}+ 条`;
