import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from '../../db/sql.js';
import { SCAN_CODE_ALPHABET, SCAN_CODE_LENGTH, scanLink } from '@huodong/domain';
import type { Tx } from '../../db/client.js';
import { scanCodes } from '../../db/schema.js';
import { originOf } from '../../http/origin.js';

/**
 * The codes of a batch (design §10b): 16 random base32 characters each (80 bits), and the link of
 * a code's QR carrying the code and its signature — HMAC-SHA256 of the code under the batch's
 * secret (kept on the server, never answered), 22 characters of base64url. A code typed or
 * guessed without its signature is `invalid`.
 */

/** A batch's new secret (32 characters). */
export const newBatchSecret = (): string => randomBytes(24).toString('base64url');

/** One random code: 10 random bytes as 16 base32 characters. */
export function randomCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += SCAN_CODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.slice(0, SCAN_CODE_LENGTH);
}

/** The signature of a code under its batch's secret. */
export const codeSign = (secret: string, code: string): string => createHmac('sha256', secret).update(code).digest('base64url').slice(0, 22);

/** Whether `sign` is the code's signature (compared in constant time). */
export function signOk(secret: string, code: string, sign: string): boolean {
  const want = Buffer.from(codeSign(secret, code));
  const got = Buffer.from(sign);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** The link of a code's QR (the reader's scan page posts its code and sign to `/client/scan`). */
export const codeLink = (request: FastifyRequest, org: string, secret: string, code: string): string => scanLink(originOf(request), org, code, codeSign(secret, code));

/**
 * Make `count` codes of a batch in the caller's transaction: one insert per 1,000 codes; a code
 * that happens to be taken in the organisation already (unique key) is drawn again.
 */
export async function makeCodes(tx: Tx, b: { org_id: number; act_id: number; id: number }, count: number): Promise<void> {
  let left = count;
  while (left > 0) {
    const n = Math.min(left, 1000);
    const rows = Array.from({ length: n }, () => ({ org_id: b.org_id, act_id: b.act_id, batch_id: b.id, code: randomCode() }));
    const made = await tx.insert(scanCodes).values(rows).onConflictDoNothing().returning({ id: scanCodes.id });
    left -= made.length;
  }
}

/** Void a batch's codes (its own status is set by the caller). */
export const voidCodes = (tx: Tx, batchId: number) => tx.execute(sql`update ${scanCodes} set status = 'void', updated_at = extract(epoch from now())::bigint where ${scanCodes.batch_id} = ${batchId}`);
