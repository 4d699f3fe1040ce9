import { describe, expect, it } from 'vitest';
import { ROUTES, isBuilt } from '@huodong/domain';
import { batchPasswordPath, filterOfQuery } from '../src/features/orgUsers/BatchPasswordDialog';
import { PAGES } from '../src/app/pages';

describe('first passwords in batch', () => {
  it('posts to the list of users or students of the organisation', () => {
    expect(batchPasswordPath('szlib', 'users')).toBe('/v1/szlib/users/batchPassword');
    expect(batchPasswordPath('a b', 'students')).toBe('/v1/a%20b/students/batchPassword');
  });

  it("sends the list's keyword and filters as the filter, without page or sort", () => {
    expect(filterOfQuery({ page: 2, page_size: 20, sort: '-id', keyword: '张', identity: 3, sex: '', grade: null, class: ['1', '2'] })).toEqual({ keyword: '张', identity: '3', class: '1,2' });
    expect(filterOfQuery({})).toEqual({});
  });
});

describe('the blacklist settings page', () => {
  it('is built and has a page of its own', () => {
    const route = ROUTES.find((r) => r.path === 'adminBlacklist/adminBlackconfig')!;
    expect(isBuilt(route)).toBe(true);
    expect(route.group).toBe('blacklist');
    expect(PAGES[route.path]).toBeTypeOf('function');
  });
});
