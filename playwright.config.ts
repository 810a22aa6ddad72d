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

/**
 * `count` ports free on this machine now, all different (held open together, then let go), asked of the system
 * in a child: the config is read synchronously.
 */
function freePorts(count: number): number[] {
  const script = `const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((r) => s.listen(0, '127.0.0.1', r)))).then(() => {
      console.log(servers.map((s) => s.address().port).join(' '));
      for (const s of servers) s.close();
    });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ').map(Number);
}
// The other groups' servers' ports, like the data folder, chosen once in the runner.
if (!process.env.WAYMARK_E2E_PORT_2) {
  const [second, third, fourth] = freePorts(3);
  Object.assign(process.env, {
    WAYMARK_E2E_PORT_2: String(second),
    WAYMARK_E2E_PORT_3: String(third),
    WAYMARK_E2E_PORT_4: String(fourth),
  });
}

/**
 * The journeys run in four groups side by side, each group one after the other on its own server with its own
 * data (one admin, one "Field Team", one outbox each): the journeys of a group share their server's state (the
 * admin's projects, maintenance mode, users), never with another group. They mostly wait (on the browser's
 * frames, the app's requests and transitions, the assertions' retries): two groups kept ~0.4 of the two cores busy
 * in a clean-clone CI run, so four groups take about half the wall time of two. Groups 1 and 2 run on the embedded
 * PGlite, exactly as a newcomer's first `npm start`; groups 3 and 4 on PostgreSQL where it is given (below). Group
 * 4 takes every spec not named here; the lists even out the groups' times (by the journeys' times in a clean-clone
 * CI run).
 */
const GROUP_1 = ['admin', 'ux-phones', 'restore', 'account'];
const GROUP_2 = ['files', 'map', 'foundation', 'rename', 'security-headers'];
const GROUP_3 = ['projects', 'security', 'changesets', 'sso', 'ux-network'];
const NAMED = [...GROUP_1, ...GROUP_2, ...GROUP_3].map(specFile);

function specFile(name: string): string {
  return `${name}.spec.ts`;
}

/**
 * Where PostgreSQL is given (TEST_DATABASE_URL, as in CI), the servers of groups 3 and 4 use it: a database of
 * their own each, made empty at its start (e2e/serve.sh), so the journeys run on both databases of production.
 * Groups 1 and 2 always run exactly as a newcomer's first `npm start`, on the embedded PGlite.
 */
function postgresEnv(
  group: number,
): Partial<Record<'E2E_POSTGRES_ADMIN_URL' | 'E2E_POSTGRES_DB' | 'DATABASE_URL', string>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return {};
  // Named by the checkout's first port (E2E_PORT), so a run reuses the last run's database and two checkouts don't.
  const database = `waymark_e2e_${E2E_PORT}_${group}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return { E2E_POSTGRES_ADMIN_URL: adminUrl, E2E_POSTGRES_DB: database, DATABASE_URL: url.toString() };
}
const port = (group: number) => (group === 1 ? E2E_PORT : Number(process.env[`WAYMARK_E2E_PORT_${group}`]));
const GROUPS = [
  { group: 1, files: { testMatch: GROUP_1.map(specFile) }, env: {} },
  { group: 2, files: { testMatch: GROUP_2.map(specFile) }, env: {} },
  { group: 3, files: { testMatch: GROUP_3.map(specFile) }, env: postgresEnv(3) },
  { group: 4, files: { testIgnore: NAMED }, env: postgresEnv(4) },
].map(({ group, files, env }) => ({
  name: `journeys-${group}`,
  port: port(group),
  files,
  env: env as ReturnType<typeof postgresEnv>,
  dataDir: path.join(process.env.WAYMARK_E2E_DATA ?? '', `journeys-${group}`),
}));

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
