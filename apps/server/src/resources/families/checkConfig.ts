import { eq } from 'drizzle-orm';
import { checkConfigSchema, type CheckConfig } from '@huodong/domain';
import type { Db, Tx } from '../../db/client.js';
import { meta } from '../../db/schema.js';

export const CHECK_CONFIG_KEY = 'check_config';
export const NOT_WAITING = '该活动不在待审核状态';

/** Whether the platform approves organisations' activities before they are published (off by default). */
export async function checkConfigOf(db: Db | Tx): Promise<CheckConfig> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, CHECK_CONFIG_KEY));
  if (!row) return { required: false };
  // A value that is not what this module writes (hand-edited) reads as the default, never a 500.
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return { required: false };
  }
  const parsed = checkConfigSchema.safeParse(stored);
  return parsed.success ? parsed.data : { required: false };
}

