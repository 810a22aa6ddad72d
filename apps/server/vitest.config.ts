import { defineProject } from 'vitest/config';

/** Server suites on the embedded PGlite; the root config adds a PostgreSQL run when TEST_DATABASE_URL is set. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
