import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Param, asc, eq, getTableColumns } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import * as XLSX from '@e965/xlsx';
import {
  IMPORT_EMPTY,
  IMPORT_MAX_ROWS,
  MAX_INT,
  SEX,
  USER_IMPORTS,
  canWrite,
  excelSafeCell,
  importRowsSchema,
  importTemplate,
  rowPrefix,
  tooManyRowsMessage,
  validateImport,
  type UserImport,
  type UserImportId,
} from '@huodong/domain';
import type { Tx } from '../db/client.js';
import { organizations, orgUsers, students } from '../db/schema.js';
import { callerOf, orgOf } from '../auth/access.js';
import { tenantWhere } from '../resources/tenant.js';
import { HttpError, badRequest, forbidden, validationError } from '../http/errors.js';
import { audit } from '../resources/audit.js';
import type { OrgRow } from '../types.js';
import { rowsOf } from '../db/rows.js';
import { attachment, XLSX_TYPE } from '../exports/xlsxStream.js';

/**
 * Spreadsheet imports of organisation users and school students (spec §5, §7), and the user
 * list export. The browser validates with the domain rules before it uploads; the server never
 * trusts that and validates again with the very same functions, then writes every row or none.
 */

/**
 * The upload body of 50,000 rows (the browser's `{data: JSON}`) is 7.4 MB (users) and 8.7 MB
 * (students) with the names of bench/imports.ts, 11.4 MB and 12.3 MB with long names, departments
 * and schools; the limit leaves a third more. Only these routes accept more than BODY_LIMIT, and
 * only once the access hook (onRequest, before the body is read) has checked the token.
 */
export const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;
export const IMPORT_TOO_LARGE = `导入的数据过大（超过${IMPORT_BODY_LIMIT / 1024 / 1024}MB），请分批导入`;
/** Rows per INSERT statement (one array parameter per column, so no parameter-count limit applies). */
const CHUNK_ROWS = 10_000;
/** Per-row messages repeated in the 422 message (all of them are in data.errors). */
const MESSAGE_ERRORS = 20;

const TABLES: Record<UserImportId, PgTable> = { org_user: orgUsers, student: students };

export interface ImportSummary {
  created: number;
  updated: number;
  total: number;
}

const bodySchema = z.object({
  data: z.string({ error: '请上传用户列表（JSON 文本）' }),
});

/** The 422 for rule failures: every message in data.errors, the first ones in the message. */
export function importRejected(errors: string[]): HttpError {
  const shown = errors.slice(0, MESSAGE_ERRORS).join('\n');
  const more = errors.length > MESSAGE_ERRORS ? `\n……共${errors.length}条错误` : '';
  return new HttpError(422, shown + more, { errors });
}

/** `{data: "[...]"}` → the array of rows, or 422 naming what is wrong. */
function parseRows(def: UserImport<any>, data: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw validationError([{ field: 'data', message: '用户列表不是有效的 JSON' }]);
  }
  if (!Array.isArray(parsed)) throw validationError([{ field: 'data', message: '用户列表必须是数组' }]);
  if (parsed.length > IMPORT_MAX_ROWS) throw badRequest(tooManyRowsMessage(IMPORT_MAX_ROWS));
  const checked = importRowsSchema[def.kind.id].safeParse(parsed);
  if (!checked.success) {
    const headerOf = new Map(def.kind.fields.map((f) => [f.key, f.header]));
    const errors = checked.error.issues.map((issue) => {
      const [index, key] = issue.path;
      if (typeof index !== 'number') return issue.message;
      const raw = parsed[index] as { _row?: unknown } | null;
      const row = raw && typeof raw === 'object' && Number.isInteger(raw._row) && (raw._row as number) >= 2 ? (raw._row as number) : index + 2;
      if (key === undefined) return `${rowPrefix(row)}用户信息必须是对象`;
      return `${rowPrefix(row)}${headerOf.get(String(key)) ?? String(key)}字段的值必须是文本或数字`;
    });
    throw importRejected(errors);
  }
  // Keep org_id (the schema strips it): the platform import reads it.
  return checked.data.map((row, i) => ({ ...row, org_id: (parsed[i] as { org_id?: unknown }).org_id }));
}

