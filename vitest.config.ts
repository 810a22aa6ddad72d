import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const projects: TestProjectConfiguration[] = ['packages/*', 'apps/*'];

// The server suites run again on a real PostgreSQL when one is given.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: './apps/server/vitest.config.ts',
    root: './apps/server',
    test: { name: 'server-postgres', env: { WAYMARK_TEST_POSTGRES_URL: process.env.TEST_DATABASE_URL } },
  });
}

export default defineConfig({
  test: { projects },
});
