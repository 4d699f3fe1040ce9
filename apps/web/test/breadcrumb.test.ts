import { describe, expect, it } from 'vitest';
import { breadcrumbTitles } from '../src/app/layout/breadcrumb';
import { orgLabel } from '../src/shared/orgLabel';

describe('breadcrumb', () => {
  it('is the menu group title then the page title', () => {
    expect(breadcrumbTitles('index')).toEqual(['首页', '数据概览']);
    expect(breadcrumbTitles('adminAct/adminOriWork')).toEqual(['原创作品']);
    expect(breadcrumbTitles('nope')).toEqual([]);
  });
});

describe('organisation label', () => {
  it('super sees names with (ID:id)', () => {
    expect(orgLabel({ id: 7, name: '市图书馆' }, true)).toBe('市图书馆(ID:7)');
    expect(orgLabel({ id: 7, name: '市图书馆' }, false)).toBe('市图书馆');
  });
});