/** Platform import: every row names the same existing organisation by org_id. */
async function targetOrg(tx: Tx, rows: Record<string, unknown>[]): Promise<OrgRow> {
  if (rows.length === 0) throw importRejected([IMPORT_EMPTY]);
  const ids = new Set<unknown>(rows.map((r) => r.org_id));
  for (const id of ids) {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw badRequest('每一行都必须指定所属机构的ID');
  }
  if (ids.size > 1) throw badRequest('一次只能导入到同一个机构');
  const id = [...ids][0] as number;
  const [org] = id > MAX_INT ? [] : await tx
    .select({ id: organizations.id, key: organizations.key, name: organizations.name, is_pause: organizations.is_pause })
    .from(organizations)
    .where(eq(organizations.id, id));
  // Not the words 机构不存在: the client would take them for a missing organisation of the page.
  if (!org) throw badRequest(`找不到ID为${id}的机构`);
  return org;
}

/**
 * Insert or update (by organisation and 学号) every row, in chunks of one multi-row
 * `INSERT … SELECT FROM unnest(arrays) ON CONFLICT (org_id, 学号) DO UPDATE` each, inside the
 * caller's transaction. A chunk travels as one array parameter per column: building a
 * `VALUES (…), (…)` statement of 50,000 rows with the query builder alone takes seconds
 * (bench/imports.ts). Columns the file may lack (身份类别 of the school import) keep their stored
 * value when the file has none.
 */
export async function upsertImportedRows(
  tx: Tx,
  def: UserImport<any>,
  orgId: number,
  rows: Record<string, unknown>[],
): Promise<ImportSummary & { ids: number[] }> {
  const table = TABLES[def.kind.id];
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const keys = ['org_id', ...def.kind.fields.map((f) => f.key)];
  // text[] rather than varchar(n)[]: a cast to varchar(n) would cut long values silently,
  // while the insert itself refuses them (and validateImport has already checked the widths).
  const arrayType = (c: PgColumn) => (c.getSQLType().startsWith('varchar') ? 'text' : c.getSQLType());
  const name = (k: string) => sql.identifier(cols[k].name);
  const updates = def.kind.fields
    .filter((f) => f.key !== def.uniqueColumn)
    .map((f) =>
      f.onlyIfColumn
        ? sql`${name(f.key)} = coalesce(excluded.${name(f.key)}, ${table}.${name(f.key)})`
        : sql`${name(f.key)} = excluded.${name(f.key)}`,
    );
  updates.push(sql`${name('updated_at')} = extract(epoch from now())::bigint`);

  const summary = { created: 0, updated: 0, total: rows.length, ids: [] as number[] };
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const chunk = rows.slice(i, i + CHUNK_ROWS);
    const arrays = keys.map((k) => {
      const values = k === 'org_id' ? chunk.map(() => orgId) : chunk.map((r) => r[k] ?? null);
      return sql`${new Param(values)}::${sql.raw(arrayType(cols[k]))}[]`;
    });
    const result = await tx.execute<{ id: number; inserted: boolean }>(sql`
      insert into ${table} (${sql.join(keys.map(name), sql`, `)})
      select * from unnest(${sql.join(arrays, sql`, `)})
      on conflict (${name('org_id')}, ${name(def.uniqueColumn)}) do update set ${sql.join(updates, sql`, `)}
      returning ${name('id')} as id, (xmax = 0) as inserted`);
    // xmax is 0 for a freshly inserted row and non-zero for one the conflict clause updated.
    const written = rowsOf<{ id: number; inserted: boolean }>(result);
    for (const w of written) {
      summary.ids.push(Number(w.id));
      if (w.inserted) summary.created++;
      else summary.updated++;
    }
  }
  return summary;
}

