import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from './e2e/fixtures.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
}

// One fresh data folder per run, chosen in the runner and inherited by its workers (one folder per server in it).
process.env.WAYMARK_E2E_DATA ??= mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-'));

/** A port free on this machine now (asked of the system in a child: the config is read synchronously). */
function freePort(): number {
  const script =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}
// The second server's port, like the data folder, chosen once in the runner.
process.env.WAYMARK_E2E_PORT_2 ??= String(freePort());

/**
 * The journeys run in two groups side by side, each group one after the other on its own server with its own data
 * (one admin, one "Field Team", one outbox each): the journeys of a group share their server's state (the admin's
 * projects, maintenance mode, users), never with the other group. Group 2 takes every spec not named here; the
 * last four named make all their own data and even out the groups' times (a clean-clone CI run: 209 against 306 s
 * before map and rename moved; a third group measured slower: the journeys share two cores with their browsers and
 * servers).
 */
const GROUP_1 = [
  'admin',
  'files',
  'foundation',
  'account',
  'security-headers',
  'restore',
  'ux-phones',
  'map',
  'rename',
].map((name) => `${name}.spec.ts`);
/**
 * Where PostgreSQL is given (TEST_DATABASE_URL, as in CI), the second group's server uses it: a database of its
 * own, made empty at its start (e2e/serve.sh), so the journeys run on both databases of production. The first group
 * always runs exactly as a newcomer's first `npm start`, on the embedded PGlite.
 */
function postgresEnv(): Partial<
  Record<'E2E_POSTGRES_ADMIN_URL' | 'E2E_POSTGRES_DB' | 'DATABASE_URL', string>
> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return {};
  // Named by the checkout's first port (E2E_PORT), so a run reuses the last run's database and two checkouts don't.
  const database = `waymark_e2e_${E2E_PORT}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { E2E_POSTGRES_ADMIN_URL: adminUrl, E2E_POSTGRES_DB: database, DATABASE_URL: url.toString() };
}
const PORT_2 = Number(process.env.WAYMARK_E2E_PORT_2);
const GROUPS = [
  {
    name: 'journeys-1',
    port: E2E_PORT,
    files: { testMatch: GROUP_1 },
    env: {} as ReturnType<typeof postgresEnv>,
  },
  { name: 'journeys-2', port: PORT_2, files: { testIgnore: GROUP_1 }, env: postgresEnv() },
].map((group) => ({ ...group, dataDir: path.join(process.env.WAYMARK_E2E_DATA ?? '', group.name) }));

export default defineConfig({
  testDir: 'e2e',
  // After the web server answers: the shared workspace, made through the admin API (see e2e/serve.sh).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // One worker per group (a group's journeys run in order on its server).
  workers: GROUPS.length,
  forbidOnly: Boolean(process.env.CI),
  // CI keeps only what it prints: no HTML report, traces or failure screenshots (recording a trace of every journey
  // to keep the failed ones costs CPU at every step). A developer's run keeps them for the journeys that fail.
  reporter: [
    ...(process.env.CI
      ? [['list'] as const]
      : [['list'] as const, ['html', { outputFolder: 'playwright-report', open: 'never' }] as const]),
    // `E2E_CPU=1`: each journey's CPU, its browser's included (e2e/cpu-reporter.ts).
    ...(process.env.E2E_CPU === '1' ? [['./e2e/cpu-reporter.ts'] as const] : []),
  ],
  // A snap() of a new view runs an axe scan: several seconds each on a busy machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    screenshot: process.env.CI ? 'off' : 'only-on-failure',
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    viewport: { width: 1366, height: 860 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: GROUPS.map((group) => ({
    name: group.name,
    ...group.files,
    workers: 1,
    use: { baseURL: `http://localhost:${group.port}` },
    // Where the journeys find their server's outbox (`linkFromOutbox`), and the PostgreSQL server of a group on
    // PostgreSQL, where a journey's own server (e2e/journeyServer.ts) makes its database.
    metadata: { dataDir: group.dataDir, postgresAdminUrl: group.env.E2E_POSTGRES_ADMIN_URL },
  })),
  webServer: GROUPS.map((group) => ({
    command: 'bash e2e/serve.sh',
    url: `http://localhost:${group.port}/ping`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(group.port),
      HOST: '127.0.0.1',
      DATA_DIR: group.dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      // The webhooks journey's receiver listens on loopback (e2e/webhooks.spec.ts).
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...group.env,
    },
  })),
});
