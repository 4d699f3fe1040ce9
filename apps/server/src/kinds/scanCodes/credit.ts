import type { Tx } from '../../db/client.js';

/**
 * The points of a credited scan (rule `scan_code`, the batch's points), posted in the scan's
 * transaction. The ledger key is `scan:{code}:{reader}` for a code a reader scans once, per scan
 * (`scan:{code}:{reader}:{nonce}`) for one scanned more often.
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

export const scanLedgerKey = (c: ScanCredit): string => (c.perCode === 1 ? `scan:${c.code}:${c.readerId}` : `scan:${c.code}:${c.readerId}:${c.nonce}`);

/** Until the points ledger is merged, the scan log is the record of the points: every credit is posted. */
export async function creditScan(_tx: Tx, _c: ScanCredit): Promise<'posted' | 'duplicate' | 'capped'> {
  return 'posted';
}
