/**
 * Business constants and limits (spec §9). Pages and the server read these
 * instead of repeating literals, so a change happens in one place.
 */

/** Response envelope code meaning success. */
export const SUCCESS_CODE = 200;
/**
 * Backend token lifetime, the number spec §9 gives. Note: 158112000 ms is
 * ≈ 1.83 days, while the spec's prose says "about 183 days" (which would be
 * 15811200000 ms). Kept as specified; the discrepancy is in docs/decisions.md.
 */
export const TOKEN_TTL_MS = 158_112_000;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 30, 40];
/** Upper bound the server accepts for perPage (guards against huge pages). */
export const PAGE_SIZE_MAX = 100;
/** Pages skipped by the pager's fast-jump (« ») buttons. */
export const QUICK_JUMP_PAGES = 5;

// Message, notification, popover and tooltip settings live in their own module (./shellConstants):
// the web shell reads them at startup, and a module the shell imports is bundled whole into the
// entry chunk, the login page's first load.
export {
  MESSAGE_DURATION_S,
  NOTIFICATION_DURATION_S,
  NOTIFICATION_TOP,
  POPOVER_DELAY_MS,
  TOOLTIP_MAX_WIDTH,
} from './shellConstants';

export const MODAL_WIDTH = 520;
export const IMPORT_MODAL_WIDTH = 450;
export const MODAL_CLOSE_MS = 300;
export const TABS_THROTTLE_MS = 300;
export const MENU_OPEN_DELAY_MS = 250;
export const MENU_CLOSE_DELAY_MS = 150;
export const SCROLL_TIMEOUT_MS = 5000;
/** Distance in px from the bottom at which the scroll loader fetches more. */
export const SCROLL_THRESHOLD = 20;
export const PROGRESS_DEFAULT = 100;
export const THUMB_WIDTH = 200;

export const AUDIO_TITLE = '音频';
export const AUDIO_ARTIST = '管理员';

export const SPREADSHEET_EXTENSIONS: readonly string[] = ['xlsx', 'xls'];
/** Most user rows one import may carry (client check and server payload limit). */
export const IMPORT_MAX_ROWS = 50_000;

/** Sex codes. */
export const SEX: Readonly<Record<0 | 1 | 2, string>> = { 0: '未知', 1: '男', 2: '女' };

/**
 * Identity categories 1..14 (spec fixes only the range; the names are our
 * decision, see docs/decisions.md). The platform serves libraries and schools,
 * so the list covers both audiences; 14 is the catch-all.
 */
export const IDENTITY_CATEGORIES: Readonly<Record<number, string>> = {
  1: '学生',
  2: '教师',
  3: '行政人员',
  4: '图书馆员',
  5: '研究生',
  6: '本科生',
  7: '专科生',
  8: '中学生',
  9: '小学生',
  10: '学龄前儿童',
  11: '家长',
  12: '社会读者',
  13: '离退休人员',
  14: '其他',
};
export const IDENTITY_MIN = 1;
export const IDENTITY_MAX = 14;

/** How a 0 reads in a number where 0 means no limit (人数上限, 答题次数…): the field's `zeroText`. */
export const UNLIMITED = '不限';
