import { READER_TEXTS } from '../../shared/readerClient';

/** Texts of the reader's sign-in page (trainSign) and the staff check-in screen that the spec does not fix (issue 23). */
export const SIGN_TITLE = { 1: '活动签到', 2: '活动签退' } as const;
export const SIGN_BUTTON = { 1: '签到', 2: '签退' } as const;
export const READER_LOGIN_HINT = '请使用图书馆读者账号登录后签到';
export const SIGN_OUT_ACCOUNT = READER_TEXTS.signOutAccount;
export const BAD_LINK = '签到链接不完整，请重新扫码';
export const LOADING = READER_TEXTS.loading;
export const TIME = '时间';
export const VENUE = '地点';
export const SPEAKER = '主讲人';
export const MY_RESERVATION = '我的预约';
export const NO_RESERVATION = '未预约本场次';
export const SEATS = (n: number) => `${n}个座位`;
export const SIGNED_AT = (type: 1 | 2, at: string) => `${type === 1 ? '签到' : '签退'}时间：${at}`;
export const LOCATING = '正在获取位置...';
export const LOCATION_DENIED = READER_TEXTS.locationDenied;
export const RETRY = READER_TEXTS.retry;
export const RESCAN = '请重新扫码';
export const NETWORK_RETRY = READER_TEXTS.networkRetry;

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
export const CAMERA_UNSUPPORTED = '当前浏览器不支持摄像头识别二维码，请使用扫码枪或输入票码';
export const CAMERA_DENIED = '无法打开摄像头，请检查浏览器权限';
export const BIG_SCREEN = '签到大屏';
export const BIG_SCREEN_EXIT = '退出大屏';
export const SCAN_TO_SIGN = (type: 1 | 2) => `请使用微信扫码${type === 1 ? '签到' : '签退'}`;
export const ROTATING_HINT = (s: number) => `二维码每${s}秒更新一次`;
export const POSTER = '下载签到海报';
export const READER = '读者';
export const COMPANIONS = '同行人';
export const HISTORY = '本次核销记录';
