/** The reading cases' texts in the reader app (阅读推广案例, the organisation's enabled cases). */
export const CASES_TEXTS = {
  cases: '阅读推广案例',
  noCases: '暂无案例',
  more: '加载更多',
  recommended: '推荐',
  views: (n: number) => `浏览${n}`,
} as const;
