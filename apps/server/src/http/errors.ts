import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MULTIPART_MALFORMED, ORG_NOT_FOUND, RESOURCES, type GateRefusal } from '@huodong/domain';

/** A failure the client caused or may see: status carries the class, message is shown to the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: unknown = null) => new HttpError(422, message, data);
export const unauthorized = (message = '登录已失效，请重新登录') => new HttpError(401, message);
export const forbidden = (message = '您没有权限执行此操作') => new HttpError(403, message);
export const notFound = (message = '数据不存在或已被删除') => new HttpError(404, message);
export const orgNotFound = () => new HttpError(404, ORG_NOT_FOUND);
/** A reader's call the participation gate refuses: its status and message, with the gate's code. */
export const refused = (r: GateRefusal) => new HttpError(r.status, r.message, { gate: r.gate });

interface FieldError {
  field: string;
  message: string;
}

/** Zod issues → `{field, message}` with the field named in the message. */
function fieldErrors(issues: { path?: PropertyKey[]; instancePath?: string; message: string; params?: { issue?: { path?: PropertyKey[] } } }[]): FieldError[] {
  return issues.map((issue) => {
    const path = issue.params?.issue?.path ?? issue.path ?? [];
    const field = path.map(String).join('.') || String(issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    return { field, message: issue.message };
  });
}

/** Labels of the declared settings (`config.<key>`, `config.comments.<key>`): no two declarations label one differently. */
let settingLabels: Map<string, string> | undefined;
const settingLabel = (path: string): string | undefined => {
  settingLabels ??= new Map(RESOURCES.flatMap((def) => def.fields.filter((f) => f.name.startsWith('config.')).map((f) => [f.name, f.label] as const)));
  return settingLabels.get(path);
};

/** Labels of every declared field by its own name (the last segment: `unit_id`, `config.link` → `link` too). */
let fieldLabels: Map<string, Set<string>> | undefined;
const labelsOf = (name: string): string[] => {
  if (!fieldLabels) {
    fieldLabels = new Map();
    for (const def of RESOURCES) {
      for (const f of def.fields) {
        const own = f.name.split('.').pop()!;
        if (!fieldLabels.has(own)) fieldLabels.set(own, new Set());
        fieldLabels.get(own)!.add(f.label);
      }
    }
  }
  return [...(fieldLabels.get(name) ?? [])];
};

/** Every declared field's full name (`scope.reader_ids`, `config.link`). */
let fullNames: Set<string> | undefined;
const declaredNames = (): Set<string> => (fullNames ??= new Set(RESOURCES.flatMap((def) => def.fields.map((f) => f.name))));

/**
 * The user's message for a refusal of `field` (issue 20: every message names the field by its
 * Chinese label, never by a path). An activity setting (`config.rules…`, also inside a body) by its
 * declared label; any other field by its declared label when exactly one label is declared for
 * that name. Either way the message alone when it names the label already — the schemas' messages
 * are written with their label (`标题不能为空`, `所在单位不存在`). `data.errors[].field` keeps the path
 * for the forms, which show the message at their input.
 */
export function fieldMessage(field: string, message: string): string {
  if (!field) return message;
  const segments = field.split('.');
  const at = segments.indexOf('config');
  if (at >= 0) {
    for (let n = segments.length; n > at + 1; n--) {
      const label = settingLabel(segments.slice(at, n).join('.'));
      if (label) return message.includes(label) ? message : `${label}：${message}`;
    }
    return message;
  }
  // A declared field (`scope.reader_ids`), a body's own field or an item of either (`files.0`): inside
  // a value of its own (`rules.0.count`) a name is the value's, which a declaration's field of the
  // same name (a scan batch's `count`, 二维码数量) does not label.
  const named = segments.filter((s) => !/^\d+$/.test(s));
  const declared = named.length > 1 && declaredNames().has(named.join('.'));
  const name = named.length === 1 || declared ? named.at(-1) : undefined;
  const labels = name ? labelsOf(name) : [];
  if (labels.some((l) => message.includes(l))) return message;
  return labels.length === 1 ? `${labels[0]}：${message}` : message;
}

/** Build the 422 body for a list of field errors: message names the first field. */
export function validationError(errors: FieldError[]): HttpError {
  const first = errors[0];
  const message = first ? fieldMessage(first.field, first.message) : '请求参数错误';
  return new HttpError(422, message, { errors });
}

/** The PostgreSQL error under a driver's or drizzle's wrapping (DrizzleQueryError keeps it in `.cause`). */
interface PgError {
  code: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

function pgErrorOf(err: unknown): PgError | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as never, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && ('severity' in e || 'routine' in e || 'detail' in e)) return e as PgError;
  }
  return null;
}

/** The PostgreSQL error code under a driver's or drizzle's wrapping (`23505` a unique violation), or null. */
export const pgErrorCode = (err: unknown): string | null => pgErrorOf(err)?.code ?? null;

/** The Chinese label of a table's column (the declarations' field label), or the column itself. */
export type ColumnLabel = (table: string | undefined, column: string) => string;
const bareColumn: ColumnLabel = (_table, column) => column;

/** Columns of a constraint message detail: `Key (org_id, account)=(1, x) already exists.` → [org_id, account]. */
const detailColumns = (detail: string | undefined): string[] =>
  /Key \(([^)]*)\)=/.exec(detail ?? '')?.[1].split(',').map((c) => c.trim().replace(/^"|"$/g, '')) ?? [];

