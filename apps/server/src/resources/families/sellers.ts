import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { idParam, pageQuerySchema, sellersResource } from '@huodong/domain';
import { organizations, sellers } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { bind } from '../binding.js';

const orgColumns = {
  id: organizations.id,
  key: organizations.key,
  name: organizations.name,
  type_id: organizations.type_id,
  org_group: organizations.org_group,
  contact: organizations.contact,
  phone: organizations.phone,
  is_pause: organizations.is_pause,
  created_at: organizations.created_at,
};

/** Sellers, each listed with how many organisations it signed up (`org_count`). */
export const sellersBinding = bind({
  def: sellersResource,
  table: sellers,
  async present(rows, { request }) {
    if (rows.length === 0) return rows;
    const counts = await request.server.database.db
      .select({ seller: organizations.seller_id, n: count() })
      .from(organizations)
      .where(inArray(organizations.seller_id, rows.map((r) => r.id)))
      .groupBy(organizations.seller_id);
    const byId = new Map(counts.map((c) => [c.seller, c.n]));
    return rows.map((r) => ({ ...r, org_count: byId.get(r.id) ?? 0 }));
  },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    /** The organisations a seller signed up, newest first. */
    r.get(
      '/v1/sellers/new/:id',
      { config: { access: 'super' }, schema: { params: z.object({ id: idParam }), querystring: pageQuerySchema } },
      async (request) => {
        const [seller] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, request.params.id));
        if (!seller) throw notFound();
        const where = eq(organizations.seller_id, seller.id);
        return pagedList(
          request.query,
          request.url,
          async () => (await db.select({ n: count() }).from(organizations).where(where))[0].n,
          (limit, offset) => db.select(orgColumns).from(organizations).where(where).orderBy(desc(organizations.created_at), desc(organizations.id)).limit(limit).offset(offset),
        );
      },
    );
  },
});
