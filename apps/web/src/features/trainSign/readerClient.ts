import { subjectClient } from '../../shared/subjectClient';

/**
 * The reader's own calls (`/v1/{org}/client/…`) from the sign-in page, with the reader's token
 * kept on the device (a reader scanning the next session's code is still signed in), apart from
 * the administrators' token store (shared/subjectClient.ts).
 */
export const readerClient = subjectClient('reader', (org) => `/v1/${org}/client`, () => localStorage);

/** A nonce for one check-in attempt: kept for retries of that attempt, a new one for the next. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
