import type { FastifyInstance } from 'fastify';
import { and, eq, notInArray } from 'drizzle-orm';
import { grantablePages, PASSWORD_IS_ACCOUNT, sameAsAccount, SUPER_LAST_GUARD, SUPER_SELF_GUARD, supersResource, UNKNOWN_PAGE, unknownPermission } from '@huodong/domain';
import { supers } from '../../db/schema.js';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSubjects } from '../../auth/tokens.js';
import { badRequest, validationError } from '../../http/errors.js';
import { bind, type ResourceContext, type Row, type WriteAction } from '../binding.js';

/**
 * Replace a given `password` by its hash; a blank one (edit form left empty) keeps the current hash.
 * An edit that leaves the account out is checked against the stored account (the body's own
 * refinement compares the two when both are sent).
 */
export async function withPasswordHash(values: Record<string, unknown>, { existing }: { existing?: Row } = {}): Promise<Record<string, unknown>> {
  const { password, ...rest } = values;
  if (typeof password !== 'string' || password === '') return rest;
  const account = (values.account ?? existing?.account) as string | undefined;
  if (account !== undefined && sameAsAccount(password, account)) throw validationError([{ field: 'password', message: PASSWORD_IS_ACCOUNT }]);
  rest.password_hash = await hashPassword(password);
  return rest;
}

/** A new password ends every session of the account but the one making the change (its own, if so). */
export async function revokeOnNewPassword(kind: 'super' | 'manager' | 'expert', action: WriteAction, rows: Row[], { tx, request, caller }: ResourceContext): Promise<void> {
  const password = (request.body as { password?: unknown } | undefined)?.password;
  if (action !== 'update' || typeof password !== 'string' || password === '') return;
  await revokeSubjects(tx as never, kind, rows.map((r) => r.id), caller.tokenId);
}

/** Checked page permissions of one kind of back office. */
export const permissionUpdate = (kind: 'super' | 'organ') => (values: Record<string, unknown>) => {
  const permissions = [...new Set(values.permissions as string[])];
  const unknown = unknownPermission(kind, permissions);
  if (unknown !== undefined) throw validationError([{ field: 'permissions', message: UNKNOWN_PAGE(unknown) }]);
  return { permissions };
};

/**
 * Super administrators. Nobody disables or deletes their own account, and at least one enabled
 * super administrator always remains (all enabled rows are locked first, so two concurrent
 * requests cannot each remove "the other" one). Disabling or deleting revokes the tokens, and so
 * does a new password (but for the session that set its own).
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
  async after(action, rows, ctx) {
    if (action === 'disable' || action === 'delete') await revokeSubjects(ctx.tx as never, 'super', rows.map((r) => r.id));
    await revokeOnNewPassword('super', action, rows, ctx);
  },
  rowUpdates: { permission: permissionUpdate('super') },
  routes(app: FastifyInstance) {
    app.get('/v1/supers/authorize', { config: { access: 'super' } }, async () => grantablePages('super'));
  },
});
