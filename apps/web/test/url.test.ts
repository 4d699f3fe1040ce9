import { describe, expect, it } from 'vitest';
import { buildUrl, queryString, withReflesh } from '../src/shared/url';

describe('query strings', () => {
  it('leaves out null and undefined, repeats arrays', () => {
    expect(queryString({ page: 1, keyword: '', a: undefined, b: null, ids: [1, 2] })).toBe('page=1&keyword=&ids=1&ids=2');
  });

  it('appends to a path that already has a query', () => {
    expect(buildUrl('/v1/x?a=1', { b: 2 })).toBe('/v1/x?a=1&b=2');
    expect(buildUrl('/v1/x')).toBe('/v1/x');
  });

  it('GET queries carry the reflesh time stamp', () => {
    expect(withReflesh({ page: 2 }, 123)).toEqual({ page: 2, reflesh: 123 });
  });
});
