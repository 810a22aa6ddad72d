// Runs a diff through the changeset engine in a process of its own, as the server does (nothing but the engine
// loaded on the main thread), and prints its result or its failure as JSON.
import { createChangesetEngine, EngineError } from '../src/changesets/engine.ts';

const [base, modified, output] = process.argv.slice(2);
if (!base || !modified || !output)
  throw new Error('usage: changeset-engine-child.ts <base> <modified> <output>');
const engine = createChangesetEngine({ threads: 1, taskTimeoutMs: 60_000 });
try {
  process.stdout.write(JSON.stringify(await engine.diff(base, modified, output, { project: 'child' })));
} catch (error) {
  if (!(error instanceof EngineError)) throw error;
  process.stdout.write(JSON.stringify({ kind: error.kind, reason: error.reason }));
} finally {
  await engine.close();
}
