import type { ImportResult, UserImportId } from '@huodong/domain';
import type { SheetTable } from './parseWorkbook';

/** Messages between the page and parse.worker.ts. */
export type WorkerRequest =
  | { op: 'validate'; data: ArrayBuffer; kind: UserImportId; orgId: number }
  | { op: 'read'; data: ArrayBuffer };

export type WorkerReply =
  | { op: 'validate'; result: ImportResult<Record<string, unknown>> }
  | { op: 'read'; table: SheetTable }
  | { op: 'failed'; message: string };
