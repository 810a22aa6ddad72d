import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Checks the built web app (`vite build` with its manifest) against its budgets and prints what it measured:
 * the JavaScript a first visit loads, gzipped, for the sign-in page and the dashboard (the entry chunk, the
 * route's lazy chunks and everything they import statically), the largest chunk against Vite's 500 kB warning,
 * and that every script and style sheet has its brotli and gzip copies beside it. Exits 1 over a budget.
 */

/** kB as Vite counts them. */
const KB = 1000;
export const FIRST_LOAD_BUDGET = 300 * KB;
export const CHUNK_LIMIT = 500 * KB;
/**
 * Prebuilt libraries that cannot be split, loaded only by the page that needs them (never by a first visit: that
 * budget still counts them), with their own limit: MapLibre GL JS for the Map tab (1.08 MB minified).
 */
export const LIBRARY_CHUNK_LIMITS: Record<string, number> = { 'vendor-maplibre': 1200 * KB };

function chunkLimitOf(file: string): number {
  const name = path.basename(file).replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
  return LIBRARY_CHUNK_LIMITS[name] ?? CHUNK_LIMIT;
}
/** Smaller files go out as they are (the build compresses from this size on: `vite.config.ts`). */
export const COMPRESS_MIN_BYTES = 1024;

/** The source modules each first view loads lazily after the entry (see `src/app/routes.tsx`). */
export const FIRST_VIEWS: Record<string, string[]> = {
  'sign-in': ['src/pages/LoginPage.tsx'],
  dashboard: ['src/app/ShellLayout.tsx', 'src/pages/DashboardPage.tsx'],
};

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The files of `keys` and of everything they import statically, each once. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

export type BundleReport = {
  firstLoad: { view: string; files: number; gzipBytes: number }[];
  largest: { file: string; bytes: number };
  missingCompressed: string[];
  failures: string[];
};

export function checkBundle(dist: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };
  const failures: string[] = [];

  const firstLoad = Object.entries(FIRST_VIEWS).map(([view, modules]) => {
    const files = [...staticClosure(manifest, [...entries, ...modules])].filter((file) =>
      file.endsWith('.js'),
    );
    const gzipBytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
    if (gzipBytes > FIRST_LOAD_BUDGET) {
      failures.push(
        `first load of ${view}: ${kb(gzipBytes)} gzipped, over the ${kb(FIRST_LOAD_BUDGET)} budget`,
      );
    }
    return { view, files: files.length, gzipBytes };
  });

  const scripts = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  );
  const styles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  let largest = { file: '', bytes: 0 };
  for (const file of scripts) {
    const bytes = readFileSync(path.join(dist, file)).length;
    const limit = chunkLimitOf(file);
    if (limit === CHUNK_LIMIT && bytes > largest.bytes) largest = { file, bytes };
    if (bytes > limit) failures.push(`${file}: ${kb(bytes)}, over its ${kb(limit)} chunk limit`);
  }
  const missingCompressed = [...scripts, ...styles, 'index.html'].filter(
    (file) =>
      readFileSync(path.join(dist, file)).length >= COMPRESS_MIN_BYTES &&
      (!existsSync(path.join(dist, `${file}.br`)) || !existsSync(path.join(dist, `${file}.gz`))),
  );
  if (missingCompressed.length > 0) {
    failures.push(`no .br/.gz copy of ${missingCompressed.join(', ')}`);
  }
  return { firstLoad, largest, missingCompressed, failures };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const report = checkBundle(path.resolve(import.meta.dirname, '..', 'dist'));
  for (const { view, files, gzipBytes } of report.firstLoad) {
    console.log(
      `first load, ${view}: ${kb(gzipBytes)} gzipped in ${files} scripts (budget ${kb(FIRST_LOAD_BUDGET)})`,
    );
  }
  console.log(
    `largest chunk: ${report.largest.file}, ${kb(report.largest.bytes)} (limit ${kb(CHUNK_LIMIT)})`,
  );
  for (const failure of report.failures) console.error(`bundle check failed: ${failure}`);
  if (report.failures.length > 0) process.exitCode = 1;
}
