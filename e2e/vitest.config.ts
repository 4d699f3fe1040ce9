import { defineConfig } from 'vitest/config';

// Browser tests: each file starts its own built server and Chromium. Two files at a time
// (the CI machines have 2 cores); generous timeouts because a cold start compiles the server.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
    globalSetup: ['./globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 960_000, // a seeded server (harness SEEDED_START_MS, 15 min) may take minutes on a busy machine
    teardownTimeout: 30_000,
    // expect.poll waits as long as the harness's expectText (10 s), not vitest's 1 s: on a busy 2-core
    // machine a page's first answer can take longer than a second (a poll failed in CI on it).
    expect: { poll: { timeout: 10_000 } },
  },
});
