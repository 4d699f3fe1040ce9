/** What a module of the home shows (首页配置 模块类型). Without zod: the reader app's home loads it (rules/home.ts re-exports it). */
export const HOME_MODULE_KINDS: Readonly<Record<number, string>> = { 1: '轮播图', 2: '活动专辑', 3: '数字资源', 4: '有声书', 5: '阅读展示', 6: '活动规则' };
export const HOME_MODULE = { carousel: 1, activities: 2, digital: 3, audiobooks: 4, readingShow: 5, rules: 6 } as const;

/** How a module is laid out on the reader's home (`choose_style`). */
export const HOME_STYLES: Readonly<Record<number, string>> = { 1: '列表', 2: '大图', 3: '宫格', 4: '横向滑动' };
