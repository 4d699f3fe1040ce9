import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getTableName } from 'drizzle-orm';
import { z } from 'zod';
import { exportPath, filterSchema, idParam, idRef, pageQuerySchema, type ResourceDef } from '@huodong/domain';
import type { Access } from '../types.js';
import { HttpError, notFound, type ColumnLabel } from '../http/errors.js';
import type { ResourceBinding } from './binding.js';
import { resourceService, type ListQuery, type RememberedLists, type ResourceService } from './service.js';
import { sendExport } from './exports.js';
import { RememberedReads } from '../db/writeWatch.js';

/** A list count is used again at most this long (what other processes write is not seen here). */
const COUNT_REMEMBER_MS = 10_000;

export const idsBody = z.object({
  ids: z.array(idRef('要操作的数据'), { error: '请选择要操作的数据' }).min(1, '请选择要操作的数据').max(1000, '一次最多操作1000条'),
});

/** `/v1/{org}/carousel` → `/v1/:org/carousel`; a parent's `{param}` → `:param`. */
export const routePath = (def: ResourceDef) => def.path.replace(/\{(\w+)\}/g, ':$1');
export const accessOf = (def: ResourceDef): Access => (def.scope === 'org' ? 'org' : 'super');

const nowSec = () => Math.floor(Date.now() / 1000);

/** Path parameters of a declaration's routes: the organisation key, the parent's id, the row's id. */
function paramsOf(def: ResourceDef) {
  const base: Record<string, z.ZodType> = {};
  if (def.scope === 'org') base.org = z.string();
  if (def.parent) base[def.parent.param] = idParam;
  return { list: z.object(base), row: z.object({ ...base, id: idParam }) };
}

/** The list query of a declaration: paging, keyword, sort and each declared filter by its field's type. */
export const listQueryOf = (def: ResourceDef) =>
  pageQuerySchema.extend(Object.fromEntries(def.fields.filter((f) => f.filter).map((f) => [f.name, filterSchema(f)])));

/** Serve one declared resource: list, read, create, update, delete, each declared action, row list and export. */
function registerResource(app: FastifyInstance, service: ResourceService): void {
  const { def, binding } = service;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = routePath(def);
  const config = { access: accessOf(def) };
  const params = paramsOf(def);
  const id = (request: FastifyRequest) => (request.params as { id: number }).id;

  r.get(base, { config, schema: { params: params.list, querystring: listQueryOf(def) } }, (request) => service.list(request, request.query as ListQuery));
  r.get(`${base}/:id`, { config, schema: { params: params.row } }, (request) => service.get(request, id(request)));
  // A read-only declaration (a view of rows another declaration owns) serves no create, update or delete.
  if (!def.readOnly) {
    r.post(base, { config, schema: { params: params.list, body: def.create } }, (request) => service.create(request, request.body as Record<string, unknown>));
    for (const method of ['post', 'put'] as const) {
      r[method](`${base}/:id`, { config, schema: { params: params.row, body: def.update } }, (request) =>
        service.update(request, id(request), request.body as Record<string, unknown>),
      );
    }
    r.delete(`${base}/:id`, { config, schema: { params: params.row } }, async (request) => {
      await service.remove(request, [id(request)]);
      return null;
    });
  }

  for (const action of def.actions) {
    switch (action.kind) {
      case 'toggle':
        for (const state of action.states) {
          r.post(`${base}/:id/${state.name}`, { config, schema: { params: params.row } }, (request) =>
            service.setRow(request, state.name, id(request), (row, ctx) => {
              const values = { [action.column]: state.value, ...(action.stamp ? { [action.stamp]: state.value === 1 ? nowSec() : null } : {}) };
              return binding.actionValues ? binding.actionValues(state.name, values, row, ctx) : values;
            }),
          );
        }
        break;
      case 'rowUpdate': {
        const prepare = binding.rowUpdates?.[action.name];
        r.post(`${base}/:id/${action.name}`, { config, schema: { params: params.row, body: action.body } }, (request) =>
          service.setRow(request, action.name, id(request), (existing, ctx) => {
            // The body was validated by the action's own schema: only its fields are set.
            const values = request.body as Record<string, unknown>;
            return prepare ? prepare(values, { ...ctx, existing }) : values;
          }),
        );
        break;
      }
      case 'command':
        // A command with its own path (shared by several declarations) is registered once for all (registerResources).
        if (!action.path) r.post(`${base}/:id/${action.name}`, { config, schema: { params: params.row } }, (request) => service.command(request, action.name, id(request)));
        break;
      case 'batch':
        r.post(`${base}/${action.name}`, { config, schema: { params: params.list, body: idsBody } }, async (request) => ({
          updated: await service.setMany(request, action.name, [...new Set(request.body.ids)], action.set),
        }));
        break;
      case 'batchDelete':
        r.post(`${base}/batchDelete`, { config, schema: { params: params.list, body: idsBody } }, async (request) => ({
          deleted: await service.remove(request, [...new Set(request.body.ids)]),
        }));
        break;
      case 'sort':
        r.post(`${base}/sort`, { config, schema: { params: params.list, body: idsBody } }, async (request) => ({
          sorted: await service.sort(request, request.body.ids),
        }));
        break;
    }
  }

  // A row's declared lists (RowList): the row through the scope, then its entries.
  for (const list of def.rowLists ?? []) {
    const entries = binding.rowLists?.[list.name];
    if (!entries) throw new Error(`${def.name}: row list ${list.name} is not bound`);
    r.get(`${base}/:id/${list.name}`, { config, schema: { params: params.row } }, (request) => service.rowList(request, entries, id(request)));
  }

  for (const exp of def.exports ?? []) {
    // The parent of a sub-resource's export comes in the query, as the page has it.
    const query = def.parent ? listQueryOf(def).extend({ [def.parent.param]: idParam }) : listQueryOf(def);
    r.get(
      exportPath(def, exp).replace('{org}', ':org'),
      { config: { ...config, rawBody: true }, schema: { params: def.scope === 'org' ? z.object({ org: z.string() }) : z.object({}), querystring: query } },
      async (request, reply) => {
        if (def.parent) (request.params as Record<string, unknown>)[def.parent.param] = (request.query as Record<string, unknown>)[def.parent.param];
        return sendExport(reply, service, exp, request, request.query as ListQuery);
      },
    );
  }
}

