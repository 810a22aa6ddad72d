// Prints the new space (MB) of a worker thread started with the engine threads' resourceLimits, in a process started
// as the server is (`--max-semi-space-size=16`), after the engine is made (`engine`) or without it (`none`).
import { Worker } from 'node:worker_threads';
import { createChangesetEngine, YOUNG_GENERATION_MB } from '../src/changesets/engine.ts';

const engine =
  process.argv[2] === 'engine' ? createChangesetEngine({ threads: 1, taskTimeoutMs: 10_000 }) : null;
// The worker fills its young generation with short-lived arrays, then reports the new space V8 gave it.
const code = `
  const { parentPort } = require('node:worker_threads');
  const v8 = require('node:v8');
  let kept = [];
  for (let round = 0; round < 100; round++) {
    kept.push(Array.from({ length: 20_000 }, (_, i) => [i, i + 1]));
    if (kept.length > 3) kept.shift();
  }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  parentPort.postMessage(space.space_size / 1048576);
`;
const worker = new Worker(code, {
  eval: true,
  resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
});
const [megabytes] = (await Promise.all([
  new Promise((resolve) => worker.once('message', resolve)),
  new Promise((resolve) => worker.once('exit', resolve)),
])) as [number, unknown];
process.stdout.write(JSON.stringify({ newSpaceMb: megabytes }));
await engine?.close();
