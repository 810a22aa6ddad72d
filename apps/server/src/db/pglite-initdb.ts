import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Runs in the thread: opens PGlite on the empty folder, which makes the database there (initdb), and closes it.
 * PGlite's CommonJS build, by its resolved path: the thread is given as source, not as a module of the bundle.
 */
const INITDB_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.entry);
PGlite.create({ dataDir: workerData.dataDir, startParams: workerData.startParams })
  .then((db) => db.close())
  .catch((error) => {
    // Emscripten's file-system errors carry only an errno.
    parentPort.postMessage(error instanceof Error && error.message ? error.message : 'errno ' + error?.errno);
    process.exitCode = 1;
  });
`;

/** Whether a PGlite database exists in the folder (what PGlite itself checks before running initdb). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Makes a new PGlite database in `dataDir` in a thread of its own, which then ends. PGlite's initdb grows its
 * WebAssembly memory to ~450 MB, and WebAssembly memory never shrinks: made in the serving process, the database
 * would hold that for the server's life (measured: 550 MB resident after a first start, 300 MB after a later
 * one). Made in a thread, that memory goes with the thread, and the process opens the new database as on any
 * later start. Still the same process: a newcomer's `npm start` creates, migrates and serves.
 */
export function createPgliteDatabase(dataDir: string, startParams: string[]): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const worker = new Worker(INITDB_SOURCE, { eval: true, workerData: { entry, dataDir, startParams } });
    let reason = 'no database was made';
    worker.on('message', (message: string) => {
      reason = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0 && hasPgliteDatabase(dataDir)) resolve();
      else reject(new Error(`The embedded database could not be created in ${dataDir}: ${reason}`));
    });
  });
}
