import type { Tx } from '../../db/client.js';
import { postPoints } from '../../points/ledger.js';

/**
 * The points of a credited scan through the points ledger (rule `scan_code`, the batch's points),
 * posted in the scan's transaction. The ledger key is `scan:{code}:{reader}` for a code a reader
 * may scan once, per scan (`scan:{code}:{reader}:{nonce}`) for one scanned more often.
 */
export interface ScanCredit {
  orgId: number;
  readerId: number;
  actId: number;
  code: string;
  codeId: number;
  points: number;
  /** The batch's scans of one code per reader (1: one credit per code and reader). */
  perCode: number;
  nonce: string;
}

export const scanLedgerKey = (c: Pick<ScanCredit, 'code' | 'readerId' | 'perCode' | 'nonce'>): string => (c.perCode === 1 ? `scan:${c.code}:${c.readerId}` : `scan:${c.code}:${c.readerId}:${c.nonce}`);

/** Post the scan's points; the ledger's answer: posted, a duplicate of the key, a cap met, or the rule switched off. */
export async function creditScan(tx: Tx, c: ScanCredit): Promise<'posted' | 'duplicate' | 'capped' | 'disabled'> {
  const posted = await postPoints(tx, { orgId: c.orgId, readerId: c.readerId, rule: 'scan_code', source: { type: 'scan_code', id: c.codeId }, actId: c.actId, points: c.points, key: scanLedgerKey(c) });
  return posted.status === 'posted' ? 'posted' : posted.status === 'duplicate' || posted.status === 'capped' || posted.status === 'disabled' ? posted.status : 'capped';
}