/**
 * Commands declared with a path of their own (`/v1/{org}/activity/{id}/copy`, one route for every
 * activity type): the declaration whose scope holds the row carries it out; none → 404.
 */
function registerSharedCommands(app: FastifyInstance, services: ResourceService[]): void {
  const byPath = new Map<string, { name: string; services: ResourceService[] }>();
  for (const service of services) {
    for (const action of service.def.actions) {
      if (action.kind !== 'command' || !action.path) continue;
      const entry = byPath.get(action.path) ?? { name: action.name, services: [] };
      entry.services.push(service);
      byPath.set(action.path, entry);
    }
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [path, { name, services: candidates }] of byPath) {
    const def = candidates[0].def;
    r.post(routePath({ ...def, path }), { config: { access: accessOf(def) }, schema: { params: paramsOf(def).row } }, async (request) => {
      const id = (request.params as { id: number }).id;
      for (const service of candidates) {
        try {
          return await service.command(request, name, id);
        } catch (err) {
          if (!(err instanceof HttpError && err.status === 404)) throw err;
        }
      }
      throw notFound();
    });
  }
}

/** Labels of every bound table's columns, for constraint messages (two declarations may share a table). */
function columnLabels(bindings: ResourceBinding[]): ColumnLabel {
  const byTable = new Map<string, Map<string, string>>();
  const any = new Map<string, string>();
  for (const { def, table } of bindings) {
    const name = getTableName(table);
    if (!byTable.has(name)) byTable.set(name, new Map());
    for (const f of def.fields) {
      byTable.get(name)!.set(f.name, f.label);
      if (!any.has(f.name)) any.set(f.name, f.label);
    }
  }
  return (table, column) => byTable.get(table ?? '')?.get(column) ?? any.get(column) ?? column;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service of every bound resource by declaration name (family routes, the seed). */
    resources: ReadonlyMap<string, ResourceService>;
  }
}

/** Register every bound resource and the families' own routes. */
export async function registerResources(app: FastifyInstance, bindings: ResourceBinding[]): Promise<void> {
  const services = new Map<string, ResourceService>();
  const remembered: RememberedLists = {
    counts: new RememberedReads(app.database.watch, COUNT_REMEMBER_MS),
    // At most 2,000 ids each (PROBE_ROWS): 1,000 results stay under about 16 MB.
    matches: new RememberedReads(app.database.watch, COUNT_REMEMBER_MS, 1_000),
  };
  for (const binding of bindings) services.set(binding.def.name, resourceService(app.database.db, binding, (name) => services.get(name), remembered));
  app.decorate('resources', services);
  app.decorate('columnLabel', columnLabels(bindings));
  for (const binding of bindings) {
    // Own routes first: their static segments (e.g. /types) must not be taken for ids.
    await binding.routes?.(app);
    registerResource(app, services.get(binding.def.name)!);
  }
  registerSharedCommands(app, [...services.values()]);
}
