import type { FastifyRequest } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { orgOf } from '../auth/access.js';

/**
 * The tenant filter: the one place an organisation table is narrowed to the organisation of the
 * request path (resolved and checked against the caller by the access hook). The resource
 * machinery and every family route that reads organisation rows use it.
 */
export function tenantWhere(table: { org_id: PgColumn }, request: FastifyRequest): SQL {
  return eq(table.org_id, orgOf(request).id);
}
