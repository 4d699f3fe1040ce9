import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { OPEN_PAGES } from '../src/app/openPages';
import { PAGES, pageOf } from '../src/app/pages';

/**
 * The router (app/router.tsx) routes a built route with `login: false` only from OPEN_PAGES and a
 * signed-in one through pageOf; what it cannot route it only warns about in development.
 */
describe('the page registry', () => {
  it('every built route opens a page', () => {
    const missing = ROUTES.filter((r) => isBuilt(r) && !(r.login ? pageOf(r) : OPEN_PAGES[r.path])).map((r) => r.path);
    expect(missing).toEqual([]);
  });

  it('every registered page is a built route of its kind: open pages without login, the others signed in', () => {
    const byPath = new Map(ROUTES.map((r) => [r.path, r]));
    const stray = [
      ...Object.keys(OPEN_PAGES).filter((p) => !(byPath.get(p) && isBuilt(byPath.get(p)!) && !byPath.get(p)!.login)),
      ...Object.keys(PAGES).filter((p) => !(byPath.get(p) && isBuilt(byPath.get(p)!) && byPath.get(p)!.login)),
    ];
    expect(stray).toEqual([]);
  });
});
