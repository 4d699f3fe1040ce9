import { defineConfig } from 'vitest/config';

// Unit tests (domain, web pure code) and API tests (server against a real database).
// Browser tests live in e2e/ and run with their own config after the build.
export default defineConfig({
  test: {
    // Two files at a time: vitest's default on a 2-core machine is one (cores - 1), which leaves a core idle
    // while a file waits on PGlite (one thread) or on PostgreSQL.
    maxWorkers: 2,
    projects: [
      // Large inputs (a 50,000-row import) run for seconds on a busy machine: a test fails on its result, not its time.
      { test: { name: 'domain', include: ['packages/*/test/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          // Test files share the imported modules (the app, drizzle, the domain) within a worker: importing them
          // again for every file cost more than the tests of many files (measured: 24 files, 5.3 vs 8.3 min of CPU).
          // Every file builds its own app and database; what a fixture remembers is keyed by app (fixtures perApp).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000, // a file's set-up (an app, readers) beside another file on 2 cores
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'], testTimeout: 30_000 } },
    ],
  },
});
