import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@huodong/domain';
import { ROUTES, isBuilt } from '@huodong/domain/routes';
import { ROUTE_PLACES, ROUTE_RECORDS } from '@huodong/domain/routePlaces';
import { breadcrumbTitles, pagePlace } from '../src/app/layout/breadcrumb';
import { orgLabel } from '../src/shared/orgLabel';

describe('breadcrumb', () => {
  it('is the menu group title then the page title', () => {
    expect(breadcrumbTitles('index')).toEqual(['首页', '数据概览']);
    expect(breadcrumbTitles('nope')).toEqual([]);
  });

  it('a sub page sits under the pages it is opened from, with the activity by name', () => {
    const q = new URLSearchParams('actID=5');
    expect(breadcrumbTitles('adminAct/adminOriWork')).toEqual(['活动管理', '原创作品活动', '原创作品']);
    const contest = pagePlace('adminAct/adminContestWork', q, { name: '读书月竞赛', type: 3 });
    expect(contest.crumbs).toEqual([
      { title: '活动管理' },
      { title: '知识竞赛', to: 'adminAct/adminContest' },
      { title: '「读书月竞赛」' },
      { title: '竞赛题目' },
    ]);
    expect(contest.menuRoute?.path).toBe('adminAct/adminContest');
    expect(contest.parent?.path).toBe('adminAct/adminContest');
    // a level's questions: under the levels page, which keeps the activity's query
    expect(pagePlace('adminAct/adminContestProQuestion', q, { name: 'A', type: 6 }).crumbs.map((c) => c.to ?? c.title)).toEqual([
      '活动管理',
      'adminAct/adminContestPro',
      '「A」',
      'adminAct/adminContestProWork?actID=5',
      '进阶竞赛题目',
    ]);
    // pages serving several types hang under the list of the activity's type
    expect(pagePlace('adminCount/adminActCount/actCountContest', q, { name: 'A', type: 6 }).menuRoute?.path).toBe('adminAct/adminContestPro');
    expect(pagePlace('adminAct/adminActDetail', q, { name: 'A', type: 4 }).crumbs.map((c) => c.title)).toEqual(['活动管理', '问卷调查', '「A」', '活动详情']);
    expect(breadcrumbTitles('review/adminExpertAct/worksManage')).toEqual(['专家评审', '评审活动', '评审作品']);
  });

  it('every built sub page has a place and reaches a page of the menu', () => {
    for (const path of Object.keys(ROUTE_PLACES)) expect(ROUTES.some((r) => r.path === path), path).toBe(true);
    for (const r of ROUTES.filter((x) => x.login && isBuilt(x) && !x.group)) {
      expect(ROUTE_PLACES[r.path], r.path).toBeDefined();
      const place = pagePlace(r.path, new URLSearchParams());
      expect(place.menuRoute, r.path).toBeDefined();
      expect(isBuilt(place.menuRoute!), r.path).toBe(true);
      expect(place.parent && isBuilt(place.parent), r.path).toBe(true);
    }
  });

  it('a record named in the breadcrumb is read at its declared resource\'s address', () => {
    for (const rec of Object.values(ROUTE_RECORDS)) {
      const def = RESOURCES.find((d) => d.name === rec.resource)!;
      expect(`${def.path}/{id}`).toBe(rec.path);
      expect(def.fields.some((f) => f.name === rec.name)).toBe(true);
    }
  });
});

describe('organisation label', () => {
  it('super sees names with (ID:id)', () => {
    expect(orgLabel({ id: 7, name: '市图书馆' }, true)).toBe('市图书馆(ID:7)');
    expect(orgLabel({ id: 7, name: '市图书馆' }, false)).toBe('市图书馆');
  });
});
