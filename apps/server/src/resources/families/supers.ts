import type { FastifyInstance } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import { grantablePages, permissionSchema, SUPER_LAST_GUARD, SUPER_SELF_GUARD, supersResource, UNKNOWN_PAGE, unknownPermission } from '@huodong/domain';
import { supers } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { badRequest, validationError } from '../../http/errors.js';
import { bind } from '../binding.js';

/** Replace a given `password` by its hash; a blank one (edit form left empty) keeps the current hash. */
export async function withPasswordHash(values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { password, ...rest } = values;
  if (typeof password === 'string' && password !== '') rest.password_hash = await hashPassword(password);
  return rest;
}

/** Checked page permissions of one kind of back office. */
export const permissionUpdate = (kind: 'super' | 'organ') => ({
  body: permissionSchema,
  prepare(values: Record<string, unknown>) {
    const permissions = [...new Set(values.permissions as string[])];
    const unknown = unknownPermission(kind, permissions);
    if (unknown !== undefined) throw validationError([{ field: 'permissions', message: UNKNOWN_PAGE(unknown) }]);
    return { permissions };
  },
});

/**
 * Super administrators. Nobody disables or deletes their own account, and at least one enabled
 * super administrator always remains (all enabled rows are locked first, so two concurrent
 * requests cannot each remove "the other" one). Disabling or deleting revokes the tokens.
 */
export const supersBinding = bind({
  def: supersResource,
  table: supers,
  hidden: ['password_hash'],
  prepare: withPasswordHash,
  async guard(action, rows, { tx, caller }) {
    if (action !== 'disable' && action !== 'delete') return;
    if (rows.some((r) => r.id === caller.id)) throw badRequest(SUPER_SELF_GUARD);
    const ids = rows.map((r) => r.id);
    const remaining = await tx
      .select({ id: supers.id })
      .from(supers)
      .where(and(eq(supers.is_pause, 0), ids.length ? notInArray(supers.id, ids) : undefined))
      .for('update');
    if (remaining.length === 0) throw badRequest(SUPER_LAST_GUARD);
  },
  async after(action, rows, { tx }) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(tx as never, 'super', rows.map((r) => r.id));
  },
  rowUpdates: { permission: permissionUpdate('super') },
  routes(app: FastifyInstance) {
    app.get('/v1/supers/authorize', { config: { access: 'super' } }, async () => grantablePages('super'));
  },
});
