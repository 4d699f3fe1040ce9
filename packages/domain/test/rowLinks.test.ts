import { describe, expect, it } from 'vitest';
import { findRoute, isBuilt, RESOURCES, routeFitsScope } from '../src/index.js';

/** Declared row links (`links`) open pages that exist for the declaration's kind of back office. */
describe('row links', () => {
  it('name a built route the declaration’s scope may open', () => {
    const links = RESOURCES.flatMap((def) => (def.links ?? []).map((link) => ({ def, link })));
    expect(links.length).toBeGreaterThan(0);
    for (const { def, link } of links) {
      const route = findRoute(link.page);
      expect(route, `${def.name} → ${link.page}`).toBeDefined();
      expect(isBuilt(route!), `${def.name} → ${link.page}`).toBe(true);
      expect(routeFitsScope(route!, def.scope === 'super' ? 'super' : 'anyorg'), `${def.name} → ${link.page}`).toBe(true);
      expect(link.query).toMatch(/^[A-Za-z]+$/);
    }
  });
});
