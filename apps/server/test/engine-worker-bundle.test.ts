import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/** The modules bundled into the engine threads' code, by the path comment esbuild writes before each. */
function bundledModules(): string[] {
  const source = readFileSync(path.join(inject('serverBuild'), 'engine-worker.mjs'), 'utf8');
  return [...source.matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)].map((match) => match[1]!);
}

describe("the engine threads' code", () => {
  it('holds no zod schema: each thread compiles and runs its whole code when it starts', () => {
    const modules = bundledModules();
    // The map's texts come from the contract's module without schemas (which shows the comments are read).
    expect(modules).toContain('../../packages/contract/src/map-constants.ts');
    expect(modules.filter((name) => name.includes('node_modules/zod/'))).toEqual([]);
    expect(modules).not.toContain('../../packages/contract/src/index.ts');
  });
});
