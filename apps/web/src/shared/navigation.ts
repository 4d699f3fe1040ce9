/**
 * Navigation for code outside React components (the API client's error catalogue). The app
 * binds the router's navigate once it is created; before that a full page load is used.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: NavigateFn = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function bindNavigate(fn: NavigateFn): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateFn(to, opts);
}

/** The current full path (pathname + query), e.g. for a login `redirect`. */
export function currentFullPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
}

export function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}
