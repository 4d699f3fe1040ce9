import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@huodong/domain';
import type { Tx } from '../db/client.js';
import type { OrgRow, RequestCaller } from '../types.js';

export type Row = Record<string, unknown> & { id: number };

/**
 * What a write does: `create`, `update`, `delete`, `sort`, or the name of a declared action
 * (`enable`, `disable`, `recommend`, `batchShow`, `authorize`, …).
 */
export type WriteAction = string;

export interface ResourceContext {
  request: FastifyRequest;
  caller: RequestCaller;
  /** The organisation of the path for org-scoped resources. */
  org: OrgRow | null;
  /** The parent's id for a sub-resource. */
  parentId: number | null;
  tx: Tx;
}

export type ReadContext = Omit<ResourceContext, 'tx'>;

/**
 * What a family adds to its declaration on the server: its table and only what is truly its own.
 * Everything else (routes, tenant and parent filter, pagination, audit, transactions, actions,
 * exports) is the machinery's.
 */
export interface ResourceBinding {
  def: ResourceDef;
  table: PgTable;
  /** Columns never sent to clients (password hashes). */
  hidden?: string[];
  /** Turn validated input into column values (hash a password, normalise); may throw HttpError. */
  prepare?: (values: Record<string, unknown>, ctx: ResourceContext & { existing?: Row }) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Refuse an action on these rows (e.g. the last enabled super administrator). Runs inside the transaction. */
  guard?: (action: WriteAction, rows: Row[], ctx: ResourceContext) => Promise<void> | void;
  /** Side effects inside the same transaction (revoke tokens of disabled managers). */
  after?: (action: WriteAction, rows: Row[], ctx: ResourceContext) => Promise<void> | void;
  /** Rows this declaration sees at all, beyond tenant, parent and discriminator (e.g. submitted activities). */
  narrow?: SQL;
  /** Rows the caller may write, beyond the tenant filter (an org admin writes only ordinary admins). */
  writableWhere?: (ctx: ReadContext) => SQL | undefined;
  /** The rows as the declaration's row rules look at them, when a value they test is not the row's column alone (an activity's join count). */
  ruledRows?: (rows: Row[], tx: Tx) => Promise<Row[]>;
  /** Extra list columns or shaping of each row for the client. */
  present?: (rows: Row[], ctx: ReadContext) => Promise<Row[]> | Row[];
  /** Declared row updates (`rowUpdate` actions): turn the validated body into column values. */
  rowUpdates?: Record<string, (values: Record<string, unknown>, ctx: ResourceContext & { existing: Row }) => Promise<Record<string, unknown>> | Record<string, unknown>>;
  /** The columns a toggle state sets, adjusted for the row (publishing waits for the platform's approval). */
  actionValues?: (action: string, values: Record<string, unknown>, row: Row, ctx: ResourceContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Row commands (`command` actions) by name: run in the write's transaction, answer the resulting row. */
  commands?: Record<string, (row: Row, ctx: ResourceContext) => Promise<Row>>;
  /**
   * The entries of each declared row list (`rowLists`, `GET {base}/{id}/{name}`) by name: called
   * with the row as the declaration's scope read it (never with another organisation's or
   * parent's), answers the list's items.
   */
  rowLists?: Record<string, (row: Row, ctx: ReadContext) => Promise<Record<string, unknown>[]>>;
  /** A 0/1 column that marks deleted rows: deleting sets it, and no route sees such rows again. */
  softDelete?: string;
  /**
   * The column a table's keyword index is kept under instead of `org_id` (the questions' `bank_id`,
   * whose `org_id` is null in the public bank), and its value for a request's keyword search.
   */
  keywordOwner?: { column: string; id: (request: FastifyRequest) => number | null };
  /**
   * The capped count read in list order (when no keyword is asked): for a list whose ordering
   * index carries what its filters test, so that the count is an index-only scan where the
   * planner would otherwise stop a sequential scan at the cap (the platform's activity states).
   */
  countInListOrder?: boolean;
  /** The `keyword` search over what is not a column of the table (the reader's account and name of a points account): replaces the declared keyword fields' test. */
  keyword?: (keyword: string, ctx: ReadContext) => SQL | undefined;
  /** Computed filters: a declared filter field without a column (e.g. the activity state). */
  filters?: Record<string, (value: unknown, ctx: ReadContext) => SQL | undefined>;
  /** The family's own routes, registered before the generic ones. */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}

export function bind(binding: ResourceBinding): ResourceBinding {
  return binding;
}
