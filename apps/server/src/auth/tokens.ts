import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sql } from '../db/sql.js';
import { alias } from 'drizzle-orm/pg-core';
import { keyedRead, type Db } from '../db/client.js';
import { experts, managers, organizations, readers, supers, tokens } from '../db/schema.js';
import type { ExpertCaller, ReaderCaller, RequestCaller } from '../types.js';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const nowSec = () => Math.floor(Date.now() / 1000);

export interface Subject {
  kind: 'super' | 'manager' | 'reader' | 'expert';
  id: number;
  orgId: number | null;
  scope: string;
}

/** Issue an opaque 256-bit token; only its SHA-256 is stored. */
export async function issueToken(db: Db, subject: Subject, ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = Date.now() + ttlMs;
  await db.insert(tokens).values({
    token_hash: sha256(token),
    subject_kind: subject.kind,
    subject_id: subject.id,
    scope: subject.scope,
    org_id: subject.orgId,
    expires_at: expiresAt,
  });
  return { access_token: token, endTime: expiresAt, expires_in: Math.floor(ttlMs / 1000) };
}

/** Each token has exactly one subject: an administrator (`caller`), a reader or an expert. */
export type TokenCheck =
  | { ok: true; caller: RequestCaller; reader?: undefined; expert?: undefined; expiresAt: number }
  | { ok: true; reader: ReaderCaller; caller?: undefined; expert?: undefined; expiresAt: number }
  | { ok: true; expert: ExpertCaller; caller?: undefined; reader?: undefined; expiresAt: number }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'disabled' };

/** A token's row with its subject and the subject's organisation, by the token's unique hash (keyedRead). */
const tokenRead = keyedRead((db) => {
  const subjectOrg = alias(organizations, 'subject_org');
  const of = (kind: Subject['kind']) => eq(tokens.subject_kind, kind);
  return db
    .select({
      row: tokens,
      s: { id: supers.id, account: supers.account, is_pause: supers.is_pause },
      r: { id: readers.id, account: readers.account, org_id: readers.org_id, is_pause: readers.is_pause, must: readers.must_change_password },
      e: { id: experts.id, account: experts.account, org_id: experts.org_id, is_pause: experts.is_pause },
      m: { id: managers.id, account: managers.account, type: managers.type, org_id: managers.org_id, is_pause: managers.is_pause },
      org_pause: subjectOrg.is_pause,
    })
    .from(tokens)
    .leftJoin(supers, and(of('super'), eq(supers.id, tokens.subject_id)))
    .leftJoin(readers, and(of('reader'), eq(readers.id, tokens.subject_id)))
    .leftJoin(experts, and(of('expert'), eq(experts.id, tokens.subject_id)))
    .leftJoin(managers, and(of('manager'), eq(managers.id, tokens.subject_id)))
    .leftJoin(subjectOrg, eq(subjectOrg.id, sql`coalesce(${readers.org_id}, ${experts.org_id}, ${managers.org_id})`))
    .where(eq(tokens.token_hash, sql.placeholder('token_hash')))
    .limit(1);
});

/**
 * Resolve a bearer token to its caller, refusing expired, revoked and disabled subjects: ONE
 * statement, the token with its subject and the subject's organisation (each reader write's first
 * call with a fresh token pays this round trip, issue 23's booking benchmark).
 */
export async function resolveToken(db: Db, token: string): Promise<TokenCheck> {
  const [found] = await tokenRead(db, { token_hash: sha256(token) });
  if (!found) return { ok: false, reason: 'unknown' };
  const { row, s, r, e, m } = found;
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.expires_at <= Date.now()) return { ok: false, reason: 'expired' };
  // A subject of an organisation needs that organisation (inner join before: a missing one is disabled).
  const orgPaused = found.org_pause === null || !!found.org_pause;
  if (row.subject_kind === 'super') {
    if (!s || s.is_pause) return { ok: false, reason: 'disabled' };
    return { ok: true, expiresAt: row.expires_at, caller: { kind: 'super', id: s.id, type: 'super', orgId: null, tokenId: row.id, account: s.account } };
  }
  if (row.subject_kind === 'reader') {
    if (!r || r.is_pause || orgPaused) return { ok: false, reason: 'disabled' };
    return { ok: true, expiresAt: row.expires_at, reader: { id: r.id, orgId: r.org_id, account: r.account, tokenId: row.id, mustChangePassword: r.must === 1 } };
  }
  if (row.subject_kind === 'expert') {
    if (!e || e.is_pause || orgPaused) return { ok: false, reason: 'disabled' };
    return { ok: true, expiresAt: row.expires_at, expert: { id: e.id, orgId: e.org_id, account: e.account, tokenId: row.id } };
  }
  if (row.subject_kind !== 'manager') return { ok: false, reason: 'unknown' };
  if (!m || m.is_pause || orgPaused) return { ok: false, reason: 'disabled' };
  return { ok: true, expiresAt: row.expires_at, caller: { kind: 'manager', id: m.id, type: m.type, orgId: m.org_id, tokenId: row.id, account: m.account } };
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(tokens).set({ revoked_at: nowSec() }).where(eq(tokens.id, tokenId));
}

/** Revoke every live token of some subjects (disabling or deleting them, a new password), but `keepTokenId`. */
export async function revokeSubjects(db: Db, kind: Subject['kind'], ids: number[], keepTokenId?: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(tokens)
    .set({ revoked_at: nowSec() })
    .where(and(eq(tokens.subject_kind, kind), sql`${tokens.subject_id} in ${ids}`, isNull(tokens.revoked_at), keepTokenId === undefined ? undefined : ne(tokens.id, keepTokenId)));
}

/** Revoke the tokens of every manager of some organisations (disabling or deleting an organisation). */
export async function revokeOrganizations(db: Db, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .update(tokens)
    .set({ revoked_at: nowSec() })
    .where(and(eq(tokens.subject_kind, 'manager'), sql`${tokens.org_id} in ${orgIds}`, isNull(tokens.revoked_at)));
}
