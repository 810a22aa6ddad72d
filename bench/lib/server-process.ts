/** What the benchmarks share: the server as a child process, its CPU and memory, the machine's bounding lines. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

export const MiB = 1024 * 1024;
export const CONCURRENCY = 4;
export const PASSWORD = 'Bench-pass1';
const SERVER_DIR = path.resolve(import.meta.dirname, '../../apps/server');

/**
 * Downloads go through node:http with kept-alive connections, counting 'data' events: fetch's web streams, and
 * even `for await` over a Node stream, cap a bare Node file server well below what 'data' events read on this
 * machine (1,300 and 1,300–1,700 vs 2,180 MiB/s from the page cache), which would measure the client instead of
 * the server. Every piece goes to `onPiece`; answers the status and the byte count.
 */
const downloadAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
export function download(
  url: string,
  headers: Record<string, string>,
  onPiece: (piece: Buffer) => void = () => undefined,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: downloadAgent }, (response) => {
        let bytes = 0;
        response.on('data', (piece: Buffer) => {
          bytes += piece.length;
          onPiece(piece);
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Single-core SHA-1 rate of this machine, in MiB/s (best of three passes over 256 MiB). */
export function sha1Rate(): number {
  const buffer = Buffer.alloc(64 * MiB, 0x5a);
  let best = 0;
  for (let pass = 0; pass < 3; pass += 1) {
    const start = process.hrtime.bigint();
    const hash = createHash('sha1');
    for (let i = 0; i < 4; i += 1) hash.update(buffer);
    hash.digest();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    best = Math.max(best, 256 / seconds);
  }
  return best;
}

/**
 * The disk's durable write rate in MiB/s: 256 MiB written in 1 MiB pieces to a file in `dir`, then flushed
 * (`fdatasync`), as the server stores a blob. A durable push writes every byte at least once, so this bounds it.
 */
export async function durableWriteRate(dir: string): Promise<number> {
  const file = path.join(dir, 'disk-rate.bin');
  const block = Buffer.alloc(MiB, 0xa5);
  const start = process.hrtime.bigint();
  const handle = await open(file, 'w');
  try {
    for (let i = 0; i < 256; i += 1) await handle.write(block);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  await rm(file, { force: true });
  return 256 / seconds;
}

/** CPU seconds (user + system, all threads) the process has used so far; 0 when not on Linux. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of each thread of a process so far, by thread id (empty when not on Linux). */
export function threadCpuSeconds(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      threads.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    // not Linux, or the process ended
  }
  return threads;
}

/**
 * Peak resident memory of a process, sampled every 50 ms while `run` runs, and the CPU seconds it used meanwhile
 * (the machine may be shared: CPU time varies less than wall time).
 */
export async function peakRss<T>(
  pid: number,
  run: () => Promise<T>,
): Promise<{ result: T; peakMiB: number; cpu: number }> {
  const cpuBefore = cpuSeconds(pid);
  let peak = 0;
  const sample = () => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      peak = Math.max(peak, Number(match?.[1] ?? 0) / 1024);
    } catch {
      // not on Linux, or gone
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await run();
    sample();
    return { result, peakMiB: peak, cpu: cpuSeconds(pid) - cpuBefore };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `work` over the items, `concurrency` at a time. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

/** A PostgreSQL database emptied, so that a benchmark's server starts from a fresh schema. */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('drop schema if exists public cascade; drop schema if exists pgboss cascade');
    await client.query('drop schema if exists drizzle cascade; create schema public');
  } finally {
    await client.end();
  }
}

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  // As `npm start` runs it (apps/server/package.json), unless BENCH_PLAIN_NODE asks for Node's defaults.
  const plain = process.env.BENCH_PLAIN_NODE === '1';
  const launch = plain ? [] : ['--max-semi-space-size=16'];
  // Node options NODE_OPTIONS refuses (e.g. `--trace-gc`), space-separated.
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // Another build of the server beside `dist` (e.g. a copy of the build before a change, to alternate runs).
  const dist = process.env.BENCH_SERVER_DIST ?? 'dist';
  const child = spawn(process.execPath, [...launch, ...profile, ...extra, `${dist}/main.mjs`], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
      DEFAULT_STORAGE: String(100 * 1024 * MiB),
      ...(plain ? {} : { MALLOC_TRIM_THRESHOLD_: '131072' }),
      // Options for the server's Node (e.g. `--heap-prof`, or `--require` of a memory logger).
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      ...(process.env.MEMLOG ? { MEMLOG: process.env.MEMLOG } : {}),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** Writes a file of pseudo-random bytes (not compressible, not all alike) and returns its SHA-1. */
export async function writeFile(file: string, size: number, seed: number): Promise<string> {
  const hash = createHash('sha1');
  const stream = createWriteStream(file);
  const block = Buffer.alloc(MiB);
  let x = seed * 2654435761;
  for (let i = 0; i < block.length; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    block.writeUInt32LE(x, i);
  }
  for (let written = 0; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    block[0] = (block[0] ?? 0) ^ (written & 0xff);
    hash.update(piece);
    if (!stream.write(piece)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return hash.digest('hex');
}
