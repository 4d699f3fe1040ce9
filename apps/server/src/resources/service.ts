import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { canWrite, filterModeOf, rowsRefusal, type ListData, type PageQuery, type ResourceDef } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { callerOf } from '../auth/access.js';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.js';
import { countLimitOf, listData, pageOf, type Page } from '../http/pagination.js';
import { RememberedReads, tablesOf } from '../db/writeWatch.js';
import { audit } from './audit.js';
import type { ReadContext, ResourceBinding, ResourceContext, Row, WriteAction } from './binding.js';

/** The entries of one declared row list, as the binding gives them. */
type RowListEntries = NonNullable<ResourceBinding['rowLists']>[string];
import { keywordWhere, searchHolds } from './keyword.js';
import { tenantWhere } from './tenant.js';
import { nowSec } from '../participation/clock.js';

/** A list query after validation: paging, keyword, sort and the declared filters by field name. */
export type ListQuery = PageQuery & Record<string, unknown>;


/**
 * The one service of a declared resource: every read and write of its rows, narrowed to the
 * request's organisation, parent and fixed discriminator, each write in one transaction with the
 * family's guard, side effects and an audit row. The routes (register.ts), exports, family routes
 * and the seed all go through it.
 */
export interface ResourceService {
  readonly def: ResourceDef;
  readonly binding: ResourceBinding;
  context(request: FastifyRequest): ReadContext;
  /** 404 unless the request's parent row exists in the request's organisation (sub-resources). */
  assertParent(request: FastifyRequest): Promise<void>;
  /** Tenant, parent and fixed discriminator: what every read and write of this declaration sees. */
  scopeWhere(request: FastifyRequest): SQL | undefined;
  /** The list's filter: scope, keyword and declared filters (shared by the list and the exports). */
  listWhere(request: FastifyRequest, query: ListQuery): SQL | undefined;
  list(request: FastifyRequest, query: ListQuery): Promise<ListData<Row>>;
  /** Every matching row in pages of `batch`, in creation order (newest first unless the sort ascends): memory stays flat. */
  scan(request: FastifyRequest, query: ListQuery, batch?: number): AsyncGenerator<Row[]>;
  get(request: FastifyRequest, id: number): Promise<Row>;
  create(request: FastifyRequest, body: Record<string, unknown>): Promise<Row>;
  update(request: FastifyRequest, id: number, body: Record<string, unknown>): Promise<Row>;
  /** Set columns of one row (toggles, row updates); `values` may depend on the row. */
  setRow(request: FastifyRequest, action: WriteAction, id: number, values: (row: Row, ctx: ResourceContext) => Promise<Record<string, unknown>> | Record<string, unknown>): Promise<Row>;
  /** Set columns of the caller's rows among `ids`; answers how many changed. */
  setMany(request: FastifyRequest, action: WriteAction, ids: number[], values: Record<string, unknown>): Promise<number>;
  remove(request: FastifyRequest, ids: number[]): Promise<number>;
  /** `sort` = position in `ids` (1-based) for the caller's rows among them. */
  sort(request: FastifyRequest, ids: number[]): Promise<number>;
  /** A declared row command (复制): the binding's function in the write's transaction. */
  command(request: FastifyRequest, name: string, id: number): Promise<Row>;
  /** A declared row list (RowList): the row read through the scope (else 404), then the binding's entries of it. */
  rowList(request: FastifyRequest, entries: RowListEntries, id: number): Promise<{ items: Record<string, unknown>[] }>;
}

/**
 * List reads remembered while the tables they read are unchanged (db/writeWatch.ts): `counts`, so
 * that paging through a result, or the same list asked again, does not count again; `matches`,
 * the ids of a keyword's matches in list order when there are at most PROBE_ROWS of them, so that
 * every page of a search is a slice of one read.
 */
export interface RememberedLists {
  counts: RememberedReads<number>;
  matches: RememberedReads<number[]>;
}

/** How many of the newest entries a keyword search tests before reading its matches as a set. */
const PROBE_ROWS = 2000;

