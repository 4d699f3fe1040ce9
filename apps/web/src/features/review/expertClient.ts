/**
 * The expert's own calls (`/v1/{org}/client/expert/…`) with the expert's token, kept apart from
 * the administrators' token store: an expert token never acts as an administrator's, and the
 * back office's client would send the administrator's one.
 */
const KEY = (org: string) => `expertToken:${org}`;

export const expertToken = {
  get: (org: string) => sessionStorage.getItem(KEY(org)),
  set: (org: string, token: string) => sessionStorage.setItem(KEY(org), token),
  clear: (org: string) => sessionStorage.removeItem(KEY(org)),
};

export class ExpertApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A JSON call; the envelope's `data`, or an ExpertApiError with the server's message. */
export async function expertCall<T>(org: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const token = expertToken.get(org);
  const res = await fetch(`/v1/${org}/client/expert${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json().catch(() => ({ code: res.status, message: '请求失败，请稍后重试', data: null }))) as { code: number; message: string; data: T };
  if (res.status === 401) expertToken.clear(org);
  if (!res.ok || env.code !== 200) throw new ExpertApiError(res.status, env.message || '请求失败，请稍后重试');
  return env.data;
}

/** A file of an assigned work as an object URL (an <img> cannot send the bearer token). */
export async function expertFileUrl(org: string, url: string): Promise<string> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${expertToken.get(org) ?? ''}` } });
  if (!res.ok) throw new ExpertApiError(res.status, '当前资源下载失败，请稍后重试');
  return URL.createObjectURL(await res.blob());
}
