import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createContext } from '../src/context.ts';
import { openDatabase } from '../src/db/database.ts';
import { createLogger } from '../src/lib/logger.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { openApiText } from '../src/openapi.ts';

/**
 * Writes docs/openapi.json, the OpenAPI document of every route, from the app built without listening (on an
 * empty in-memory database it never queries). apps/server/test/openapi.test.ts fails when the file is stale.
 */
const target = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'waymark-openapi-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SECRET_KEY: 'openapi-document-only-0123',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase({ kind: 'pglite' });
const log = createLogger('silent');
const context = createContext({ config, db: database.db, mailer: createMailer(config, log), log });
const app = await buildApp(context, { serveWebApp: false });
await app.ready();
writeFileSync(target, openApiText(app));
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log('Wrote docs/openapi.json');
