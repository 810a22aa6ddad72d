import { readdirSync, readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * `E2E_CPU=1`: prints, per journey, the CPU seconds of its worker with its browser (Chromium's renderers included,
 * which the zygote re-parents away from the worker, so no process accounting sees them) and of its group's server.
 * Every process is sampled four times a second from `/proc` and told apart by its environment: the workers and
 * the browsers they launch carry `TEST_PARALLEL_INDEX`, the servers their `PORT`; all of this run carry its data
 * folder (`WAYMARK_E2E_DATA`, chosen in playwright.config.ts), so another checkout's run on the same machine counts
 * for nothing here. A process that ends between two samples loses at most a quarter of a second. Linux only.
 */
const SAMPLE_MS = 250;
const TICKS_PER_SECOND = 100;

/** The key a process's CPU counts for ("worker 0", "server 18180"), from its environment; null for others. */
function ownerOf(pid: string): string | null {
  let environ: string;
  try {
    environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return null;
  }
  const variables = environ.split('\0');
  if (!variables.includes(`WAYMARK_E2E_DATA=${process.env.WAYMARK_E2E_DATA}`)) return null;
  const worker = variables.find((entry) => entry.startsWith('TEST_PARALLEL_INDEX='));
  if (worker) return `worker ${worker.slice('TEST_PARALLEL_INDEX='.length)}`;
  const port = variables.find((entry) => entry.startsWith('PORT='));
  return port ? `server ${port.slice('PORT='.length)}` : null;
}

/**
 * A process's name, start time (a pid the system gives again is another process) and user + system CPU ticks (not
 * of its reaped children: those are sampled themselves).
 */
function statOf(pid: string): { name: string; start: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const close = stat.lastIndexOf(') ');
    const fields = stat.slice(close + 2).split(' ');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    return { name, start: fields[19] ?? '', ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

export default class CpuReporter implements Reporter {
  /**
   * Each process seen, by pid and start time: its name when its owner was read (a forked child shows its parent's
   * environment until it runs its own program), its owner (null: not ours) and its last CPU ticks.
   */
  private readonly processes = new Map<string, { name: string; owner: string | null; ticks: number }>();
  private readonly startTicks = new Map<TestCase, Map<string, number>>();
  private readonly rows: string[] = [];
  private timer?: NodeJS.Timeout;

  onBegin(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
  }

  private sample(): void {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = statOf(pid);
      if (stat === null) continue;
      const key = `${pid}@${stat.start}`;
      let known = this.processes.get(key);
      if (!known || known.name !== stat.name) {
        known = { name: stat.name, owner: ownerOf(pid), ticks: known?.ticks ?? 0 };
        this.processes.set(key, known);
      }
      if (known.owner !== null) known.ticks = stat.ticks;
    }
  }

  private totals(): Map<string, number> {
    this.sample();
    const totals = new Map<string, number>();
    for (const { owner, ticks } of this.processes.values()) {
      if (owner !== null) totals.set(owner, (totals.get(owner) ?? 0) + ticks);
    }
    return totals;
  }

  onTestBegin(test: TestCase): void {
    this.startTicks.set(test, this.totals());
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const before = this.startTicks.get(test) ?? new Map<string, number>();
    const after = this.totals();
    const spent = (owner: string) => ((after.get(owner) ?? 0) - (before.get(owner) ?? 0)) / TICKS_PER_SECOND;
    const worker = spent(`worker ${result.parallelIndex}`);
    const project = test.parent.project();
    const port = project ? new URL(String(project.use.baseURL)).port : '';
    const server = spent(`server ${port}`);
    this.rows.push(
      `${(result.duration / 1000).toFixed(1).padStart(7)} s  ${worker.toFixed(1).padStart(7)} s  ${server
        .toFixed(1)
        .padStart(7)} s  ${project?.name ?? ''} ${test.location.file.split('/').pop()}: ${test.title}`,
    );
  }

  onEnd(result: FullResult): void {
    clearInterval(this.timer);
    const totals = this.totals();
    console.log(`\nCPU per journey (${result.status}): wall, worker + browser, server`);
    for (const row of this.rows) console.log(row);
    for (const [owner, ticks] of [...totals].sort()) {
      console.log(`total ${owner}: ${(ticks / TICKS_PER_SECOND).toFixed(1)} s`);
    }
  }
}
