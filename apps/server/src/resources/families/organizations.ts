import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, count, inArray } from 'drizzle-orm';
import {
  ORG_HAS_CHILDREN,
  ORG_HAS_MEMBERS,
  ORG_PARENT_CYCLE,
  organizationsResource,
  organizationTypesResource,
  type OrgName,
  type OrgTreeNode,
} from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { managers, modules, organizations, organizationTypes, orgUsers, students } from '../../db/schema.js';
import { revokeOrganizations } from '../../auth/tokens.js';
import { badRequest, validationError } from '../../http/errors.js';
import { bind } from '../binding.js';

/** Ids of an organisation and all organisations below it. */
async function selfAndDescendants(tx: Tx, id: number): Promise<Set<number>> {
  const seen = new Set([id]);
  let frontier = [id];
  while (frontier.length) {
    const children = await tx.select({ id: organizations.id }).from(organizations).where(inArray(organizations.parent_id, frontier));
    frontier = children.map((c) => c.id).filter((c) => !seen.has(c));
    frontier.forEach((c) => seen.add(c));
  }
  return seen;
}

const countIn = async (tx: Tx, table: typeof managers | typeof orgUsers | typeof students, orgIds: number[]) =>
  new Map((await tx.select({ org: table.org_id, n: count() }).from(table).where(inArray(table.org_id, orgIds)).groupBy(table.org_id)).map((r) => [r.org, r.n]));

/** Build the cascader tree from parent_id; an organisation whose parent is missing is a root. */
export function orgTree(rows: { id: number; name: string; parent_id: number | null }[]): OrgTreeNode[] {
  const nodes = new Map<number, OrgTreeNode>(rows.map((o) => [o.id, { label: o.name, value: o.id }]));
  const roots: OrgTreeNode[] = [];
  for (const o of rows) {
    const node = nodes.get(o.id)!;
    const parent = o.parent_id != null ? nodes.get(o.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * Organisations. Deleting is refused while an organisation still has managers, users or
 * sub-organisations (their data would go with it); disabling or deleting revokes every token of
 * its managers in the same transaction.
 */
export const organizationsBinding = bind({
  def: organizationsResource,
  table: organizations,
  async prepare(values, { tx, existing }) {
    if (existing && values.parent_id != null) {
      const below = await selfAndDescendants(tx, existing.id);
      if (below.has(values.parent_id as number)) throw validationError([{ field: 'parent_id', message: ORG_PARENT_CYCLE }]);
    }
    return values;
  },
  async guard(action, rows, { tx }) {
    if (action !== 'delete' || rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const m = await countIn(tx, managers, ids);
    const u = await countIn(tx, orgUsers, ids);
    const s = await countIn(tx, students, ids);
    const busy = rows.find((r) => m.get(r.id) || u.get(r.id) || s.get(r.id));
    if (busy) throw badRequest(ORG_HAS_MEMBERS(String(busy.name)));
    // A batch may delete a parent together with all of its children.
    const children = await tx.select({ id: organizations.id, parent: organizations.parent_id }).from(organizations).where(inArray(organizations.parent_id, ids));
    const left = children.find((c) => !ids.includes(c.id));
    if (left) throw badRequest(ORG_HAS_CHILDREN(String(rows.find((r) => r.id === left.parent)!.name)));
  },
  async after(action, rows, { tx }) {
    if (action === 'disable' || action === 'delete') await revokeOrganizations(tx as never, rows.map((r) => r.id));
  },
  rowUpdates: {
    /** The modules and activity types the organisation may use. */
    async authorize(values, { tx }) {
        const moduleIds = [...new Set(values.module_ids as number[])];
        const activityTypes = [...new Set(values.activity_types as number[])].sort((a, b) => a - b);
        if (moduleIds.length) {
          const found = new Set((await tx.select({ id: modules.id }).from(modules).where(inArray(modules.id, moduleIds))).map((m) => m.id));
          const missing = moduleIds.find((id) => !found.has(id));
          if (missing !== undefined) throw validationError([{ field: 'module_ids', message: `模块不存在：${missing}` }]);
        }
        return { module_ids: moduleIds, activity_types: activityTypes };
    },
  },
  async routes(app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.database;
    r.get('/v1/organizations/list', { config: { access: 'super' } }, async (): Promise<OrgTreeNode[]> =>
      orgTree(await db.select({ id: organizations.id, name: organizations.name, parent_id: organizations.parent_id }).from(organizations).orderBy(asc(organizations.id))),
    );
    r.get('/v1/organizations/names', { config: { access: 'super' } }, async (): Promise<OrgName[]> =>
      db.select({ id: organizations.id, name: organizations.name, key: organizations.key }).from(organizations).orderBy(asc(organizations.id)),
    );
  },
});

/** Organisation types: generic machinery only; deleting a type leaves its organisations without one. */
export const organizationTypesBinding = bind({ def: organizationTypesResource, table: organizationTypes });
