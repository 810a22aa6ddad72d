// Timing helpers of the benches: wall and CPU seconds of a call in this process, and of geodiff's command line tool.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface Timing {
  wall: number;
  cpu: number;
}

/** CPU seconds of this process's waited-for children (Linux: cutime + cstime of /proc/self/stat). */
function childrenCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Wall and CPU seconds of geodiff's command line tool doing one command (a new process, as the clients run it). */
export function geodiffTimed(geodiff: string, args: string[]): Timing {
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const result = spawnSync(geodiff, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`geodiff ${args[0]} failed: ${result.stderr.toString()}`);
  return { wall, cpu: childrenCpuSeconds() - cpuBefore };
}

export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Wall and CPU seconds of one call. */
export function timed(work: () => void): Timing {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  work();
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: (performance.now() - started) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}
