import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, type Route } from '@waymark/contract';
import { describe, expect, it } from 'vitest';

/**
 * The contract's route table against docs/openapi.json (which openapi.test.ts holds to what the server registers):
 * every route the server serves is an entry of the table, and every entry is served.
 */
const document = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, unknown>> };

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];
/** `GET /v1/project/{namespace}/{name}` as the table writes it: `GET /v1/project/:namespace/:name`. */
const served = Object.entries(document.paths).flatMap(([route, methods]) =>
  Object.keys(methods)
    .filter((method) => HTTP_METHODS.includes(method))
    .map((method) => `${method.toUpperCase()} ${route.replace(/\{([^}]+)\}/g, ':$1')}`),
);
const methodsOf = (route: Route) => (typeof route.method === 'string' ? [route.method] : [...route.method]);
const entries = Object.values(apiRoutes).flatMap((area) =>
  Object.values(area as Record<string, Route>).flatMap((route) =>
    methodsOf(route).map((method) => `${method} ${route.path}`),
  ),
);

describe('the route table (packages/contract/src/routes)', () => {
  it('names each route once', () => {
    expect(entries.filter((entry, index) => entries.indexOf(entry) !== index)).toEqual([]);
  });

  it('is what the server serves, route by route', () => {
    expect([...entries].sort()).toEqual([...served].sort());
  });
});
