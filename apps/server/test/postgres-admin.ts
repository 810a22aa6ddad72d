import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';

export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates and migrates a template database on the test server; returns its name. */
export async function createTemplateDatabase(baseUrl: string): Promise<string> {
  const name = `waymark_tpl_${randomBytes(4).toString('hex')}`;
  await admin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(baseUrl, name), poolSize: 1 });
  await database.migrate();
  await database.close();
  return name;
}

/** A fresh database copied from the template, for one test file. */
export async function createDatabaseFromTemplate(baseUrl: string, template: string): Promise<string> {
  const name = `waymark_t_${randomBytes(6).toString('hex')}`;
  await admin(baseUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  await admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
