import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, cpSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { logTail, registerChildLog } from './child-logs.ts';
import { freePort } from './free-port.ts';
import { HttpClient } from './http-client.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const ADMIN_PASSWORD = 'Crash-test1';

/**
 * The real server as a child process, compiled and run with plain Node as in production (`node dist/main.mjs`;
 * the test setup builds it from the current source), on a data folder that outlives it, for tests that kill it (SIGKILL: no shutdown hook, no flush) and start it again. Signed in as its admin.
 */
export class ChildServer {
  private child: ChildProcess | undefined;
  private port = 0;
  client = new HttpClient('http://127.0.0.1:0');

  constructor(
    private readonly dataDir: string,
    /** Settings of every start (e.g. `DATABASE_URL`); `start` adds its own. */
    private readonly baseEnv: Record<string, string> = {},
    /**
     * `firstStart`: the first start on the embedded PGlite makes and migrates its database, as a newcomer's does
     * (~10 s of CPU). Otherwise the data folder gets a copy of a migrated one first (the test setup makes it once).
     */
    private readonly options: { firstStart?: boolean } = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts the server on a free port and waits until it answers /ping, then signs in. Its output goes to a log
   * file in the data folder, shown when the start fails and kept when a test fails (`child-logs.ts`).
   */
  async start(env: Record<string, string> = {}): Promise<void> {
    const pgdata = path.join(this.dataDir, 'pgdata');
    const embedded = !(env.DATABASE_URL ?? this.baseEnv.DATABASE_URL);
    if (embedded && !this.options.firstStart && !existsSync(pgdata)) {
      cpSync(inject('pgliteDataDir'), pgdata, { recursive: true });
    }
    for (let attempt = 1; ; attempt += 1) {
      this.port = await freePort();
      // Several servers may share one data folder (and start in the same millisecond): the port tells them apart.
      const logFile = path.join(this.dataDir, `server-${Date.now()}-${this.port}.log`);
      registerChildLog(logFile);
      // The child writes to the file itself: nothing is lost when either process dies.
      const log = openSync(logFile, 'a');
      const child = spawn(process.execPath, [path.join(inject('serverBuild'), 'main.mjs')], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH ?? '',
          DATA_DIR: this.dataDir,
          PORT: String(this.port),
          HOST: '127.0.0.1',
          ADMIN_PASSWORD,
          SECRET_KEY: 'crash-test-secret-0123456789',
          WEB_DIST: path.join(this.dataDir, 'no-web'),
          LOG_LEVEL: 'info',
          // The job queue polls every second (10 s in production): jobs left from before a restart, retries and
          // jobs sent by the other process run without a test waiting out the production interval.
          WAYMARK_TEST_JOB_POLL_SECONDS: '1',
          ...this.baseEnv,
          ...env,
        },
        stdio: ['ignore', log, log],
      });
      closeSync(log);
      this.child = child;
      if (await this.answers(child, logFile)) break;
      // Another program took the port between the check and the start: once more on another one.
      if (attempt === 3 || !logTail(logFile).includes('EADDRINUSE')) {
        throw new Error(`server exited with ${child.exitCode}; the end of its log:\n${logTail(logFile)}`);
      }
    }
    this.client = new HttpClient(this.url);
    const login = await this.client.post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'admin',
      password: ADMIN_PASSWORD,
    });
    this.client.bearer = login.body.session.token;
  }

  /** Whether the child answers /ping (polled until it does); false when it exits first. */
  private async answers(child: ChildProcess, logFile: string): Promise<boolean> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      try {
        if ((await fetch(`${this.url}/ping`)).ok) return true;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not answer /ping within 90 s; the end of its log:\n${logTail(logFile)}`);
  }

  /** SIGKILL: no shutdown hook, no flush, nothing. */
  async kill(): Promise<void> {
    const running = this.child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  /** Waits for the server to die by its own crash point. */
  async died(): Promise<void> {
    const running = this.child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise((resolve) => running.once('exit', resolve));
  }
}
