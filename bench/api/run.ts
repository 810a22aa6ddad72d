/**
 * API throughput: seeds a PostgreSQL database with 10,000 projects, starts the real server on it
 * (`npm start -w apps/server`, a child process) and loads the read calls a Mergin client and the web app make
 * most with Debian's wrk (or autocannon), at 10 and at 64 connections. Prints req/s, p50 / p99 latency, the CPU time
 * per request of the server, of PostgreSQL and of the load tool, and each call's throughput as a ratio to `/ping`
 * in the same run. See bench/api/README.md.
 * Usage: npm run bench:api -- [--duration 10] [--connections 10,64] [--only list,ping] [--tool wrk|autocannon]
 *   [--keep] [--seed-only]
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/lib/password-hash.ts';
import { BENCH_PASSWORD, BENCH_USER, BIG_PROJECT, PROJECTS, SEARCH_WORD, seed } from './seed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG_BASE = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');
const DB_NAME = process.env.BENCH_DATABASE ?? 'waymark_bench';
const PORT = Number(process.env.BENCH_PORT ?? 18185);

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const duration = Number(option('duration') ?? 10);
const connectionLevels = (option('connections') ?? '10,64').split(',').map(Number);
const only = option('only')?.split(',');
const seedOnly = args.includes('--seed-only');
const keep = args.includes('--keep') || seedOnly;

/** wrk on the PATH (Debian's package `wrk`). */
function hasWrk(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, 'wrk')));
}
/**
 * The load tool: Debian's wrk when installed (a C program: ~0.05 ms of CPU per request where autocannon, in this
 * Node process, spends ~0.5 ms — on two cores that is CPU taken from the server and PostgreSQL), else autocannon.
 */
const tool = (option('tool') ?? (hasWrk() ? 'wrk' : 'autocannon')) as 'wrk' | 'autocannon';
if (tool !== 'wrk' && tool !== 'autocannon')
  throw new Error(`--tool: wrk or autocannon, not ${String(tool)}`);

type Call = { name: string; path: string; check: (body: unknown) => string | undefined };

const LIST = '/v1/project/paginated?page=1&per_page=25&order_params=updated_desc';
const CALLS: Call[] = [
  {
    name: 'list',
    path: LIST,
    check: (body) =>
      (body as { projects?: unknown[] }).projects?.length === 25 ? undefined : 'not 25 projects',
  },
  {
    name: 'list-search',
    path: `${LIST}&name=${SEARCH_WORD}`,
    check: (body) => ((body as { count?: number }).count ? undefined : 'no search hits'),
  },
  {
    name: 'project',
    path: `/v1/project/${BIG_PROJECT.namespace}/${BIG_PROJECT.name}`,
    check: (body) =>
      (body as { files?: unknown[] }).files?.length === BIG_PROJECT.files ? undefined : 'wrong file count',
  },
  {
    name: 'profile',
    path: '/v1/user/profile',
    check: (body) => ((body as { username?: string }).username === BENCH_USER ? undefined : 'wrong user'),
  },
  {
    name: 'ping',
    path: '/ping',
    check: (body) => ((body as { status?: string }).status === 'online' ? undefined : 'not online'),
  },
];

/** CPU seconds (user + system, all threads) a process has used so far; 0 when not on Linux. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (USER_HZ, 100 on Linux)
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by this process and its ended children (the load tool: autocannon runs here, each wrk
 * run is a child reaped before this is read).
 */
function ownCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

/** The server's `node` process: the child itself, or the one under npm (npm → sh → node); Linux only. */
function serverPid(rootPid: number): number | undefined {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const under = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p))
      if (p === rootPid) return true;
    return false;
  };
  return [...parents.keys()].find((pid) => {
    if (pid !== rootPid && !under(pid)) return false;
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return path.basename(argv[0] ?? '') === 'node' && !argv.some((arg) => arg.includes('npm'));
    } catch {
      return false;
    }
  });
}

/**
 * The server's start command: `npm start -w apps/server`, i.e. the `start` script of apps/server/package.json.
 * A plain `node …` script, optionally after `NAME=value` settings (`MALLOC_TRIM_THRESHOLD_=131072 node …`), is run
 * directly with those settings in its environment (no npm and shell between), so its pid is the server's and V8's
 * CPU profiler can be switched on (`--cpu-prof` is not allowed in NODE_OPTIONS).
 */
