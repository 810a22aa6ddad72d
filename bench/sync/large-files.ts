import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MiB, writeFile } from '../lib/server-process.ts';
import type { BenchFile } from './client.ts';

/** Three large files of together `totalMiB` in `dir` (pseudo-random bytes, different for each seed). */
export async function largeFiles(dir: string, totalMiB: number, seed: number): Promise<BenchFile[]> {
  mkdirSync(dir, { recursive: true });
  const each = Math.floor((totalMiB * MiB) / 3);
  const files: BenchFile[] = [];
  for (const index of [0, 1, 2]) {
    const file = path.join(dir, `large-${index}`);
    const size = each + index * 4099;
    files.push({
      path: `data/large-${index}.gpkg`,
      size,
      file,
      checksum: await writeFile(file, size, seed * 10 + index),
    });
  }
  return files;
}
