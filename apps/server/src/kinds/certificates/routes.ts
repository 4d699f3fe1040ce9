import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CERT_KINDS,
  CERT_STATUS,
  certConfigSchema,
  certExpiresAt,
  certFieldValues,
  certificateGrant,
  certNumber,
  certStatus,
  certTemplatesResource,
  canWrite,
  idParam,
  idRef,
  maskName,
  normalizeVerifyCode,
  pageQuerySchema,
  plainText,
  templateKindProblem,
  verifyCodeFromBytes,
  type CertConfig,
  type CertElement,
  type CertKind,
  type WorkStatus,
} from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { activities, activityCounters, certConfigs, certificates, certJobs, certTemplates, organizations, readers, works } from '../../db/schema.js';
import { HttpError, forbidden, notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { callerOf, orgOf, readerOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { renderCertificate } from './render.js';
import type { JobContext } from '../../jobs/runner.js';

/**
 * Certificates of an activity (issue 12, design §12): its configuration (`/cert/{id}/config`),
 * the issued certificates (`index`), revoking (`delete`) and reissuing, picking recipients by
 * hand (`choose`), and the batch send (`send`): a job in `cert_jobs` that issues by the rule and
 * renders every PDF not yet rendered, run by the job runner, safe to run again. Public check
 * `GET /v1/cert/verify?code=`; readers list and download their own.
 */

const nowSec = () => Math.floor(Date.now() / 1000);
const orgParams = z.object({ org: z.string() });
const actParams = orgParams.extend({ id: idParam });
const RESOURCE = 'certificates';
/** The runner's kind of a batch send (`cert.send:<cert_jobs id>`). */
export const CERT_SEND_JOB = 'cert.send';
export const CERT_NOT_FOUND = '证书不存在';
export const NO_CERT_CONFIG = '请先设置本活动的证书';
/** Works activities are the ones with certificate rules so far (rules/certificates.ts CERT_RULES). */
const CERT_ACT_TYPES = [1, 9];

type ConfigRow = typeof certConfigs.$inferSelect;
type TemplateRow = typeof certTemplates.$inferSelect;
type CertRow = typeof certificates.$inferSelect;

async function activityOf(db: Db | Tx, orgId: number, id: number) {
  const [act] = await db
    .select({ id: activities.id, title: activities.title, type: activities.type })
    .from(activities)
    .where(and(eq(activities.id, id), eq(activities.org_id, orgId), eq(activities.is_delete, 0)));
  if (!act) throw notFound();
  return act;
}

async function configOf(db: Db | Tx, actId: number): Promise<ConfigRow | undefined> {
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
function ruleForKind(kind: CertKind): NonNullable<CertConfig['auto_rule']> | null {
  if (kind === 'participation') return { kind: 'work_approved', levels: [] };
  if (kind === 'award') return { kind: 'award_level', levels: [] };
  return null;
}

interface IssueContext {
  org: { id: number; key: string; name: string };
  act: { id: number; title: string };
  config: ConfigRow;
  /** The origin of the public verification page (`https://host`). */
  origin: string;
}

/** Issue the certificate a grant gives a work's author, unless a valid one of that kind and level exists. */
async function issueFor(tx: Tx, c: IssueContext, work: typeof works.$inferSelect, grant: { kind: CertKind; award_level: string }): Promise<CertRow | null> {
  const [existing] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.config_id, c.config.id), eq(certificates.reader_id, work.reader_id), eq(certificates.kind, grant.kind), eq(certificates.award_level, grant.award_level), isNull(certificates.revoked_at)));
  if (existing) return null;
  const [reader] = await tx.select({ real_name: readers.real_name, unit: readers.unit }).from(readers).where(eq(readers.id, work.reader_id));
  const issuedAt = nowSec();
  const seq = await nextSeq(tx, c.org.id);
  const certNo = certNumber(c.config.cert_no_pattern, { org: c.org.key, act_id: c.act.id, issued_at: issuedAt, seq });
  const code = verifyCodeFromBytes(randomBytes(8));
  const fields = certFieldValues({
    real_name: work.author.real_name || reader?.real_name || '',
    unit_name: work.author.unit || reader?.unit || '',
    act_title: c.act.title,
    award_level: grant.award_level,
    score: work.score,
    cert_no: certNo,
    org_name: c.org.name,
    instructor_name: work.author.instructor ?? '',
    work_title: work.title,
    issued_at: issuedAt,
  });
  const [row] = await tx
    .insert(certificates)
    .values({
      org_id: c.org.id,
      act_id: c.act.id,
      config_id: c.config.id,
      reader_id: work.reader_id,
      work_id: work.id,
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
const present = (c: CertRow & { holder?: string | null }, now = nowSec()) => {
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

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const writer = (request: FastifyRequest) => {
    if (!canWrite(certTemplatesResource, callerOf(request))) throw forbidden();
  };
  const orgRow = async (orgId: number) => (await db.select({ id: organizations.id, key: organizations.key, name: organizations.name }).from(organizations).where(eq(organizations.id, orgId)))[0];

  // ------------------------------------------------------------------ rendering job

  /** Render one certificate's PDF and store it (private: served only by the certificate routes). */
  async function render(cert: CertRow, template: TemplateRow): Promise<void> {
    const bytes = await renderCertificate(app.storage, {
      width_mm: template.width_mm,
      height_mm: template.height_mm,
      bg_image: template.bg_image,
      elements: template.elements as unknown as CertElement[],
      fields: cert.fields as never,
      verify_url: cert.fields.verify_url ?? '',
    });
    const [org] = await db.select({ key: organizations.key }).from(organizations).where(eq(organizations.id, cert.org_id));
    const key = `_cert/${org.key}/${cert.id}-${randomBytes(8).toString('hex')}.pdf`;
    await app.storage.put(key, Buffer.from(bytes), 'application/pdf');
    await db.update(certificates).set({ pdf_key: key, updated_at: nowSec() }).where(and(eq(certificates.id, cert.id), isNull(certificates.pdf_key)));
  }

  /** Render every valid certificate of the activity without a PDF: a rerun does only what is left. */
  async function runJob(jobId: number, ctx: JobContext): Promise<void> {
    const [job] = await db.update(certJobs).set({ status: 'running', updated_at: nowSec() }).where(eq(certJobs.id, jobId)).returning();
    if (!job) return; // the activity was deleted with its jobs
    const cfg = await configOf(db, job.act_id);
    if (!cfg) {
      // The configuration was removed after the job was queued: the job ends with the reason, not a fault.
      await db.update(certJobs).set({ status: 'failed', error: NO_CERT_CONFIG, updated_at: nowSec() }).where(eq(certJobs.id, jobId));
      return;
    }
    const [template] = await db.select().from(certTemplates).where(eq(certTemplates.id, cfg.template_id));
    const todo = await db.select().from(certificates).where(and(eq(certificates.act_id, job.act_id), isNull(certificates.pdf_key), isNull(certificates.revoked_at)));
    const [{ rendered }] = await db
      .select({ rendered: sql<number>`count(*)`.mapWith(Number) })
      .from(certificates)
      .where(and(eq(certificates.act_id, job.act_id), sql`${certificates.pdf_key} is not null`, isNull(certificates.revoked_at)));
    await db.update(certJobs).set({ total: rendered + todo.length, done: rendered, failed: 0 }).where(eq(certJobs.id, jobId));
    let failed = 0;
    for (const cert of todo) {
      if (ctx.signal.aborted) throw new Error('shutting down'); // the runner queues the job again
      try {
        await render(cert, template);
        await db.update(certJobs).set({ done: sql`${certJobs.done} + 1` }).where(eq(certJobs.id, jobId));
        await ctx.heartbeat();
      } catch (err) {
        failed++;
        app.log.warn({ err, cert: cert.id }, 'certificate not rendered');
        await db.update(certJobs).set({ failed: sql`${certJobs.failed} + 1`, error: String((err as Error).message ?? err).slice(0, 500) }).where(eq(certJobs.id, jobId));
      }
    }
    await db.update(certJobs).set({ status: failed ? 'failed' : 'done', updated_at: nowSec() }).where(eq(certJobs.id, jobId));
  }

  app.jobs.define<{ id: number }>(CERT_SEND_JOB, {
    maxAttempts: 3,
    run: (job, ctx) => runJob(job.payload.id, ctx),
    async failed(job, err) {
      await db.update(certJobs).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500), updated_at: nowSec() }).where(eq(certJobs.id, job.payload.id));
    },
  });

  // ------------------------------------------------------------------ configuration

  r.get('/v1/:org/cert/:id/config', { config, schema: { params: actParams } }, async (request) => {
    const act = await activityOf(db, orgOf(request).id, request.params.id);
    return (await configOf(db, act.id)) ?? null;
  });

  r.post('/v1/:org/cert/:id/config', { config, schema: { params: actParams, body: certConfigSchema } }, async (request) => {
    writer(request);
    const org = orgOf(request);
    const act = await activityOf(db, org.id, request.params.id);
    if (!CERT_ACT_TYPES.includes(act.type) && request.body.auto_rule) throw validationError([{ field: 'auto_rule', message: '该类型活动暂不支持自动发放条件' }]);
    const [template] = await db.select().from(certTemplates).where(and(eq(certTemplates.id, request.body.template_id), eq(certTemplates.org_id, org.id)));
    if (!template) throw validationError([{ field: 'template_id', message: '证书模板不存在' }]);
    const problem = templateKindProblem(request.body.auto_rule, template.kind as CertKind);
    if (problem) throw validationError([{ field: 'template_id', message: problem }]);
    return db.transaction(async (tx) => {
      const values = { ...request.body, org_id: org.id, act_id: act.id, updated_at: nowSec() };
      const [row] = await tx.insert(certConfigs).values(values).onConflictDoUpdate({ target: certConfigs.act_id, set: values }).returning();
      await tx.update(activities).set({ certificate: 1 }).where(eq(activities.id, act.id));
      await audit(tx, request, 'certConfig', RESOURCE, [act.id]);
      return row;
    });
  });

  // ------------------------------------------------------------------ the certificates of an activity

  r.get('/v1/:org/cert/:id/index', { config, schema: { params: actParams, querystring: pageQuerySchema } }, async (request) => {
    const act = await activityOf(db, orgOf(request).id, request.params.id);
    const kw = request.query.keyword?.trim();
    const where = and(
      eq(certificates.org_id, act.id ? orgOf(request).id : 0),
      eq(certificates.act_id, act.id),
      kw ? or(sql`${certificates.cert_no} ilike ${'%' + kw + '%'}`, sql`${certificates.fields}->>'real_name' ilike ${'%' + kw + '%'}`) : undefined,
    );
    return pagedList(
      request.query,
      request.url,
      async () => (await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(certificates).where(where))[0].n,
      async (limit, offset) => (await db.select().from(certificates).where(where).orderBy(desc(certificates.id)).limit(limit).offset(offset)).map((c) => present(c)),
    );
  });

  /** Issue by hand to the chosen works' authors (the template's kind decides what each work earns). */
  r.post('/v1/:org/cert/:id/choose', { config, schema: { params: actParams, body: z.object({ work_ids: z.array(idRef('作品'), { error: '请选择作品' }).min(1, '请选择作品').max(1000, '一次最多1000件作品') }) } }, async (request) => {
    writer(request);
    const org = await orgRow(orgOf(request).id);
    const act = await activityOf(db, org.id, request.params.id);
    const cfg = await configOf(db, act.id);
    if (!cfg) throw new HttpError(409, NO_CERT_CONFIG);
    const [template] = await db.select().from(certTemplates).where(eq(certTemplates.id, cfg.template_id));
    const rule = cfg.auto_rule ?? ruleForKind(template.kind as CertKind);
    if (!rule) throw validationError([{ field: 'template_id', message: '该类型证书暂不支持按作品发放' }]);
    const chosen = await db.select().from(works).where(and(eq(works.org_id, org.id), eq(works.act_id, act.id), eq(works.is_delete, 0), inArray(works.id, request.body.work_ids)));
    const missing = request.body.work_ids.find((id) => !chosen.some((w) => w.id === id));
    if (missing !== undefined) throw validationError([{ field: 'work_ids', message: `作品不存在或不属于本活动：${missing}` }]);
    const issued: number[] = [];
    const refused: { work_id: number; reason: string }[] = [];
    await db.transaction(async (tx) => {
      for (const w of chosen) {
        const grant = certificateGrant(rule as never, { status: w.status as WorkStatus, award_level: w.award_level });
        if (!grant) {
          refused.push({ work_id: w.id, reason: rule.kind === 'award_level' ? '作品未获奖' : '作品未通过审核' });
          continue;
        }
        const row = await issueFor(tx, { org, act, config: cfg, origin: originOf(request) }, w, grant);
        if (row) issued.push(row.id);
        else refused.push({ work_id: w.id, reason: '已颁发过该证书' });
      }
      if (issued.length) await audit(tx, request, 'certIssue', RESOURCE, issued);
    });
    return { issued: issued.length, ids: issued, refused };
  });

  /** Start the batch send (issue by the rule, render every PDF); one job per activity at a time. */
  r.post('/v1/:org/cert/:id/send', { config, schema: { params: actParams } }, async (request) => {
    writer(request);
    const org = orgOf(request);
    const act = await activityOf(db, org.id, request.params.id);
    if (!(await configOf(db, act.id))) throw new HttpError(409, NO_CERT_CONFIG);
    const origin = originOf(request);
    const orgFull = await orgRow(org.id);
    const job = await db.transaction(async (tx) => {
      await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, act.id)).for('update');
      const cfg = (await configOf(tx, act.id))!;
      // Automatic mode: issue by the rule now (rows only, quick); the job renders the PDFs.
      let issued = 0;
      if (cfg.issue_mode === 'auto' && cfg.auto_rule) {
        const candidates = await tx.select().from(works).where(and(eq(works.org_id, org.id), eq(works.act_id, act.id), eq(works.is_delete, 0)));
        for (const w of candidates) {
          const grant = certificateGrant(cfg.auto_rule as never, { status: w.status as WorkStatus, award_level: w.award_level });
          if (grant && (await issueFor(tx, { org: orgFull, act, config: cfg, origin }, w, grant))) issued++;
        }
      }
      const [open] = await tx.select().from(certJobs).where(and(eq(certJobs.act_id, act.id), inArray(certJobs.status, ['queued', 'running'])));
      const made = open ?? (await tx.insert(certJobs).values({ org_id: org.id, act_id: act.id, created_by: callerOf(request).id }).returning())[0];
      await app.jobs.enqueue(tx, CERT_SEND_JOB, { id: made.id }, { key: `${CERT_SEND_JOB}:${made.id}`, orgId: org.id });
      await audit(tx, request, 'certSend', RESOURCE, [act.id]);
      return { ...made, issued };
    });
    app.jobs.kick();
    return job;
  });

  /** The latest send job's progress. */
  r.get('/v1/:org/cert/:id/send', { config, schema: { params: actParams } }, async (request) => {
    const act = await activityOf(db, orgOf(request).id, request.params.id);
    const [job] = await db.select().from(certJobs).where(eq(certJobs.act_id, act.id)).orderBy(desc(certJobs.id)).limit(1);
    return job ?? null;
  });

  const revokeBody = z.object({ ids: z.array(idRef('证书'), { error: '请选择证书' }).min(1, '请选择证书').max(1000), reason: plainText('撤销原因', '请输入撤销原因').trim().min(1, '请输入撤销原因').max(200, '撤销原因不能超过200个字符') });

  /** Revoke (spec `delete`): the record stays, the public check shows 已撤销; audited. */
  r.post('/v1/:org/cert/:id/delete', { config, schema: { params: actParams, body: revokeBody } }, async (request) => {
    writer(request);
    const org = orgOf(request);
    const act = await activityOf(db, org.id, request.params.id);
    return db.transaction(async (tx) => {
      const rows = await tx
        .update(certificates)
        .set({ revoked_at: nowSec(), revoke_reason: request.body.reason, updated_at: nowSec() })
        .where(and(eq(certificates.org_id, org.id), eq(certificates.act_id, act.id), inArray(certificates.id, request.body.ids), isNull(certificates.revoked_at)))
        .returning({ id: certificates.id });
      if (rows.length) await audit(tx, request, 'certRevoke', RESOURCE, rows.map((x) => x.id));
      return { revoked: rows.length };
    });
  });

  /** Reissue: revoke one certificate and issue its replacement (new number and code, fields read again). */
  r.post('/v1/:org/cert/:id/reissue', { config, schema: { params: actParams, body: z.object({ id: idRef('证书'), reason: revokeBody.shape.reason.optional() }) } }, async (request) => {
    writer(request);
    const org = await orgRow(orgOf(request).id);
    const act = await activityOf(db, org.id, request.params.id);
    const cfg = await configOf(db, act.id);
    if (!cfg) throw new HttpError(409, NO_CERT_CONFIG);
    const made = await db.transaction(async (tx) => {
      const [old] = await tx.select().from(certificates).where(and(eq(certificates.id, request.body.id), eq(certificates.org_id, org.id), eq(certificates.act_id, act.id))).for('update');
      if (!old) throw notFound(CERT_NOT_FOUND);
      if (old.revoked_at) throw new HttpError(409, '证书已撤销，不能重新颁发');
      if (!old.work_id) throw new HttpError(409, '该证书不能重新颁发');
      const [work] = await tx.select().from(works).where(eq(works.id, old.work_id));
      await tx.update(certificates).set({ revoked_at: nowSec(), revoke_reason: request.body.reason || '重新颁发', updated_at: nowSec() }).where(eq(certificates.id, old.id));
      const row = await issueFor(tx, { org, act, config: cfg, origin: originOf(request) }, work, { kind: old.kind as CertKind, award_level: old.award_level });
      if (!row) throw new HttpError(409, '重新颁发失败');
      await tx.update(certificates).set({ replaced_by: row.id }).where(eq(certificates.id, old.id));
      await audit(tx, request, 'certReissue', RESOURCE, [old.id, row.id]);
      return row;
    });
    return present(made);
  });

  // ------------------------------------------------------------------ PDFs

  /** Send a certificate's PDF, rendering it now when the job has not yet. */
  async function sendPdf(reply: import('fastify').FastifyReply, cert: CertRow) {
    if (!cert.pdf_key) {
      const cfg = await db.select().from(certConfigs).where(eq(certConfigs.id, cert.config_id));
      const [template] = await db.select().from(certTemplates).where(eq(certTemplates.id, cfg[0].template_id));
      await render(cert, template);
      [cert] = await db.select().from(certificates).where(eq(certificates.id, cert.id));
    }
    const obj = await app.storage.get(cert.pdf_key!);
    if (!obj) throw notFound(CERT_NOT_FOUND);
    const name = encodeURIComponent(`${cert.cert_no}.pdf`);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${cert.cert_no}.pdf"; filename*=UTF-8''${name}`).header('cache-control', 'private, no-store').send(obj.body);
  }

  r.get('/v1/:org/cert/file/:id', { config: { ...config, rawBody: true }, schema: { params: actParams } }, async (request, reply) => {
    const [cert] = await db.select().from(certificates).where(and(eq(certificates.id, request.params.id), eq(certificates.org_id, orgOf(request).id)));
    if (!cert) throw notFound(CERT_NOT_FOUND);
    return sendPdf(reply, cert);
  });

  // ------------------------------------------------------------------ readers

  r.get('/v1/:org/client/certificates', { config: { access: 'reader' }, schema: { params: orgParams } }, async (request) => {
    const rows = await db.select().from(certificates).where(eq(certificates.reader_id, readerOf(request).id)).orderBy(desc(certificates.issued_at), desc(certificates.id));
    return rows.map((c) => ({ ...present(c), download: `/v1/${orgOf(request).key}/client/certificates/${c.id}/pdf` }));
  });

  r.get('/v1/:org/client/certificates/:id/pdf', { config: { access: 'reader', rawBody: true }, schema: { params: actParams } }, async (request, reply) => {
    const [cert] = await db.select().from(certificates).where(and(eq(certificates.id, request.params.id), eq(certificates.reader_id, readerOf(request).id)));
    if (!cert || cert.revoked_at) throw notFound(CERT_NOT_FOUND);
    return sendPdf(reply, cert);
  });

  // ------------------------------------------------------------------ public verification

  /** Anyone with the code: masked holder, activity, level, date, status; each lookup counted. */
  r.get('/v1/cert/verify', { config: { access: 'public' }, schema: { querystring: z.object({ code: plainText('验证码').max(40, '验证码不正确') }) } }, async (request) => {
    const code = normalizeVerifyCode(request.query.code);
    if (!code) throw validationError([{ field: 'code', message: '请输入正确的证书验证码' }]);
    const [cert] = await db.update(certificates).set({ verify_count: sql`${certificates.verify_count} + 1` }).where(eq(certificates.verify_code, code)).returning();
    if (!cert) throw notFound(CERT_NOT_FOUND);
    const status = certStatus(cert, nowSec());
    return {
      holder: maskName(cert.fields.real_name ?? ''),
      act_title: cert.fields.act_title ?? '',
      org_name: cert.fields.org_name ?? '',
      kind: cert.kind,
      kind_label: CERT_KINDS[cert.kind as CertKind] ?? cert.kind,
      award_level: cert.award_level,
      cert_no: cert.cert_no,
      issued_at: cert.issued_at,
      issue_date: cert.fields.issue_date ?? '',
      expires_at: cert.expires_at,
      status,
      status_label: CERT_STATUS[status],
    };
  });
}
