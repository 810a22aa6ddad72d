import { defineProject } from 'vitest/config';

/** Every server suite: on PGlite by default, on PostgreSQL as the root config's `server-postgres` project. */
export const SERVER_SUITES = ['src/**/*.test.ts', 'test/**/*.test.ts'];

/**
 * The server suites that run on PGlite as well when PostgreSQL runs them all (TEST_DATABASE_URL set, as in CI):
 * the ones about the embedded driver itself, the protocol suite as a smoke test of everything else on it, and the
 * first start. The rest depend on PGlite only through the driver, which these cover; `npm run test:pglite` runs
 * every suite on PGlite (run it when `src/db/**` changes). A developer without PostgreSQL runs all on PGlite.
 */
export const PGLITE_SUITES = [
  'test/database.test.ts',
  'test/data-dir-lock.test.ts',
  'test/data-folder-modes.test.ts',
  'test/unique-violation.test.ts',
  'test/push-crash.test.ts',
  'test/changesets-restart.test.ts',
  'test/mail-delivery.test.ts',
  'test/project-visibility.test.ts',
  // Its test of other users' answers during a large access update is about PGlite's one connection.
  'test/project-access-limits.test.ts',
  'test/sync-protocol.test.ts',
  // Streamed project answers read their pages with raw SQL, whose rows each driver answers in its own way.
  'test/project-info-stream.test.ts',
  'test/first-run.test.ts',
];

/** Server suites on the embedded PGlite; the root config chooses which, and adds the PostgreSQL run. */
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: SERVER_SUITES,
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    // Twice as long under CI, where the suites share two cores with the static checks (`npm test`) and with each
    // other's child servers: a test that waits on a child server or a race is slower there, not wrong.
    testTimeout: process.env.CI ? 60_000 : 30_000,
    hookTimeout: process.env.CI ? 120_000 : 60_000,
  },
});
