import os from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, type AppConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';

/**
 * The app over `database` listening on a free local port, as `npm start` serves it (no captcha),
 * with a super administrator's token: what the load scenarios call over real HTTP. `config`
 * overrides settings (e.g. `trustProxy` for ballots from many addresses).
 */
export async function serveAsSuper(
  database: Database,
  config: Partial<AppConfig> = {},
): Promise<{ base: string; token: string; call: <T>(method: string, path: string, body?: unknown) => Promise<T>; close: () => Promise<void> }> {
  const settings = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false, ...config };
  const app = await buildApp(settings, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const [su] = await database.query<{ id: number }>(`insert into supers (account, password_hash) values ('benchsu', $1) returning id`, [await hashPassword('Bench#Super1')]);
  const { access_token: token } = await issueToken(database.db, { kind: 'super', id: su.id, orgId: null, scope: 'super' }, 3_600_000);
  /** An administrator's call as the super administrator: its data, or a thrown error with the server's message. */
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 200) throw new Error(`${method} ${path}: ${json.message}`);
    return json.data;
  };
  return { base, token, call, close: () => app.close() };
}
