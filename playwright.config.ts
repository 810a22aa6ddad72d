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

// One fresh data folder per run, chosen in the runner and inherited by its workers.
process.env.WAYMARK_E2E_DATA ??= mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  // After the web server answers: the shared workspace, made through the admin API (see e2e/serve.sh).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  // Every snap() also runs an axe scan: several seconds each on a busy machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'bash e2e/serve.sh',
    url: `http://localhost:${E2E_PORT}/ping`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.WAYMARK_E2E_DATA,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
