import type { FastifyInstance } from 'fastify';
import { certificateAdminRoutes } from './adminRoutes.js';
import { certificateReaderRoutes } from './readerRoutes.js';
import { defineCertSendJob } from './pdf.js';
import { defineCertCompletionJob } from './completion.js';

export { CERT_NOT_FOUND, CERT_SEND_JOB, NO_CERT_CONFIG } from './issue.js';

/**
 * Certificates of an activity (issue 12, design §12): its configuration (`/cert/{id}/config`),
 * the issued certificates (`index`), revoking (`delete`) and reissuing, picking recipients by
 * hand (`choose`), and the batch send (`send`): a job in `cert_jobs` that issues by the rule and
 * renders every PDF not yet rendered, run by the job runner, safe to run again. A completion rule
 * (a lecture's) also issues as each reader completes (completion.ts). Public check
 * `GET /v1/cert/verify?code=`; readers list and download their own.
 */
export async function certificateRoutes(app: FastifyInstance): Promise<void> {
  defineCertSendJob(app);
  defineCertCompletionJob(app);
  await certificateAdminRoutes(app);
  await certificateReaderRoutes(app);
}
