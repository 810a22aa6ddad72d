// Runs diff in a worker thread (as the server does) and posts the result or the error's message.
import { parentPort, workerData } from 'node:worker_threads';
import { diff } from '../changes/diff.ts';

const { base, modified, changeset } = workerData as { base: string; modified: string; changeset: string };
try {
  parentPort?.postMessage({ result: diff(base, modified, changeset) });
} catch (error) {
  parentPort?.postMessage({ error: (error as Error).message });
}
