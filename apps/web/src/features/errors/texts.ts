/** An address no page answers (an unknown or not built page): the error page with `?reason=page`. */
export const PAGE_MISSING_DESCRIPTION = '您访问的页面不存在，请检查地址或返回首页';
