/**
 * Texts of the resource pages that the spec does not fix. The row controls it fixes (编辑, 删除,
 * 暂停, 启用) come from `@huodong/domain`; the labels of toggles, batch actions, row updates and
 * exports come from the declarations. Pure, so tests import the same strings.
 */
export const SEARCH = '查询';
export const RESET = '重置';
export const CREATE = '新增';
export const BATCH_DELETE = '批量删除';
export const ACTIONS = '操作';
/** The row controls beyond the first three (RowControls). */
export const MORE = '更多';
/** Above a table wider than its panel: it scrolls sideways. */
export const SCROLL_HINT = '表格较宽，可左右滑动查看更多列';
export const KEYWORD = '关键词';
export const SAVE_SUCCESS = '保存成功';
export const RANGE_FROM = '开始';
export const RANGE_TO = '结束';

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

/** A toggle's confirmation: the button text (暂停 / 启用 / 推荐 …) says what will change. */
export const toggleConfirm = (label: string, title: string, name: string): string => `确定${label}${named(title, name)}吗？`;
export const toggleDone = (label: string, title: string, name: string): string => `已${label}${named(title, name)}`;

/** A batch action on the selected rows (批量显示 …). */
export const batchConfirm = (label: string, title: string, n: number): string => `确定对选中的${n}条${title}执行“${label}”吗？`;
export const batchDone = (label: string, title: string, n: number): string => `${label}：已处理${n}条${title}`;

/** A row update's dialog (授权, 权限): its title and the row's name. */
export const rowUpdateTitle = (title: string, name: string): string => (name ? `${title}「${name}」` : title);
export const rowUpdateDone = (label: string): string => `${label}已保存`;

/** A row command (复制): `复制成功`. Its confirmation is the declaration's text. */
export const commandDone = (label: string): string => `${label}成功`;

/** Drag sorting. */
export const SORT_MODE = '排序';
export const SORT_DONE = '完成排序';
export const SORT_HINT = '拖动行首的把手（或聚焦后按上下方向键）调整顺序，松开即保存';
export const sortTruncated = (shown: number, total: number): string => `只显示前${shown}条（共${total}条），其后的顺序不变`;
export const DRAG_HANDLE = '拖动排序';
export const SORT_SAVED = '排序已保存';

/** Exports: `导出轮播图`. */
export const exportLabel = (title: string): string => `导出${title}`;

/** Sub-resources (a parent in the page's query). */
export const BACK = '返回';
export const parentLabel = (title: string, name: string): string => `${title}：${name}`;
export const needParent = (title: string): string => `请先从${title}列表进入`;
export const UNKNOWN_PAGE = '页面不存在';

/** Stored files (image, file, video, audio fields). */
export const FILE_NOUN: Record<'image' | 'file' | 'video' | 'audio', string> = { image: '图片', file: '文件', video: '视频', audio: '音频' };
export const uploadLabel = (noun: string): string => `上传${noun}`;
export const replaceLabel = (noun: string): string => `重新上传${noun}`;
export const removeLabel = (noun: string): string => `删除${noun}`;
/** Spec §5: deleting a cover image, a picture or an audio file is confirmed. */
export const removeFileConfirm = (label: string): string => `确定删除${label}吗？`;
export const UPLOADING = '正在上传';
export const CANCEL_UPLOAD = '取消上传';
/** Spec §5: cancelling a video upload is confirmed. */
export const CANCEL_VIDEO_CONFIRM = '确定取消上传该视频吗？';
export const VIDEO_PROCESSING = '视频转码中，完成后自动显示';
export const OPEN_FILE = '查看文件';
export const regionPlaceholder = '请选择省份和城市';
export const unitPlaceholder = '请选择单位';
export const readerPickerPlaceholder = '输入账号或姓名搜索读者';
export const readerPickerEmpty = '没有匹配的读者';
