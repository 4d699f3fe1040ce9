import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { CERT_RULES, CERT_RULE_TYPES, certConfigSchema, certificateGrant, certTemplatesResource, canWrite, idRef, pageQuerySchema, plainText, templateKindProblem, type CertKind, type WorkStatus } from '@huodong/domain';
import { activities, certConfigs, certificates, certJobs, certTemplates, organizations, works } from '../../db/schema.js';
import { HttpError, forbidden, notFound, validationError } from '../../http/errors.js';
import { pagedList } from '../../http/pagination.js';
import { callerOf, orgOf } from '../../auth/access.js';
import { audit } from '../../resources/audit.js';
import { nowSec } from '../../participation/clock.js';
import { originOf } from '../../http/origin.js';
import { actParams, activityOf, CERT_ACT_TYPES, CERT_NOT_FOUND, CERT_SEND_JOB, configOf, issueFor, NO_CERT_CONFIG, present, RESOURCE, ruleForKind } from './issue.js';
import { sendPdf } from './pdf.js';
import { completedHolders, isCompletionRule, issueCompletions } from './completion.js';

/**
 * The administrator's certificate routes of an activity: its configuration (`/cert/{id}/config`),
 * the issued certificates (`index`), picking recipients by hand (`choose`), the batch send
 * (`send`, a job on the runner: pdf.ts), revoking (`delete`), reissuing, and a certificate's PDF.
 */
export async function certificateAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const config = { access: 'org' as const };
  const writer = (request: FastifyRequest) => {
    if (!canWrite(certTemplatesResource, callerOf(request))) throw forbidden();
  };
  const orgRow = async (orgId: number) => (await db.select({ id: organizations.id, key: organizations.key, name: organizations.name }).from(organizations).where(eq(organizations.id, orgId)))[0];

  // ------------------------------------------------------------------ configuration

  r.get('/v1/:org/cert/:id/config', { config, schema: { params: actParams } }, async (request) => {
    const act = await activityOf(db, orgOf(request).id, request.params.id);
    return (await configOf(db, act.id)) ?? null;
  });

  r.post('/v1/:org/cert/:id/config', { config, schema: { params: actParams, body: certConfigSchema } }, async (request) => {
    writer(request);
    const org = orgOf(request);
    const act = await activityOf(db, org.id, request.params.id);
    const rule = request.body.auto_rule;
    if (rule && !CERT_RULE_TYPES[rule.kind].includes(act.type))
      throw validationError([{ field: 'auto_rule', message: CERT_ACT_TYPES.includes(act.type) ? `该类型活动不能使用“${CERT_RULES[rule.kind]}”` : '该类型活动暂不支持自动发放条件' }]);
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
    if (isCompletionRule(rule)) throw validationError([{ field: 'work_ids', message: `“${CERT_RULES[rule.kind]}”的证书在完成时发放，不能按作品发放` }]);
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
      if (isCompletionRule(cfg.auto_rule)) issued = await issueCompletions(tx, { org: orgFull, act, config: cfg, origin }, await completedHolders(tx, act.id));
      else if (cfg.issue_mode === 'auto' && cfg.auto_rule) {
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

  r.get('/v1/:org/cert/file/:id', { config: { ...config, rawBody: true }, schema: { params: actParams } }, async (request, reply) => {
    const [cert] = await db.select().from(certificates).where(and(eq(certificates.id, request.params.id), eq(certificates.org_id, orgOf(request).id)));
    if (!cert) throw notFound(CERT_NOT_FOUND);
    return sendPdf(app, reply, cert);
  });
}
