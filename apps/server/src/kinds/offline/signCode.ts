import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { originOf } from '../../http/origin.js';
import { OFFLINE_LIMITS } from '@huodong/domain';

/**
 * The session's sign-in code (trainSign, issue 23). With `rotating_code` on, the code changes every
 * 30 seconds: HMAC-SHA256 of the session's `checkin_secret` over the number of the 30-second slot,
 * its first 8 characters of base64url, so a photo of the screen is of no use a minute later. The
 * code of the current slot and of the one before are accepted (a reader scanning at the turn of a
 * slot is not refused). Without it the link carries no code (the poster's QR does not change).
 */
const SLOT = OFFLINE_LIMITS.rotatingCodeSeconds;

export const slotOf = (now: number): number => Math.floor(now / SLOT);

/** The code of one slot. */
export const codeOfSlot = (secret: string, slot: number): string => createHmac('sha256', secret).update(String(slot)).digest('base64url').slice(0, 8);

/** The code shown now, and when it stops being shown (the end of its slot; it is accepted one slot longer). */
export function currentCode(secret: string, now: number): { code: string; expires_at: number } {
  const slot = slotOf(now);
  return { code: codeOfSlot(secret, slot), expires_at: (slot + 1) * SLOT };
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether `code` is the code of the current slot or of the one before (compared in constant time). */
export function codeAccepted(secret: string, code: string | undefined | null, now: number): boolean {
  if (!code) return false;
  const slot = slotOf(now);
  return same(code, codeOfSlot(secret, slot)) || same(code, codeOfSlot(secret, slot - 1));
}

/** The link a session's sign-in QR encodes (spec: `{base}{org}/trainSign?actId&sessionId&type`, `&code` when rotating). */
export function signLink(request: FastifyRequest, org: string, s: { act_id: number; id: number }, type: 1 | 2, code?: string | null): string {
  const query = new URLSearchParams({ actId: String(s.act_id), sessionId: String(s.id), type: String(type) });
  if (code) query.set('code', code);
  return `${originOf(request)}/${org}/trainSign?${query}`;
}
