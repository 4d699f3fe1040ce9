import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { CERT_KINDS, CERT_RULE_TYPES, CERT_STATUS, certExpiresAt, certFieldValues, certNumber, certStatus, idParam, verifyCodeFromBytes, type CertConfig, type CertKind } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityCounters, certConfigs, certificates, certTemplates, readers, works } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { nowSec } from '../../participation/clock.js';

/**
 * What the certificate routes share (routes.ts): the path parameters, messages, the activity and
 * its configuration, issuing one certificate (issueFor) and how a certificate is shown (present).
 */

export const orgParams = z.object({ org: z.string() });
export const actParams = orgParams.extend({ id: idParam });
export const RESOURCE = 'certificates';
/** The runner's kind of a batch send (`cert.send:<cert_jobs id>`). */
export const CERT_SEND_JOB = 'cert.send';
export const CERT_NOT_FOUND = '证书不存在';
export const NO_CERT_CONFIG = '请先设置本活动的证书';
/** The activity types with certificate rules (rules/certificates.ts CERT_RULE_TYPES): works activities and lectures. */
export const CERT_ACT_TYPES = [...new Set(Object.values(CERT_RULE_TYPES).flat())];

export type ConfigRow = typeof certConfigs.$inferSelect;
export type TemplateRow = typeof certTemplates.$inferSelect;
export type CertRow = typeof certificates.$inferSelect;

export async function activityOf(db: Db | Tx, orgId: number, id: number) {
  const [act] = await db
    .select({ id: activities.id, title: activities.title, type: activities.type })
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.org_id, orgId), eq(activities.is_delete, 0)));
  if (!act) throw notFound();
  return act;
}

export async function configOf(db: Db | Tx, actId: number): Promise<ConfigRow | undefined> {
  return (await db.select().from(certConfigs).where(eq(certConfigs.act_id, actId)))[0];
}

/** The organisation's certificate sequence, one atomic statement (never reused). */
async function nextSeq(tx: Tx, orgId: number): Promise<number> {
  const [row] = await tx
    .insert(activityCounters)
    .values({ org_id: orgId, act_id: 0, name: 'cert_seq', value: 1 })
    .onConflictDoUpdate({ target: [activityCounters.org_id, activityCounters.act_id, activityCounters.name], set: { value: sql`${activityCounters.value} + 1` } })
    .returning({ value: activityCounters.value });
  return row.value;
}

/** The rule a template of this kind issues by when an administrator picks works (choose). */
export function ruleForKind(kind: CertKind): NonNullable<CertConfig['auto_rule']> | null {
  if (kind === 'participation') return { kind: 'work_approved', levels: [] };
  if (kind === 'award') return { kind: 'award_level', levels: [] };
  return null;
}

export interface IssueContext {
  org: { id: number; key: string; name: string };
  act: { id: number; title: string };
  config: ConfigRow;
  /** The origin of the public verification page (`https://host`). */
  origin: string;
}

/** Issue the certificate a grant gives a work's author, unless a valid one of that kind and level exists. */
export function issueFor(tx: Tx, c: IssueContext, work: typeof works.$inferSelect, grant: { kind: CertKind; award_level: string }): Promise<CertRow | null> {
  return issueTo(tx, c, { reader_id: work.reader_id, work_id: work.id, real_name: work.author.real_name, unit_name: work.author.unit, score: work.score, instructor_name: work.author.instructor ?? '', work_title: work.title }, grant);
}

/** Who a certificate is issued to and what it prints of them beyond the reader's name and unit (a work's, a lecture's hours). */
export interface Holder {
  reader_id: number;
  work_id?: number | null;
  real_name?: string | null;
  unit_name?: string | null;
  score?: number | null;
  instructor_name?: string;
  work_title?: string;
  hours?: string;
}

/**
 * Issue the certificate a grant gives a holder, unless a valid one of that kind and level exists
 * (a parallel issue of the same grant meets `certificates_grant_uq` and answers null).
 */
export async function issueTo(tx: Tx, c: IssueContext, h: Holder, grant: { kind: CertKind; award_level: string }): Promise<CertRow | null> {
  const [existing] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.config_id, c.config.id), eq(certificates.reader_id, h.reader_id), eq(certificates.kind, grant.kind), eq(certificates.award_level, grant.award_level), isNull(certificates.revoked_at)));
  if (existing) return null;
  const [reader] = await tx.select({ real_name: readers.real_name, unit: readers.unit }).from(readers).where(eq(readers.id, h.reader_id));
  const issuedAt = nowSec();
  const seq = await nextSeq(tx, c.org.id);
  const certNo = certNumber(c.config.cert_no_pattern, { org: c.org.key, act_id: c.act.id, issued_at: issuedAt, seq });
  const code = verifyCodeFromBytes(randomBytes(8));
  const fields = certFieldValues({
    real_name: h.real_name || reader?.real_name || '',
    unit_name: h.unit_name || reader?.unit || '',
    act_title: c.act.title,
    award_level: grant.award_level,
    score: h.score ?? null,
    hours: h.hours ?? '',
    cert_no: certNo,
    org_name: c.org.name,
    instructor_name: h.instructor_name ?? '',
    work_title: h.work_title ?? '',
    issued_at: issuedAt,
  });
  const [row] = await tx
    .insert(certificates)
    .values({
      org_id: c.org.id,
      act_id: c.act.id,
      config_id: c.config.id,
      reader_id: h.reader_id,
      work_id: h.work_id ?? null,
      kind: grant.kind,
      award_level: grant.award_level,
      cert_no: certNo,
      verify_code: code,
      fields: { ...fields, verify_url: `${c.origin}/${c.org.key}/certVerify?code=${code}` },
      issued_at: issuedAt,
      expires_at: certExpiresAt(issuedAt, c.config.expires_months),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** What the administrators' list and the reader's list show of a certificate. */
export const present = (c: CertRow & { holder?: string | null }, now = nowSec()) => {
  const status = certStatus(c, now);
  return {
    id: c.id,
    act_id: c.act_id,
    work_id: c.work_id,
    reader_id: c.reader_id,
    holder: c.holder ?? c.fields.real_name ?? '',
    act_title: c.fields.act_title ?? '',
    work_title: c.fields.work_title ?? '',
    kind: c.kind,
    kind_label: CERT_KINDS[c.kind as CertKind] ?? c.kind,
    award_level: c.award_level,
    cert_no: c.cert_no,
    verify_code: c.verify_code,
    issued_at: c.issued_at,
    expires_at: c.expires_at,
    revoked_at: c.revoked_at,
    revoke_reason: c.revoke_reason,
    replaced_by: c.replaced_by,
    rendered: c.pdf_key !== null,
    verify_count: c.verify_count,
    status,
    status_label: CERT_STATUS[status],
  };
};

