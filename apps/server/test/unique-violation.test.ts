import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../src/db/schema.ts';
import { isUniqueViolation } from '../src/repositories/unique-violation.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Runs on PGlite and, in the server-postgres project, on node-postgres: both drivers' errors must match.
describe('isUniqueViolation', () => {
  it('recognises the error the driver throws for a duplicate row', async () => {
    const { db } = server.database;
    await db.insert(workspaces).values({ name: 'twice', storage: 1 });
    const error = await db
      .insert(workspaces)
      .values({ name: 'TWICE', storage: 1 })
      .then(() => undefined)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('recognises a bare driver error and refuses other errors', () => {
    expect(isUniqueViolation(Object.assign(new Error('dup'), { code: '23505' }))).toBe(true);
    expect(isUniqueViolation(new Error('boom', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
