/** Texts of the home and content settings pages (首页配置, 规则设置). */
export const ALBUMS = '专辑';
export const ALBUMS_TITLE = (module: string) => `专辑：${module}`;
export const ALBUMS_HINT = '首页按以下顺序展示所选专辑';
export const ALBUM_ADD = '添加专辑';
export const ALBUM_ADD_PLACEHOLDER = '选择要添加的专辑';
export const ALBUMS_EMPTY = '尚未选择专辑';
export const ALBUM_UP = '上移';
export const ALBUM_DOWN = '下移';
export const ALBUM_REMOVE = '移除';
export const ALBUM_PAUSED = '（已暂停）';
export const ALBUMS_SAVED = '专辑已保存';
export const RULES_LABEL = '规则内容';
export const RULES_PLACEHOLDER = '填写本机构的活动规则，读者在首页查看';
export const RULES_HINT = '保存时会去除脚本、样式等不安全的内容';
export const RULES_SAVED = '规则已保存';
export const RULES_UPDATED = (at: string) => `最近保存：${at}`;
export const SAVE = '保存';
