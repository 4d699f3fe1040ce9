import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { GateReader, ScopeReader } from '@huodong/domain';
import type { Db, Tx } from '../db/client.js';
import { activities, activityReaders, readers } from '../db/schema.js';
import { validationError } from '../http/errors.js';
import { rowsOf } from '../db/rows.js';

/**
 * Who may take part in an activity (design §1.1, `activities.scope`): units of the organisation
 * tree, identity categories, grades and a list of named readers (`activity_readers`). The gate
 * (`inScope` in the domain) decides for one activity; `scopeWhere` is the same rule in SQL for the
 * reader's list of activities.
 */

/** Deeper than any organisation tree: a cycle in `parent_id` cannot loop for ever. */
const MAX_DEPTH = 64;

/**
 * The unit chain as one SQL value (a JSON list, nearest first, ending at the topmost organisation
 * reached): `unitId` may be a column of an outer query (the gate reads it beside the reader).
 */
export function unitChainSql(orgId: number | SQL, unitId: number | SQL): SQL {
  return sql`(with recursive up as (
        select id, parent_id, 0 as depth from organizations where id = ${unitId}
        union all
        select o.id, o.parent_id, up.depth + 1 from organizations o join up on o.id = up.parent_id
        where up.id <> ${orgId} and up.depth < ${MAX_DEPTH}
      )
      select coalesce(jsonb_agg(id order by depth), '[]'::jsonb) from up)`;
}

/** The chain read by `unitChainSql`, or null when it does not reach `orgId` (no unit: the organisation itself). */
export function chainInOrg(orgId: number, unitId: number | null, chain: readonly (number | string)[] | null): number[] | null {
  if (unitId === null) return [orgId];
  const ids = (chain ?? []).map(Number);
  return ids[ids.length - 1] === orgId ? ids : null;
}

/**
 * The unit and every organisation above it, up to and including `orgId`; null when the unit is
 * not in the organisation's tree. A reader without a unit belongs to the organisation itself.
 */
export async function unitChain(db: Db | Tx, orgId: number, unitId: number | null): Promise<number[] | null> {
  if (unitId === null) return [orgId];
  const [row] = rowsOf<{ chain: (number | string)[] | null }>(await db.execute(sql`select ${unitChainSql(orgId, unitId)} as chain`));
  return chainInOrg(orgId, unitId, row?.chain ?? null);
}

/** The organisation and every organisation below it, among `ids` (the units a scope may name). */
export async function unitsInTree(db: Db | Tx, orgId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      with recursive below as (
        select id, 0 as depth from organizations where id = ${orgId}
        union
        select o.id, b.depth + 1 from organizations o join below b on o.parent_id = b.id where b.depth < ${MAX_DEPTH}
      )
      select distinct id from below where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** A reader's unit outside the organisation's tree. */
export const UNIT_OUTSIDE = '所在单位不属于本机构';
export const UNIT_NOT_IN_ORG = (label: string, id: number) => `${label}不属于本机构：${id}`;

/** 422 naming `field` unless every unit is the organisation or below it. */
export async function assertUnits(db: Db | Tx, orgId: number, ids: readonly number[], field: string, label: string): Promise<void> {
  const found = await unitsInTree(db, orgId, ids);
  const stray = ids.find((id) => !found.has(id));
  if (stray !== undefined) throw validationError([{ field, message: UNIT_NOT_IN_ORG(label, stray) }]);
}

export const READER_NOT_FOUND = (id: number) => `读者不存在：${id}`;

/** 422 naming `field` unless every id is a reader of the organisation; answers the ids once each, in order. */
export async function assertReaders(db: Db | Tx, orgId: number, ids: readonly number[], field: string): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = new Set((await db.select({ id: readers.id }).from(readers).where(and(eq(readers.org_id, orgId), inArray(readers.id, unique)))).map((r) => r.id));
  const stray = unique.find((id) => !found.has(id));
  if (stray !== undefined) throw validationError([{ field, message: READER_NOT_FOUND(stray) }]);
  return unique;
}

/** Rows per INSERT of a reader list (three parameters a row). */
const CHUNK = 2000;

/** Replace an activity's reader list. */
export async function setActivityReaders(tx: Tx, orgId: number, actId: number, readerIds: readonly number[]): Promise<void> {
  await tx.delete(activityReaders).where(eq(activityReaders.act_id, actId));
  for (let i = 0; i < readerIds.length; i += CHUNK) {
    await tx.insert(activityReaders).values(readerIds.slice(i, i + CHUNK).map((reader_id) => ({ org_id: orgId, act_id: actId, reader_id })));
  }
}

/** Copy an activity's reader list to another activity of the same organisation. */
export async function copyActivityReaders(tx: Tx, fromActId: number, toActId: number): Promise<void> {
  await tx.execute(sql`
    insert into activity_readers (org_id, act_id, reader_id)
    select org_id, ${toActId}, reader_id from activity_readers where act_id = ${fromActId}`);
}

interface ReaderRow {
  id: number;
  org_id: number;
  unit_id: number | null;
  identity: number | null;
  grade: number | null;
}

/** What the scope looks at of a reader, for one activity (`listed`) or none. */
export async function scopeReaderOf(db: Db | Tx, reader: ReaderRow, actId?: number): Promise<ScopeReader> {
  const units = (await unitChain(db, reader.org_id, reader.unit_id)) ?? [reader.org_id];
  const listed =
    actId !== undefined &&
    (await db.select({ one: sql`1` }).from(activityReaders).where(and(eq(activityReaders.act_id, actId), eq(activityReaders.reader_id, reader.id))).limit(1)).length > 0;
  return { identity: reader.identity, grade: reader.grade, units, listed };
}

/** The gate's view of a reader for one activity. */
export async function gateReaderOf(db: Db | Tx, reader: ReaderRow & { real_name: string; phone: string }, actId?: number): Promise<GateReader> {
  return { ...(await scopeReaderOf(db, reader, actId)), real_name: reader.real_name, phone: reader.phone };
}

/** A JSON list holding one value, for `@>` (containment). */
const one = (v: number) => sql`${JSON.stringify([v])}::jsonb`;
/** No restriction: the scope's list is missing or empty. */
const member = (key: 'unit_ids' | 'identities' | 'grades') => sql`${activities.scope}->${sql.raw(`'${key}'`)}`;
const open = (key: 'unit_ids' | 'identities' | 'grades') => sql`coalesce(jsonb_array_length(${member(key)}), 0) = 0`;

/**
 * `inScope` in SQL, for the reader's list of activities: every criterion given must match; the
 * reader list is read through its primary key (act_id, reader_id), so only activities with a list
 * look it up.
 */
export function scopeWhere(reader: Pick<ReaderRow, 'id' | 'identity' | 'grade'>, units: readonly number[]): SQL {
  const anyOf = (key: 'unit_ids' | 'identities' | 'grades', values: readonly number[]) =>
    values.length ? sql`(${open(key)} or ${member(key)} @> any(array[${sql.join(values.map(one), sql`, `)}]))` : open(key);
  const identity = reader.identity === null ? [] : [reader.identity];
  const grade = reader.grade === null ? [] : [reader.grade];
  return sql`(${anyOf('unit_ids', units)} and ${anyOf('identities', identity)} and ${anyOf('grades', grade)}
    and (coalesce(${activities.scope}->>'whitelist_mode', 'ALL') <> 'LIST'
      or exists (select 1 from ${activityReaders} where ${activityReaders.act_id} = ${activities.id} and ${activityReaders.reader_id} = ${reader.id})))`;
}
