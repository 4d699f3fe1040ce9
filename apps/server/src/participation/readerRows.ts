import { eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { organizations, readers } from '../db/schema.js';

/** Who a participation row belongs to, as the records pages show it. */
export interface ReaderRowFields {
  account: string;
  real_name: string;
  phone: string;
  unit_id: number | null;
  unit_name: string;
}

const NOBODY: ReaderRowFields = { account: '', real_name: '', phone: '', unit_id: null, unit_name: '' };

/**
 * The readers of a page of participation rows (bookings, marks, learners …) in one read: account,
 * name, phone and unit, by reader id; a reader gone since reads as blanks.
 */
export async function readersOfRows(db: Db, readerIds: number[]): Promise<(id: number) => ReaderRowFields> {
  const ids = [...new Set(readerIds)];
  const who = ids.length
    ? await db
        .select({ id: readers.id, account: readers.account, real_name: readers.real_name, phone: readers.phone, unit_id: readers.unit_id, unit_name: organizations.name })
        .from(readers)
        .leftJoin(organizations, eq(organizations.id, readers.unit_id))
        .where(inArray(readers.id, ids))
    : [];
  const byId = new Map(who.map(({ id, ...w }) => [id, { ...w, unit_name: w.unit_name ?? '' }]));
  return (id) => byId.get(id) ?? NOBODY;
}

/** The records page's 单位 filter: rows whose reader (`readerId`) belongs to the unit. */
export const inReaderUnit = (readerId: AnyPgColumn, unitId: unknown): SQL =>
  inArray(readerId, sql`(select ${readers.id} from ${readers} where ${readers.unit_id} = ${Number(unitId)})`);
