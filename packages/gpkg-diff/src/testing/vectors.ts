import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is packages/gpkg-diff/src/testing/vectors.ts). */
const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** geodiff's public test vectors, checked out beside the repository (`../shared/testdata/geodiff`). */
export const VECTORS_DIR = resolve(repositoryRoot, '../shared/testdata/geodiff');

/** The package's own GeoPackages made with ogr2ogr (`fixtures/make-fixtures.sh`). */
export const FIXTURES_DIR = resolve(repositoryRoot, 'packages/gpkg-diff/fixtures');

if (!existsSync(VECTORS_DIR)) {
  throw new Error(`The geodiff test vectors are missing: expected them at ${VECTORS_DIR}`);
}

/** A vector file's absolute path from its path relative to the vectors folder. */
export function vector(path: string): string {
  return join(VECTORS_DIR, path);
}

/** Every file under the vectors folder with one of the extensions, relative paths, sorted. */
export function listVectors(...extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (extensions.some((extension) => name.endsWith(extension)))
        found.push(relative(VECTORS_DIR, path));
    }
  };
  walk(VECTORS_DIR);
  return found.sort();
}
