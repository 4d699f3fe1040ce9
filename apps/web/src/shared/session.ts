import { useEffect } from 'react';
import type { MenuItem } from '@huodong/domain/routes';
import type { IndexFigure, OrgInfo, SelfInfo } from '@huodong/domain/api';
import { useApiQuery } from './api';
import { apiBase, selfPath } from './scope';
import { useScope } from './useScope';

/*
 * Session data through TanStack Query: for the signed-in layout and pages. The first load and the
 * login page import useScope from its own module (useScope.ts), which carries no query code.
 */
export { useScope } from './useScope';

/** Query keys shared by pages that read the same session data. */
export const sessionKeys = {
  self: (scope: string) => ['session', scope, 'self'] as const,
  menu: (scope: string) => ['session', scope, 'menu'] as const,
  orgInfo: (scope: string) => ['session', scope, 'orgInfo'] as const,
  index: (scope: string) => ['session', scope, 'index'] as const,
};

/** Is the caller a platform (super) administrator? */
export const isSuperCaller = (self: Pick<SelfInfo, 'type'> | undefined): boolean => self?.type === 'super';
/** Is the caller an organisation administrator (manager type `admin`)? */
export const isOrgAdmin = (self: Pick<SelfInfo, 'type'> | undefined): boolean => self?.type === 'admin';

/**
 * The caller of the current scope (`GET /v1/supers/self` or `/v1/{org}/self`). `data.type` is
 * `super` for platform administrators, otherwise the manager type; pages use it (with
 * `canWrite` from the domain) to hide buttons the caller may not use.
 */
export function useSelf() {
  const { scope } = useScope();
  return useApiQuery<SelfInfo>(sessionKeys.self(scope), selfPath(scope), undefined, { staleTime: 60_000 });
}

/** Side menu of the current scope (`GET /v1/menu` or `/v1/{org}/menu`). */
export function useMenu() {
  const { scope } = useScope();
  return useApiQuery<MenuItem[]>(sessionKeys.menu(scope), `${apiBase(scope)}/menu`, undefined, { staleTime: 60_000 });
}

/** Organisation info (no token needed); disabled in the super scope. */
export function useOrgInfo() {
  const { scope, isSuper } = useScope();
  return useApiQuery<OrgInfo>(sessionKeys.orgInfo(scope), isSuper ? null : `${apiBase(scope)}/orgInfo`, undefined, {
    staleTime: 5 * 60_000,
  });
}

/** Overview figures of the current scope. */
export function useIndexFigures() {
  const { scope } = useScope();
  return useApiQuery<IndexFigure[]>(sessionKeys.index(scope), `${apiBase(scope)}/index`);
}

/** Browser-storage keys the spec names for the organisation kind (spec §3, §7 start-up). */
export const ORG_TYPE_KEY = 'orgType';
export const ORG_GROUP_KEY = 'org_group';

/**
 * Organisation kind start-up (spec §7): keep the organisation's type and group as `orgType` and
 * `org_group` in session storage (from `/orgInfo`, which carries both). The super kind skips it.
 */
export function useRememberOrg(): void {
  const org = useOrgInfo();
  const info = org.data;
  useEffect(() => {
    if (!info) return;
    sessionStorage.setItem(ORG_TYPE_KEY, info.type_id == null ? '' : String(info.type_id));
    sessionStorage.setItem(ORG_GROUP_KEY, info.org_group ?? '');
  }, [info]);
}
