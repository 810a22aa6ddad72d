#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7 (the native compiler:
// ~5× less CPU than 5.9 here). It comes as the alias `typescript-native`; `typescript` stays 5.9 for
// typescript-eslint, which reads the compiler's JavaScript API (TypeScript 7 has none yet). One checker thread: the
// check runs beside the other steps of `npm test` on two cores, where more threads only cost more CPU.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['packages/contract', 'packages/gpkg-diff', 'apps/server', 'apps/web', 'e2e', 'bench'];
const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);

let failed = false;
for (const project of PROJECTS) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--singleThreaded'], {
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error(`typecheck failed in ${project}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
