import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * The compiled server that `npm start` and `npm run cli` run with plain Node. Every entry point lands directly in
 * the output folder (see `src/paths.ts`: the migrations and the web app are found from there), the workers under
 * the names `engine.ts` asks piscina for (`./engine-worker.mjs`, `./map-worker.mjs` beside the module that loads
 * them).
 */
const ENTRY_POINTS = {
  main: 'src/main.ts',
  cli: 'src/cli/main.ts',
  'engine-worker': 'src/changesets/engine-worker.ts',
  'map-worker': 'src/changesets/map-worker.ts',
};

/**
 * Packages that stay in node_modules, each for a reason: a native addon (better-sqlite3), files loaded beside
 * the module at run time (PGlite's WebAssembly and data, piscina's and pino's worker threads, Swagger UI's assets
 * and @fastify/swagger's package.json, read through `__dirname`). Everything else is bundled in: a start then
 * reads one file instead of resolving several hundred modules of node_modules one by one (measured: a start's
 * CPU 3.1–3.6 s → 1.7–1.9 s, most of it Node's package.json lookups).
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  '@electric-sql/pglite',
  'piscina',
  'pino',
  '@fastify/swagger',
  '@fastify/swagger-ui',
];

/**
 * Bundled CommonJS modules call `require` for Node's built-in modules: an ES module has none, so the bundle
 * makes one.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

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
    external: EXTERNAL_PACKAGES,
    banner: { js: REQUIRE_BANNER },
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
