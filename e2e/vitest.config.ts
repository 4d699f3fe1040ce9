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
    hookTimeout: 300_000, // a seeded server (harness startServer({ seed: true })) may take minutes on a busy machine
    teardownTimeout: 30_000,
  },
});
