/**
 * Calls made as someone other than an administrator — an expert (`/v1/{org}/client/expert/…`) or
 * a reader (`/v1/{org}/client/…`) — with that person's own token, kept apart from the
 * administrators' token store: such a token never acts as an administrator's, and the back
 * office's client would send the administrator's one. The answer is the envelope's `data`, or a
 * `SubjectApiError` with the server's message (a 401 forgets the token).
 */
export class SubjectApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The fields a 422 names (`[{field, message}]`). */
    readonly errors: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export interface SubjectClient {
  token: { get(org: string): string | null; set(org: string, token: string): void; clear(org: string): void };
  call<T>(org: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  /** A file the token may read, as an object URL (an <img> cannot send the bearer token). */
  fileUrl(org: string, url: string): Promise<string>;
}

/** A client whose paths start at `base(org)` and whose token is kept under `${name}Token:{org}` in `storage`. */
export function subjectClient(name: string, base: (org: string) => string, storage: () => Storage): SubjectClient {
  const key = (org: string) => `${name}Token:${org}`;
  const token = {
    get: (org: string) => storage().getItem(key(org)),
    set: (org: string, value: string) => storage().setItem(key(org), value),
    clear: (org: string) => storage().removeItem(key(org)),
  };
  return {
    token,
    async call<T>(org: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const bearer = token.get(org);
      const res = await fetch(`${base(org)}${path}`, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
      const env = (await res.json().catch(() => ({ code: res.status, message: '请求失败，请稍后重试', data: null }))) as {
        code: number;
        message: string;
        data: T & { errors?: { field: string; message: string }[] };
      };
      if (res.status === 401) token.clear(org);
      if (!res.ok || env.code !== 200) throw new SubjectApiError(res.status, env.message || '请求失败，请稍后重试', env.data?.errors ?? []);
      return env.data;
    },
    async fileUrl(org: string, url: string): Promise<string> {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token.get(org) ?? ''}` } });
      if (!res.ok) throw new SubjectApiError(res.status, '当前资源下载失败，请稍后重试');
      return URL.createObjectURL(await res.blob());
    },
  };
}
