import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { carouselResource, defineResource, textField } from '@huodong/domain';
import { declarationOf } from '../src/resources/declarations';
import { ParentBar } from '../src/resources/ParentBar';
import { ResourcePage } from '../src/resources/ResourcePage';
import { DetailTabs, detailTabKey, type DetailTab } from '../src/resources/DetailTabs';

/** DetailTabs: a parent's children and the page's own panels as tabs; only the open tab renders. */
const TABS: DetailTab[] = [
  { key: 'stats', title: '统计', render: () => createElement('p', null, '参与人数：12') },
  { child: declarationOf(carouselResource) },
  { child: declarationOf(carouselResource), key: 'more', title: '更多图片' },
];

const tabsAt = (url: string) =>
  createElement(
    QueryClientProvider,
    { client: new QueryClient() },
    createElement(MemoryRouter, { initialEntries: [url] }, createElement(DetailTabs, { tabs: TABS, parentId: 7, org: 'lib1', header: createElement('h2', null, '读书月') })),
  );
const render = (url: string) => renderToStaticMarkup(tabsAt(url));
/** As render, once the lazily loaded list of a child's tab has loaded (a prerender waits for it). */
async function renderLoaded(url: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tabsAt(url));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('DetailTabs', () => {
  it('names each tab by its title or its child’s title, keyed by the child’s name unless given', () => {
    expect(TABS.map(detailTabKey)).toEqual(['stats', 'carousel', 'more']);
    const html = render('/lib1/adminAct/adminContest/detail?actID=7');
    for (const title of ['统计', '轮播图', '更多图片']) expect(html).toContain(`>${title}<`);
    expect(html).toContain('读书月');
  });

  it('opens the first tab, or the one the query names; only the open one is rendered', async () => {
    expect(render('/lib1/x?actID=7')).toContain('参与人数：12');
    expect(render('/lib1/x?actID=7&tab=stats')).toContain('参与人数：12');
    expect(render('/lib1/x?actID=7&tab=nope')).toContain('参与人数：12');
    const child = await renderLoaded('/lib1/x?actID=7&tab=carousel');
    expect(child).not.toContain('参与人数：12');
    expect(child).toContain('data-testid="resource-carousel"');
  });
});

describe('a sub-resource page', () => {
  /** A child of the carousel, declared here: its path takes the parent's id, its page reads `?actID=`. */
  const child = declarationOf(defineResource({
    name: 'slideLinks',
    title: '图片链接',
    scope: 'org',
    path: '/v1/{org}/carousel/{slide}/links',
    parent: { param: 'slide', resource: 'carousel', column: 'slide_id', query: 'actID' },
    fields: [textField('name', '名称', 20, { required: true })],
    keywordFields: ['name'],
    actions: [],
    writeRole: 'manager',
  }));
  const page = (parentId?: number) =>
    renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(
          MemoryRouter,
          { initialEntries: ['/lib1/x'] },
          createElement(ResourcePage, { def: child, org: 'lib1', parentId, needOrg: '请先从轮播图列表进入', header: createElement(ParentBar, { def: child, org: 'lib1', parentId }) }),
        ),
      ),
    );

  it('offers a way back to the parent’s page and lists the rows of its parent', () => {
    const html = page(7);
    expect(html).toContain('返回轮播图');
    expect(html).toContain('名称');
    expect(html).not.toContain('请先从轮播图列表进入');
  });

  it('without its parent it asks to come from the parent’s list', () => {
    expect(page(undefined)).toContain('请先从轮播图列表进入');
  });
});
