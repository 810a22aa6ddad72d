import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { createTemplateDatabase, dropDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per run and lets every test file copy it: a PGlite data-dir dump, and when the
 * project runs on PostgreSQL a template database. Migrating once keeps files fast and memory low.
 */
export default async function setup(project: TestProject) {
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
