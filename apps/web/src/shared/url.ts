/** Query values the API client accepts; null and undefined are left out, arrays repeat the key. */
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export function queryString(query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    const values = Array.isArray(v) ? v : [v];
    for (const x of values as QueryValue[]) if (x !== undefined && x !== null) params.append(k, String(x));
  }
  return params.toString();
}

/** `path` plus the query; a query already in `path` is kept. */
export function buildUrl(path: string, query?: QueryParams): string {
  const qs = queryString(query);
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** GET query with the spec's cache-busting time stamp `reflesh` (spec §7). */
export function withReflesh(query: QueryParams | undefined, now: number = Date.now()): QueryParams {
  return { ...query, reflesh: now };
}
