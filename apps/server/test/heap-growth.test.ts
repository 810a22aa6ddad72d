import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.join(import.meta.dirname, 'heap-growth-child.ts');

/** The largest old generation (MB) of a process started as `npm start` starts the server, over ~70 MB live. */
function largestOldSpaceMb(mode: 'limited' | 'default'): number {
  const printed = execFileSync(
    process.execPath,
    ['--max-semi-space-size=16', '--import', 'tsx', CHILD, mode],
    {
      env: { ...process.env, TSX_DISABLE_CACHE: '1' },
      encoding: 'utf8',
    },
  );
  return (JSON.parse(printed) as { largestMb: number }).largestMb;
}

describe('the heap growth limit', () => {
  it('keeps garbage promoted between full collections near half of what is live', () => {
    // ~40 MB of strings and ~30 MB of batches held for a while: ~70 MB live. V8's own factor let the old generation
    // reach 228 MB on a 24 GB machine; limited to 1.5×, 102–108 MB.
    expect(largestOldSpaceMb('limited')).toBeLessThan(140);
  });
});
