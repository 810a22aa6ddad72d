import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.join(import.meta.dirname, 'engine-young-generation-child.ts');

/** The new space of a worker with the engine's resourceLimits, in a process started as `npm start` starts the server. */
function newSpaceMb(mode: 'engine' | 'none'): number {
  const printed = execFileSync(
    process.execPath,
    ['--max-semi-space-size=16', '--import', 'tsx', CHILD, mode],
    { env: { ...process.env, TSX_DISABLE_CACHE: '1' }, encoding: 'utf8' },
  );
  return (JSON.parse(printed) as { newSpaceMb: number }).newSpaceMb;
}

describe('changeset engine threads', () => {
  it('get the young generation of their resourceLimits though the server starts with --max-semi-space-size', () => {
    // The flag is the whole process's and wins over a worker's own limit (two 16 MB semi-spaces)…
    expect(newSpaceMb('none')).toBeGreaterThanOrEqual(32);
    // …until the engine clears it: 12 MB of young generation is two 4 MB semi-spaces (and a large-object space).
    expect(newSpaceMb('engine')).toBeLessThanOrEqual(8);
  });
});
