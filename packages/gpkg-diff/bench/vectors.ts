/**
 * Benchmark of diff and apply on geodiff's committed test vectors (npm run bench:vectors -w packages/gpkg-diff -- --geodiff
 * PATH): every base/modified pair whose changeset geodiff wrote, diffed and applied by us and by geodiff's command
 * line tool (a new process each run, as the clients run it) in turns, in the same run; our changeset must equal
 * geodiff's byte for byte. The files are small (KiBs), so a call's fixed costs (opening, schemas, statements) are
 * what this measures. Options: --runs N, --geodiff PATH (or GEODIFF).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { apply, diff } from '../src/index.ts';
import { geodiffPairs } from '../src/testing/vector-cases.ts';
import { vector } from '../src/testing/vectors.ts';
import { geodiffTimed, median, timed, type Timing } from './timing.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    geodiff: { type: 'string', default: process.env.GEODIFF },
    'first-calls': { type: 'string', default: '5' },
  },
});
const RUNS = Number(values.runs);
const FIRST_CALLS = Number(values['first-calls']);
const GEODIFF = values.geodiff;
if (!GEODIFF || !existsSync(GEODIFF)) throw new Error('--geodiff PATH (bench/build-geodiff.sh builds it)');

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const folder = mkdtempSync(join(tmpdir(), 'gpkg-diff-vectors-bench-'));
try {
  const pairs = geodiffPairs();
  console.log(
    `${pairs.length} pairs of geodiff's vectors, ${RUNS} runs each; load average ${load()} on ${cpus().length} cores`,
  );
  const ours = { diff: new Map<string, Timing[]>(), apply: new Map<string, Timing[]>() };
  const theirs = { diff: new Map<string, Timing[]>(), apply: new Map<string, Timing[]>() };
  const add = (map: Map<string, Timing[]>, key: string, time: Timing): void => {
    map.set(key, [...(map.get(key) ?? []), time]);
  };
  // SQLite's addon loads once per process (and thread) at its first database; timed apart from the first diff, as in
  // diff-apply.ts, where generating the files loads it.
  const addon = timed(() => new Database(':memory:').close());
  let firstCall: { pair: string; time: Timing } | undefined;
  for (let run = 0; run < RUNS; run++) {
    for (const [name, base, modified] of pairs) {
      const mine = join(folder, 'ours.diff');
      const reference = join(folder, 'geodiff.diff');
      const output = join(folder, 'applied');
      const time = timed(() => diff(vector(base), vector(modified), mine));
      firstCall ??= { pair: name, time };
      add(ours.diff, name, time);
      add(theirs.diff, name, geodiffTimed(GEODIFF, ['diff', vector(base), vector(modified), reference]));
      if (!readFileSync(mine).equals(readFileSync(reference)))
        throw new Error(`${name}: geodiff's bytes differ`);
      add(
        ours.apply,
        name,
        timed(() => apply(vector(base), mine, output)),
      );
      rmSync(output);
      copyFileSync(vector(base), output);
      add(theirs.apply, name, geodiffTimed(GEODIFF, ['apply', output, reference]));
      rmSync(output);
    }
  }

  const medianWall = (times: Timing[]): number => median(times.map((time) => time.wall));
  const ms = (seconds: number): string => `${(seconds * 1000).toFixed(1)} ms`;
  for (const [name] of pairs) {
    const line = (op: 'diff' | 'apply'): string => {
      const [a, b] = [medianWall(ours[op].get(name)!), medianWall(theirs[op].get(name)!)];
      return `${op} ${ms(a)} vs ${ms(b)} (${(a / b).toFixed(2)}×)`;
    };
    console.log(`${name}: ${line('diff')}; ${line('apply')}`);
  }
  // Sums over every pair and run: geodiff's CPU is counted in clock ticks (10 ms), too coarse for one run.
  const total = (map: Map<string, Timing[]>, key: keyof Timing): number =>
    [...map.values()].flat().reduce((sum, time) => sum + time[key], 0);
  for (const op of ['diff', 'apply'] as const) {
    const wall = [total(ours[op], 'wall'), total(theirs[op], 'wall')];
    const cpu = [total(ours[op], 'cpu'), total(theirs[op], 'cpu')];
    console.log(
      `${op}, all pairs and runs: ours ${wall[0]!.toFixed(3)} s wall, ${cpu[0]!.toFixed(3)} s CPU; ` +
        `geodiff ${wall[1]!.toFixed(3)} s wall, ${cpu[1]!.toFixed(2)} s CPU; ours ${(wall[0]! / wall[1]!).toFixed(2)}× ` +
        `its time (CPU: ${(cpu[0]! / cpu[1]!).toFixed(2)}×)`,
    );
  }
  const first = firstCall!;
  const theirFirst = medianWall(theirs.diff.get(first.pair)!);
  console.log(
    `first diff of the process (${first.pair}): ${ms(first.time.wall)} wall, ${ms(first.time.cpu)} CPU; ` +
      `${(first.time.wall / theirFirst).toFixed(2)}× geodiff's median ${ms(theirFirst)}; before it SQLite's addon ` +
      `loaded in ${ms(addon.wall)} wall, ${ms(addon.cpu)} CPU (with it ${((first.time.wall + addon.wall) / theirFirst).toFixed(2)}×)`,
  );
  // The same first call in fresh processes (package and addon loaded, code cold), interleaved with geodiff: one
  // sample above is at the mercy of the load.
  const [name, base, modified] = pairs.find(([pair]) => pair === first.pair)!;
  const cold: Timing[] = [];
  const theirs1: Timing[] = [];
  for (let call = 0; call < FIRST_CALLS; call++) {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(dirname(fileURLToPath(import.meta.url)), 'first-call.ts'),
        vector(base),
        vector(modified),
        join(folder, 'cold.diff'),
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`first-call.ts failed: ${child.stderr}`);
    cold.push(JSON.parse(child.stdout) as Timing);
    theirs1.push(
      geodiffTimed(GEODIFF, ['diff', vector(base), vector(modified), join(folder, 'geodiff.diff')]),
    );
  }
  const coldWall = medianWall(cold);
  console.log(
    `first diff in ${FIRST_CALLS} fresh processes (${name}): median ${ms(coldWall)} wall, ` +
      `${ms(median(cold.map((time) => time.cpu)))} CPU; ${(coldWall / medianWall(theirs1)).toFixed(2)}× geodiff's ` +
      `median ${ms(medianWall(theirs1))} in the same turns`,
  );
  console.log(`load average at the end ${load()}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
