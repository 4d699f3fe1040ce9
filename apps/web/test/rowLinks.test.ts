import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_RESOURCES, PAGE_SIZE_DEFAULT, rowLinkPath, thirdResource } from '@huodong/domain';
import { DECLARATIONS } from '../src/resources/declarations.data';
import { declarationOf } from '../src/resources/declarations';
import { listQuery } from '../src/resources/listModel';
import { resourceQueryKey } from '../src/resources/resourcePaths';
import { ResourcePage } from '../src/resources/ResourcePage';

/**
 * Declared row links (`links`: a row opens another page with its id): every activity type's list
 * opens the activity's detail page, the third-party list its figures too; the list renders them
 * as row buttons without any page code.
 */
describe('declared row links', () => {
  it('every activity type opens its detail page by actID; type 7 also its figures', () => {
    for (const def of ACTIVITY_RESOURCES) {
      const declared = DECLARATIONS.find((d) => d.name === def.name)!;
      expect(declared.links?.[0], def.name).toEqual({ label: '详情', page: 'adminAct/adminActDetail', query: 'actID' });
    }
    expect(thirdResource.links?.map((l) => rowLinkPath(l, 12))).toEqual(['adminAct/adminActDetail?actID=12', 'adminCount/adminActCount/thirdPartyCount?actID=12']);
  });

  it('are buttons of every row in the 操作 column, for readers of the list too', () => {
    const def = declarationOf(thirdResource);
    const client = new QueryClient();
    const path = '/v1/lib1/third';
    const rows = [{ id: 5, title: '城市定向阅读挑战', start_at: 1_700_000_000, end_at: 1_800_000_000, is_tmp: 0, is_pause: 0, is_rec: 0 }];
    client.setQueryData([...resourceQueryKey(def), path, listQuery({ page: 1, pageSize: PAGE_SIZE_DEFAULT, filters: {} })], {
      items: rows,
      _links: {},
      _meta: { totalCount: 1, pageCount: 1, currentPage: 1, perPage: PAGE_SIZE_DEFAULT },
    });
    const html = renderToStaticMarkup(
      createElement(QueryClientProvider, { client }, createElement(MemoryRouter, { initialEntries: ['/lib1/adminAct/adminThirdParty'] }, createElement(ResourcePage, { def, org: 'lib1' }))),
    );
    expect(html).toContain('城市定向阅读挑战');
    // no caller yet (self still loading): no write control, the links are there
    expect(html).not.toContain('>编辑<');
    expect(html).toContain('>详情<');
    expect(html).toContain('>统计<');
  });
});
