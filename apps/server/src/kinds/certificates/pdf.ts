import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import type { CertElement } from '@huodong/domain';
import { certConfigs, certificates, certJobs, certTemplates, organizations } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { JobContext } from '../../jobs/runner.js';
import { nowSec } from '../../participation/clock.js';
import { renderPage } from '../../pdf/page.js';
import { CERT_NOT_FOUND, CERT_SEND_JOB, configOf, NO_CERT_CONFIG, type CertRow, type TemplateRow } from './issue.js';

/**
 * Certificates' PDFs: rendering one (stored privately, served only by the certificate routes),
 * the batch send's job that renders every one not yet rendered (safe to run again), and sending a
 * PDF, rendering it first when the job has not yet.
 */

/** Render one certificate's PDF and store it (private: served only by the certificate routes). */
export async function renderPdf(app: FastifyInstance, cert: CertRow, template: TemplateRow): Promise<void> {
  const { db } = app.database;
  const bytes = await renderPage(app.storage, {
    title: `证书 ${cert.cert_no}`,
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
async function runJob(app: FastifyInstance, jobId: number, ctx: JobContext): Promise<void> {
  const { db } = app.database;
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
      await renderPdf(app, cert, template);
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

/** The batch send's job kind on the app's runner (cert_jobs keeps its progress). */
export function defineCertSendJob(app: FastifyInstance): void {
  const { db } = app.database;
  app.jobs.define<{ id: number }>(CERT_SEND_JOB, {
    maxAttempts: 3,
    run: (job, ctx) => runJob(app, job.payload.id, ctx),
    async failed(job, err) {
      await db.update(certJobs).set({ status: 'failed', error: String((err as Error).message ?? err).slice(0, 500), updated_at: nowSec() }).where(eq(certJobs.id, job.payload.id));
    },
  });
}

/** Send a certificate's PDF, rendering it now when the job has not yet. */
export async function sendPdf(app: FastifyInstance, reply: FastifyReply, cert: CertRow) {
  const { db } = app.database;
  if (!cert.pdf_key) {
    const cfg = await db.select().from(certConfigs).where(eq(certConfigs.id, cert.config_id));
    const [template] = await db.select().from(certTemplates).where(eq(certTemplates.id, cfg[0].template_id));
    await renderPdf(app, cert, template);
    [cert] = await db.select().from(certificates).where(eq(certificates.id, cert.id));
  }
  const obj = await app.storage.get(cert.pdf_key!);
  if (!obj) throw notFound(CERT_NOT_FOUND);
  const name = encodeURIComponent(`${cert.cert_no}.pdf`);
  return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${cert.cert_no}.pdf"; filename*=UTF-8''${name}`).header('cache-control', 'private, no-store').send(obj.body);
}
