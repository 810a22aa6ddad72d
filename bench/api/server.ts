/**
 * The API bench's server: started the way `npm start -w apps/server` does, in its own process group, its log in a
 * file; its `node` process found for its CPU time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The server's `node` process: the child itself, or the one under npm (npm → sh → node); Linux only. */
export function serverPid(rootPid: number): number | undefined {
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

/** Starts the server on `port` with `databaseUrl`, its data and log in `workDir`; answers once /ping does. */
export async function startServer(workDir: string, databaseUrl: string, port: number): Promise<ChildProcess> {
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
      PORT: String(port),
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
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start; see ${path.join(workDir, 'server.log')}`);
}

/** Stops the server's process group: SIGTERM, SIGKILL after 15 s. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
