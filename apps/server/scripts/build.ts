import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * The compiled server that `npm start` and `npm run cli` run with plain Node. Every entry point lands directly in
 * the output folder (see `src/paths.ts`: the migrations and the web app are found from there), the worker under
 * the name `engine.ts` asks piscina for (`./engine-worker.mjs` beside the module that loads it).
 */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  cli: 'src/cli/main.ts',
  'engine-worker': 'src/changesets/engine-worker.ts',
};

/** The workspace's own packages are TypeScript source: bundled in. Everything else comes from node_modules. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@waymark/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the server into `outdir` (a folder directly inside apps/server), one self-contained ES module per entry
 * point with its source map. Files are written under a temporary name and renamed, so a process starting from the
 * folder meanwhile never reads half a file (the test setups of both databases may build at the same time).
 */
export async function buildServer(outdir: string): Promise<string[]> {
  if (path.dirname(path.resolve(outdir)) !== SERVER_DIR) {
    throw new Error(`the server build must sit directly in ${SERVER_DIR}, not in ${outdir}`);
  }
  const result = await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: ENTRY_POINTS,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
    write: false,
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return result.outputFiles.map((file) => path.relative(SERVER_DIR, file.path));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await buildServer(path.join(SERVER_DIR, 'dist'));
  console.log(`server built: ${written.filter((file) => file.endsWith('.mjs')).join(', ')}`);
}
