import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { canWrite, filterSchema, idParam, idRef, pageQuerySchema, type ResourceDef } from '@huodong/domain';
import type { Tx } from '../db/client.js';
import { auditLogs } from '../db/schema.js';
import { callerOf } from '../auth/access.js';
import { forbidden, notFound, badRequest } from '../http/errors.js';
import { countLimitOf, listData, pageOf } from '../http/pagination.js';
import type { Access } from '../types.js';
import type { ResourceBinding, ResourceContext, Row, WriteAction } from './binding.js';
import { BINDINGS } from './index.js';
import { tenantWhere as tenantOf } from './tenant.js';
import { keywordWhere } from './keyword.js';

const idParams = z.object({ id: idParam });
const orgIdParams = idParams.extend({ org: z.string() });
export const idsBody = z.object({
  ids: z.array(idRef('要操作的数据'), { error: '请选择要操作的数据' }).min(1, '请选择要操作的数据').max(1000, '一次最多操作1000条'),
});

/** `/v1/{org}/users` → `/v1/:org/users` */
export const routePath = (def: ResourceDef) => def.path.replace('{org}', ':org');
export const accessOf = (def: ResourceDef): Access => (def.scope === 'org' ? 'org' : 'super');

const nowSec = () => Math.floor(Date.now() / 1000);

/** Audit row: who, scope, organisation, action, resource, ids, UTC time. */
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

