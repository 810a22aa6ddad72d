/**
 * API throughput: seeds a PostgreSQL database with 10,000 projects, starts the real server on it
 * (`npm start -w apps/server`, a child process) and loads the read calls a Mergin client and the web app make
 * most with Debian's wrk (or autocannon), at 10 and at 64 connections. Prints req/s, p50 / p99 latency, the CPU time
 * per request of the server, of PostgreSQL and of the load tool, and each call's throughput as a ratio to `/ping`
 * in the same run. See bench/api/README.md.
 * Usage: npm run bench:api -- [--duration 10] [--connections 10,64] [--only list,ping] [--tool wrk|autocannon]
 *   [--keep] [--seed-only]
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { hashPassword } from '../../apps/server/src/lib/password-hash.ts';
import { cpuSeconds } from '../lib/server-process.ts';
import { admin, databaseCpuSeconds, databaseTransactions } from './database.ts';
import { hasWrk, load, type LoadTool } from './load-tool.ts';
import { printReport, type Row } from './report.ts';
import { BENCH_PASSWORD, BENCH_USER, BIG_PROJECT, PROJECTS, SEARCH_WORD, seed } from './seed.ts';
import { serverPid, startServer, stopServer } from './server.ts';

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

/**
 * The load tool: Debian's wrk when installed (a C program: ~0.05 ms of CPU per request where autocannon, in this
 * Node process, spends ~0.5 ms — on two cores that is CPU taken from the server and PostgreSQL), else autocannon.
 */
const tool = (option('tool') ?? (hasWrk() ? 'wrk' : 'autocannon')) as LoadTool;
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

/**
 * CPU seconds used so far by this process and its ended children (the load tool: autocannon runs here, each wrk
 * run is a child reaped before this is read).
 */
function ownCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-api-'));
  const databaseUrl = `${PG_BASE}/${DB_NAME}`;
  let child: ChildProcess | undefined;
  try {
    await admin(PG_BASE, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin(PG_BASE, `CREATE DATABASE ${DB_NAME}`);
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
    child = await startServer(workDir, databaseUrl, PORT);
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
    for (const call of calls) await load(tool, `${base}${call.path}`, token, 64, 2);

    const monitor = new pg.Client({ connectionString: databaseUrl });
    await monitor.connect();
    const rows: Row[] = [];
    for (const connections of connectionLevels) {
      for (const call of calls) {
        const cpuBefore = pid === undefined ? 0 : cpuSeconds(pid);
        const dbCpuBefore = await databaseCpuSeconds(monitor, DB_NAME);
        const transactionsBefore = await databaseTransactions(monitor, DB_NAME);
        const toolCpuBefore = ownCpuSeconds();
        const result = await load(tool, `${base}${call.path}`, token, connections, duration);
        const toolCpu = ownCpuSeconds() - toolCpuBefore;
        const cpu = pid === undefined ? 0 : cpuSeconds(pid) - cpuBefore;
        const dbCpu = (await databaseCpuSeconds(monitor, DB_NAME)) - dbCpuBefore;
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const transactions = (await databaseTransactions(monitor, DB_NAME)) - transactionsBefore;
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
    printReport(rows, tool, duration);
    if (rows.some((row) => row.failed > 0)) process.exitCode = 1;
  } finally {
    if (child) await stopServer(child);
    if (keep) console.log(`Kept the database ${DB_NAME} and ${workDir}.`);
    else {
      await admin(PG_BASE, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
      rmSync(workDir, { recursive: true, force: true });
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
