/**
 * Fails when the Drizzle schema and the committed migrations disagree: runs `drizzle-kit generate` into a
 * temporary copy of the migrations folder and fails if it wrote anything new. (`drizzle-kit check` only
 * checks the snapshots against each other, not against the schema.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
const migrationsDir = path.join(serverDir, 'migrations');

/** Every file below `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const copy = mkdtempSync(path.join(os.tmpdir(), 'waymark-migrations-'));
try {
  cpSync(migrationsDir, copy, { recursive: true });
  const before = new Set(filesUnder(copy));
  const out = path.relative(serverDir, copy);
  const result = spawnSync(
    'npx',
    // drizzle-kit reads `--out` as relative to the working directory, even when it is absolute.
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', out],
    // No stdin: a rename question from drizzle-kit must fail the check, not wait for an answer.
    { cwd: serverDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const added = filesUnder(copy).filter((file) => !before.has(file));
  // drizzle-kit exits 0 even when it fails, so success is its own words or a written file.
  if (result.status !== 0 || (added.length === 0 && !result.stdout.includes('No schema changes'))) {
    console.error(result.stdout, result.stderr);
    console.error('db:check: drizzle-kit generate failed (see above).');
    process.exit(1);
  }
  if (added.length > 0) {
    console.error(
      `db:check: src/db/schema.ts has changes without a migration (drizzle-kit would write ${added.join(', ')}).\n` +
        'Run `npm run db:generate -w apps/server` and commit the new files in apps/server/migrations.',
    );
    process.exit(1);
  }
  console.log('db:check: schema and migrations agree.');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
