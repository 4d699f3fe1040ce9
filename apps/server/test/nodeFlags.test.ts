/** `npm start` runs the server with the flags the browser tests and the benchmarks give theirs (src/nodeFlags.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../src/nodeFlags.js';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the server process flags', () => {
  it('are on the start script', () => {
    const start = (JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    for (const flag of SERVER_NODE_FLAGS) expect(start.split(/\s+/)).toContain(flag);
  });
});
