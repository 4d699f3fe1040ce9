import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, createTokenStore, hasUsableToken, pickToken, signedInElsewhere } from '../src/shared/tokenStore';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  };
}

describe('token store', () => {
  it('keeps one entry per scope under localStorage adminToken', () => {
    const storage = memoryStorage();
    const store = createTokenStore(() => storage, () => 1000);
    store.set('super', { access_token: 'S', endTime: 5000 });
    store.set('org1', { access_token: 'O', endTime: 5000 });
    expect(JSON.parse(storage.map.get(TOKEN_STORAGE_KEY)!)).toEqual({
      super: { access_token: 'S', endTime: 5000 },
      org1: { access_token: 'O', endTime: 5000 },
    });
    expect(store.get('org1')?.access_token).toBe('O');
  });

  it('treats an expired entry as absent', () => {
    let now = 1000;
    const storage = memoryStorage();
    const s = createTokenStore(() => storage, () => now);
    s.set('org1', { access_token: 'O', endTime: 2000 });
    expect(s.get('org1')).toBeDefined();
    now = 2000;
    expect(s.get('org1')).toBeUndefined();
    expect(s.all()).toEqual({});
  });

  it('clears one scope and leaves the others', () => {
    const storage = memoryStorage();
    const store = createTokenStore(() => storage, () => 0);
    store.set('super', { access_token: 'S', endTime: 10 });
    store.set('org1', { access_token: 'O', endTime: 10 });
    store.clear('org1');
    expect(store.get('org1')).toBeUndefined();
    expect(store.get('super')?.access_token).toBe('S');
    store.clear('super');
    expect(storage.map.has(TOKEN_STORAGE_KEY)).toBe(false);
  });

  it('ignores unreadable storage content', () => {
    const storage = memoryStorage();
    storage.setItem(TOKEN_STORAGE_KEY, 'not json');
    const store = createTokenStore(() => storage, () => 0);
    expect(store.all()).toEqual({});
    storage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ org1: { access_token: 1 }, org2: { access_token: 'x', endTime: 9 } }));
    expect(Object.keys(store.all())).toEqual(['org2']);
  });

  it('works without a storage (server-side or tests)', () => {
    const store = createTokenStore(() => undefined);
    store.set('super', { access_token: 'S', endTime: Date.now() + 1000 });
    expect(store.get('super')).toBeUndefined();
  });
});

describe('which token a call sends', () => {
  const tokens = { super: { access_token: 'S', endTime: 1 }, org1: { access_token: 'O1', endTime: 1 }, org2: { access_token: 'O2', endTime: 1 } };

  it('a stored super token is sent everywhere', () => {
    expect(pickToken('/v1/org1/menu', 'org1', tokens)).toEqual({ scope: 'super', access_token: 'S' });
    expect(pickToken('/v1/organizations', 'super', tokens)?.access_token).toBe('S');
  });

  it('without a super token, the organisation of the path decides', () => {
    const { super: _s, ...orgs } = tokens;
    expect(pickToken('/v1/org2/menu', 'org1', orgs)).toEqual({ scope: 'org2', access_token: 'O2' });
    expect(pickToken('/v1/org/org2/managers', 'org1', orgs)?.access_token).toBe('O2');
  });

  it('falls back to the page scope for paths that name no stored organisation', () => {
    const { super: _s, ...orgs } = tokens;
    expect(pickToken('/v1/yuedu/org1/chooseList', 'org1', orgs)?.access_token).toBe('O1');
    expect(pickToken('/v1/menu', 'super', orgs)).toBeUndefined();
  });

  it('a page is usable with its scope token or a super token', () => {
    expect(hasUsableToken('org1', { org1: tokens.org1 })).toBe(true);
    expect(hasUsableToken('org2', { org1: tokens.org1 })).toBe(false);
    expect(hasUsableToken('org2', { super: tokens.super })).toBe(true);
  });

  it('signed in to another organisation only is a scope mismatch, not a missing sign-in', () => {
    expect(signedInElsewhere('org2', { org1: tokens.org1 })).toBe(true);
    expect(signedInElsewhere('org1', { org1: tokens.org1 })).toBe(false);
    expect(signedInElsewhere('org2', {})).toBe(false);
    expect(signedInElsewhere('org2', { super: tokens.super })).toBe(false);
    expect(signedInElsewhere('super', { org1: tokens.org1 })).toBe(true);
  });
});
