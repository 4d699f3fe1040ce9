import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/** What autocannon's `--json` prints (the part used here). */
interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Figures {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * autocannon in its own process (10 connections by default), so that the load generator does not
 * share the server's event loop: the figures are the server's, not the client's. `body` makes it
 * a JSON POST.
 */
export async function measureLoad(url: string, token: string, scenario: string, seconds: number, opts: { connections?: number; body?: unknown } = {}): Promise<Figures> {
  const extra = opts.body === undefined ? [] : ['-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(opts.body)];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [AUTOCANNON, '--json', '-c', String(opts.connections ?? 10), '-d', String(seconds), '-H', `authorization=Bearer ${token}`, ...extra, url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const result = JSON.parse(out) as AutocannonResult;
  return { scenario, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}
