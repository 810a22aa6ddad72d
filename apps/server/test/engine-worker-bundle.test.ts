import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/** The modules bundled into a worker's code (`engine-worker` or `map-worker`), by the comments esbuild writes. */
function bundledModules(worker: string): string[] {
  const source = readFileSync(path.join(inject('serverBuild'), `${worker}.mjs`), 'utf8');
  return [...source.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((match) => match[1]!);
}

// Each thread compiles and runs its whole code when it starts: a fresh thread's first task pays for all of it.
describe("the engine threads' code", () => {
  it('of the changeset threads holds the changeset library and none of the map or of zod', () => {
    const modules = bundledModules('engine-worker');
    // The library's own modules are there (which shows the comments are read).
    expect(modules.some((name) => name.includes('packages/gpkg-diff/src/'))).toBe(true);
    expect(modules.filter((name) => name.startsWith('src/map/'))).toEqual([]);
    // What only the map reads: coordinate systems, QGIS project files (XML, zipped), vector tiles.
    expect(
      modules.filter((name) => /node_modules\/(proj4|fast-xml-parser|yauzl|pbf|zod)\//.test(name)),
    ).toEqual([]);
  });

  it("of the map's threads holds no zod schema", () => {
    const modules = bundledModules('map-worker');
    // The map's texts come from the contract's module without schemas.
    expect(modules).toContain('../../packages/contract/src/map-constants.ts');
    expect(modules.filter((name) => name.includes('node_modules/zod/'))).toEqual([]);
    expect(modules).not.toContain('../../packages/contract/src/index.ts');
  });
});
