/**
 * `.ci/run` installs the system packages the tests call, each checked on its own: a machine with
 * Chromium and the fonts but no ffmpeg must still get ffmpeg (the audio-works test makes an mp3).
 * The function runs in bash with `as_root` and `fc-list` stubbed and a PATH holding only what the
 * case says is installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Machine {
  chromium: boolean;
  fonts: boolean;
  tools: string[]; // on PATH besides grep
}

/** What `system_deps` asks apt-get to install on that machine ('' when nothing). */
function installs(machine: Machine): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'huodong-ci-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  for (const tool of ['grep', ...machine.tools]) {
    const real = tool === 'grep' ? execFileSync('bash', ['-c', 'command -v grep']).toString().trim() : '/bin/true';
    fs.symlinkSync(real, path.join(bin, tool));
  }
  const chromium = path.join(dir, 'chromium');
  if (machine.chromium) fs.symlinkSync('/bin/true', chromium);
  const script = [
    'set -euo pipefail',
    `source ${JSON.stringify(path.join(ROOT, '.ci/system-deps.sh'))}`,
    'as_root() { if [ "$1" = apt-get ] && [ "$2" = install ]; then echo "INSTALL ${*:5}"; fi; }',
    `fc-list() { ${machine.fonts ? "echo '/usr/share/fonts/NotoSansCJK-Regular.ttc: Noto Sans CJK SC'" : 'echo /usr/share/fonts/DejaVuSans.ttf: DejaVu Sans'}; }`,
    'system_deps',
  ].join('\n');
  try {
    const out = execFileSync('/bin/bash', ['-c', script], { env: { PATH: bin, CHROMIUM_PATH: chromium } }).toString();
    return out.match(/^INSTALL (.*)$/m)?.[1] ?? '';
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('.ci/run system packages', () => {
  it('a machine with chromium and the fonts but no ffmpeg gets ffmpeg', () => {
    expect(installs({ chromium: true, fonts: true, tools: ['nginx'] })).toBe('ffmpeg');
  });

  it('ffmpeg without ffprobe counts as missing (the tests call both)', () => {
    expect(installs({ chromium: true, fonts: true, tools: ['ffmpeg', 'nginx'] })).toBe('ffmpeg');
  });

  it('each missing package is asked for, and only those', () => {
    expect(installs({ chromium: false, fonts: true, tools: ['ffmpeg', 'ffprobe', 'nginx'] })).toBe('chromium');
    expect(installs({ chromium: true, fonts: false, tools: ['ffmpeg', 'ffprobe', 'nginx'] })).toBe('fonts-noto-cjk');
    expect(installs({ chromium: true, fonts: true, tools: ['ffmpeg', 'ffprobe'] })).toBe('nginx');
    expect(installs({ chromium: false, fonts: false, tools: [] })).toBe('chromium fonts-noto-cjk ffmpeg nginx');
  });

  it('a machine that has everything installs nothing', () => {
    expect(installs({ chromium: true, fonts: true, tools: ['ffmpeg', 'ffprobe', 'nginx'] })).toBe('');
  });
});

describe('.ci/run steps', () => {
  it('runs every part of `npm test`, in its order, the browser tests required', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const parts = (pkg.scripts.test as string).split('&&').map((p) => p.trim());
    const run = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    const stepLines = run.split('\n').filter((l) => /^step /.test(l));
    const at = parts.map((part) => stepLines.findIndex((l) => l.includes(part)));
    expect(parts.filter((_, i) => at[i] < 0), 'parts of npm test that .ci/run does not run').toEqual([]);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(stepLines.find((l) => l.includes('test:e2e'))).toContain('E2E_REQUIRED=1');
  });
});
