import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { ADMIN_ONLY, EXPERT_NOT_ADMIN, EXPERT_ONLY, ORG_KEY_PATTERN, READER_MUST_CHANGE_PASSWORD, READER_ONLY } from '@huodong/domain';
import { organizations, readers, tokens } from '../db/schema.js';
import { HttpError, forbidden, orgNotFound, unauthorized } from '../http/errors.js';
import type { OrgRow, ReaderCaller } from '../types.js';
import { RememberedReads } from '../db/writeWatch.js';
import type { Database } from '../db/client.js';
import { resolveToken, sha256, type TokenCheck } from './tokens.js';

const TOKEN_MESSAGES = {
  unknown: '登录已失效，请重新登录',
  expired: '登录已过期，请重新登录',
  revoked: '登录已退出，请重新登录',
  disabled: '账号已被停用',
} as const;

export const ORG_PAUSED = '该机构已停用';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1].trim() : null;
}

/**
 * Remembered reads of the access hook (db/writeWatch.ts): every request of an organisation route
 * resolves the organisation by key and the bearer token to its subject. A found organisation and a
 * token's accepted outcome are used again while no row of the tables they read has changed (an
 * update, a delete: a revocation, a pause, a new password; inserts — other readers signing in — do
 * not count), a refusal or an unknown key while nothing at all was written there; and for at most
 * ten seconds (what another process may have written meanwhile: a token revoked there, an
 * organisation paused there, honoured by every node within that time).
 */
const REMEMBER_MS = 10_000;
const ORG_TABLES = ['organizations'] as const;
/** What resolveToken reads (tokens/tokens.ts). */
const TOKEN_TABLES = ['tokens', 'supers', 'managers', 'readers', 'experts', 'organizations'] as const;
const remembered = new WeakMap<Database, { orgs: RememberedReads<OrgRow | null>; tokens: RememberedReads<TokenCheck> }>();
function rememberedOf(database: Database) {
  let r = remembered.get(database);
  if (!r) {
    r = {
      orgs: new RememberedReads<OrgRow | null>(database.watch, REMEMBER_MS, 10_000, (org) => org !== null),
      tokens: new RememberedReads<TokenCheck>(database.watch, REMEMBER_MS, 10_000, (check) => check.ok),
    };
    remembered.set(database, r);
  }
  return r;
}

export async function findOrgByKey(app: FastifyInstance, key: string): Promise<OrgRow | null> {
  return rememberedOf(app.database).orgs.get(key, ORG_TABLES, async () => {
    const [row] = await app.database.db
      .select({ id: organizations.id, key: organizations.key, name: organizations.name, is_pause: organizations.is_pause })
      .from(organizations)
      .where(eq(organizations.key, key))
      .limit(1);
    return row ?? null;
  });
}

/** resolveToken, remembered; expiry is checked on every use, not only when read. */
async function checkToken(app: FastifyInstance, token: string): Promise<TokenCheck> {
  const check = await rememberedOf(app.database).tokens.get(sha256(token), TOKEN_TABLES, () => resolveToken(app.database.db, token));
  if (check.ok && check.expiresAt <= Date.now()) return { ok: false, reason: 'expired' };
  return check;
}

/** The token's outcome when remembered and still good (no read), else undefined. */
function rememberedToken(app: FastifyInstance, token: string): TokenCheck | undefined {
  return rememberedOf(app.database).tokens.peek(sha256(token), TOKEN_TABLES);
}

/** A reader route's checks of a resolved token (the hook's, and settleReader's for a deferred one): the reader, or the refusal thrown. */
function admitReader(request: FastifyRequest, check: TokenCheck): ReaderCaller {
  if (!check.ok) throw unauthorized(TOKEN_MESSAGES[check.reason]);
  // The participant API: a reader of exactly this organisation; administrators are not readers.
  const reader = check.reader;
  if (!reader) throw forbidden(READER_ONLY);
  if (!request.org || reader.orgId !== request.org.id) throw forbidden();
  if (request.org.is_pause) throw forbidden(ORG_PAUSED);
  if (reader.mustChangePassword && !request.routeOptions.config?.initialPassword) throw forbidden(READER_MUST_CHANGE_PASSWORD);
  request.reader = reader;
  return reader;
}

