/** Texts of the staff check-in screen that the spec does not fix (issue 23); the reader's trainSign page is the reader app's (h5/kinds/offline). */
// The staff check-in screen
export const STAFF_TITLE = '现场签到';
export const NEED_SESSION = '请从场次列表进入（缺少场次ID）';
export const SCAN_TICKET = '扫描票码';
export const ENTRY = '签到';
export const EXIT = '签退';
export const TICKET_CODE = '票码';
export const TICKET_PLACEHOLDER = '扫码枪扫描或输入读者票码';
export const REDEEM = '核销';
export const FORCE = '强制签到';
export const CAMERA_START = '打开摄像头';
export const CAMERA_STOP = '关闭摄像头';
export const CAMERA_UNSUPPORTED = '当前浏览器无法使用摄像头，请使用扫码枪或输入票码';
export const CAMERA_DENIED = '无法打开摄像头，请检查浏览器权限';
export const BIG_SCREEN = '签到大屏';
export const BIG_SCREEN_EXIT = '退出大屏';
export const SCAN_TO_SIGN = (type: 1 | 2) => `请使用微信扫码${type === 1 ? '签到' : '签退'}`;
export const ROTATING_HINT = (s: number) => `二维码每${s}秒更新一次`;
export const POSTER = '下载签到海报';
export const READER = '读者';
export const COMPANIONS = '同行人';
export const HISTORY = '本次核销记录';
