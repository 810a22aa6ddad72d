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
    postgresTemplate: string;
    /** The compiled server (as `npm run build` makes it) that the child-process tests run. */
    serverBuild: string;
  }
}

/** Beside `dist/`, so the build finds the migrations the same way, without touching the build `npm start` runs. */
const SERVER_BUILD = path.resolve(import.meta.dirname, '../dist-test');

/**
 * Migrates one database per run and lets every test file copy it: a PGlite data-dir dump, and when the
 * project runs on PostgreSQL a template database. Migrating once keeps files fast and memory low. Compiles the
 * server from the current source for the tests that run it as a child process, as production runs it.
 */
export default async function setup(project: TestProject) {
  await buildServer(SERVER_BUILD);
  project.provide('serverBuild', SERVER_BUILD);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'waymark-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const templateFile = path.join(dir, 'template.tar');
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', templateFile);

  const postgresUrl = project.config.env?.WAYMARK_TEST_POSTGRES_URL;
  let template: string | undefined;
  if (postgresUrl) {
    template = await createTemplateDatabase(postgresUrl);
    project.provide('postgresTemplate', template);
  } else {
    project.provide('postgresTemplate', '');
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (postgresUrl && template) await dropDatabase(postgresUrl, template);
  };
}
