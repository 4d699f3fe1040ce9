import { SUCCESS_CODE } from '@huodong/domain/constants';
import type { Envelope } from '@huodong/domain/api';
import { ApiError, NETWORK_ERROR_CODE, decideError, isLoginCall, type ErrorAction } from './apiErrors';
import { feedback } from './feedback';
import { currentFullPath, currentPathname, navigateTo } from './navigation';
import { markNotAuthorised } from './pageAuth';
import { ERROR404_PATH, ORG_NOT_FOUND_PATH, errorPagePath, loginPath, scopeFromPath, splitScopedPath } from './scope';
import { DIALOG_TITLE } from './texts';
import { pickToken, tokenStore, type PickedToken } from './tokenStore';
import { buildUrl, withReflesh, type QueryParams } from './url';

export { ApiError, isApiError } from './apiErrors';
export type { QueryParams } from './url';

/**
 * The one API client (spec §7, §8). Every call goes through `send`: the bearer token of the
 * path's scope, the envelope check, and the error catalogue, which shows the message (or
 * navigates) before the call rejects with an `ApiError` — callers may react to the error
 * (form field errors, closing a dialog) without showing it again.
 *
 * No TanStack Query here: its hooks are in api.ts (which re-exports this module), so the first
 * load and the login page, which import this module, do not carry it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions {
  /** Query parameters (GET also gets `reflesh`). */
  query?: QueryParams;
  /** Do not show the catalogue's message or modal (navigation on 401/403/机构不存在 still happens). */
  silent?: boolean;
  /** Show a success message: `true` = the server's message, a string = that text. */
  successMessage?: boolean | string;
  signal?: AbortSignal;
}

export interface RequestOptions extends CallOptions {
  /** JSON body for POST, PUT and DELETE. */
  body?: unknown;
  /** Bytes sent as they are (`application/octet-stream`), instead of a JSON body (video chunks). */
  bytes?: Blob;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

function authHeader(path: string): { header: Record<string, string>; token?: PickedToken } {
  const token = pickToken(path, scopeFromPath(currentPathname()), tokenStore.all());
  return token ? { header: { Authorization: `Bearer ${token.access_token}` }, token } : { header: {} };
}

function parseEnvelope(text: string, status: number): Envelope<unknown> {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number') {
      const b = body as Envelope<unknown>;
      return { code: b.code, message: typeof b.message === 'string' ? b.message : '', data: b.data ?? null };
    }
  } catch {
    // not JSON (proxy error page, empty body): fall through
  }
  return { code: status >= 400 ? status : NETWORK_ERROR_CODE, message: '', data: null };
}

let forbiddenShown = false;

/** Carry out a catalogue decision. The only place the client shows feedback or navigates. */
export function carryOut(action: ErrorAction, opts: { silent?: boolean; token?: PickedToken }): void {
  const pathname = currentPathname();
  const { scope, rest } = splitScopedPath(pathname);
  const onLogin = rest === 'login';
  switch (action.kind) {
    case 'message':
      if (!opts.silent) feedback.message.error({ content: action.text, key: `api:${action.text}` });
      return;
    case 'videoConverting':
      if (!opts.silent) feedback.message.warning({ content: action.text, key: 'api:videoConverting' });
      return;
    case 'orgNotFound':
      if (pathname !== ERROR404_PATH) navigateTo(ORG_NOT_FOUND_PATH, { replace: true });
      return;
    case 'forbidden':
      if (!opts.silent && !forbiddenShown) {
        forbiddenShown = true;
        feedback.modal.error({ title: DIALOG_TITLE, content: action.text, afterClose: () => (forbiddenShown = false) });
      }
      if (!onLogin) navigateTo(loginPath(scope, currentFullPath()), { replace: true });
      return;
    case 'pageNotFound':
      markNotAuthorised();
      navigateTo(errorPagePath(scope), { replace: true });
      return;
    case 'unauthorised':
      markNotAuthorised();
      if (opts.token) tokenStore.clear(opts.token.scope);
      if (!opts.silent) feedback.message.warning({ content: action.text, key: 'api:unauthorised' });
      if (!onLogin) navigateTo(loginPath(scope, currentFullPath()), { replace: true });
      return;
  }
}

function fail(path: string, err: ApiError, opts: CallOptions, token?: PickedToken): never {
  carryOut(decideError(err, { loginCall: isLoginCall(path) }), { silent: opts.silent, token });
  throw err;
}

function succeed<T>(env: Envelope<T>, opts: CallOptions): Envelope<T> {
  if (opts.successMessage) {
    const text = typeof opts.successMessage === 'string' ? opts.successMessage : env.message;
    if (text) feedback.message.success(text);
  }
  return env;
}

function settle<T>(path: string, status: number, text: string, opts: CallOptions, token?: PickedToken): Envelope<T> {
  const env = parseEnvelope(text, status);
  if (status >= 200 && status < 300 && env.code === SUCCESS_CODE) return succeed(env as Envelope<T>, opts);
  return fail(path, new ApiError(status, env.code, env.message, env.data), opts, token);
}

