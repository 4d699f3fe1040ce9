import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq } from 'drizzle-orm';
import { sql } from '../../db/sql.js';
import { z } from 'zod';
import { CERT_KINDS, CERT_STATUS, certStatus, maskName, normalizeVerifyCode, plainText, type CertKind } from '@huodong/domain';
import { certificates } from '../../db/schema.js';
import { notFound, validationError } from '../../http/errors.js';
import { orgOf, readerOf } from '../../auth/access.js';
import { nowSec } from '../../participation/clock.js';
import { actParams, CERT_NOT_FOUND, orgParams, present } from './issue.js';
import { sendPdf } from './pdf.js';

/** A reader's own certificates and their PDFs, and the public check by verification code. */
export async function certificateReaderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // ------------------------------------------------------------------ readers

  r.get('/v1/:org/client/certificates', { config: { access: 'reader' }, schema: { params: orgParams } }, async (request) => {
    const rows = await db.select().from(certificates).where(eq(certificates.reader_id, readerOf(request).id)).orderBy(desc(certificates.issued_at), desc(certificates.id));
    return rows.map((c) => ({ ...present(c), download: `/v1/${orgOf(request).key}/client/certificates/${c.id}/pdf` }));
  });

  r.get('/v1/:org/client/certificates/:id/pdf', { config: { access: 'reader', rawBody: true }, schema: { params: actParams } }, async (request, reply) => {
    const [cert] = await db.select().from(certificates).where(and(eq(certificates.id, request.params.id), eq(certificates.reader_id, readerOf(request).id)));
    if (!cert || cert.revoked_at) throw notFound(CERT_NOT_FOUND);
    return sendPdf(app, reply, cert);
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