/**
 * The reader of a `reader` route as SQL for a write's statement (issue 23): the id when the hook
 * resolved the token; for a `tokenInWrite` route whose token it left unresolved, the reader of
 * that token when everything the hook and resolveToken check holds (the token not revoked nor
 * expired, a reader's, the reader and its organisation not paused, the path's organisation, no
 * first password to change), else null — the statement must then write nothing (`... is not null`
 * in its condition), and the route calls `settleReader`, which answers as the hook would.
 */
export function readerIdSql(request: FastifyRequest): SQL {
  const source = readerSource(request);
  return 'id' in source ? sql`${source.id}::int` : readerOfToken(sql`${source.hash}::varchar`, sql`${source.orgId}::int`, sql`${source.nowMs}::bigint`);
}

/** Where readerIdSql takes the reader from: the id the hook resolved, or the token it left to the statement (401 without either). */
export type ReaderSource = { id: number } | { hash: string; orgId: number; nowMs: number };

export function readerSource(request: FastifyRequest): ReaderSource {
  if (request.reader) return { id: request.reader.id };
  if (!request.deferredToken || !request.org) throw unauthorized();
  return { hash: sha256(request.deferredToken), orgId: request.org.id, nowMs: Date.now() };
}

/**
 * readerIdSql in a read built once (keyedRead): the SQL of each source, with placeholders its
 * values (`readerValues`) fill.
 */
const READER_ID_SQL = {
  id: sql`${sql.placeholder('reader_id')}::int`,
  token: readerOfToken(sql`${sql.placeholder('reader_token_hash')}::varchar`, sql`${sql.placeholder('reader_org_id')}::int`, sql`${sql.placeholder('reader_now_ms')}::bigint`),
};
/** What `make` makes of each reader source's SQL (a read built once, keyedRead), picked by a source. */
export function perReaderSource<T>(make: (reader: SQL) => T): (source: ReaderSource) => T {
  const made = { id: make(READER_ID_SQL.id), token: make(READER_ID_SQL.token) };
  return (source) => ('id' in source ? made.id : made.token);
}
export const readerValues = (source: ReaderSource): Record<string, unknown> =>
  'id' in source ? { reader_id: source.id } : { reader_token_hash: source.hash, reader_org_id: source.orgId, reader_now_ms: source.nowMs };

/**
 * The reader of a token as a scalar subquery, or null unless everything the access hook and
 * resolveToken require holds (the token's hash, the path's organisation and the moment in ms as
 * SQL values, or a prepared statement's placeholders): not revoked nor expired, a reader's, the
 * reader and its organisation not paused, the path's organisation, no first password to change.
 * The reader and the organisation are read by their keys in subqueries the planner keeps as such:
 * as a join, a plan made on stale statistics (a table just filled) scanned the organisation's
 * readers for the one of the token — 2,000 rows on every reader write of a benchmark.
 */
export function readerOfToken(hash: SQL, orgId: SQL, nowMs: SQL): SQL {
  return sql`(select t.subject_id from ${tokens} t
    where t.token_hash = ${hash} and t.subject_kind = 'reader' and coalesce(t.revoked_at, 0) = 0 and t.expires_at > ${nowMs}
      and (select r.org_id from ${readers} r where r.id = t.subject_id and r.is_pause = 0 and r.must_change_password <> 1) = ${orgId}
      and (select o.is_pause from ${organizations} o where o.id = ${orgId}) = 0)`;
}

/** The SHA-256 of the token a `tokenInWrite` route's hook left unresolved (null when the hook resolved it). */
export const deferredTokenHash = (request: FastifyRequest): string | null => (request.deferredToken ? sha256(request.deferredToken) : null);

