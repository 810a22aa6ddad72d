import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the logs of child servers go when a test of theirs fails (the data folders holding them are removed). */
export const KEPT_LOG_DIR = path.join(os.tmpdir(), 'waymark-test-logs');

/** The log files of the child servers this test file started (each test file has its own copy of this module). */
const logs: string[] = [];

export function registerChildLog(file: string): void {
  logs.push(file);
}

/** The last `lines` lines of a log file, or a note that it is empty. */
export function logTail(file: string, lines = 40): string {
  const text = existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : '';
  return text ? text.split('\n').slice(-lines).join('\n') : '(empty log)';
}

/**
 * Called when a test fails (see `setup.ts`): copies every child server log of this file to {@link KEPT_LOG_DIR}
 * and prints the end of each with where the whole of it is kept.
 */
export function keepChildLogs(testName: string): void {
  if (logs.length === 0) return;
  mkdirSync(KEPT_LOG_DIR, { recursive: true });
  for (const file of logs) {
    if (!existsSync(file)) continue;
    const kept = path.join(KEPT_LOG_DIR, `${path.basename(path.dirname(file))}-${path.basename(file)}`);
    copyFileSync(file, kept);
    console.error(
      `Child server log (test "${testName}" failed), kept in ${kept}; its end:\n${logTail(file)}`,
    );
  }
}
