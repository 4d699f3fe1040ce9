import { SUPER_SCOPE } from '@huodong/domain/routes';

/**
 * Page-address scope (spec §1): the first path segment, `super` when absent. A few fixed
 * top-level pages (`/error`, `/error404`, `/uploadMore`) are not organisations; they count as super.
 */
export const TOP_LEVEL_SEGMENTS: readonly string[] = ['error', 'error404', 'uploadMore'];

export interface ScopedPath {
  /** `super` or the organisation key. Also the first URL segment of every scoped page. */
  scope: string;
  /** The route path relative to `/{scope}/` (ROUTES `path`), '' for the scope root. */
  rest: string;
}

function segments(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

export function scopeFromPath(pathname: string): string {
  const first = segments(pathname)[0];
  if (!first || TOP_LEVEL_SEGMENTS.includes(first)) return SUPER_SCOPE;
  return decodeURIComponent(first);
}

export function splitScopedPath(pathname: string): ScopedPath {
  const segs = segments(pathname);
  if (segs.length === 0 || TOP_LEVEL_SEGMENTS.includes(segs[0])) return { scope: SUPER_SCOPE, rest: '' };
  return { scope: decodeURIComponent(segs[0]), rest: segs.slice(1).join('/') };
}

export const isSuperScope = (scope: string): boolean => scope === SUPER_SCOPE;

/** `/{scope}/{path}`: link to a page of the same back office. */
export function scopeLink(scope: string, path = ''): string {
  const clean = path.replace(/^\/+/, '');
  return `/${encodeURIComponent(scope)}${clean ? `/${clean}` : ''}`;
}

export const homePath = (scope: string): string => scopeLink(scope, 'functionIndex');
export const errorPagePath = (scope: string): string => scopeLink(scope, 'errorPage');

/** The login page; `redirect` is the full original path including the query. */
export function loginPath(scope: string, redirect?: string): string {
  const base = scopeLink(scope, 'login');
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;
}

/**
 * A `redirect` query value is followed only when it is a path of this site (starts with one
 * `/`), never an absolute or protocol-relative URL; otherwise the scope home is used. Control
 * characters send it home too: a URL parser drops tabs and line breaks, so `/\t/evil.example/`
 * would become `//evil.example/`, another site.
 */
export function safeRedirect(redirect: string | null | undefined, scope: string): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') && !/[\u0000-\u001F\u007F]/.test(redirect)) {
    return redirect;
  }
  return homePath(scope);
}

/** API base for a scope: `/v1` for super, `/v1/{org}` for an organisation. */
export function apiBase(scope: string): string {
  return isSuperScope(scope) ? '/v1' : `/v1/${encodeURIComponent(scope)}`;
}

/** Self endpoint: `/v1/supers/self` or `/v1/{org}/self`. */
export function selfPath(scope: string): string {
  return isSuperScope(scope) ? '/v1/supers/self' : `${apiBase(scope)}/self`;
}

/**
 * Candidate organisation key of an API path: `/v1/{org}/...` or `/v1/org/{org}/...`.
 * Whether it really is an organisation is decided by the caller (a token stored under it).
 */
export function apiPathOrg(path: string): string | undefined {
  const segs = segments(path.split('?')[0]);
  if (segs[0] !== 'v1' || segs.length < 2) return undefined;
  if (segs[1] === 'org' && segs.length >= 3) return decodeURIComponent(segs[2]);
  return decodeURIComponent(segs[1]);
}

/** `/error404` reason query value when an organisation key is unknown. */
export const ORG_NOT_FOUND_REASON = 'org';
/** `/{scope}/errorPage?reason=page`: the address has no page (unknown, or not built yet). */
export const PAGE_NOT_FOUND_REASON = 'page';
export const ERROR404_PATH = '/error404';
export const ORG_NOT_FOUND_PATH = `${ERROR404_PATH}?reason=${ORG_NOT_FOUND_REASON}`;
