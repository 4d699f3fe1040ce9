import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.js';
import { WEB_DIST } from './harness.js';

/**
 * Migrate one PGlite data directory; every started server copies it (a copy is much faster than
 * initdb + migrations per server).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST} is missing: the browser tests run against the built app (npm run build)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-e2e-tpl-'));
  const db = await openDatabase({ dataDir: dir });
  await db.close();
  project.provide('e2eTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
