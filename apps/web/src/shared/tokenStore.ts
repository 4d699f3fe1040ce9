import { SUPER_SCOPE } from '@huodong/domain/routes';
import { apiPathOrg } from './scope';

/**
 * Backend token store (spec §3): localStorage `adminToken` holds an object keyed by scope
 * (`super` or an organisation key), each `{access_token, endTime}`. An expired entry counts
 * as absent.
 */
export const TOKEN_STORAGE_KEY = 'adminToken';

export interface StoredToken {
  access_token: string;
  /** Absolute expiry in milliseconds since epoch. */
  endTime: number;
}

export type TokenMap = Record<string, StoredToken>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isStoredToken(x: unknown): x is StoredToken {
  if (typeof x !== 'object' || x === null) return false;
  const t = x as Record<string, unknown>;
  return typeof t.access_token === 'string' && t.access_token !== '' && typeof t.endTime === 'number';
}

export const isUsable = (t: StoredToken | undefined, now: number): t is StoredToken => !!t && t.endTime > now;

export interface TokenStore {
  /** The usable token of one scope, or undefined when absent or expired. */
  get(scope: string): StoredToken | undefined;
  set(scope: string, token: StoredToken): void;
  clear(scope: string): void;
  /** Every usable token, keyed by scope. */
  all(): TokenMap;
}

export function createTokenStore(storage: () => KeyValueStorage | undefined, now: () => number = Date.now): TokenStore {
  const read = (): TokenMap => {
    const raw = storage()?.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const out: TokenMap = {};
      for (const [k, v] of Object.entries(parsed)) if (isStoredToken(v)) out[k] = v;
      return out;
    } catch {
      return {};
    }
  };
  const write = (map: TokenMap) => {
    const s = storage();
    if (!s) return;
    if (Object.keys(map).length === 0) s.removeItem(TOKEN_STORAGE_KEY);
    else s.setItem(TOKEN_STORAGE_KEY, JSON.stringify(map));
  };
  const usable = (map: TokenMap): TokenMap => {
    const t = now();
    return Object.fromEntries(Object.entries(map).filter(([, v]) => isUsable(v, t)));
  };
  return {
    get: (scope) => {
      const t = read()[scope];
      return isUsable(t, now()) ? t : undefined;
    },
    set: (scope, token) => write({ ...usable(read()), [scope]: token }),
    clear: (scope) => {
      const map = read();
      delete map[scope];
      write(map);
    },
    all: () => usable(read()),
  };
}

export const tokenStore: TokenStore = createTokenStore(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

export interface PickedToken {
  /** Scope the token is stored under (to clear it on 401). */
  scope: string;
  access_token: string;
}

/**
 * Which token an API call sends (spec §6, §7): a super token is accepted everywhere and takes
 * precedence; otherwise the token of the organisation named in the path (`/v1/{org}/…`,
 * `/v1/org/{org}/…`); otherwise the token of the page's scope (for paths like
 * `/v1/yuedu/{org}/…` called from an organisation page).
 */
export function pickToken(path: string, pageScope: string, tokens: TokenMap): PickedToken | undefined {
  const candidates = [SUPER_SCOPE, apiPathOrg(path), pageScope];
  for (const scope of candidates) {
    if (scope && tokens[scope]) return { scope, access_token: tokens[scope].access_token };
  }
  return undefined;
}

/** Can a page of `scope` be opened: a usable super token or a usable token of that scope. */
export function hasUsableToken(scope: string, tokens: TokenMap = tokenStore.all()): boolean {
  return !!tokens[SUPER_SCOPE] || !!tokens[scope];
}

/**
 * Signed in, but to another organisation only: the page is of another scope than the user's
 * (spec §6), which is a permission matter, not a missing sign-in.
 */
export function signedInElsewhere(scope: string, tokens: TokenMap = tokenStore.all()): boolean {
  return !hasUsableToken(scope, tokens) && Object.keys(tokens).some((s) => s !== scope && s !== SUPER_SCOPE);
}
