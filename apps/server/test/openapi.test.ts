import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableJsonText } from '../src/openapi.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const COMMITTED = path.resolve(import.meta.dirname, '../../../docs/openapi.json');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('the committed OpenAPI document (docs/openapi.json)', () => {
  it('is the document the code produces', async () => {
    const served = stableJsonText(await (await fetch(`${server.url}/api/docs/json`)).json());
    const committed = readFileSync(COMMITTED, 'utf8');
    expect(committed, 'docs/openapi.json differs from the routes: run `npm run openapi` and commit it').toBe(
      served,
    );
  });
});