/** Any call; resolves with the whole envelope. */
export async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const url = buildUrl(path, method === 'GET' ? withReflesh(opts.query) : opts.query);
  const { header, token } = authHeader(path);
  const hasBody = method !== 'GET' && opts.body !== undefined;
  const contentType = opts.bytes ? 'application/octet-stream' : hasBody ? 'application/json' : undefined;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(contentType ? { 'Content-Type': contentType } : {}), ...opts.headers, ...header },
      body: opts.bytes ?? (hasBody ? JSON.stringify(opts.body) : undefined),
      signal: opts.signal,
    });
    text = await res.text();
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    console.error(`${method} ${path} failed`, e);
    return fail(path, new ApiError(0, NETWORK_ERROR_CODE, ''), opts, token);
  }
  return settle<T>(path, res.status, text, opts, token);
}

/**
 * Multipart upload with progress (spec §7): `onProgress` receives whole percentages. Failures
 * are logged and go through the same catalogue.
 */
export function upload<T>(
  path: string,
  formData: FormData,
  onProgress?: (percent: number) => void,
  opts: CallOptions = {},
): Promise<T> {
  const { header, token } = authHeader(path);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, opts.query));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [k, v] of Object.entries(header)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (ev) => {
      if (ev.lengthComputable && onProgress) onProgress(Math.round((ev.loaded / ev.total) * 100));
    };
    const settleWith = (status: number, text: string) => {
      try {
        resolve(settle<T>(path, status, text, opts, token).data);
      } catch (e) {
        if (status < 200 || status >= 300) console.error(`upload ${path} failed`, e);
        reject(e);
      }
    };
    xhr.onload = () => settleWith(xhr.status, xhr.responseText);
    xhr.onerror = () => settleWith(0, '');
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

export interface DownloadOptions extends Omit<CallOptions, 'query' | 'successMessage'> {
  /** Whole percentages while the file arrives (when the server tells its length). */
  onProgress?: (percent: number) => void;
  /** Name when the answer's `Content-Disposition` gives none. */
  filename?: string;
  /** Hand the file to the browser as a download (default true). */
  save?: boolean;
}

export interface Downloaded {
  blob: Blob;
  filename: string;
}

/**
 * A file made by the server (exports): GET with the scope's token and `reflesh`, read with
 * progress, named by its `Content-Disposition`, and saved by the browser. A failure answer is
 * the JSON envelope: it goes through the error catalogue like any call (its message is shown).
 */
export async function download(path: string, query?: QueryParams, opts: DownloadOptions = {}): Promise<Downloaded> {
  const url = buildUrl(path, withReflesh(query));
  const { header, token } = authHeader(path);
  let res: Response;
  let blob: Blob;
  try {
    res = await fetch(url, { headers: header, signal: opts.signal });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      const text = await res.text();
      const env = parseEnvelope(text, res.status);
      // A JSON file that is not an error envelope is still a file.
      if (res.ok && env.code === SUCCESS_CODE) blob = new Blob([text], { type });
      else return fail(path, new ApiError(res.status, env.code, env.message, env.data), opts, token);
    } else {
      blob = await readBody(res, type, opts.onProgress);
    }
  } catch (e) {
    if (e instanceof ApiError || opts.signal?.aborted) throw e;
    console.error(`download ${path} failed`, e);
    return fail(path, new ApiError(0, NETWORK_ERROR_CODE, ''), opts, token);
  }
  // Loaded with the first download, not with every page (the sign-in page's budget).
  const { filenameFromDisposition, saveFile } = await import('./saveFile');
  const filename = filenameFromDisposition(res.headers.get('content-disposition')) ?? opts.filename ?? decodeURIComponent(path.split('/').pop() || 'download');
  if (opts.save !== false) saveFile(blob, filename, blob.type);
  return { blob, filename };
}

/** The body as a Blob, reporting progress against `Content-Length`. */
async function readBody(res: Response, type: string, onProgress?: (percent: number) => void): Promise<Blob> {
  const total = Number(res.headers.get('content-length') ?? 0);
  if (!onProgress || !res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as BlobPart);
    loaded += value.byteLength;
    if (total > 0) onProgress(Math.min(100, Math.round((loaded / total) * 100)));
  }
  onProgress(100);
  return new Blob(parts, { type });
}

const data = async <T>(p: Promise<Envelope<T>>): Promise<T> => (await p).data;

/** Typed helpers resolving with the envelope's `data`. */
export const api = {
  request,
  get: <T>(path: string, query?: QueryParams, opts?: Omit<CallOptions, 'query'>) =>
    data(request<T>('GET', path, { ...opts, query })),
  post: <T>(path: string, body?: unknown, opts?: CallOptions) => data(request<T>('POST', path, { ...opts, body })),
  put: <T>(path: string, body?: unknown, opts?: CallOptions) => data(request<T>('PUT', path, { ...opts, body })),
  del: <T>(path: string, body?: unknown, opts?: CallOptions) => data(request<T>('DELETE', path, { ...opts, body })),
  upload,
  download,
};
