import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { integer, pgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { POINT_RULES, pointAccountsResource, pointChecksResource, pointLedgerResource } from '@huodong/domain';
import { managers, pointTxns, readers, supers } from '../db/schema.js';
import { seconds } from '../db/schema/columns.js';
import { bind, type ReadContext, type Row } from '../resources/binding.js';
import { keywordWhere } from '../resources/keyword.js';

/**
 * The ledger's read sides as declared resources (packages/domain/src/resources/points.ts): the
 * accounts, the ledger's rows and the adjustments' queue, served by the resource machinery
 * (paging, keyword, filters, tenant filter, export). Only what is their own is here: the reader's
 * account and name beside each row (and searched by the keyword), a rule's name, the asker's name.
 */

/** `point_accounts` as the machinery reads it: one row per reader, its id the reader's. */
const accountRows = pgTable('point_accounts', {
  id: integer('reader_id').notNull(),
  org_id: integer('org_id').notNull(),
  balance: integer('balance').notNull(),
  earned: integer('earned').notNull(),
  spent: integer('spent').notNull(),
  expired: integer('expired').notNull(),
  updated_at: seconds('updated_at').notNull(),
  created_at: seconds('created_at').notNull(),
});

/** The keyword as the reader's account or name: the organisation's readers matching it. */
const readerKeyword = (readerId: PgColumn) => (keyword: string, ctx: ReadContext): SQL =>
  inArray(readerId, sql`(select ${readers.id} from ${readers} where ${readers.org_id} = ${ctx.org!.id} and ${keywordWhere([readers.account, readers.real_name], keyword)})`);

/** Each row's reader (account, name) by `reader_id` (an account's own id). */
async function withReaders(rows: Row[], ctx: ReadContext, idOf: (r: Row) => number): Promise<Row[]> {
  if (!rows.length) return rows;
  const who = await ctx.request.server.database.db
    .select({ id: readers.id, account: readers.account, real_name: readers.real_name })
    .from(readers)
    .where(and(eq(readers.org_id, ctx.org!.id), inArray(readers.id, [...new Set(rows.map(idOf))])));
  const byId = new Map(who.map((w) => [w.id, w]));
  return rows.map((r) => ({ ...r, account: byId.get(idOf(r))?.account ?? '', real_name: byId.get(idOf(r))?.real_name ?? '' }));
}

const ruleName = (key: string) => (POINT_RULES as Record<string, { name: string }>)[key]?.name ?? key;
const ofReader = (r: Row) => r.reader_id as number;

export const pointAccountsBinding = bind({
  def: pointAccountsResource,
  table: accountRows,
  keyword: readerKeyword(accountRows.id),
  present: async (rows, ctx) => (await withReaders(rows, ctx, (r) => r.id)).map((r) => ({ ...r, reader_id: r.id })),
});

export const pointLedgerBinding = bind({
  def: pointLedgerResource,
  table: pointTxns,
  filters: { reader: (v) => eq(pointTxns.reader_id, Number(v)) },
  present: async (rows, ctx) => (await withReaders(rows, ctx, ofReader)).map((r) => ({ ...r, rule_name: ruleName(r.rule_key as string) })),
});

/** Who asked for each adjustment, by name (a manager of the organisation or a super administrator). */
async function withAskers(rows: Row[], ctx: ReadContext): Promise<Row[]> {
  const db = ctx.request.server.database.db;
  const ids = (kind: string) => [...new Set(rows.filter((r) => r.source_type === kind).map((r) => r.operator_id as number))];
  const [m, s] = await Promise.all([
    ids('manager').length ? db.select({ id: managers.id, name: managers.real_name, account: managers.account }).from(managers).where(and(eq(managers.org_id, ctx.org!.id), inArray(managers.id, ids('manager')))) : [],
    ids('super').length ? db.select({ id: supers.id, name: supers.real_name, account: supers.account }).from(supers).where(inArray(supers.id, ids('super'))) : [],
  ]);
  const name = (w: { name: string; account: string }) => w.name || w.account;
  const byKind: Record<string, Map<number, string>> = { manager: new Map(m.map((w) => [w.id, name(w)])), super: new Map(s.map((w) => [w.id, name(w)])) };
  return rows.map((r) => ({ ...r, asker: byKind[r.source_type as string]?.get(r.operator_id as number) ?? '' }));
}

/** Only adjustments that went through the queue: pending, or decided from pending (an asker's source). */
export const pointChecksBinding = bind({
  def: pointChecksResource,
  table: pointTxns,
  narrow: and(eq(pointTxns.rule_key, 'manual'), or(eq(pointTxns.source_type, 'manager'), eq(pointTxns.source_type, 'super'))),
  keyword: readerKeyword(pointTxns.reader_id),
  present: async (rows, ctx) => withAskers(await withReaders(rows, ctx, ofReader), ctx),
});

export const POINTS_BINDINGS = [pointAccountsBinding, pointLedgerBinding, pointChecksBinding];
