import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '@huodong/domain';
import type { z } from 'zod';
import type { Tx } from '../db/client.js';
import type { OrgRow, RequestCaller } from '../types.js';

export type Row = Record<string, unknown> & { id: number };

/** `update:<name>` is a row update route (`rowUpdates`), e.g. `update:permission`. */
export type WriteAction = 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'recommend' | 'remove' | 'sort' | `update:${string}`;

/**
 * `POST {base}/{id}/{name}`: sets some columns of one row (authorize, permission) through the
 * same tenant filter, writableWhere, guard, transaction and audit as an update.
 */
export interface RowUpdate {
  body: z.ZodObject;
  /** Check and turn the validated body into column values; may throw HttpError. */
  prepare?: (values: Record<string, unknown>, ctx: ResourceContext & { existing: Row }) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

export interface ResourceContext {
  request: FastifyRequest;
  caller: RequestCaller;
  /** The organisation of the path for org-scoped resources. */
  org: OrgRow | null;
  tx: Tx;
}

/**
 * What a family adds to its declaration on the server: its table and only what is truly its own.
 * Everything else (routes, tenant filter, pagination, audit, transactions) is the machinery's.
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
  /** Rows the caller may write, beyond the tenant filter (an org admin writes only ordinary admins). */
  writableWhere?: (ctx: Omit<ResourceContext, 'tx'>) => SQL | undefined;
  /** Extra list columns or shaping of each row for the client. */
  present?: (rows: Row[], ctx: Omit<ResourceContext, 'tx'>) => Promise<Row[]> | Row[];
  /** Named row updates: `POST {base}/{id}/{name}`. */
  rowUpdates?: Record<string, RowUpdate>;
  /** The family's own routes, registered next to the generic ones. */
  routes?: (app: FastifyInstance) => Promise<void> | void;
}

export function bind(binding: ResourceBinding): ResourceBinding {
  return binding;
}
