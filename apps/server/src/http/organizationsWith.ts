import { count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ListData, PageQuery } from '@huodong/domain';
import type { Db } from '../db/client.js';
import { organizations } from '../db/schema.js';
import { keywordWhere } from '../resources/keyword.js';
import { pagedList } from './pagination.js';

/** A per-organisation aggregate (a grouped subquery with `org_id`) and the columns it adds, each 0 when the organisation has no row. */
export interface OrgFigures {
  sub: { org_id: PgColumn | SQL.Aliased };
  columns: Record<string, SQL.Aliased | PgColumn>;
}

/**
 * The platform's lists of organisations with figures of theirs (managers, questions): paged, found
 * by name or key, each organisation with its figures (0 when it has none), newest first unless
 * `order` leads.
 */
export function organizationsWith<T>(db: Db, query: PageQuery, url: string, figures: OrgFigures[], order: SQL[] = []): Promise<ListData<T>> {
  const where = keywordWhere([organizations.name, organizations.key], query.keyword);
  const columns = Object.fromEntries(figures.flatMap((f) => Object.entries(f.columns).map(([name, c]) => [name, sql<number>`coalesce(${c}, 0)`.mapWith(Number)])));
  return pagedList<T>(
    query,
    url,
    async () => (await db.select({ n: count() }).from(organizations).where(where))[0].n,
    (limit, offset) => {
      let q = db.select({ id: organizations.id, key: organizations.key, name: organizations.name, is_pause: organizations.is_pause, ...columns }).from(organizations).$dynamic();
      for (const f of figures) q = q.leftJoin(f.sub as never, eq(f.sub.org_id as PgColumn, organizations.id));
      return q.where(where).orderBy(...order, desc(organizations.id)).limit(limit).offset(offset) as unknown as Promise<T[]>;
    },
  );
}
