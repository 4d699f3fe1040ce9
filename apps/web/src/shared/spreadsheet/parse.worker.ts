/// <reference lib="webworker" />
import { readTable, validateWorkbook } from './parseWorkbook';
import type { WorkerReply, WorkerRequest } from './workerMessages';

/**
 * Spreadsheet reading off the main thread: a 50,000-row file is parsed and validated here so the
 * page never freezes. One request per worker; the page terminates it afterwards.
 */
self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const req = event.data;
  let reply: WorkerReply;
  try {
    reply =
      req.op === 'validate'
        ? { op: 'validate', result: validateWorkbook(req.data, req.kind, req.orgId) }
        : { op: 'read', table: readTable(req.data) };
  } catch (e) {
    reply = { op: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(reply);
};
