import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/data-dir-lock.ts';

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
