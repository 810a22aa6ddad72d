import path from 'node:path';

/**
 * The server package's folder (`apps/server`), for the files the server reads at run time. This module sits one
 * level below it both as source (`src/paths.ts`) and inside the compiled build (bundled into `dist/*.mjs`), so
 * the same expression holds for both; the build keeps every entry point directly in `dist/`.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The generated SQL migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');

/** The built web app, unless `WEB_DIST` names another folder. */
export const DEFAULT_WEB_DIST = path.join(SERVER_DIR, '..', 'web', 'dist');
