#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` for the root files and every workspace (each has its own
// tsconfig.json: browser libs for the web, node types for the server…), two at a time.
// Projects whose resolved compiler options are identical (the root files, the server and the bench,
// which imports much of the server) are checked as ONE program over the union of their files: each
// shared file is checked once instead of once per project (the bench alone re-checked most of the
// server), and the same errors are reported, as the options are the same.
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

/** `tsc --showConfig`: the project's resolved compiler options and its files (relative to the project). */
function showConfig(project) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '--showConfig', '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`tsc --showConfig -p ${project}: ${out}`))));
  });
}

/**
 * [name, tsc -p argument, number of files] per program: a project alone, or a group of projects with the same options
 * as one generated config under node_modules/.cache (inside the repository, so that `types`
 * resolves through the root node_modules as from the projects themselves).
 */
async function programs() {
  const configs = await Promise.all(projects.map(showConfig));
  const groups = new Map();
  projects.forEach((project, i) => {
    const key = JSON.stringify(configs[i].compilerOptions);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const cache = path.join(root, 'node_modules', '.cache', 'typecheck');
  fs.mkdirSync(cache, { recursive: true });
  return [...groups.values()].map((members, g) => {
    const files = members.flatMap((i) => configs[i].files.map((f) => path.resolve(root, projects[i], f)));
    if (members.length === 1) return [projects[members[0]], projects[members[0]], files.length];
    const file = path.join(cache, `group-${g}.json`);
    fs.writeFileSync(file, JSON.stringify({ compilerOptions: configs[members[0]].compilerOptions, files }, null, 2));
    return [members.map((i) => projects[i]).join(' + '), file, files.length];
  });
}

function check([name, project]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${secs}s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

// The biggest programs first, so that the two workers end close together.
const queue = (await programs()).sort((a, b) => b[2] - a[2]);
const results = [];
const worker = async () => {
  while (queue.length) results.push(await check(queue.shift()));
};
await Promise.all([worker(), worker()]);
if (results.includes(false)) process.exit(1);
