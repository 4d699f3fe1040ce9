/** The third-party activities' texts in the reader app (type 7). */
export const THIRD_TEXTS = {
  goThird: '进入活动',
  third: '第三方活动',
  hint: '将打开合作方的活动页面',
  launch: '进入活动',
} as const;
