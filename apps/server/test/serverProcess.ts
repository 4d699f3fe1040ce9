import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  output(): string;
  /** SIGKILL if still running, then remove its data directory. */
  dispose(): Promise<void>;
}

/**
 * The real server (`src/main.ts`, as `npm start` runs it) as a child process on a free port:
 * resolves once it prints its address. `env` is added to the test's environment (DATABASE_URL for
 * PostgreSQL; else a PGlite directory under the data directory, `prepare` may fill it first).
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, prepare?: (dataDir: string) => void): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-proc-'));
  prepare?.(dataDir);
  const full: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'off', LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env };
  delete full.INIT_CWD;
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /已启动: http:\/\/[^:]+:(\d+)\//.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1]));
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(out));
        }
      }, 50);
    });
    return { child, port, exited, output: () => out, dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}
