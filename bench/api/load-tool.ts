/** The load tool of the API bench: Debian's wrk when installed, else autocannon in this process. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export type LoadTool = 'wrk' | 'autocannon';

export type LoadResult = { total: number; rps: number; p50: number; p99: number; failed: number };

/** wrk on the PATH (Debian's package `wrk`). */
export function hasWrk(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, 'wrk')));
}

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

/** Loads `url` with the Bearer `token` from `connections` connections for `seconds`. */
export async function load(
  tool: LoadTool,
  url: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
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
