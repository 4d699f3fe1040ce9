#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change) and the Vite dev server (hot
// reload; it proxies /v1 and /healthz to the API, see apps/web/vite.config.ts) side by side.
// Output is forwarded line by line with a prefix. Ctrl-C, SIGTERM, or either one exiting stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.PORT ?? '8080';
const color = process.stdout.isTTY ? (code, s) => `\x1b[${code}m${s}\x1b[0m` : (_code, s) => s;

const services = [
  {
    name: 'api',
    color: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    cwd: root,
    // Its output is piped through here: ask for readable log lines when ours is a terminal.
    env: { PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'), LOG_FORMAT: process.env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'auto') },
  },
  {
    name: 'web',
    color: 35,
    command: bin('vite'),
    args: process.argv.slice(2), // e.g. `npm run dev -- --host` reaches Vite
    cwd: path.join(root, 'apps/web'),
    env: { HUODONG_API: process.env.HUODONG_API ?? `http://localhost:${apiPort}` },
  },
];

const running = new Map();
let stopping = false;

function forward(stream, prefix, out) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix} ${line}\n`));
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of running.values()) {
    // Each service runs in its own process group: this reaches tsx's and Vite's children too.
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  // Whatever does not stop in time is killed.
  setTimeout(() => {
    for (const child of running.values()) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    process.exit(code);
  }, 8000).unref();
}

for (const s of services) {
  const prefix = color(s.color, `[${s.name}]`);
  const child = spawn(s.command, s.args, {
    cwd: s.cwd,
    env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...s.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.set(s.name, child);
  forward(child.stdout, prefix, process.stdout);
  forward(child.stderr, prefix, process.stderr);
  child.on('error', (err) => {
    console.error(`${prefix} could not start: ${err.message}`);
    running.delete(s.name);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(s.name);
    if (!stopping) console.error(`${prefix} exited (${signal ?? code}); stopping the others`);
    stopAll(stopping ? (process.exitCode ?? 0) : (code ?? 1));
    if (running.size === 0) process.exit(process.exitCode ?? 0);
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
// Last resort if this process dies otherwise: do not leave the servers running.
process.on('exit', () => {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
});
