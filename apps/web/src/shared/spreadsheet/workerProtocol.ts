import type { ImportResult, UserImportId } from '@huodong/domain';
import type { WorkerReply, WorkerRequest } from './workerMessages';
import type { SheetTable } from './parseWorkbook';

/** Shown when SheetJS cannot read the file (damaged, or not really a spreadsheet). */
export const FILE_UNREADABLE = '文件读取失败，请确认是有效的xlsx或xls文件';

/** Run one request in a fresh worker; the file's bytes are transferred, not copied. */
export function runInWorker(req: WorkerRequest): Promise<WorkerReply> {
  const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<WorkerReply>((resolve) => {
    worker.onmessage = (e: MessageEvent<WorkerReply>) => resolve(e.data);
    worker.onerror = (e) => resolve({ op: 'failed', message: e.message });
    worker.postMessage(req, [req.data]);
  }).finally(() => worker.terminate());
}

/** Validate an import file in the worker. */
export async function validateInWorker(file: File, kind: UserImportId, orgId: number): Promise<ImportResult<Record<string, unknown>>> {
  const reply = await runInWorker({ op: 'validate', data: await file.arrayBuffer(), kind, orgId });
  if (reply.op === 'validate') return reply.result;
  if (reply.op === 'failed') console.error('spreadsheet validation failed', reply.message);
  return { ok: false, errors: [FILE_UNREADABLE] };
}

/** Read a spreadsheet's rows in the worker (uploadMore). */
export async function readInWorker(file: File): Promise<SheetTable | null> {
  const reply = await runInWorker({ op: 'read', data: await file.arrayBuffer() });
  if (reply.op === 'read') return reply.table;
  if (reply.op === 'failed') console.error('spreadsheet read failed', reply.message);
  return null;
}
