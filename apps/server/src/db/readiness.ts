import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.js';
import { meta } from './schema.js';

/**
 * Throws unless the database accepts a committed write. `select 1` is not enough (issue 9): PGlite
 * answers it from memory after its data directory was deleted, and a read-only PostgreSQL answers
 * it too. The write is one `meta` row, overwritten by every check.
 */
export async function assertDatabaseWritable(database: Database): Promise<void> {
  if (database.dataDir && !fs.existsSync(path.join(database.dataDir, 'PG_VERSION'))) {
    throw new Error(`database: data directory ${database.dataDir} is gone`);
  }
  const value = String(Date.now());
  await database.db.insert(meta).values({ key: 'ready_check', value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}
