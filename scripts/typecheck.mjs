#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for the root files and every workspace (each has its own
// tsconfig.json: browser libs for the web, node types for the server…), two at a time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const projects = ['.', ...workspaces];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const missing = projects.filter((p) => !fs.existsSync(path.join(root, p, 'tsconfig.json')));
if (missing.length) {
  console.error(`typecheck: no tsconfig.json in ${missing.join(', ')}`);
  process.exit(1);
}

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${secs}s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = [];
const worker = async () => {
  while (queue.length) results.push(await check(queue.shift()));
};
await Promise.all([worker(), worker()]);
if (results.includes(false)) process.exit(1);