/** Serve one declared resource: list, read, create, update, delete, actions, batch delete. */
export function registerResource(app: FastifyInstance, binding: ResourceBinding): void {
  const { def, table } = binding;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const col = (name: string): PgColumn => {
    const c = cols[name];
    if (!c) throw new Error(`${def.name}: no column ${name}`);
    return c;
  };
  // `search` (db/schema.ts) is the database's own copy of the keyword columns, never sent.
  const hidden = new Set([...(binding.hidden ?? []), 'search']);
  const visible = Object.fromEntries(Object.entries(cols).filter(([k]) => !hidden.has(k)));
  const base = routePath(def);
  const access = accessOf(def);
  const params = def.scope === 'org' ? orgIdParams : idParams;
  const orgParams = def.scope === 'org' ? z.object({ org: z.string() }) : z.object({});
  const filterFields = def.fields.filter((f) => f.filter);
  const sortable = new Set(['id', 'created_at', 'updated_at', ...def.fields.filter((f) => f.sortable).map((f) => f.name)]);

  const ctxOf = (request: FastifyRequest) => ({ request, caller: callerOf(request), org: def.scope === 'org' ? request.org : null });

  /** The tenant filter: the one place an org-scoped query is narrowed to the path's organisation. */
  const tenantWhere = (request: FastifyRequest): SQL | undefined =>
    def.scope === 'org' ? tenantOf({ org_id: col('org_id') }, request) : undefined;

  const present = async (rows: Row[], request: FastifyRequest): Promise<Row[]> =>
    binding.present ? binding.present(rows, ctxOf(request)) : rows;

  const assertCanWrite = (request: FastifyRequest) => {
    if (!canWrite(def, callerOf(request))) throw forbidden();
  };

  /** Rows among `ids` the caller may write: tenant filter plus the family's own narrowing. */
  async function writableRows(tx: Tx, request: FastifyRequest, ids: number[]): Promise<Row[]> {
    const where = and(inArray(col('id'), ids), tenantWhere(request), binding.writableWhere?.(ctxOf(request)));
    return (await tx.select().from(table).where(where).for('update')) as Row[];
  }

  /** Run a write in one transaction with its guard, side effects and audit row. */
  async function write<T>(request: FastifyRequest, action: WriteAction, ids: number[], fn: (tx: Tx, rows: Row[], ctx: ResourceContext) => Promise<T>) {
    assertCanWrite(request);
    return db.transaction(async (tx) => {
      const ctx: ResourceContext = { ...ctxOf(request), tx };
      const rows = action === 'create' ? [] : await writableRows(tx, request, ids);
      if (action !== 'create' && rows.length === 0 && ids.length === 1) throw notFound();
      await binding.guard?.(action, rows, ctx);
      const result = await fn(tx, rows, ctx);
      const changed = action === 'create' ? [(result as Row).id] : rows.map((x) => x.id);
      const after = action === 'create' ? [result as Row] : action === 'delete' ? rows : ((await tx.select().from(table).where(inArray(col('id'), changed))) as Row[]);
      await binding.after?.(action, after, ctx);
      await audit(tx, request, action, def.name, changed);
      return result;
    });
  }

  const listQuery = pageQuerySchema.extend(Object.fromEntries(filterFields.map((f) => [f.name, filterSchema(f)])));

  r.get(base, { config: { access }, schema: { params: orgParams, querystring: listQuery } }, async (request) => {
    const q = request.query as Record<string, unknown> & z.output<typeof pageQuerySchema>;
    const page = pageOf(q);
    const conds: (SQL | undefined)[] = [tenantWhere(request)];
    conds.push(keywordWhere(def.keywordFields.map(col), q.keyword, cols.search && { search: cols.search, org_id: col('org_id'), orgId: request.org!.id }));
    for (const f of filterFields) {
      const v = q[f.name];
      if (v !== undefined && v !== '') conds.push(eq(col(f.name), v));
    }
    const where = and(...conds);
    const sortKey = q.sort ?? def.defaultSort ?? '-id';
    const sortField = sortKey.replace(/^-/, '');
    if (!sortable.has(sortField)) throw badRequest(`sort: 不支持按${sortField}排序`);
    const dir = sortKey.startsWith('-') ? desc : asc;
    // Organisation tables order through their (org_id, created_at, id) index, never the primary
    // key: a primary-key walk filtered by org_id would read other organisations' rows. created_at
    // follows id (both grow with insertion), and id breaks ties in the same direction.
    const lead = sortField === 'id' && def.scope === 'org' ? 'created_at' : sortField;
    const order = lead === 'id' ? [dir(col('id'))] : [dir(col(lead)), dir(col('id'))];
    // Deferred join: the page's ids come from the ordering index alone (an index-only scan, however
    // deep the page), then only those rows are read. Count and page run side by side on PostgreSQL.
    // The count stops at countLimitOf(page) (http/pagination.ts), so it never reads a whole big
    // organisation: it costs the page's own offset plus a constant.
    const pageIds = db.select({ id: col('id') }).from(table).where(where).orderBy(...order).limit(page.perPage).offset(page.offset);
    const countLimit = countLimitOf(page);
    const counted = db.select({ one: sql`1` }).from(table).where(where).limit(countLimit + 1).as('counted');
    const [[{ n }], rows] = await Promise.all([
      db.select({ n: count() }).from(counted),
      db.select(visible).from(table).where(inArray(col('id'), pageIds)).orderBy(...order),
    ]);
    const capped = n > countLimit;
    return listData(await present(rows as Row[], request), capped ? countLimit : n, page, request.url, capped);
  });

  r.get(`${base}/:id`, { config: { access }, schema: { params } }, async (request) => {
    const [row] = (await db.select(visible).from(table).where(and(eq(col('id'), request.params.id), tenantWhere(request)))) as Row[];
    if (!row) throw notFound();
    return (await present([row], request))[0];
  });

  const strip = (row: Row) => Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) as Row;

  r.post(base, { config: { access }, schema: { params: orgParams, body: def.create } }, async (request) => {
    const created = await write(request, 'create', [], async (tx, _rows, ctx) => {
      let values = { ...(request.body as Record<string, unknown>) };
      delete values.org_id; // never trusted from a body
      if (binding.prepare) values = await binding.prepare(values, ctx);
      if (def.scope === 'org') values.org_id = request.org!.id;
      const [row] = (await tx.insert(table).values(values as never).returning()) as Row[];
      return row;
    });
    return (await present([strip(created)], request))[0];
  });

  const update = async (request: FastifyRequest<{ Params: { id: number }; Body: unknown }>) => {
    const updated = await write(request, 'update', [request.params.id], async (tx, rows, ctx) => {
      let values = { ...(request.body as Record<string, unknown>) };
      delete values.org_id;
      delete values.id;
      if (binding.prepare) values = await binding.prepare(values, { ...ctx, existing: rows[0] });
      values.updated_at = nowSec();
      const [row] = (await tx.update(table).set(values as never).where(eq(col('id'), rows[0].id)).returning()) as Row[];
      return row;
    });
    return (await present([strip(updated)], request))[0];
  };
  r.post(`${base}/:id`, { config: { access }, schema: { params, body: def.update } }, update as never);
  r.put(`${base}/:id`, { config: { access }, schema: { params, body: def.update } }, update as never);

  r.delete(`${base}/:id`, { config: { access }, schema: { params } }, async (request) => {
    await write(request, 'delete', [request.params.id], async (tx, rows) => {
      await tx.delete(table).where(eq(col('id'), rows[0].id));
    });
    return null;
  });

  const flag = (action: WriteAction, set: () => Record<string, unknown>) =>
    r.post(`${base}/:id/${action}`, { config: { access }, schema: { params } }, async (request) => {
      const row = await write(request, action, [request.params.id], async (tx, rows) => {
        const [updated] = (await tx.update(table).set({ ...set(), updated_at: nowSec() } as never).where(eq(col('id'), rows[0].id)).returning()) as Row[];
        return updated;
      });
      return (await present([strip(row)], request))[0];
    });
  if (def.actions.includes('enable')) flag('enable', () => ({ is_pause: 0 }));
  if (def.actions.includes('disable')) flag('disable', () => ({ is_pause: 1 }));
  if (def.actions.includes('recommend')) flag('recommend', () => ({ is_rec: 1, rec_at: nowSec() }));
  if (def.actions.includes('remove')) flag('remove', () => ({ is_rec: 0, rec_at: null }));

  for (const [name, spec] of Object.entries(binding.rowUpdates ?? {})) {
    r.post(`${base}/:id/${name}`, { config: { access }, schema: { params, body: spec.body } }, async (request) => {
      const row = await write(request, `update:${name}`, [request.params.id], async (tx, rows, ctx) => {
        let values = { ...(request.body as Record<string, unknown>) };
        if (spec.prepare) values = await spec.prepare(values, { ...ctx, existing: rows[0] });
        const [updated] = (await tx.update(table).set({ ...values, updated_at: nowSec() } as never).where(eq(col('id'), rows[0].id)).returning()) as Row[];
        return updated;
      });
      return (await present([strip(row)], request))[0];
    });
  }

  if (def.actions.includes('batchDelete')) {
    r.post(`${base}/batchDelete`, { config: { access }, schema: { params: orgParams, body: idsBody } }, async (request) => {
      const ids = [...new Set(request.body.ids)];
      const deleted = await write(request, 'delete', ids, async (tx, rows) => {
        if (rows.length) await tx.delete(table).where(inArray(col('id'), rows.map((x) => x.id)));
        return rows.length;
      });
      return { deleted };
    });
  }

  if (def.actions.includes('sort')) {
    r.post(`${base}/sort`, { config: { access }, schema: { params: orgParams, body: idsBody } }, async (request) => {
      const ids = request.body.ids;
      const sorted = await write(request, 'sort', ids, async (tx, rows) => {
        const own = new Set(rows.map((x) => x.id));
        let n = 0;
        for (const [i, id] of ids.entries()) {
          if (!own.has(id)) continue;
          await tx.update(table).set({ sort: i + 1 } as never).where(eq(col('id'), id));
          n++;
        }
        return n;
      });
      return { sorted };
    });
  }
}

/** Register every bound resource and the families' own routes. */
export async function registerResources(app: FastifyInstance): Promise<void> {
  for (const binding of BINDINGS) {
    // Own routes first: their static segments (e.g. /types) must not be taken for ids.
    await binding.routes?.(app);
    registerResource(app, binding);
  }
}
