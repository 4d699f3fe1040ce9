import { useLocation } from 'react-router';
import { isSuperScope, splitScopedPath, type ScopedPath } from './scope';

/** Scope (`super` or organisation key) and route path of the current page. */
export function useScope(): ScopedPath & { isSuper: boolean } {
  const { pathname } = useLocation();
  const sp = splitScopedPath(pathname);
  return { ...sp, isSuper: isSuperScope(sp.scope) };
}
