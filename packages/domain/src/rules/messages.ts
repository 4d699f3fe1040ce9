/**
 * Every fixed user-facing text of the spec. Pages, the server and the tests
 * import these so the string a test asserts is the string the user sees.
 */

// Navigation, permissions and the error catalogue (spec §2, §8).
export const LOGIN_FIRST = '请先进行登录';
export const LOADING = '正在加载...';
export const NO_PERMISSION_PAGE = '您没有权限进入该页面';
export const NO_PERMISSION = '您没有权限执行此操作';
/** Also the text the error handling matches to redirect to /error404. */
export const ORG_NOT_FOUND = '机构不存在';
export const PAGE_NOT_FOUND = '页面不存在';
/** Default when a non-200 response carries no message. */
export const REQUEST_FAILED = '请求失败，请稍后重试';
/** Response code 0. */
export const VIDEO_CONVERTING = '视频正在云端转码中，请稍后访问';
export const ORG_TYPE_LIST_FAILED = '机构类型列表请求错误，请稍后重试';
export const MEDIA_DOWNLOAD_FAILED = '当前资源下载失败，请稍后重试';

// Contest pages' leave warning (spec §2).
export const LEAVE_TITLE = '题目数不足';
export const LEAVE_SUFFIX = '确定离开当前页面？';

// Row controls (spec §2).
export const EDIT = '编辑';
export const DELETE = '删除';

// Spreadsheet import (spec §4, §5, §8).
export const IMPORT_SUCCESS = '导入用户信息成功！';
/** The success message with what the import did; the spec's text stays its prefix. */
export const importSuccessMessage = (created: number, updated: number) => `${IMPORT_SUCCESS}新增 ${created} 人，更新 ${updated} 人`;
export const IMPORT_FAILED = '导入用户信息失败';
export const IMPORT_CHECKING = '正在校验';
export const DOWNLOAD_TEMPLATE = '下载模板';
export const ERROR_MODAL_TITLE = '错误提示';
/** Text of the sex cell that marks the template's hint row. */
export const SEX_HINT = '0-未知 1-男 2-女';
export const SEX_INVALID = '用户性别信息填写错误';
export const IDENTITY_INVALID = '用户身份类别信息填写错误';
// Our additions (not fixed by the spec) in the same wording style:
export const GRADE_INVALID = '用户年级信息填写错误';
export const CLASS_INVALID = '用户班级信息填写错误';
export const ENROLLMENT_DATE_INVALID = '用户入学时间信息填写错误';
export const IMPORT_EMPTY = '用户列表中没有用户信息';

export const duplicateColumnMessage = (x: string): string => `本用户列表excel的'${x}'字段存在重复`;
export const missingFieldMessage = (x: string): string => `用户缺少${x}字段的信息`;
/** Prefix of every per-row import message; n is the row number the user sees. */
export const rowPrefix = (n: number): string => `第${n}行: `;
/** The same 学号 appears twice in one file; reported on the later row. */
export const duplicateAccountMessage = (firstRow: number): string => `学号与第${firstRow}行重复`;
export const tooManyRowsMessage = (max: number): string => `单次最多导入${max}条用户信息`;
/** Body of the leave-confirmation dialog: the warning followed by the question. */
export const leaveConfirmText = (warning: string): string => `${warning}${LEAVE_SUFFIX}`;
