import { describe, expect, it } from 'vitest';
import {
  apiBase,
  apiPathOrg,
  homePath,
  loginPath,
  safeRedirect,
  scopeFromPath,
  scopeLink,
  selfPath,
  splitScopedPath,
} from '../src/shared/scope';

describe('scope of a page address', () => {
  it('is the first path segment, super when absent', () => {
    expect(scopeFromPath('/')).toBe('super');
    expect(scopeFromPath('')).toBe('super');
    expect(scopeFromPath('/super/functionIndex')).toBe('super');
    expect(scopeFromPath('/org1/adminAct/adminOri')).toBe('org1');
  });

  it('fixed top-level pages are not organisations', () => {
    expect(scopeFromPath('/error404')).toBe('super');
    expect(scopeFromPath('/error')).toBe('super');
    expect(scopeFromPath('/uploadMore')).toBe('super');
  });

  it('splits scope and route path', () => {
    expect(splitScopedPath('/org1/adminCheck/adminCheckAct/')).toEqual({ scope: 'org1', rest: 'adminCheck/adminCheckAct' });
    expect(splitScopedPath('/org1')).toEqual({ scope: 'org1', rest: '' });
  });
});

describe('links', () => {
  it('builds scope-relative links', () => {
    expect(scopeLink('org1', 'adminAct/adminOri')).toBe('/org1/adminAct/adminOri');
    expect(scopeLink('org1', '/index')).toBe('/org1/index');
    expect(homePath('super')).toBe('/super/functionIndex');
  });

  it('login carries the full original path as redirect', () => {
    expect(loginPath('org1', '/org1/index?a=1&b=2')).toBe('/org1/login?redirect=%2Forg1%2Findex%3Fa%3D1%26b%3D2');
    expect(loginPath('super')).toBe('/super/login');
  });

  it('follows only same-site redirects', () => {
    expect(safeRedirect('/org1/index?x=1', 'org1')).toBe('/org1/index?x=1');
    expect(safeRedirect('//evil.example/x', 'org1')).toBe('/org1/functionIndex');
    expect(safeRedirect('https://evil.example', 'org1')).toBe('/org1/functionIndex');
    expect(safeRedirect(null, 'super')).toBe('/super/functionIndex');
  });

  it('sends a redirect with a control character home: a URL parser drops tabs and line breaks', () => {
    for (const bad of ['/\t/evil.example/', '/\n/evil.example/', '/\r\n/evil.example/', '/org1/index\u0000', '/\u007f/x']) {
      expect(safeRedirect(bad, 'org1'), JSON.stringify(bad)).toBe('/org1/functionIndex');
    }
    expect(safeRedirect('/org1/index?q=a b', 'org1')).toBe('/org1/index?q=a b');
  });
});

describe('API paths', () => {
  it('has a base per scope', () => {
    expect(apiBase('super')).toBe('/v1');
    expect(apiBase('org1')).toBe('/v1/org1');
    expect(selfPath('super')).toBe('/v1/supers/self');
    expect(selfPath('org1')).toBe('/v1/org1/self');
  });

  it('names the organisation of /v1/{org}/… and /v1/org/{org}/…', () => {
    expect(apiPathOrg('/v1/org1/menu')).toBe('org1');
    expect(apiPathOrg('/v1/org/org2/managers?page=1')).toBe('org2');
    expect(apiPathOrg('/healthz')).toBeUndefined();
  });
});
