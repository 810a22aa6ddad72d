import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';
import server, { PGLITE_SUITES, SERVER_SUITES } from './apps/server/vitest.config.ts';
import { MOCKING_SUITES, webProject as web } from './apps/web/vitest.config.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** `npm run test:pglite` (WAYMARK_TEST_PGLITE=all): every server suite on PGlite even when PostgreSQL is given. */
const everySuiteOnPglite = !postgresUrl || process.env.WAYMARK_TEST_PGLITE === 'all';

/** The server project on its own folder, with these files and settings. */
function serverProject(name: string, include: string[], env: Record<string, string> = {}) {
  return {
    ...server,
    root: './apps/server',
    // Without per-file isolation: a worker imports the server once for all its files instead of once per file
    // (measured on 8 files: import 67 s → 10 s). Each file starts its own server and database, so nothing is shared
    // but modules; the suites mock no module and set no environment of the process.
    test: { ...server.test, name, include, env, isolate: false },
  } satisfies TestProjectConfiguration;
}

const projects: TestProjectConfiguration[] = [
  'packages/*',
  'apps/web',
  // The web suites that mock a module, each in a fresh module graph (the project `web` shares one per worker).
  {
    ...web,
    root: './apps/web',
    test: {
      ...web.test,
      name: 'web-mocks',
      include: MOCKING_SUITES,
      exclude: configDefaults.exclude,
      isolate: true,
    },
  },
  // On PGlite: every suite, or when PostgreSQL runs them all, the suites about the embedded driver (PGLITE_SUITES).
  serverProject('server', everySuiteOnPglite ? SERVER_SUITES : PGLITE_SUITES),
];
if (postgresUrl) {
  projects.push(serverProject('server-postgres', SERVER_SUITES, { WAYMARK_TEST_POSTGRES_URL: postgresUrl }));
}

export default defineConfig({
  test: {
    projects,
    // Vitest's default on 2 cores is one worker; the server suites wait on I/O, child processes and timers much
    // of the time, so three keep both cores busy (CI sets CI=true).
    ...(process.env.CI ? { maxWorkers: 3 } : {}),
  },
});
