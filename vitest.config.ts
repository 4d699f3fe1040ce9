import { defineConfig } from 'vitest/config';

// Unit tests (domain, web pure code) and API tests (server against a real database).
// Browser tests live in e2e/ and run with their own config after the build.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'] } },
    ],
  },
});
