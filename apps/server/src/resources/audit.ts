import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { auditLogs } from '../db/schema.js';
import { callerOf } from '../auth/access.js';

/** Audit row of a write: who, scope, organisation, action, resource, ids, UTC time. */
export async function audit(tx: Tx, request: FastifyRequest, action: string, resource: string, ids: number[]): Promise<void> {
  const caller = callerOf(request);
  await tx.insert(auditLogs).values({
    actor_kind: caller.kind,
    actor_id: caller.id,
    scope: request.org?.key ?? 'super',
    org_id: request.org?.id ?? caller.orgId,
    action,
    resource,
    ids,
  });
}
