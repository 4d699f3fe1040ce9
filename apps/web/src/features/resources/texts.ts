import { ENABLE, PAUSE } from '@huodong/domain';

/**
 * Texts of the resource pages that the spec does not fix. The row controls it fixes (编辑, 删除,
 * 暂停, 启用) come from `@huodong/domain`. Pure, so tests import the same strings.
 */
export const SEARCH = '查询';
export const RESET = '重置';
export const CREATE = '新增';
export const BATCH_DELETE = '批量删除';
export const RECOMMEND = '推荐';
export const UNRECOMMEND = '取消推荐';
export const ACTIONS = '操作';
export const KEYWORD = '关键词';
export const SAVE_SUCCESS = '保存成功';
export const OPERATION_SUCCESS = '操作成功';
export const YES = '是';
export const NO = '否';

/** `请输入名称/账号` for the keyword box. */
export const keywordPlaceholder = (labels: string[]): string => `请输入${labels.join('/')}`;
export const createTitle = (title: string): string => `${CREATE}${title}`;
export const editTitle = (title: string): string => `编辑${title}`;

/** A row named in a confirmation: `机构「城东图书馆」`. */
export const named = (title: string, name: string): string => (name ? `${title}「${name}」` : title);

export const deleteConfirm = (title: string, name: string): string => `确定删除${named(title, name)}吗？`;
export const batchDeleteConfirm = (title: string, n: number): string => `确定删除选中的${n}条${title}吗？`;
export const batchDeleted = (title: string, n: number): string => `已删除${n}条${title}`;
export const deleted = (title: string, name: string): string => `已删除${named(title, name)}`;

/** The pause button's confirmation: the button text (暂停 / 启用) says what will change. */
export const pauseConfirm = (label: string, title: string, name: string): string => `确定${label}${named(title, name)}吗？`;
export const pauseDone = (label: string, title: string, name: string): string => `已${label}${named(title, name)}`;
export const recommendConfirm = (label: string, title: string, name: string): string => `确定${label}${named(title, name)}吗？`;

export { ENABLE, PAUSE };
