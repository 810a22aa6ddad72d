import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Who holds the lock: the pid, and on Linux the process's start time (clock ticks after boot) and the boot id,
 * which tell the process that wrote the lock from a later one that got the same pid.
 */
type LockRecord = { pid: number; startTime?: string; bootId?: string };

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** State (R, S, Z…) and start time of a process from /proc/<pid>/stat; undefined when there is no such process. */
function procStat(pid: number): { state: string; startTime: string } | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name in parentheses may hold spaces and parentheses; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
}

const hasProc = () => procStat(process.pid) !== undefined;

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

function ownRecord(): LockRecord {
  const stat = procStat(process.pid);
  return stat ? { pid: process.pid, startTime: stat.startTime, bootId: bootId() } : { pid: process.pid };
}

/** The lock's content: JSON, or a bare pid as written by earlier versions. */
function parseRecord(text: string): LockRecord | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'number') return { pid: value };
    if (value && typeof value === 'object' && 'pid' in value && typeof value.pid === 'number') {
      return value as LockRecord;
    }
  } catch {
    // Not JSON: not a lock this version can read.
  }
  return undefined;
}

const sameRecord = (a: LockRecord | undefined, b: LockRecord | undefined) =>
  a?.pid === b?.pid && a?.startTime === b?.startTime && a?.bootId === b?.bootId;

/** Whether a live process runs a Node program (all a lock of earlier versions, a bare pid, can be checked against). */
function isNodeProcess(pid: number): boolean {
  const cmdline = readText(`/proc/${pid}/cmdline`);
  // Unreadable (another user's process on a hardened /proc): assume the worst, it may be ours.
  if (cmdline === undefined) return true;
  const program = cmdline.split('\0')[0] ?? '';
  return program === process.execPath || /^node(js)?(\d+)?$/.test(path.basename(program));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote `record` still runs. On Linux: no process with that pid, a zombie, a process
 * started at another time or before another boot (the pid was reused after a crash) all mean no. Elsewhere
 * only whether some process has that pid.
 */
function isHolderRunning(record: LockRecord): boolean {
  // Our own pid: this very process only if the record is exactly ours (a container restarts with the same pid).
  if (record.pid === process.pid) return sameRecord(record, ownRecord());
  if (!hasProc()) return isAlive(record.pid);
  const stat = procStat(record.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  if (record.bootId && record.bootId !== bootId()) return false;
  if (record.startTime) return stat.startTime === record.startTime;
  return isNodeProcess(record.pid);
}

/** Creates the lock file with its whole content at once (no reader ever sees it empty); false when it exists. */
function createLock(file: string, record: LockRecord): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temp, JSON.stringify(record));
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Moves away the lock judged stale, unless another process replaced it meanwhile: then that lock is put back
 * and the caller looks again. Two processes taking over one stale lock at once cannot both win.
 */
function removeStaleLock(file: string, judged: string | undefined): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readText(aside) !== judged) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone created a lock in the meantime; theirs stands.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * PGlite is a single-process database: two processes opening one folder corrupt it. A lock file keeps the
 * server and the CLI from doing that. A lock whose process is gone (dead, a zombie, or its pid now used by
 * another program after a crash) is taken over, so a stale lock never blocks a start. Returns the release.
 */
export function acquireDataDirLock(dir: string): () => void {
  const file = path.join(dir, 'waymark.lock');
  const own = ownRecord();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (createLock(file, own)) {
      return () => {
        // Only our own lock: never one a later process took over.
        if (sameRecord(parseRecord(readText(file) ?? ''), own)) rmSync(file, { force: true });
      };
    }
    const text = readText(file);
    const holder = text === undefined ? undefined : parseRecord(text);
    if (holder && holder.pid > 0 && isHolderRunning(holder)) {
      if (holder.pid === process.pid) {
        throw new DataDirLockedError(`The embedded database in ${dir} is already open in this process.`);
      }
      throw new DataDirLockedError(
        `The embedded database in ${dir} is in use by another Waymark process (pid ${holder.pid}). ` +
          'Stop the server first, or run with DATABASE_URL pointing to PostgreSQL.',
      );
    }
    if (text !== undefined) removeStaleLock(file, text);
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
