import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { buildMenu, PROVINCE_TREE, SUPER_SCOPE, type IndexFigure, type MenuItem, type OrgInfo, type SelfInfo } from '@huodong/domain';
import { managers, organizations, orgUsers, students, supers } from '../db/schema.js';
import { callerOf, orgOf } from '../auth/access.js';
import { notFound } from '../http/errors.js';
import { activityReadRoutes } from './activityReads.js';

const orgParams = z.object({ org: z.string() });

/** General reads (spec §7): self, menu, index figures, organisation info. */
export async function generalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  async function self(request: FastifyRequest): Promise<SelfInfo> {
    const caller = callerOf(request);
    if (caller.kind === 'super') {
      const [s] = await db.select().from(supers).where(eq(supers.id, caller.id));
      if (!s) throw notFound();
      return { id: s.id, account: s.account, real_name: s.real_name, scope: SUPER_SCOPE, type: 'super', org_id: null, org_name: null };
    }
    const [m] = await db
      .select({ id: managers.id, account: managers.account, real_name: managers.real_name, type: managers.type, org_id: managers.org_id, org_name: organizations.name, org_key: organizations.key })
      .from(managers)
      .innerJoin(organizations, eq(organizations.id, managers.org_id))
      .where(eq(managers.id, caller.id));
    if (!m) throw notFound();
    return { id: m.id, account: m.account, real_name: m.real_name, scope: m.org_key, type: m.type, org_id: m.org_id, org_name: m.org_name };
  }

  /** The menu of one kind of back office, narrowed by the caller's granted pages (empty = all). */
  async function menu(request: FastifyRequest, scope: string): Promise<MenuItem[]> {
    const caller = callerOf(request);
    const items = buildMenu({ scope, managerType: caller.kind === 'super' ? 'admin' : caller.type });
    const [row] =
      caller.kind === 'super'
        ? await db.select({ permissions: supers.permissions }).from(supers).where(eq(supers.id, caller.id))
        : await db.select({ permissions: managers.permissions }).from(managers).where(eq(managers.id, caller.id));
    const granted = row?.permissions ?? [];
    if (granted.length === 0 || (caller.kind === 'manager' && caller.type === 'admin')) return items;
    return items
      .map((g) => ({ ...g, children: g.children.filter((c) => c.path === 'functionIndex' || c.path === 'index' || granted.includes(c.path)) }))
      .filter((g) => g.children.length > 0);
  }

  const total = async (table: typeof organizations | typeof managers | typeof supers) => (await db.select({ n: count() }).from(table))[0].n;
  const totalIn = async (table: typeof managers | typeof orgUsers | typeof students, orgId: number) =>
    (await db.select({ n: count() }).from(table).where(eq(table.org_id, orgId)))[0].n;

  r.get('/v1/supers/self', { config: { access: 'super' } }, self);
  r.get('/v1/:org/self', { config: { access: 'org' }, schema: { params: orgParams } }, self);
  r.get('/v1/menu', { config: { access: 'super' } }, (request) => menu(request, SUPER_SCOPE));
  // The provinces data as the cascader tree (spec §7 `/area`, static data).
  r.get('/v1/:org/area', { config: { access: 'org' }, schema: { params: orgParams } }, async () => PROVINCE_TREE);
  r.get('/v1/:org/menu', { config: { access: 'org' }, schema: { params: orgParams } }, (request) => menu(request, orgOf(request).key));
  // What the activity forms read (types, kinds, the unit tree, the organisation's public info).
  await activityReadRoutes(app);

  r.get('/v1/index', { config: { access: 'super' } }, async (): Promise<IndexFigure[]> => [
    { key: 'organizations', title: '机构总数', value: await total(organizations) },
    { key: 'managers', title: '机构管理员', value: await total(managers) },
    { key: 'supers', title: '超级管理员', value: await total(supers) },
    { key: 'users', title: '机构用户', value: (await db.select({ n: count() }).from(orgUsers))[0].n + (await db.select({ n: count() }).from(students))[0].n },
  ]);
  r.get('/v1/:org/index', { config: { access: 'org' }, schema: { params: orgParams } }, async (request): Promise<IndexFigure[]> => {
    const org = orgOf(request);
    return [
      { key: 'managers', title: '管理员', value: await totalIn(managers, org.id) },
      { key: 'users', title: '机构用户', value: await totalIn(orgUsers, org.id) },
      { key: 'students', title: '学生', value: await totalIn(students, org.id) },
    ];
  });

  // Open: the sign-in page shows the organisation's name before anyone is signed in.
  r.get('/v1/:org/orgInfo', { config: { access: 'publicOrg' }, schema: { params: orgParams } }, async (request): Promise<OrgInfo> => {
    const [o] = await db.select().from(organizations).where(eq(organizations.id, orgOf(request).id));
    return { id: o.id, key: o.key, name: o.name, type_id: o.type_id, org_group: o.org_group || null, logo: o.logo || null };
  });
}
