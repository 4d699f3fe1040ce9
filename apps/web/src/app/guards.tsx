import { useEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { routeFitsScope, type RouteDef } from '@huodong/domain/routes';
import { LOGIN_FIRST, NO_PERMISSION_PAGE } from '@huodong/domain/messages';
import { feedback } from '../shared/feedback';
import { errorPagePath, loginPath } from '../shared/scope';
import { useScope } from '../shared/useScope';
import { hasUsableToken, signedInElsewhere } from '../shared/tokenStore';

/*
 * Part of the first load: no TanStack Query here. The administrator-only check (AdminOnly) reads
 * the caller through the query client, so it lives with the signed-in layout (layout/AppLayout.tsx).
 */

/**
 * Show a message (3 s, it outlives the page change) and replace the location. The message key
 * keeps StrictMode's double effect from showing it twice.
 */
export function RedirectWithNotice({ to, text, level }: { to: string; text: string; level: 'warning' | 'error' }) {
  const navigate = useNavigate();
  useEffect(() => {
    feedback.message[level]({ content: text, key: `guard:${text}` });
    navigate(to, { replace: true });
  }, [navigate, to, text, level]);
  return null;
}

/**
 * Protected pages need a usable token of the scope (or a super token). Signed in to another
 * organisation only → no permission and the error page; not signed in at all → 请先进行登录 and login.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const { scope } = useScope();
  const location = useLocation();
  if (signedInElsewhere(scope)) {
    return <RedirectWithNotice to={errorPagePath(scope)} text={NO_PERMISSION_PAGE} level="error" />;
  }
  if (!hasUsableToken(scope)) {
    return <RedirectWithNotice to={loginPath(scope, location.pathname + location.search)} text={LOGIN_FIRST} level="warning" />;
  }
  return children;
}

/**
 * A route of another kind of back office than the URL's scope: no-permission message and the
 * error page. `adminOnly` routes also pass `AdminOnly` (from the signed-in layout's chunk); one
 * without it is refused rather than shown.
 */
export function RouteGuard({ route, adminOnly: AdminOnly, children }: { route: RouteDef; adminOnly?: ComponentType<{ children: ReactNode }>; children: ReactNode }) {
  const { scope } = useScope();
  if (!routeFitsScope(route, scope) || (route.adminOnly && !AdminOnly)) {
    return <RedirectWithNotice to={errorPagePath(scope)} text={NO_PERMISSION_PAGE} level="error" />;
  }
  if (route.adminOnly && AdminOnly) return <AdminOnly>{children}</AdminOnly>;
  return children;
}
