import type { ListData, PageQuery } from '@huodong/domain';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@huodong/domain';

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

export function pageOf(query: PageQuery): Page {
  const page = query.page ?? 1;
  const perPage = Math.min(query.page_size ?? query['per-page'] ?? PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX);
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * A list counts its matches up to this many past the start of the requested page, and no further
 * (docs/decisions.md "Capped list counts"): the count then costs at most what the page's own
 * offset costs plus a constant, however big the organisation.
 */
export const COUNT_CAP = 10_000;
export const countLimitOf = (page: Page): number => page.offset + COUNT_CAP;

/**
 * The list envelope's data (spec §3): items, _links (self, first, prev, next, last), _meta.
 * `capped`: the count stopped at countLimitOf(page), so there is no known last page.
 */
export function listData<T>(items: T[], total: number, page: Page, url: string, capped = false): ListData<T> {
  const pageCount = Math.max(1, Math.ceil(total / page.perPage));
  const href = (p: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.delete('reflesh');
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(page.perPage));
    return { href: u.pathname + u.search };
  };
  const links: ListData<T>['_links'] = { self: href(page.page) };
  if (total > 0) {
    links.first = href(1);
    if (!capped) links.last = href(pageCount);
    if (page.page > 1) links.prev = href(Math.min(page.page - 1, pageCount));
    if (page.page < pageCount) links.next = href(page.page + 1);
  }
  const meta: ListData<T>['_meta'] = { totalCount: total, pageCount, currentPage: page.page, perPage: page.perPage };
  if (capped) meta.totalCapped = true;
  return { items, _links: links, _meta: meta };
}

/**
 * A list the resource service does not serve (a report, a join): its count and one page, side
 * by side, in the list envelope. `rows` receives the page's limit and offset.
 */
export async function pagedList<T>(query: PageQuery, url: string, total: () => Promise<number>, rows: (limit: number, offset: number) => Promise<T[]>): Promise<ListData<T>> {
  const page = pageOf(query);
  const [n, items] = await Promise.all([total(), rows(page.perPage, page.offset)]);
  return listData(items, n, page, url);
}
