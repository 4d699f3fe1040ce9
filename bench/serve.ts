import os from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, type AppConfig } from '../apps/server/src/config.js';
import type { Database } from '../apps/server/src/db/client.js';
import { issueToken } from '../apps/server/src/auth/tokens.js';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { SERVER_NODE_FLAGS } from '../apps/server/src/nodeFlags.js';
import { postgresUrls } from './databases.js';
import { statementCount } from './floor.js';
import type { FromServer, ToServer } from './serverProcess.js';

/**
 * The app over `database`, as `npm start` serves it (no captcha), listening on a free local port:
 * its address and how to stop it. On PostgreSQL it runs in its own process (bench/serverProcess.ts)
 * with its own pool, so that the bench's load and floor do not share its event loop; the server's
 * statements are then counted there and read by bench/floor.ts through `statementCount.read`. On
 * PGlite (one connection, in this process) — or with BENCH_IN_PROCESS=1, to compare — it runs
 * here. `config` overrides settings.
 */
export async function serveApp(database: Database, config: Partial<AppConfig> = {}): Promise<{ base: string; close: () => Promise<void> }> {
  const settings: AppConfig = { ...loadConfig({}), dataDir: os.tmpdir(), logLevel: 'silent', webDist: '/nonexistent', loginCaptcha: false, ...config };
  const databaseUrl = postgresUrls.get(database);
  if (!databaseUrl || process.env.BENCH_IN_PROCESS === '1') {
    const app = await buildApp(settings, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() };
  }
  const child = fork(fileURLToPath(new URL('./serverProcess.ts', import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx'), ...SERVER_NODE_FLAGS, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, BENCH_SERVER: JSON.stringify({ databaseUrl, settings }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromServer, Record<K, unknown>>>((resolve, reject) => {
      const onMessage = (message: FromServer) => {
        if (!(key in message)) return;
        child.off('message', onMessage).off('exit', onExit);
        resolve(message as Extract<FromServer, Record<K, unknown>>);
      };
      const onExit = (code: number | null) => reject(new Error(`the bench's server exited (${code}) before answering ${key}`));
      child.on('message', onMessage).once('exit', onExit);
    });
  const ask = (message: ToServer) => child.send(message);
  const { port } = await next('port');
  statementCount.serverPid = child.pid;
  statementCount.read = async () => {
    const answer = next('statements');
    ask({ ask: 'statements' });
    return (await answer).statements;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      const closed = next('closed');
      ask({ ask: 'close' });
      await closed;
      statementCount.read = undefined;
      statementCount.serverPid = undefined;
    },
  };
}

/**
 * The app over `database` (serveApp) with a super administrator's token: what the load scenarios
 * call over real HTTP. `config` overrides settings (e.g. `trustProxy` for ballots from many addresses).
 */
export async function serveAsSuper(
  database: Database,
  config: Partial<AppConfig> = {},
): Promise<{ base: string; token: string; call: <T>(method: string, path: string, body?: unknown) => Promise<T>; close: () => Promise<void> }> {
  const { base, close } = await serveApp(database, config);
  const [su] = await database.query<{ id: number }>(`insert into supers (account, password_hash) values ('benchsu', $1) returning id`, [await hashPassword('Bench#Super1')]);
  const { access_token: token } = await issueToken(database.db, { kind: 'super', id: su.id, orgId: null, scope: 'super' }, 3_600_000);
  /** An administrator's call as the super administrator: its data, or a thrown error with the server's message. */
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { code: number; message: string; data: T };
    if (json.code !== 200) throw new Error(`${method} ${path}: ${json.message}`);
    return json.data;
  };
  return { base, token, call, close };
}
