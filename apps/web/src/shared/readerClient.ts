import { subjectClient } from './subjectClient';

/** The reader's client (the reader app, the pages a QR opens), without forms: its hooks are shared/readerAttempt.ts. */

/**
 * The reader's own calls (`/v1/{org}/client/…`), with the reader's token kept on the device (a
 * reader scanning the next code is still signed in), apart from the administrators' token store
 * (shared/subjectClient.ts).
 */
export const readerClient = subjectClient('reader', (org) => `/v1/${org}/client`, () => localStorage);

/** A nonce for one attempt (a check-in, a scan): kept for retries of that attempt, a new one for the next. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The reader's position (WGS-84) for a geofenced sign-in or scan, or null when the browser gives none. */
export function readerPosition(): Promise<{ lng: number; lat: number } | null> {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lng: p.coords.longitude, lat: p.coords.latitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 30_000 },
    ),
  );
}

export const READER_TEXTS = {
  readerLogin: '读者登录',
  account: '账号',
  password: '密码',
  captcha: '验证码',
  captchaRefresh: '看不清，换一张',
  login: '登录',
  changePassword: '首次登录请修改密码',
  newPassword: '新密码',
  saveAndContinue: '保存并继续',
  signOutAccount: '切换账号',
  loading: '正在加载...',
  networkRetry: '网络异常，请点击重试',
  retry: '重试',
  locationDenied: '无法获取位置，请允许定位后重试',
} as const;
