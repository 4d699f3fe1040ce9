import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.js';
import { assertBuilt } from './harness.js';

/**
 * Migrate one PGlite data directory; every started server copies it (a copy is much faster than
 * initdb + migrations per server).
 */
export default async function setup(project: TestProject) {
  assertBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-e2e-tpl-'));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  project.provide('e2eTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
