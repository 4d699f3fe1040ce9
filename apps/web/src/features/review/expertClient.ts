import { subjectClient, SubjectApiError } from '../../shared/subjectClient';

/**
 * The expert's own calls (`/v1/{org}/client/expert/…`) with the expert's token (kept for the
 * tab's life), apart from the administrators' token store (shared/subjectClient.ts).
 */
const expert = subjectClient('expert', (org) => `/v1/${org}/client/expert`, () => sessionStorage);

export const expertToken = expert.token;
export { SubjectApiError as ExpertApiError };
export const expertCall = expert.call;
export const expertFileUrl = expert.fileUrl;