function startCommand(profileDir: string | undefined): {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
} {
  const cwd = path.join(ROOT, 'apps/server');
  const script = (JSON.parse(readFileSync(path.join(cwd, 'package.json'), 'utf8')) as StartScripts).scripts
    .start;
  const words = script.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=\S*$/.test(words[0] ?? '')) {
    const [name = '', ...value] = (words.shift() ?? '').split('=');
    env[name] = value.join('=');
  }
  if (words[0] === 'node' && !/[|&;<>$`'"]/.test(script)) {
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
    return { command: process.execPath, args: [...profile, ...words.slice(1)], cwd, env };
  }
  if (profileDir) throw new Error(`BENCH_PROFILE_DIR needs a plain 'node …' start script, not: ${script}`);
  return { command: 'npm', args: ['start', '--silent', '-w', 'apps/server'], cwd: ROOT, env: {} };
}
type StartScripts = { scripts: { start: string } };

async function startServer(workDir: string, databaseUrl: string): Promise<ChildProcess> {
  const log = createWriteStream(path.join(workDir, 'server.log'));
  const start = startCommand(process.env.BENCH_PROFILE_DIR);
  const settings = Object.entries(start.env).map(([name, value]) => `${name}=${value} `);
  console.log(
    `Starting the server: ${settings.join('')}${[start.command, ...start.args].join(' ')} (in ${start.cwd})`,
  );
  const child = spawn(start.command, start.args, {
    cwd: start.cwd,
    detached: true, // its own process group, stopped as a whole
    env: {
      ...start.env,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? workDir,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // The production default unless told: request logs are part of what a request costs.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      WEB_DIST: path.join(workDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/ping`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start; see ${path.join(workDir, 'server.log')}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * CPU seconds used so far by the PostgreSQL backends serving the bench database (the server's pool), read from
 * /proc by their pids; 0 when the database server is elsewhere or not on Linux. Backends that ended in between are
 * not counted (the pool keeps its connections while loaded).
 */
async function databaseCpuSeconds(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [DB_NAME],
  );
  return rows.reduce((sum, row) => sum + cpuSeconds(row.pid), 0);
}

/**
 * Transactions committed or rolled back so far in the bench database, as PostgreSQL's statistics have them: each
 * statement the server sends outside a transaction is one, so the difference over a run divided by its requests is
 * the statements a request costs (the job queue's polling adds a few a second). Backends report at most once a
 * second, so this is read a little over a second after a run.
 */
async function databaseTransactions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1',
    [DB_NAME],
  );
  return Number(rows[0]?.n ?? 0);
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

type Row = {
  call: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  dbCpuMsPerRequest: number;
  dbTransactionsPerRequest: number;
  toolCpuMsPerRequest: number;
  /** The machine's 1-minute load average at the end of the run. */
  load: number;
  failed: number;
};

type LoadResult = { total: number; rps: number; p50: number; p99: number; failed: number };

/** A duration of wrk's output (`850.00us`, `12.34ms`, `1.20s`) in milliseconds. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk: unexpected duration ${text}`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}

/** Reads wrk's report (`--latency`): requests, req/s, p50 / p99 and every failed request. */
function parseWrk(output: string): LoadResult {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk: no ${String(pattern)} in:\n${output}`);
    return match;
  };
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    total: Number(find(/(\d+) requests in /)[1]),
    rps: Number(find(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: wrkMs(find(/^\s+50%\s+(\S+)\s*$/m)[1] ?? ''),
    p99: wrkMs(find(/^\s+99%\s+(\S+)\s*$/m)[1] ?? ''),
    failed:
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0) +
      (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

async function load(url: string, token: string, connections: number, seconds: number): Promise<LoadResult> {
  if (tool === 'wrk') {
    // One thread: it keeps up with tens of thousands of requests a second and leaves the other core alone.
    const { stdout } = await promisify(execFile)('wrk', [
      '--latency',
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-H',
      `Authorization: Bearer ${token}`,
      url,
    ]);
    return parseWrk(stdout);
  }
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    total: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-api-'));
  const databaseUrl = `${PG_BASE}/${DB_NAME}`;
  let child: ChildProcess | undefined;
  try {
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${DB_NAME}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 1 });
    await database.migrate();
    await database.close();
    let started = Date.now();
    const summary = await seed(databaseUrl, await hashPassword(BENCH_PASSWORD));
    console.log(
      `Seeded ${summary.projects} projects (${PROJECTS} + ${BIG_PROJECT.namespace}/${BIG_PROJECT.name} with ` +
        `${BIG_PROJECT.files} files) in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `'${BENCH_USER}' sees ${summary.visibleToBench}, ${summary.searchHits} of them match '${SEARCH_WORD}'.`,
    );
    if (seedOnly) return;

    started = Date.now();
    child = await startServer(workDir, databaseUrl);
    const pid = child.pid === undefined ? undefined : serverPid(child.pid);
    console.log(
      `Server (${process.env.BENCH_LOG_LEVEL ?? 'info'} logs to ${workDir}/server.log) ` +
        `up in ${((Date.now() - started) / 1000).toFixed(1)} s, pid ${pid ?? '?'}.`,
    );
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: BENCH_USER, password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { session?: { token?: string } }).session?.token;
    if (!login.ok || !token) throw new Error(`login failed: ${login.status}`);

    const calls = CALLS.filter((call) => !only || only.includes(call.name) || call.name === 'ping');
    for (const call of calls) {
      const response = await fetch(`${base}${call.path}`, { headers: { authorization: `Bearer ${token}` } });
      const problem = response.ok ? call.check(await response.json()) : `status ${response.status}`;
      if (problem) throw new Error(`${call.name} (${call.path}): ${problem}`);
    }
    console.log(`Load tool: ${tool}.`);
    // Warm-up: JIT, the database's caches and the pool's connections, not measured.
    for (const call of calls) await load(`${base}${call.path}`, token, 64, 2);

    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const rows: Row[] = [];
    for (const connections of connectionLevels) {
      for (const call of calls) {
        const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid);
        const dbCpuBefore = await databaseCpuSeconds(monitor);
        const transactionsBefore = await databaseTransactions(monitor);
        const toolCpuBefore = ownCpuSeconds();
        const result = await load(`${base}${call.path}`, token, connections, duration);
        const toolCpu = ownCpuSeconds() - toolCpuBefore;
        const cpu = pid === undefined ? 0 : cpuSeconds(pid) - cpuBefore;
        const dbCpu = (await databaseCpuSeconds(monitor)) - dbCpuBefore;
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const transactions = (await databaseTransactions(monitor)) - transactionsBefore;
        const perRequest = (seconds: number) => (result.total > 0 ? (seconds * 1000) / result.total : 0);
        rows.push({
          call: call.name,
          connections,
          rps: result.rps,
          p50: result.p50,
          p99: result.p99,
          cpuMsPerRequest: perRequest(cpu),
          dbCpuMsPerRequest: perRequest(dbCpu),
          dbTransactionsPerRequest: result.total > 0 ? transactions / result.total : 0,
          toolCpuMsPerRequest: perRequest(toolCpu),
          load: os.loadavg()[0] ?? 0,
          failed: result.failed,
        });
      }
    }

    await monitor.end();
    const table = rows.map((row) => {
      const ping = rows.find((r) => r.call === 'ping' && r.connections === row.connections);
      return {
        call: row.call,
        conns: row.connections,
        'req/s': Math.round(row.rps),
        'p50 ms': row.p50,
        'p99 ms': row.p99,
        'server CPU ms/req': Number(row.cpuMsPerRequest.toFixed(2)),
        'db CPU ms/req': Number(row.dbCpuMsPerRequest.toFixed(2)),
        'db xact/req': Number(row.dbTransactionsPerRequest.toFixed(2)),
        [`${tool} CPU ms/req`]: Number(row.toolCpuMsPerRequest.toFixed(2)),
        'x /ping': ping && ping.rps > 0 ? Number((row.rps / ping.rps).toFixed(3)) : null,
        load: Number(row.load.toFixed(1)),
        failed: row.failed,
      };
    });
    console.log(
      `\n${tool}, ${duration} s per call and level, load ${os.loadavg()[0]?.toFixed(1)} (1 min) at the end`,
    );
    console.table(table);
    const list64 = rows.find((r) => r.call === 'list' && r.connections === 64);
    const list10 = rows.find((r) => r.call === 'list' && r.connections === 10);
    if (list64 || list10) {
      console.log(
        `Goals: list ≥ 1000 req/s at 64 connections (${list64 ? Math.round(list64.rps) : '–'}), ` +
          `p99 ≤ 20 ms at 10 (${list10?.p99 ?? '–'} ms).`,
      );
    }
    if (rows.some((row) => row.failed > 0)) process.exitCode = 1;
  } finally {
    if (child) await stopServer(child);
    if (keep) console.log(`Kept the database ${DB_NAME} and ${workDir}.`);
    else {
      await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      rmSync(workDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
