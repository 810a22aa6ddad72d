import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';
import { ChildServer } from './child-server.ts';
import { freePort } from './free-port.ts';

let dir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, 'waymark.lock');

/** State letter and start time of a process, from /proc. */
function procStat(pid: number): { state: string; startTime: string } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** Starts a process and returns the first line it prints. */
async function start(command: string, args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, line: chunk.toString().trim() };
}

/**
 * Starts `command` in the background of a shell that then becomes `sleep` (exec): the shell's child, whose parent
 * never waits for it, stays a zombie once it dies, as a server does when its supervisor has not reaped it yet.
 * Resolves once the child printed `ready` (a line), with the child's pid.
 */
async function startUnreaped(command: string, ready: RegExp, env: NodeJS.ProcessEnv = process.env) {
  const shell = spawn('sh', ['-c', `${command} & echo "pid=$!"; exec sleep 300`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  children.push(shell);
  let output = '';
  const deadline = Date.now() + 120_000;
  shell.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  while (!(/pid=\d+/.test(output) && ready.test(output))) {
    if (Date.now() > deadline) throw new Error(`not ready: ${output}`);
    await sleep(50);
  }
  return Number(/pid=(\d+)/.exec(output)?.[1]);
}

/** SIGKILL, then waits until the process is a zombie (dead, not reaped). */
async function killIntoZombie(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 100 && procStat(pid).state !== 'Z'; i += 1) await sleep(50);
  expect(procStat(pid).state).toBe('Z');
}

/** Takes the lock and checks that the file now names this process. */
function expectTakenOver() {
  const release = acquireDataDirLock(dir);
  const record = JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number } | number;
  expect(typeof record === 'number' ? record : record.pid).toBe(process.pid);
  release();
  expect(existsSync(lockFile())).toBe(false);
}

describe('the data-folder lock', () => {
  it('is taken and released, and refused to a second open in the same process', () => {
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    release();
    expectTakenOver();
  });

  it('is taken over from a process that has exited', async () => {
    const child = spawn('true');
    await once(child, 'exit');
    writeFileSync(lockFile(), JSON.stringify({ pid: child.pid, startTime: '1', bootId: bootId() }));
    expectTakenOver();
  });

  it('is taken over from a zombie, even one recorded exactly', async () => {
    // The background sleep exits while its parent (the shell, replaced by a long sleep) never reaps it.
    const { line } = await start('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 30']);
    const pid = Number(line);
    const { startTime } = procStat(pid);
    for (let i = 0; i < 50 && procStat(pid).state !== 'Z'; i += 1) await sleep(50);
    expect(procStat(pid).state).toBe('Z');
    writeFileSync(lockFile(), JSON.stringify({ pid, startTime, bootId: bootId() }));
    expectTakenOver();
    writeFileSync(lockFile(), String(pid));
    expectTakenOver();
  });

  it('is taken over right after its holder was killed with SIGKILL and not reaped yet (a zombie)', async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/hold-data-dir-lock.ts');
    const pid = await startUnreaped(`${process.execPath} --import tsx ${fixture} ${dir}`, /locked/);
    // The lock is the holder's own record (pid, start time, boot id), exactly as a server writes it.
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid });
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Waymark process (pid ${pid})`);
    await killIntoZombie(pid);
    expectTakenOver();
  });

  it('is never taken while its holder lives, even stopped (SIGSTOP)', async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/hold-data-dir-lock.ts');
    const { child, line } = await start(process.execPath, ['--import', 'tsx', fixture, dir]);
    expect(line).toBe('locked');
    const pid = child.pid ?? 0;
    process.kill(pid, 'SIGSTOP');
    try {
      for (let i = 0; i < 50 && procStat(pid).state !== 'T'; i += 1) await sleep(20);
      expect(procStat(pid).state).toBe('T');
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Waymark process (pid ${pid})`);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it.skipIf(process.env.WAYMARK_TEST_POSTGRES_URL)(
    'a server restarts at once on its data folder after the previous one was killed with SIGKILL and left a zombie',
    { timeout: 240_000 },
    async () => {
      const serverDir = path.resolve(import.meta.dirname, '..');
      const port = await freePort();
      const env = {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'Crash-test1',
        SECRET_KEY: 'zombie-test-secret-0123456789',
        WEB_DIST: path.join(dir, 'no-web'),
      };
      // A migrated database to start from, as the ChildServer below would copy: the test is about the lock.
      cpSync(inject('pgliteDataDir'), path.join(dir, 'pgdata'), { recursive: true });
      const main = path.join(inject('serverBuild'), 'main.mjs');
      const pid = await startUnreaped(
        `cd ${serverDir} && exec ${process.execPath} ${main}`,
        /Waymark is running/,
        env,
      );
      expect((await fetch(`http://127.0.0.1:${port}/ping`)).ok).toBe(true);
      await killIntoZombie(pid);
      // The lock names the dead server: the next start takes it over instead of refusing.
      expect(JSON.parse(readFileSync(path.join(dir, 'pgdata/waymark.lock'), 'utf8'))).toMatchObject({ pid });
      const next = new ChildServer(dir);
      await next.start();
      try {
        expect((await next.client.get('/v1/user/profile')).status).toBe(200);
      } finally {
        await next.kill();
      }
    },
  );

  it('is taken over when its pid now belongs to another program (a pid reused after a crash)', async () => {
    const { child } = await start('sh', ['-c', 'echo started; exec sleep 30']);
    const pid = child.pid ?? 0;
    // A lock of this version records the start time: the process with that pid started at another time.
    writeFileSync(lockFile(), JSON.stringify({ pid, startTime: '1', bootId: bootId() }));
    expectTakenOver();
    // …or before another boot.
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid, startTime: procStat(pid).startTime, bootId: 'other-boot' }),
    );
    expectTakenOver();
    // A bare pid as earlier versions wrote: a program that is not Node is not Waymark.
    writeFileSync(lockFile(), String(pid));
    expectTakenOver();
  });

  it('is taken over when it names this process but another start (a container restarted with the same pid)', () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, startTime: '1', bootId: bootId() }));
    expectTakenOver();
    writeFileSync(lockFile(), String(process.pid));
    expectTakenOver();
  });

  it('is refused while a live Waymark process holds it, with a clear message, and taken once it is gone', async () => {
    const fixture = path.join(import.meta.dirname, 'fixtures/hold-data-dir-lock.ts');
    const { child, line } = await start(process.execPath, ['--import', 'tsx', fixture, dir]);
    expect(line).toBe('locked');
    const attempt = () => acquireDataDirLock(dir);
    expect(attempt).toThrow(DataDirLockedError);
    expect(attempt).toThrow(
      `The embedded database in ${dir} is in use by another Waymark process (pid ${child.pid}). ` +
        'Stop the server first, or run with DATABASE_URL pointing to PostgreSQL.',
    );
    // A lock of an earlier version (a bare pid) held by a live Node process is respected too.
    child.kill('SIGKILL');
    await once(child, 'exit');
    const { child: node } = await start(process.execPath, [
      '-e',
      'console.log("up"); setInterval(() => {}, 60000)',
    ]);
    writeFileSync(lockFile(), String(node.pid));
    expect(attempt).toThrow(`in use by another Waymark process (pid ${node.pid})`);
    node.kill('SIGKILL');
    await once(node, 'exit');
    expectTakenOver();
  });
});
