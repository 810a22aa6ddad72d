/**
 * Sync cost of the server (issue 26): server CPU per GiB, per file and per version, and peak RSS, for the
 * workloads of the issue driven through the HTTP API by the bench's own client, beside the lines that bound them
 * (this machine's SHA-1 rate and the flushed-write rate of the data folder, measured in the same run).
 * Usage: npm run bench:sync -- [--large-mib 1024] [--small-files 5000] [--big-project 10000] [--rounds 5]
 * [--chunk-requests 200]
 * With BENCH_DATABASE_URL the server runs on that PostgreSQL database (emptied first) and its backends' CPU counts;
 * BENCH_PORT sets the server's port (a random one from 21,000 otherwise).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  cpuSeconds,
  durableWriteRate,
  emptyDatabase,
  MiB,
  PASSWORD,
  peakRss,
  sha1Rate,
  startServer,
} from '../lib/server-process.ts';
import { type BenchFile, createClient, smallFile } from './client.ts';
import { largeFiles } from './large-files.ts';

/**
 * The floor server (`floor-server.ts`) as a child process on `port`, its files in `dir`: the same Node, flags and
 * client as the server, the work only a durable, verified push needs.
 */
async function startFloor(dir: string, port: number, database?: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=16',
      path.join(import.meta.dirname, 'floor-server.ts'),
      dir,
      String(port),
      ...(database ? [database] : []),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { PATH: process.env.PATH ?? '' } },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`floor server exited: ${code}`)));
  });
  return child;
}

const GiB = 1024 * MiB;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const largeMiB = option('large-mib', 1024);
const smallCount = option('small-files', 5000);
const bigProject = option('big-project', 10_000);
const rounds = option('rounds', 5);
const chunkRequests = option('chunk-requests', 200);
const databaseUrl = process.env.BENCH_DATABASE_URL;

/**
 * CLOCK_MONOTONIC in µs, the clock of V8's CPU profiles: with BENCH_PROFILE_DIR each phase prints its window, for
 * `bench/lib/profile-summary.ts --window <from> <to>`.
 */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The CPU seconds of the server process and, on PostgreSQL, of its database's backends. */
async function createCpuMeter(pid: number) {
  const database = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  await database?.connect();
  const backends = async (): Promise<number[]> => {
    if (!database) return [];
    const rows = await database.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.rows.map((row) => row.pid);
  };
  return {
    /** Runs `work`; answers its result with the CPU seconds it cost the server (and its backends). */
    async measure<T>(work: () => Promise<T>): Promise<{
      result: T;
      cpu: number;
      /** Of `cpu`, the database's backends (PostgreSQL only). */
      databaseCpu: number;
      peakMiB: number;
      io: { read: number; written: number };
      window: string;
    }> {
      const before = new Map((await backends()).map((id) => [id, cpuSeconds(id)]));
      const from = monotonicMicros();
      const ioBefore = ioBytes(pid);
      const run = await peakRss(pid, work);
      const ioAfter = ioBytes(pid);
      const window = `${from} ${monotonicMicros()}`;
      let database = 0;
      for (const id of await backends()) database += cpuSeconds(id) - (before.get(id) ?? 0);
      const io = { read: ioAfter.read - ioBefore.read, written: ioAfter.written - ioBefore.written };
      return {
        result: run.result,
        cpu: run.cpu + database,
        databaseCpu: database,
        peakMiB: run.peakMiB,
        io,
        window,
      };
    },
    close: () => database?.end(),
  };
}

/**
 * Bytes the server process moved through read and write system calls (sockets included), from `/proc/<pid>/io`:
 * how many times a pushed byte is copied in and out, whatever the load does to the CPU seconds.
 */
