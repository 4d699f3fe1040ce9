import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
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
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...header },
      body: hasBody ? JSON.stringify(opts.body) : undefined,
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
};

export type ApiQueryOptions<T> = Omit<UseQueryOptions<T, ApiError, T, QueryKey>, 'queryKey' | 'queryFn' | 'enabled'> & {
  enabled?: boolean;
  silent?: boolean;
};

/**
 * GET through TanStack Query. The cache key is `[...key, path, query]`, so invalidating `key`
 * refreshes every page and filter of it. A null `path` disables the query.
 */
export function useApiQuery<T>(
  key: QueryKey,
  path: string | null | undefined,
  query?: QueryParams,
  options: ApiQueryOptions<T> = {},
) {
  const { enabled = true, silent, ...rest } = options;
  return useQuery<T, ApiError, T, QueryKey>({
    queryKey: [...key, path, query ?? {}],
    queryFn: ({ signal }) => api.get<T>(path as string, query, { signal, silent }),
    enabled: !!path && enabled,
    ...rest,
  });
}

export type ApiMutationOptions<TData, TVars> = Omit<UseMutationOptions<TData, ApiError, TVars>, 'mutationFn'> & {
  /** Query keys (prefixes) to refresh after success. */
  invalidate?: QueryKey[];
  /** Message shown after success. */
  successMessage?: string;
};

/** A write through TanStack Query: `fn` calls `api.*`; success refreshes `invalidate`. */
export function useApiMutation<TData = unknown, TVars = void>(
  fn: (vars: TVars) => Promise<TData>,
  options: ApiMutationOptions<TData, TVars> = {},
) {
  const client = useQueryClient();
  const { invalidate = [], successMessage, onSuccess, ...rest } = options;
  return useMutation<TData, ApiError, TVars>({
    mutationFn: fn,
    ...rest,
    onSuccess: async (...args) => {
      if (successMessage) feedback.message.success(successMessage);
      await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      await onSuccess?.(...args);
    },
  });
}
