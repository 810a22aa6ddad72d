import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { freePort } from '../apps/server/test/free-port.ts';
import { E2E_ADMIN, E2E_PORT } from './fixtures.ts';

const ROOT = path.join(import.meta.dirname, '..');

async function waitForPing(origin: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the journey server at ${origin} did not start`);
}

/**
 * A server of the journey's own (built app, fresh data folder, a free port), which the journey stops and starts
 * again as an operator would: the shared server of playwright.config.ts must stay up for the other journeys. Its
 * database is of the kind its group's server has (playwright.config.ts): a PostgreSQL database of its own where the
 * group is on PostgreSQL, made empty at the first start as e2e/serve.sh makes the group's (named by the checkout's
 * first port and `name`, so a run reuses the last run's), else the embedded PGlite in its data folder.
 */
export class JourneyServer {
  private child: ChildProcess | undefined;
  private readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-e2e-journey-'));
  private port = 0;
  /** Settings of this journey's own (e.g. single sign-on), given its origin; added to the defaults. */
  private extraEnv: NodeJS.ProcessEnv = {};
  /** DATABASE_URL where the group is on PostgreSQL. */
  private databaseEnv: NodeJS.ProcessEnv = {};

  /** `name`: lower-case letters, digits and underscores (it names the PostgreSQL database). */
  constructor(private readonly name: string) {
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`a journey server's name: ${name}`);
  }

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  private get env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...this.databaseEnv,
      ...this.extraEnv,
    };
  }

  /**
   * First start (with `settings` of the journey's own, which may start what the server talks to, e.g. an identity
   * provider) on an empty database: the server creates and migrates it and seeds the superuser from ADMIN_*, as a
   * first `npm start` does. The port is chosen last, right before the server takes it.
   */
  async init(
    settings: (origin: string) => NodeJS.ProcessEnv | Promise<NodeJS.ProcessEnv> = () => ({}),
  ): Promise<void> {
    const adminUrl = test.info().project.metadata.postgresAdminUrl as string | undefined;
    if (adminUrl) {
      const database = `waymark_e2e_${E2E_PORT}_${this.name}`;
      execFileSync(
        'psql',
        [
          '-q',
          '-v',
          'ON_ERROR_STOP=1',
          adminUrl,
          '-c',
          `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`,
          '-c',
          `CREATE DATABASE "${database}"`,
        ],
        { env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } },
      );
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      this.databaseEnv = { DATABASE_URL: url.toString() };
    }
    this.port = await freePort();
    this.extraEnv = await settings(this.origin);
    await this.start();
  }

  async start(): Promise<void> {
    // As `npm start` runs it (apps/server/package.json).
    this.child = spawn('node', ['--max-semi-space-size=16', 'apps/server/dist/main.mjs'], {
      cwd: ROOT,
      env: { ...this.env, MALLOC_TRIM_THRESHOLD_: '131072' },
      stdio: 'ignore',
    });
    await waitForPing(this.origin);
  }

  /** Stops the server (SIGTERM, SIGKILL after 10 s) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    this.child = undefined;
  }
}
