/** Texts of the works and review pages that the spec does not fix. */
export const BACK = '返回';
export const NEED_ACTIVITY = '请先从活动列表进入';
export const ACTIVITY_MISSING = '活动不存在或已被删除';
export const PREVIEW = '预览';
export const PREVIEW_TITLE = '作品预览';
export const CONFIG = '作品设置';
export const DOWNLOAD = '下载作品';
export const DOWNLOAD_NONE = '请先选择要下载的作品';
export const DOWNLOADING = '正在打包下载…';
export const UPLOAD_FOR_READER = '代传作品';
export const CONFIG_SAVED = '作品设置已保存';
export const UPLOADED = '作品已上传';
export const NOT_SAVED_HINT = '尚未保存作品设置：以下为默认设置，保存后才能发布活动。';
export const CONTENT = '作品内容';
export const LINK = '作品链接';
export const FILES = '作品文件';
export const AUTHOR = '作者信息';
export const NO_CONTENT = '（无）';
export const STATUS = '状态';
export const WORK_NO = '作品编号';
export const REASON = '审核意见';

export const CREATION_TYPES = '创作类型';
export const ADD_CREATION_TYPE = '添加创作类型';
export const TYPE_ID = '编号';
export const TYPE_NAME = '名称';
export const MEDIA = '作品形式';
export const MIN_WORDS = '最少字数';
export const MAX_WORDS = '最多字数';
export const FILES_MIN = '最少文件数';
export const FILES_MAX = '最多文件数';
export const FILE_MAX_KB = '单个文件上限（KB）';
export const GROUPS = '组别';
export const ADD_GROUP = '添加组别';
export const GROUP_CODE = '代码';
export const PER_USER = '每人作品数';
export const MODERATION = '审核方式';
export const USER_UPLOAD = '读者自行上传';
export const PLEDGE_REQUIRED = '需勾选原创承诺';
export const REMOVE = '删除';

export const READER_ID = '读者ID';
export const TITLE = '作品名称';
export const PLEDGE = '原创承诺';
export const REAL_NAME = '真实姓名';
export const UNIT = '学校/单位';

export const CHECK_TITLE = '作品审核';
export const PENDING = '待审核';
export const OPEN_QUEUE = '审核';
export const ACTIVITY = '活动';
export const KIND = '类别';
export const NO_PENDING = '暂无待审核的内容';
export const APPROVE = '通过';
export const REJECT = '驳回';
export const BATCH_APPROVE = '批量通过';
export const BATCH_REJECT = '批量驳回';
export const REJECT_TITLE = '驳回原因';
export const QUICK_REPLY = '快捷回复';
export const QUICK_REPLY_PLACEHOLDER = '选择快捷回复填入原因';
export const REASON_REQUIRED = '请输入驳回原因';
export const SHOW_ALL = '显示全部作品';
export const DECIDED = '审核完成';
export const SELECT_FIRST = '请先选择作品';

/** The check queue's column of the words the sensitive-word screen found. */
export const SENSITIVE_WORDS = '命中敏感词';

// 批量导入 (ImportWorksModal).
export const IMPORT_WORKS = '批量导入';
export const IMPORT_HINT = '请先下载模板，按模板填写作品信息；作品文件打包为一个zip压缩包，表格“文件名”一列填写压缩包中的文件名。任何一行有误都不会导入。';
export const IMPORT_SHEET = '选择作品表格';
export const IMPORT_ZIP = '选择文件压缩包';
export const IMPORT_NOT_CHOSEN = '未选择';
export const IMPORT_RUN = '开始导入';
export const IMPORT_NEED_SHEET = '请选择作品表格';
export const IMPORT_FAILED = '导入作品失败';
export const IMPORT_DONE = (n: number) => `成功导入${n}件作品`;
