import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build.ts';
import { openDatabase } from '../src/db/database.ts';
import { createTemplateDatabase, dropDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated PGlite data folder: child servers copy it as their `pgdata` instead of a first start of their own. */
    pgliteDataDir: string;
    postgresTemplate: string;
    /** The compiled server (as `npm run build` makes it) that the child-process tests run. */
    serverBuild: string;
  }
}

/** Beside `dist/`, so the build finds the migrations the same way, without touching the build `npm start` runs. */
const SERVER_BUILD = path.resolve(import.meta.dirname, '../dist-test');

/** What both server projects (PGlite and PostgreSQL) share: made by the first one's setup, ended by the last. */
type Shared = { ready: Promise<{ templateFile: string; dataDir: string }>; users: number; end(): void };
const SHARED_KEY = Symbol.for('waymark.test.global-setup');

/** The compiled server and a migrated PGlite folder and dump, made once per Vitest run however many projects ask for them. */
function shared(): Shared {
  const holder = globalThis as { [SHARED_KEY]?: Shared };
  if (holder[SHARED_KEY]) return holder[SHARED_KEY];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-test-'));
  const migrated = (async () => {
    const dataDir = path.join(dir, 'pgdata');
    const database = await openDatabase({ kind: 'pglite', dataDir, lock: false });
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    const templateFile = path.join(dir, 'template.tar');
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return { templateFile, dataDir };
  })();
  // esbuild compiles in a process of its own: the build runs beside PGlite's start and migrations.
  const ready = Promise.all([migrated, buildServer(SERVER_BUILD)]).then(([made]) => made);
  const created: Shared = {
    ready,
    users: 0,
    end: () => {
      created.users -= 1;
      if (created.users > 0) return;
      rmSync(dir, { recursive: true, force: true });
      delete holder[SHARED_KEY];
    },
  };
  holder[SHARED_KEY] = created;
  return created;
}

/**
 * Migrates one database per run and lets every test file copy it: a PGlite data-dir dump, and when the
 * project runs on PostgreSQL a template database. Migrating once keeps files fast and memory low. Compiles the
 * server from the current source for the tests that run it as a child process, as production runs it. The build
 * and the dump are made once for both server projects (`shared`).
 */
export default async function setup(project: TestProject) {
  const common = shared();
  common.users += 1;
  const { templateFile, dataDir } = await common.ready;
  project.provide('serverBuild', SERVER_BUILD);
  project.provide('pgliteTemplate', templateFile);
  project.provide('pgliteDataDir', dataDir);

  const postgresUrl = project.config.env?.WAYMARK_TEST_POSTGRES_URL;
  let template: string | undefined;
  if (postgresUrl) {
    template = await createTemplateDatabase(postgresUrl);
    project.provide('postgresTemplate', template);
  } else {
    project.provide('postgresTemplate', '');
  }

  return async () => {
    common.end();
    if (postgresUrl && template) await dropDatabase(postgresUrl, template);
  };
}
