import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import {
  ADMIN_ONLY_BY_SUPER,
  grantablePages,
  isOrgAdmin,
  MANAGER_ADMIN,
  managersResource,
  pageQuerySchema,
  rolesResource,
  UNKNOWN_PAGE,
  unknownPermission,
  type OrgManagerCount,
} from '@huodong/domain';
import { managers, roles } from '../../db/schema.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { forbidden, validationError } from '../../http/errors.js';
import { organizationsWith } from '../../http/organizationsWith.js';
import { bind } from '../binding.js';
import { permissionUpdate, revokeOnNewPassword, withPasswordHash } from './supers.js';

/**
 * Organisation managers. An organisation administrator writes only the ordinary administrators of
 * its own organisation (the tenant filter gives the organisation, `writableWhere` the type) and
 * can neither create nor promote an organisation administrator; super writes all. Disabling or
 * deleting a manager, or changing its password, revokes all of its tokens at once (a new password
 * keeps only the session that set it, see `revokeOnNewPassword`).
 */
export const managersBinding = bind({
  def: managersResource,
  table: managers,
  hidden: ['password_hash'],
  async prepare(values, ctx) {
    if (ctx.caller.kind !== 'super' && isOrgAdmin(values.type as string)) throw forbidden(ADMIN_ONLY_BY_SUPER);
    return withPasswordHash(values, ctx);
  },
  writableWhere: ({ caller }) => (caller.kind === 'super' ? undefined : sql`${managers.type} <> ${MANAGER_ADMIN}`),
  async after(action, rows, ctx) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(ctx.tx as never, 'manager', rows.map((r) => r.id));
    await revokeOnNewPassword('manager', action, rows, ctx);
  },
  rowUpdates: { permission: permissionUpdate('organ') },
  routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    const orgParams = z.object({ org: z.string() });
    /** Role options for the manager form of an organisation (roles themselves are platform data). */
    r.get('/v1/org/:org/managers/roles', { config: { access: 'org' }, schema: { params: orgParams } }, async () =>
      db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.is_pause, 0)).orderBy(asc(roles.id)),
    );
    r.get('/v1/org/:org/managers/authorize', { config: { access: 'org' }, schema: { params: orgParams } }, async () => grantablePages('organ'));
    r.get('/v1/managers/authorize', { config: { access: 'super' } }, async () => grantablePages('organ'));

    /** Organisations with their manager counts (super page manage/adminOrgManage). */
    r.get('/v1/managers/organizations', { config: { access: 'super' }, schema: { querystring: pageQuerySchema } }, async (request) => {
      const counts = db
        .select({
          org_id: managers.org_id,
          manager_count: count().as('manager_count'),
          admin_count: sql<number>`count(*) filter (where ${managers.type} = ${MANAGER_ADMIN})`.as('admin_count'),
        })
        .from(managers)
        .groupBy(managers.org_id)
        .as('counts');
      return organizationsWith<OrgManagerCount>(db, request.query, request.url, [{ sub: counts, columns: { manager_count: counts.manager_count, admin_count: counts.admin_count } }]);
    });
  },
});

/** Manager roles: named sets of organisation pages. */
export const rolesBinding = bind({
  def: rolesResource,
  table: roles,
  prepare(values) {
    if (Array.isArray(values.permissions)) {
      const permissions = [...new Set(values.permissions as string[])];
      const unknown = unknownPermission('organ', permissions);
      if (unknown !== undefined) throw validationError([{ field: 'permissions', message: UNKNOWN_PAGE(unknown) }]);
      return { ...values, permissions };
    }
    return values;
  },
});

