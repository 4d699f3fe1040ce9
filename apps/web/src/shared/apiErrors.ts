import { ORG_NOT_FOUND, PAGE_NOT_FOUND, REQUEST_FAILED, VIDEO_CONVERTING } from '@huodong/domain/messages';

/**
 * The error catalogue of spec §8 as a pure decision: what a failed call means for the user.
 * `api.ts` carries the decision out (message, modal, navigation); tests check the decision.
 */

/** Body code of a call that never got an answer (network failure, unreadable body). */
export const NETWORK_ERROR_CODE = -1;
/** Body code 0: the video is still being converted in the cloud. */
export const VIDEO_CONVERTING_CODE = 0;

export class ApiError extends Error {
  /** HTTP status (0 when the request never got an answer). */
  readonly status: number;
  /** Body code (repeats the status for our server; 0 = video converting; -1 = no answer). */
  readonly code: number;
  readonly data: unknown;

  constructor(status: number, code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type ErrorAction =
  /** Show the text as an error message (3 s). */
  | { kind: 'message'; text: string }
  /** Code 0: show the video-converting notice. */
  | { kind: 'videoConverting'; text: string }
  /** 机构不存在 anywhere: go to /error404 (organisation variant). */
  | { kind: 'orgNotFound'; text: string }
  /** 403: error modal with the text, then the login page. */
  | { kind: 'forbidden'; text: string }
  /** 404 页面不存在: mark the page not authorised and go to the error page. */
  | { kind: 'pageNotFound'; text: string }
  /** 401: mark the page not authorised, clear the token sent, go to login with redirect. */
  | { kind: 'unauthorised'; text: string };

export interface ErrorContext {
  /** The call was a login or verification-code call (a 401 there is a wrong password, not an expired session). */
  loginCall: boolean;
}

/** The text shown for a failure: the server message, or the default. */
export function errorText(message: string | undefined | null): string {
  const m = (message ?? '').trim();
  return m === '' ? REQUEST_FAILED : m;
}

export function decideError(err: Pick<ApiError, 'status' | 'code' | 'message'>, ctx: ErrorContext): ErrorAction {
  const text = errorText(err.message);
  // The HTTP status carries the class; a legacy answer with HTTP 200 and an error code uses the code.
  const cls = err.status >= 400 ? err.status : err.code;
  if (text.includes(ORG_NOT_FOUND)) return { kind: 'orgNotFound', text: ORG_NOT_FOUND };
  if (err.code === VIDEO_CONVERTING_CODE && err.status !== 0) return { kind: 'videoConverting', text: VIDEO_CONVERTING };
  if (cls === 401) return ctx.loginCall ? { kind: 'message', text } : { kind: 'unauthorised', text };
  if (cls === 403) return { kind: 'forbidden', text };
  if (cls === 404 && text === PAGE_NOT_FOUND) return { kind: 'pageNotFound', text };
  return { kind: 'message', text };
}

/** Login and verification-code calls: `/v1/login…` or `/v1/{org}/login…`. */
export function isLoginCall(path: string): boolean {
  const segs = path.split('?')[0].split('/').filter(Boolean);
  return segs[0] === 'v1' && (segs[1] === 'login' || segs[2] === 'login');
}
