import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { routeFitsScope, type RouteDef } from '@huodong/domain/routes';
import { LOGIN_FIRST, NO_PERMISSION_PAGE } from '@huodong/domain/messages';
import { feedback } from '../shared/feedback';
import { PageLoading } from '../shared/PageLoading';
import { errorPagePath, loginPath } from '../shared/scope';
import { isOrgAdmin, isSuperCaller, useScope, useSelf } from '../shared/session';
import { hasUsableToken, signedInElsewhere } from '../shared/tokenStore';

/**
 * Show a message (3 s, it outlives the page change) and replace the location. The message key
 * keeps StrictMode's double effect from showing it twice.
 */
function RedirectWithNotice({ to, text, level }: { to: string; text: string; level: 'warning' | 'error' }) {
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

/** Pages only an organisation administrator (or super) may open. */
function AdminOnly({ children }: { children: ReactNode }) {
  const { scope } = useScope();
  const self = useSelf();
  if (self.isPending) return <PageLoading />;
  // A failed self call was handled by the error catalogue (e.g. 401 → login).
  if (self.isError) return null;
  if (!isSuperCaller(self.data) && !isOrgAdmin(self.data)) {
    return <RedirectWithNotice to={errorPagePath(scope)} text={NO_PERMISSION_PAGE} level="error" />;
  }
  return children;
}

/** A route of another kind of back office than the URL's scope: no-permission message and the error page. */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { scope } = useScope();
  if (!routeFitsScope(route, scope)) {
    return <RedirectWithNotice to={errorPagePath(scope)} text={NO_PERMISSION_PAGE} level="error" />;
  }
  if (route.adminOnly) return <AdminOnly>{children}</AdminOnly>;
  return children;
}