function ioBytes(pid: number): { read: number; written: number } {
  try {
    const text = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    return { read: field('rchar'), written: field('wchar') };
  } catch {
    return { read: 0, written: 0 };
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const goal = (met: boolean) => (met ? 'met' : 'NOT met');
/** On PostgreSQL, the part of a phase's CPU its backends took. */
const databaseShare = (run: { cpu: number; databaseCpu: number }) =>
  databaseUrl ? `  (database ${((run.databaseCpu / run.cpu) * 100).toFixed(0)}% of it)` : '';

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'waymark-sync-bench-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  const port = Number(process.env.BENCH_PORT ?? 21_000 + Math.floor(Math.random() * 10_000));
  const base = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  let child: ChildProcess | undefined;
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    if (databaseUrl) await emptyDatabase(databaseUrl);
    const rate = sha1Rate();
    const disk = await durableWriteRate(dataDir);
    child = await startServer(dataDir, port, env);
    // The database's first start (initdb, migrations) is not part of the run: restart on the prepared folder.
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    child = await startServer(dataDir, port, env);
    const pid = child.pid ?? 0;
    const meter = await createCpuMeter(pid);
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: PASSWORD }),
    });
    const { session } = (await login.json()) as { session: { token: string } };
    const client = createClient(base, session.token);
    say(
      `database: ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; CPUs: ${os.cpus().length}; load at start: ${load()}`,
    );
    say(
      `SHA-1 (one core) ${rate.toFixed(0)} MiB/s; disk (256 MiB + fdatasync in DATA_DIR) ${disk.toFixed(0)} MiB/s`,
    );

    if (chunkRequests > 0) {
      // Before a byte is hashed or written: what a chunk request costs (authentication, the permission asked again,
      // the quota, HTTP), which the large files pay ~102 times per GiB with the clients' 10 MiB chunks.
      const id = await client.createProject('tiny-chunks');
      await client.tinyChunks('tiny-chunks', id, chunkRequests, async (protocol, send) => {
        const run = await meter.measure(send);
        say(
          `chunk request ${protocol} (${chunkRequests} of 1 KiB, one at a time) ${((run.cpu / chunkRequests) * 1000).toFixed(2).padStart(6)} ms CPU each ` +
            `(${((run.cpu / chunkRequests) * 102.4).toFixed(2)} s per GiB of 10 MiB chunks)${databaseShare(run)}`,
        );
        if (process.env.BENCH_PROFILE_DIR) say(`  profile window ${run.window}`);
      });
    }

    if (largeMiB > 0) {
      const files = await largeFiles(path.join(work, 'large'), largeMiB, 1);
      const bytes = files.reduce((sum, file) => sum + file.size, 0);
      const gib = bytes / GiB;
      const push = async (name: string, list: BenchFile[], v2 = false) => {
        const id = await client.createProject(name);
        const started = Date.now();
        const run = await meter.measure(() =>
          v2 ? client.pushV2(id, 'v0', list) : client.pushV1(name, 'v0', { added: list }),
        );
        return { ...run, seconds: (Date.now() - started) / 1000 };
      };
      const first = await push('large-v1', files);
      const again = await push('large-again', files);
      const v2Files = await largeFiles(path.join(work, 'large-v2'), largeMiB, 2);
      const v2 = await push('large-v2', v2Files, true);
      const down = await meter.measure(() => client.downloadRaw('large-v1', files));
      const row = (
        name: string,
        run: {
          cpu: number;
          peakMiB: number;
          seconds: number;
          io: { read: number; written: number };
          window: string;
        },
        floorCpu: number,
      ) => {
        const speed = bytes / MiB / run.seconds;
        say(
          `${name.padEnd(28)} ${(run.cpu / gib).toFixed(2).padStart(6)} s CPU/GiB (goal ≤ 4: ${goal(run.cpu / gib <= 4)})  ` +
            `${speed.toFixed(0)} MiB/s = ${(speed / disk).toFixed(2)}× disk line (goal ≥ 0.7)  peak RSS ${run.peakMiB.toFixed(0)} MB  ` +
            `read ${(run.io.read / bytes).toFixed(2)}× / written ${(run.io.written / bytes).toFixed(2)}× the bytes  ` +
            `(${(run.cpu / floorCpu).toFixed(2)}× the ${floorLine(floorCpu)})`,
        );
        if (process.env.BENCH_PROFILE_DIR) say(`  profile window ${run.window}`);
      };
      // The floor, in the same run: the same client against a bare server doing only the work that cannot be skipped.
      const floorDir = path.join(work, 'floor');
      mkdirSync(floorDir);
      const floorPort = port + 1;
      const floor = await startFloor(floorDir, floorPort);
      const floorClient = createClient(`http://127.0.0.1:${floorPort}`, '');
      const floorPid = floor.pid ?? 0;
      const floorStarted = Date.now();
      const floorPush = await peakRss(floorPid, () => floorClient.pushFloor(files));
      const floorSpeed = bytes / MiB / ((Date.now() - floorStarted) / 1000);
      const floorHeld = await peakRss(floorPid, () => floorClient.pushFloorHeld(files));
      const floorV2 = await peakRss(floorPid, () => floorClient.pushFloorV2(v2Files));
      const floorDown = await peakRss(floorPid, () => floorClient.downloadFloor(files));
      floor.kill('SIGTERM');
      rmSync(floorDir, { recursive: true, force: true });
      const floorLine = (cpu: number) => `floor ${(cpu / gib).toFixed(2)} s/GiB`;

      say(`large files: ${files.length} × ${(bytes / files.length / MiB).toFixed(0)} MiB`);
      say(
        `floor (bare node:http, same client: receive, chunk SHA-1, file SHA-1 + SHA-256, write, fdatasync) ` +
          `${(floorPush.cpu / gib).toFixed(2)} s CPU/GiB pushed at ${floorSpeed.toFixed(0)} MiB/s = ` +
          `${(floorSpeed / disk).toFixed(2)}× disk line, ${(floorDown.cpu / gib).toFixed(2)} s CPU/GiB downloaded`,
      );
      say(
        `floor of bytes held (receive, chunk SHA-1, compare with the stored bytes, nothing written) ` +
          `${(floorHeld.cpu / gib).toFixed(2)} s CPU/GiB = ${(floorHeld.cpu / floorPush.cpu).toFixed(2)} of the floor's first push`,
      );
      say(
        `floor v2 (chunks written apart, unhashed; finish: read back, SHA-1 + SHA-256, write, fdatasync) ` +
          `${(floorV2.cpu / gib).toFixed(2)} s CPU/GiB pushed`,
      );
      row('push v1', first, floorPush.cpu);
      row('push v2', v2, floorV2.cpu);
      row('push v1 of bytes held', again, floorPush.cpu);
      say(
        `  bytes held / first push: ${(again.cpu / first.cpu).toFixed(2)} of the CPU (goal ≤ 0.10: ${goal(again.cpu <= first.cpu * 0.1)}; ` +
          `the floor's: ${(floorHeld.cpu / floorPush.cpu).toFixed(2)})`,
      );
      say(
        `download raw                 ${(down.cpu / gib).toFixed(2).padStart(6)} s CPU/GiB (goal ≤ 1.5: ${goal(down.cpu / gib <= 1.5)})  peak RSS ${down.peakMiB.toFixed(0)} MB  ` +
          `(${(down.cpu / floorDown.cpu).toFixed(2)}× the ${floorLine(floorDown.cpu)})`,
      );
      if (process.env.BENCH_PROFILE_DIR) say(`  profile window ${down.window}`);
      rmSync(path.join(work, 'large'), { recursive: true, force: true });
      rmSync(path.join(work, 'large-v2'), { recursive: true, force: true });
    }

    if (smallCount > 0) {
      const files = Array.from({ length: smallCount }, (_, i) =>
        smallFile(
          `photos/${String(Math.floor(i / 100)).padStart(3, '0')}/img-${i}.jpg`,
          1024 + ((i * 37) % 3072),
          i + 7,
        ),
      );
      await client.createProject('small');
      const pushed = await meter.measure(async () => {
        for (let v = 0; v * 100 < files.length; v += 1) {
          await client.pushV1('small', `v${v}`, { added: files.slice(v * 100, v * 100 + 100) });
        }
      });
      // The same files through the v2 calls (chunks apart, a version per 100 files), into a project of their own.
      const v2Files = files.map((file, i) => smallFile(file.path, file.size, i + 7 + files.length));
      const v2Id = await client.createProject('small-v2');
      const pushedV2 = await meter.measure(async () => {
        for (let v = 0; v * 100 < v2Files.length; v += 1) {
          await client.pushV2(v2Id, `v${v}`, v2Files.slice(v * 100, v * 100 + 100));
        }
      });
      const down = await meter.measure(() => client.downloadRaw('small', files));
      const info = await meter.measure(() => client.call('GET', '/v1/project/admin/small'));
      // The floor, in the same run: a bare node:http server, one database round trip and a durable file per file.
      const floorDir = path.join(work, 'floor-small');
      mkdirSync(floorDir);
      const floor = await startFloor(floorDir, port + 1, databaseUrl);
      const floorClient = createClient(`http://127.0.0.1:${port + 1}`, '');
      const { pid: backend } = await floorClient.call<{ pid: number }>('GET', '/backend');
      const backendBefore = backend ? cpuSeconds(backend) : 0;
      const floorRun = await peakRss(floor.pid ?? 0, () => floorClient.pushFloorSmall(files));
      const floorCpu = floorRun.cpu + (backend ? cpuSeconds(backend) - backendBefore : 0);
      floor.kill('SIGTERM');
      rmSync(floorDir, { recursive: true, force: true });
      const perFile = (cpu: number) => (cpu / files.length) * 1000;
      const ofFloor = (cpu: number) => `  (${(cpu / floorCpu).toFixed(2)}× the floor)`;
      say(`small files: ${files.length} of 1–4 KiB in versions of 100`);
      say(
        `floor (bare node:http, SHA-1 + SHA-256, one ${databaseUrl ? 'PostgreSQL' : 'database-less'} round trip, ` +
          `a durable file: create, write, fdatasync, rename; folder flushed per 100) ${perFile(floorCpu).toFixed(2)} ms CPU/file`,
      );
      say(
        `push                         ${((pushed.cpu / files.length) * 1000).toFixed(2).padStart(6)} ms CPU/file (goal ≤ 1.5: ${goal((pushed.cpu / files.length) * 1000 <= 1.5)})  peak RSS ${pushed.peakMiB.toFixed(0)} MB${databaseShare(pushed)}${ofFloor(pushed.cpu)}`,
      );
      say(
        `push v2                      ${((pushedV2.cpu / files.length) * 1000).toFixed(2).padStart(6)} ms CPU/file (goal ≤ 1.5: ${goal((pushedV2.cpu / files.length) * 1000 <= 1.5)})  peak RSS ${pushedV2.peakMiB.toFixed(0)} MB${databaseShare(pushedV2)}${ofFloor(pushedV2.cpu)}`,
      );
      if (process.env.BENCH_PROFILE_DIR) say(`  profile windows: v1 ${pushed.window}; v2 ${pushedV2.window}`);
      say(
        `download raw                 ${((down.cpu / files.length) * 1000).toFixed(2).padStart(6)} ms CPU/file (goal ≤ 0.5: ${goal((down.cpu / files.length) * 1000 <= 0.5)})  peak RSS ${down.peakMiB.toFixed(0)} MB`,
      );
      say(
        `project info of ${files.length} files  ${(info.cpu * 1000).toFixed(0)} ms CPU, peak RSS ${info.peakMiB.toFixed(0)} MB`,
      );
    }

    if (bigProject > 0 && rounds > 0) {
      const seed = async (name: string, count: number) => {
        await client.createProject(name);
        const files = Array.from({ length: count }, (_, i) =>
          smallFile(`d/${Math.floor(i / 500)}/f${i}.txt`, 512, i),
        );
        let version = 0;
        for (let at = 0; at < count; at += 1000, version += 1) {
          await client.pushV1(name, `v${version}`, { added: files.slice(at, at + 1000) });
        }
        return { files, version };
      };
      const small = await seed('p-small', 100);
      const big = await seed('p-big', bigProject);
      const costs = { small: [] as number[], big: [] as number[] };
      let peak = 0;
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, project, key] of [
          ['p-small', small, 'small'],
          ['p-big', big, 'big'],
        ] as const) {
          const updated = project.files
            .slice(0, 100)
            .map((file, i) => smallFile(file.path, 600, 1e6 + round * 1000 + i));
          const run = await meter.measure(() => client.pushV1(name, `v${project.version}`, { updated }));
          project.version += 1;
          costs[key].push(run.cpu);
          peak = Math.max(peak, run.peakMiB);
        }
      }
      const ratio = median(costs.big) / median(costs.small);
      say(`per version: 100 files updated, ${rounds} rounds (medians)`);
      say(`  into a 100-file project      ${(median(costs.small) * 1000).toFixed(0)} ms CPU/version`);
      say(`  into a ${bigProject}-file project ${(median(costs.big) * 1000).toFixed(0)} ms CPU/version`);
      say(`  ratio ${ratio.toFixed(2)} (goal ≤ 1.5: ${goal(ratio <= 1.5)}); peak RSS ${peak.toFixed(0)} MB`);
    }
    say(`load at end: ${load()}`);
    await meter.close();
  } catch (error) {
    console.error('server exit code', child?.exitCode, child?.signalCode);
    throw error;
  } finally {
    child?.kill('SIGTERM');
    if (child) await new Promise((resolve) => child?.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