/**
 * Database constraint violations → 422 naming the field: unique (23505) `key: 机构标识已存在`;
 * foreign key on write (23503) `role_id: 角色不存在`, on delete `数据正在被使用，无法删除`;
 * too long (22001), out of range (22003) and every other data exception (class 22). Everything else stays a 500.
 */
export function dbConstraintError(err: unknown, columnLabel: ColumnLabel = bareColumn): HttpError | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  const cols = detailColumns(pg.detail).filter((c) => c !== 'org_id');
  const field = cols[cols.length - 1] ?? '';
  const named = (message: string) => validationError([{ field, message }]);
  switch (pg.code) {
    case '23505':
      return named(`${columnLabel(pg.table, field)}已存在`);
    case '23503':
      if (/still referenced/.test(pg.detail ?? '')) return new HttpError(422, '数据正在被使用，无法删除');
      return named(`${columnLabel(pg.table, field)}不存在`);
    case '22001':
      return new HttpError(422, '内容过长，请缩短后重试');
    case '22003':
      return new HttpError(422, '数值超出范围');
    case '22021': // invalid byte sequence (a NUL in text)
    case '22P05': // untranslatable character (\u0000 in jsonb)
      return new HttpError(422, '内容包含无法保存的字符');
    default:
      // Any other data exception (SQLSTATE class 22) is bad input that got past the schemas: a 422, never a 500.
      return pg.code.startsWith('22') ? new HttpError(422, '数据格式不正确') : null;
  }
}

export const DATABASE_UNAVAILABLE = '数据库不可用';

/** Node's network errors and the drivers' words for a connection that is gone or cannot be made. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNREACHABLE_MESSAGE = /Connection terminated|Client has encountered a connection error|Cannot use a pool after calling end|timeout exceeded when trying to connect|PGlite is closed/;

/**
 * The database cannot serve at all (issue 9: a 503 the client may retry, not a 500): unreachable,
 * connection lost, shut down or starting (57P01-57P03), connection exceptions (class 08), too many
 * connections (53300), or its files gone (class 58: PGlite's data directory deleted).
 */
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as never, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || /^(08|58)|^57P0[123]$|^53300$/.test(code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** Fastify's own refusals by error code, in Chinese: its defaults are English and may echo the request. */
const FRAMEWORK_MESSAGES: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, '请求地址格式不正确'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容为空'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的内容类型'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求内容长度不正确'],
};
const SERVER_ERROR = '服务器内部错误，请稍后重试';

/**
 * A multipart body the parser cannot read (a boundary without parts, a part cut short, a header
 * without a boundary): busboy throws plain Errors without a code, so they are told by their words.
 */
const MALFORMED_MULTIPART = /^Multipart: Boundary not found$|^Boundary required$|Unexpected end of multipart data|terminated early due to unexpected end of multipart data|^Malformed/;
const MULTIPART_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_PROTO_VIOLATION', 'FST_INVALID_JSON_FIELD_ERROR', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);
export function malformedMultipart(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (typeof e.code === 'string' && MULTIPART_CODES.has(e.code)) || (typeof e.message === 'string' && MALFORMED_MULTIPART.test(e.message));
}
const envelope = (status: number, message: string) => ({ code: status, message, data: null });

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs (a URL
 * it cannot decode, a path parameter over `maxParamLength`, an async constraint that failed).
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = FRAMEWORK_MESSAGES[err.code] ?? [500, SERVER_ERROR];
  if (status >= 500) request.log.error({ err }, 'router error');
  void reply.status(status).send(envelope(status, message));
}

/**
 * Fastify's `clientErrorHandler` option: what Node's HTTP parser refuses (a malformed request, a
 * header over the size limit, a request timeout) is answered on the socket itself, as an envelope.
 */
export function clientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, '请求超时'] : err.code === 'HPE_HEADER_OVERFLOW' ? [431, '请求头过大'] : [400, '请求格式错误'];
  const body = JSON.stringify(envelope(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** One envelope and one error catalogue for every route. */
export function registerEnvelope(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, reply, payload, done) => {
    done(null, reply.statusCode >= 400 || request.routeOptions.config?.rawBody ? payload : { code: 200, message: 'success', data: payload ?? null });
  });

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    let e: HttpError;
    const db = err instanceof HttpError ? null : dbConstraintError(err, request.server.columnLabel);
    if (err instanceof HttpError) e = err;
    else if (db) e = db;
    else if (hasZodFastifySchemaValidationErrors(err)) {
      e = validationError(fieldErrors(err.validation as never));
    } else if ((err as FastifyError).validation) {
      e = validationError(fieldErrors((err as FastifyError).validation as never));
    } else if (malformedMultipart(err)) {
      e = new HttpError(400, MULTIPART_MALFORMED);
    } else if ((err as FastifyError).statusCode === 413) {
      e = new HttpError(413, '请求内容过大');
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      const status = (err as FastifyError).statusCode!;
      e = new HttpError(status, FRAMEWORK_MESSAGES[(err as FastifyError).code]?.[1] ?? (status === 404 ? '页面不存在' : '请求格式错误'));
    } else if (databaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      e = new HttpError(503, DATABASE_UNAVAILABLE);
    } else {
      request.log.error({ err }, 'unhandled error');
      e = new HttpError(500, SERVER_ERROR);
    }
    void reply.status(e.status).send({ code: e.status, message: e.message, data: e.data });
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ code: 404, message: '页面不存在', data: null });
  });
}