export function resourceService(db: Db, binding: ResourceBinding, parentOf: (name: string) => ResourceService | undefined, remembered?: RememberedLists): ResourceService {
  const { def, table } = binding;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const col = (name: string): PgColumn => {
    const c = cols[name];
    if (!c) throw new Error(`${def.name}: no column ${name}`);
    return c;
  };
  // `search` (db/schema.ts) is the database's own copy of the keyword columns, never sent.
  const hidden = new Set([...(binding.hidden ?? []), 'search']);
  const visible = Object.fromEntries(Object.entries(cols).filter(([k]) => !hidden.has(k)));
  const strip = (row: Row) => Object.fromEntries(Object.entries(row).filter(([k]) => !hidden.has(k))) as Row;
  const sortable = new Set(['id', 'created_at', 'updated_at', ...def.fields.filter((f) => f.sortable).map((f) => f.name)]);
  const filterFields = def.fields.filter((f) => f.filter);
  const fixed = Object.entries(def.fixed ?? {});

  const parentIdOf = (request: FastifyRequest): number | null =>
    def.parent ? ((request.params as Record<string, number>)[def.parent.param] ?? null) : null;

  const context = (request: FastifyRequest): ReadContext => ({
    request,
    caller: callerOf(request),
    org: def.scope === 'org' ? request.org : null,
    parentId: parentIdOf(request),
  });

  function scopeWhere(request: FastifyRequest): SQL | undefined {
    const parentId = parentIdOf(request);
    return and(
      def.scope === 'org' ? tenantWhere({ org_id: col('org_id') }, request) : undefined,
      def.parent ? eq(col(def.parent.column), parentId ?? -1) : undefined,
      ...fixed.map(([k, v]) => eq(col(k), v)),
      binding.softDelete ? eq(col(binding.softDelete), 0) : undefined,
      binding.narrow,
    );
  }

  async function assertParent(request: FastifyRequest): Promise<void> {
    if (!def.parent) return;
    const parent = parentOf(def.parent.resource);
    if (!parent) throw new Error(`${def.name}: parent ${def.parent.resource} is not bound`);
    const parentId = parentIdOf(request);
    const pcols = getTableColumns(parent.binding.table) as Record<string, PgColumn>;
    const [found] = await db
      .select({ id: pcols.id })
      .from(parent.binding.table)
      .where(and(eq(pcols.id, parentId ?? -1), parent.scopeWhere(request)));
    if (!found) throw notFound();
  }

  function listWhere(request: FastifyRequest, q: ListQuery): SQL | undefined {
    const { base, keyword } = listParts(request, q);
    return and(base, keyword);
  }

  /** A list's conditions: the keyword's apart from the rest (`base`), see keywordPageIds. */
  function listParts(request: FastifyRequest, q: ListQuery): { base: SQL | undefined; keyword: SQL | undefined } {
    const ctx = context(request);
    const conds: (SQL | undefined)[] = [scopeWhere(request)];
    const owner = binding.keywordOwner;
    const k = q.keyword?.trim();
    const keyword = binding.keyword ? (k ? binding.keyword(k, ctx) : undefined) : keywordWhere(
      def.keywordFields.map(col),
      q.keyword,
      cols.search ? { search: cols.search, org_id: col(owner?.column ?? 'org_id'), orgId: owner ? owner.id(request) : (request.org?.id ?? null) } : undefined,
    );
    for (const f of filterFields) {
      const v = q[f.name];
      if (v === undefined || v === '') continue;
      const computed = binding.filters?.[f.name];
      if (computed) {
        conds.push(computed(v, ctx));
        continue;
      }
      const mode = filterModeOf(f);
      if (mode === 'in') conds.push((v as unknown[]).length ? inArray(col(f.name), v as unknown[]) : sql`false`);
      else if (mode === 'range') {
        const { from, to } = v as { from?: number; to?: number };
        conds.push(from !== undefined ? gte(col(f.name), from) : undefined, to !== undefined ? lte(col(f.name), to) : undefined);
      } else conds.push(eq(col(f.name), v));
    }
    return { base: and(...conds), keyword };
  }

  function orderingOf(q: ListQuery): { order: SQL[]; lead: string; descending: boolean } {
    const sortKey = q.sort ?? def.defaultSort ?? '-id';
    const sortField = sortKey.replace(/^-/, '');
    if (!sortable.has(sortField)) throw badRequest(`不支持按${sortField}排序`);
    const descending = sortKey.startsWith('-');
    const dir = descending ? desc : asc;
    // Organisation tables order through their (org_id, created_at, id) index, never the primary
    // key: a primary-key walk filtered by org_id would read other organisations' rows. created_at
    // follows id (both grow with insertion), and id breaks ties in the same direction.
    const lead = sortField === 'id' && def.scope === 'org' ? 'created_at' : sortField;
    return { order: lead === 'id' ? [dir(col('id'))] : [dir(col(lead)), dir(col('id'))], lead, descending };
  }

  const present = async (rows: Row[], request: FastifyRequest): Promise<Row[]> =>
    binding.present ? binding.present(rows, context(request)) : rows;

  /**
   * The page's ids of a keyword search in list order. The planner cannot know where in the list
   * a keyword's matches lie: walking the list index in order and testing each entry is cheapest
   * when they are dense among the first rows, and costs the whole organisation when they are
   * few or far down, where reading the keyword index's matches and sorting them wins. So: first
   * the first PROBE_ROWS entries of the list index alone, tested with the keyword (`probe`); if
   * they hold the page, it is the page, since every other row comes later in the order. Otherwise,
   * and at once when the count says there are at most PROBE_ROWS matches, the matches are read as
   * a set (`sorted`: a LIMIT that never binds keeps the planner from walking the order) and sorted;
   * `all`, the same without the page's limits, for a result of at most PROBE_ROWS matches.
   */
  function keywordPageIds(base: SQL | undefined, keyword: SQL, k: string, order: SQL[], descending: boolean, page: Page) {
    const dir = descending ? desc : asc;
    const head = db.select({ id: col('id'), at: col('created_at'), search: col('search') }).from(table).where(base).orderBy(...order).limit(PROBE_ROWS).as('head');
    const probe = db.select({ id: head.id }).from(head).where(searchHolds(head.search, k)).orderBy(dir(head.at), dir(head.id)).limit(page.perPage).offset(page.offset);
    const matches = db.select({ id: col('id'), at: col('created_at') }).from(table).where(and(base, keyword)).limit(2 ** 31 - 1).as('matches');
    // Two builders: drizzle's limit() changes the builder it is called on.
    const ordered = () => db.select({ id: matches.id }).from(matches).orderBy(dir(matches.at), dir(matches.id));
    const all = ordered();
    const sorted = ordered().limit(page.perPage).offset(page.offset);
    return { probe: page.offset + page.perPage <= PROBE_ROWS ? probe : null, sorted, all };
  }

  /** `read`, remembered in `store` under the statement of `query` (see RememberedLists). */
  function remember<T>(store: RememberedReads<T> | undefined, query: { toSQL(): { sql: string; params: unknown[] } }, read: () => Promise<T>): Promise<T> {
    if (!store) return read();
    const statement = query.toSQL();
    return store.get(`${statement.sql}\u0000${JSON.stringify(statement.params)}`, tablesOf(statement.sql), read);
  }

  async function list(request: FastifyRequest, q: ListQuery): Promise<ListData<Row>> {
    await assertParent(request);
    const page = pageOf(q);
    const { base, keyword } = listParts(request, q);
    const where = and(base, keyword);
    const { order, lead, descending } = orderingOf(q);
    // Deferred join: the page's ids come from the ordering index alone (an index-only scan, however
    // deep the page), then only those rows are read. Count and page run side by side on PostgreSQL.
    // The count stops at countLimitOf(page) (http/pagination.ts), so it never reads a whole big
    // organisation: it costs the page's own offset plus a constant.
    const rowsOf = (ids: unknown) => db.select(visible).from(table).where(inArray(col('id'), ids as SQL)).orderBy(...order) as unknown as Promise<Row[]>;
    const countLimit = countLimitOf(page);
    const counting = db.select({ one: sql`1` }).from(table).where(where);
    const counted = (binding.countInListOrder && !keyword ? counting.orderBy(...order) : counting).limit(countLimit + 1).as('counted');
    const countQuery = db.select({ n: count() }).from(counted);
    const total = () => remember(remembered?.counts, countQuery, async () => Number((await countQuery)[0].n));
    const k = q.keyword?.trim();
    let n: number;
    let rows: Row[];
    if (keyword && k && cols.search && lead === 'created_at') {
      // A keyword search: its count first (it tells how many matches there are to sort), then the page.
      n = await total();
      const { probe, sorted, all } = keywordPageIds(base, keyword, k, order, descending, page);
      if (n <= PROBE_ROWS) {
        const ids = await remember(remembered?.matches, all, async () => (await all).map((r) => r.id as number));
        const pageIds = ids.slice(page.offset, page.offset + page.perPage);
        rows = pageIds.length ? await rowsOf(pageIds) : [];
      } else {
        rows = probe ? await rowsOf(probe) : [];
        if (rows.length < page.perPage) rows = await rowsOf(sorted);
      }
    } else {
      [n, rows] = await Promise.all([total(), rowsOf(db.select({ id: col('id') }).from(table).where(where).orderBy(...order).limit(page.perPage).offset(page.offset))]);
    }
    const capped = n > countLimit;
    return listData(await present(rows, request), capped ? countLimit : n, page, request.url, capped);
  }

  async function* scan(request: FastifyRequest, q: ListQuery, batch = 1000): AsyncGenerator<Row[]> {
    await assertParent(request);
    const where = listWhere(request, q);
    const descending = (q.sort ?? def.defaultSort ?? '-id').startsWith('-');
    const dir = descending ? desc : asc;
    // Keyset pages in (created_at, id) order: each page is one range read of the
    // (org_id, created_at, id) index, so the export costs the same per row however deep it is.
    let last: Row | undefined;
    for (;;) {
      const after = last
        ? descending
          ? sql`(${col('created_at')}, ${col('id')}) < (${last.created_at}, ${last.id})`
          : sql`(${col('created_at')}, ${col('id')}) > (${last.created_at}, ${last.id})`
        : undefined;
      const rows = (await db
        .select(visible)
        .from(table)
        .where(and(where, after))
        .orderBy(dir(col('created_at')), dir(col('id')))
        .limit(batch)) as Row[];
      if (rows.length === 0) return;
      last = rows[rows.length - 1];
      yield await present(rows, request);
      if (rows.length < batch) return;
    }
  }

  /** One row as the request's scope sees it (parent checked first), or 404. */
  async function scopedRow(request: FastifyRequest, id: number): Promise<Row> {
    await assertParent(request);
    const [row] = (await db.select(visible).from(table).where(and(eq(col('id'), id), scopeWhere(request)))) as Row[];
    if (!row) throw notFound();
    return row;
  }

  async function get(request: FastifyRequest, id: number): Promise<Row> {
    return (await present([await scopedRow(request, id)], request))[0];
  }

  /** A declared row list (register.ts binds `entries` at start, refusing to start without them). */
  async function rowList(request: FastifyRequest, entries: RowListEntries, id: number): Promise<{ items: Record<string, unknown>[] }> {
    return { items: await entries(await scopedRow(request, id), context(request)) };
  }

  /** Rows among `ids` the caller may write: scope plus the family's own narrowing, locked. */
  async function writableRows(tx: Tx, request: FastifyRequest, ids: number[]): Promise<Row[]> {
    const where = and(inArray(col('id'), ids), scopeWhere(request), binding.writableWhere?.(context(request)));
    return (await tx.select().from(table).where(where).for('update')) as Row[];
  }

  /** Run a write in one transaction with the row rules, its guard, side effects and audit row. */
  async function write<T>(request: FastifyRequest, action: WriteAction, ids: number[], fn: (tx: Tx, rows: Row[], ctx: ResourceContext) => Promise<T>): Promise<T> {
    if (!canWrite(def, callerOf(request))) throw forbidden();
    if (def.readOnly && ['create', 'update', 'delete'].includes(action)) throw new Error(`${def.name} is read-only: no ${action}`);
    await assertParent(request);
    return db.transaction(async (tx) => {
      const ctx: ResourceContext = { ...context(request), tx };
      const rows = action === 'create' ? [] : await writableRows(tx, request, ids);
      if (action !== 'create' && rows.length === 0 && ids.length === 1) throw notFound();
      // The declaration's row rules (rules/rowRules.ts), the same the page offers its controls by; all or nothing.
      const refusal = rowsRefusal(def, action, binding.ruledRows ? await binding.ruledRows(rows, tx) : rows);
      if (refusal) throw new HttpError(refusal.status, refusal.message, refusal.gate === undefined ? null : { gate: refusal.gate });
      await binding.guard?.(action, rows, ctx);
      const result = await fn(tx, rows, ctx);
      const changed = action === 'create' ? [(result as Row).id] : rows.map((x) => x.id);
      const after =
        action === 'create' ? [result as Row] : action === 'delete' ? rows : ((await tx.select().from(table).where(inArray(col('id'), changed))) as Row[]);
      await binding.after?.(action, after, ctx);
      await audit(tx, request, action, def.name, changed);
      return result;
    });
  }

  /** Values no write may set: the row's id, its tenant and its parent come from the path. */
  const placed = (values: Record<string, unknown>) => {
    const v = { ...values };
    delete v.id;
    delete v.org_id;
    if (def.parent) delete v[def.parent.column];
    return v;
  };
  /** A client's body: neither may it set the declaration's discriminator. */
  const owned = (values: Record<string, unknown>) => {
    const v = placed(values);
    for (const [k] of fixed) delete v[k];
    return v;
  };

  /**
   * Nested fields (`config.link`) update keys of a JSON column: a partial object is merged into
   * the stored one instead of replacing it.
   */
  const nestedHeads = new Set(def.fields.filter((f) => f.name.includes('.')).map((f) => f.name.slice(0, f.name.indexOf('.'))));
  const merged = (values: Record<string, unknown>, existing: Row) => {
    const out = { ...values };
    for (const head of nestedHeads) {
      const patch = out[head];
      const stored = existing[head];
      if (patch && typeof patch === 'object' && stored && typeof stored === 'object') out[head] = { ...(stored as object), ...(patch as object) };
    }
    return out;
  };

  const setOne = async (tx: Tx, id: number, values: Record<string, unknown>) =>
    ((await tx.update(table).set({ ...values, updated_at: nowSec() } as never).where(eq(col('id'), id)).returning()) as Row[])[0];

  async function setRow(request: FastifyRequest, action: WriteAction, id: number, values: (row: Row, ctx: ResourceContext) => Promise<Record<string, unknown>> | Record<string, unknown>) {
    // Values of actions come from the declaration or the binding (a client's body went through `owned`).
    const row = await write(request, action, [id], async (tx, rows, ctx) => setOne(tx, rows[0].id, placed(await values(rows[0], ctx))));
    return (await present([strip(row)], request))[0];
  }

  return {
    def,
    binding,
    context,
    assertParent,
    scopeWhere,
    listWhere,
    list,
    scan,
    get,
    rowList,
    async create(request, body) {
      const created = await write(request, 'create', [], async (tx, _rows, ctx) => {
        let values = owned(body);
        if (binding.prepare) values = await binding.prepare(values, ctx);
        if (def.scope === 'org') values.org_id = request.org!.id;
        if (def.parent) values[def.parent.column] = ctx.parentId;
        for (const [k, v] of fixed) values[k] = v;
        // Stamped by the request's clock (the seed's past moments, participation/clock.ts), not the database's.
        for (const stamp of ['created_at', 'updated_at']) if (cols[stamp] && values[stamp] === undefined) values[stamp] = nowSec();
        const [row] = (await tx.insert(table).values(values as never).returning()) as Row[];
        return row;
      });
      return (await present([strip(created)], request))[0];
    },
    update: (request, id, body) =>
      setRow(request, 'update', id, async (existing, ctx) => {
        const values = merged(owned(body), existing);
        return binding.prepare ? binding.prepare(values, { ...ctx, existing }) : values;
      }),
    setRow,
    setMany: (request, action, ids, values) =>
      write(request, action, ids, async (tx, rows) => {
        if (rows.length) await tx.update(table).set({ ...owned(values), updated_at: nowSec() } as never).where(inArray(col('id'), rows.map((x) => x.id)));
        return rows.length;
      }),
    remove: (request, ids) =>
      write(request, 'delete', ids, async (tx, rows) => {
        if (!rows.length) return 0;
        const these = inArray(col('id'), rows.map((x) => x.id));
        if (binding.softDelete) await tx.update(table).set({ [binding.softDelete]: 1, updated_at: nowSec() } as never).where(these);
        else await tx.delete(table).where(these);
        return rows.length;
      }),
    async command(request, name, id) {
      const run = binding.commands?.[name];
      if (!run) throw new Error(`${def.name}: no command ${name}`);
      const row = await write(request, name, [id], (_tx, rows, ctx) => run(rows[0], ctx));
      return (await present([strip(row)], request))[0];
    },
    sort: (request, ids) =>
      write(request, 'sort', ids, async (tx, rows) => {
        const own = new Set(rows.map((x) => x.id));
        let n = 0;
        for (const [i, id] of ids.entries()) {
          if (!own.has(id)) continue;
          await tx.update(table).set({ sort: i + 1 } as never).where(eq(col('id'), id));
          n++;
        }
        return n;
      }),
  };
}