/** The SHA-256 of the request's bearer token, if any. */
export function bearerHash(request: FastifyRequest): string | null {
  const token = bearer(request);
  return token ? sha256(token) : null;
}

/** The reader of a `reader` route; a token the hook left to the write (`tokenInWrite`) is resolved and checked now, as the hook would. */
export async function settleReader(request: FastifyRequest): Promise<ReaderCaller> {
  if (request.reader) return request.reader;
  const token = request.deferredToken;
  if (!token) throw unauthorized();
  const reader = admitReader(request, await checkToken(request.server, token));
  request.deferredToken = null;
  return reader;
}

/**
 * The one place where access is decided (tenant isolation included). Each route declares
 * `config.access`; a route without one is refused (and a test lists routes to keep it so).
 * For `org` routes the `{org}` path segment is resolved here and the caller must be super
 * or a manager of exactly that organisation; handlers then use `request.org.id` only.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('reader', null);
  app.decorateRequest('expert', null);
  app.decorateRequest('org', null);
  app.decorateRequest('deferredToken', null);

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!request.routeOptions.url) return; // 404 handler
    if (!access) throw new HttpError(500, '服务器内部错误，请稍后重试');
    if (access === 'public') return;

    const orgKey = (request.params as Record<string, string> | undefined)?.org;
    if (orgKey !== undefined && (access === 'publicOrg' || access === 'org' || access === 'reader' || access === 'expert')) {
      // A segment that cannot be a key (a NUL, capitals, 200 characters) names no organisation: no query.
      if (!ORG_KEY_PATTERN.test(orgKey)) throw orgNotFound();
      const org = await findOrgByKey(app, orgKey);
      if (!org) throw orgNotFound();
      request.org = org;
    }
    if (access === 'publicOrg') return;

    const token = bearer(request);
    if (!token) throw unauthorized('请先进行登录');
    if (access === 'reader' && request.routeOptions.config?.tokenInWrite && request.org && !request.org.is_pause) {
      // A write that checks the token in its own statement: resolved here only when remembered.
      if (rememberedToken(app, token) === undefined) {
        request.deferredToken = token;
        return;
      }
    }
    const check = await checkToken(app, token);
    if (!check.ok) throw unauthorized(TOKEN_MESSAGES[check.reason]);
    if (access === 'reader') {
      admitReader(request, check);
      return;
    }
    if (access === 'expert') {
      // The expert's judging calls: an expert of exactly this organisation; nobody else is an expert.
      const expert = check.expert;
      if (!expert) throw forbidden(EXPERT_ONLY);
      if (!request.org || expert.orgId !== request.org.id) throw forbidden();
      if (request.org.is_pause) throw forbidden(ORG_PAUSED);
      request.expert = expert;
      return;
    }
    if (!check.caller) throw forbidden(check.expert ? EXPERT_NOT_ADMIN : ADMIN_ONLY);
    const caller = check.caller;
    request.caller = caller;

    if (access === 'authenticated') return;
    if (access === 'super') {
      if (caller.kind !== 'super') throw forbidden();
      return;
    }
    // access === 'org': a super token is accepted everywhere and takes precedence.
    if (caller.kind === 'super') return;
    if (!request.org || caller.orgId !== request.org.id) throw forbidden();
    if (request.org.is_pause) throw forbidden(ORG_PAUSED);
  });
}

/** The organisation of an `org` route (set by the access hook). */
export function orgOf(request: FastifyRequest): OrgRow {
  if (!request.org) throw new HttpError(500, '服务器内部错误，请稍后重试');
  return request.org;
}

/** The expert of an `expert` route (set by the access hook). */
export function expertOf(request: FastifyRequest) {
  if (!request.expert) throw unauthorized();
  return request.expert;
}

/** The reader of a `reader` route (set by the access hook). */
export function readerOf(request: FastifyRequest) {
  if (!request.reader) throw unauthorized();
  return request.reader;
}

export function callerOf(request: FastifyRequest) {
  if (!request.caller) throw unauthorized();
  return request.caller;
}