/** Cells of one exported row, in template column order; sex as the import accepts it. */
function exportRow(def: UserImport<any>, row: Record<string, unknown>): unknown[] {
  return importTemplate(def.kind).headers.map((header) => {
    const field = def.kind.fields.find((f) => f.header === header)!;
    let v = row[field.key];
    // The school import reads 男/女/未知; the organisation import reads the codes 0/1/2.
    if (field.key === 'sex' && def.kind.id === 'student') v = SEX[(v as 0 | 1 | 2) ?? 0] ?? SEX[0];
    return excelSafeCell(v ?? '');
  });
}

export function userListWorkbook(def: UserImport<any>, rows: Record<string, unknown>[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([importTemplate(def.kind).headers, ...rows.map((r) => exportRow(def, r))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, def.resource.title + '列表');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The import routes of both kinds and the user list export. */
export async function userImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // A clear message before the body is read, instead of the parser's generic 413.
  const refuseLargeBody = async (request: FastifyRequest) => {
    if (Number(request.headers['content-length'] ?? 0) > IMPORT_BODY_LIMIT) throw new HttpError(413, IMPORT_TOO_LARGE);
  };

  const runImport = async (request: FastifyRequest, def: UserImport<any>, from: 'path' | 'rows'): Promise<ImportSummary> => {
    if (!canWrite(def.resource, callerOf(request))) throw forbidden();
    const rows = parseRows(def, (request.body as z.infer<typeof bodySchema>).data);
    return db.transaction(async (tx) => {
      const org = from === 'path' ? orgOf(request) : await targetOrg(tx, rows);
      // The platform import acts on the organisation its rows name; the audit row records it.
      if (from === 'rows') request.org = org;
      const result = validateImport(def, 'rows', rows, org.id);
      if (!result.ok) throw importRejected(result.errors);
      const { ids, ...summary } = await upsertImportedRows(tx, def, org.id, result.rows);
      await audit(tx, request, 'import', def.resource.name, ids);
      return summary;
    });
  };

  const routeOptions = (access: 'org' | 'super', params?: z.ZodObject) => ({
    config: { access },
    bodyLimit: IMPORT_BODY_LIMIT,
    preParsing: refuseLargeBody,
    schema: { body: bodySchema, ...(params ? { params } : {}) },
  });
  const orgParams = z.object({ org: z.string() });

  r.post('/v1/:org/users/import', routeOptions('org', orgParams), (request) => runImport(request, USER_IMPORTS.org_user, 'path'));
  r.post('/v1/:org/students/import', routeOptions('org', orgParams), (request) => runImport(request, USER_IMPORTS.student, 'path'));
  r.post('/v1/organizations/import', routeOptions('super'), (request) => runImport(request, USER_IMPORTS.org_user, 'rows'));
  r.post('/v1/organizations/school/import', routeOptions('super'), (request) => runImport(request, USER_IMPORTS.student, 'rows'));

  // User list export (spec §7 "/v1/{org}/export/... user list"): ?type=student for the students.
  r.get(
    '/v1/:org/export/userList',
    {
      config: { access: 'org', rawBody: true },
      schema: {
        params: orgParams,
        querystring: z.object({
          type: z.enum(['user', 'student'], { error: '只能是 user 或 student' }).optional(),
          reflesh: z.unknown().optional(),
        }),
      },
    },
    async (request, reply) => {
      const def = request.query.type === 'student' ? USER_IMPORTS.student : USER_IMPORTS.org_user;
      const table = TABLES[def.kind.id] as typeof orgUsers;
      const rows = await db.select().from(table).where(tenantWhere(table, request)).orderBy(asc(table.id));
      const file = userListWorkbook(def, rows);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`${def.resource.title}列表.xlsx`))
        .send(file);
    },
  );
}
