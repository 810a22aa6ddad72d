import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_KINDS, limitHit, type ErrorKind } from '../lib/errors.ts';
import { registerErrorHandler } from './error-handler.ts';

/** A bare app whose one route throws the given error. */
function appThrowing(error: Error) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/', async () => {
    throw error;
  });
  return app;
}

describe('registerErrorHandler', () => {
  it('answers every domain error kind with its status and the {detail} body', async () => {
    // Grouped by status so the table reads as the reference's answers, not as a copy of the mapping.
    const kindsByStatus: Array<[number, ErrorKind[]]> = [
      [400, ['invalid']],
      [401, ['unauthorized']],
      [403, ['forbidden']],
      [404, ['not-found']],
      [409, ['conflict']],
      [413, ['too-large']],
      [422, ['limit-hit', 'unprocessable']],
      [429, ['too-many-requests']],
      [500, ['broken']],
      [503, ['unavailable']],
    ];
    const expected = new Map(kindsByStatus.flatMap(([status, kinds]) => kinds.map((kind) => [kind, status])));
    for (const kind of ERROR_KINDS) {
      const response = await appThrowing(new DomainError(kind, `a ${kind} error`)).inject('/');
      expect({ kind, status: response.statusCode, body: response.json() }).toMatchObject({
        kind,
        status: expected.get(kind),
        body: { detail: `a ${kind} error` },
      });
    }
  });

  it("adds the reference's code and extra fields, never letting extras override detail or code", async () => {
    const error = limitHit('You have reached a data limit (StorageLimitHit)', {
      code: 'StorageLimitHit',
      extra: { storage_limit: 10, detail: 'ignored', code: 'ignored' },
    });
    const response = await appThrowing(error).inject('/');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      detail: 'You have reached a data limit (StorageLimitHit)',
      code: 'StorageLimitHit',
      storage_limit: 10,
    });
  });

  it('hides unexpected errors behind a 500 without their message', async () => {
    const response = await appThrowing(new Error('secret internals')).inject('/');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ detail: 'Internal server error' });
  });
});
