import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
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
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it answers /ping, then signs in. */
  async start(env: Record<string, string> = {}): Promise<void> {
    this.port = 20_000 + Math.floor(Math.random() * 20_000);
    const log = createWriteStream(path.join(this.dataDir, `server-${Date.now()}.log`));
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
        ...this.baseEnv,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    this.client = new HttpClient(this.url);
    const login = await this.client.post<{ session: { token: string } }>('/v1/auth/login', {
      login: 'admin',
      password: ADMIN_PASSWORD,
    });
    this.client.bearer = login.body.session.token;
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
