import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoutes, type Route } from '@waymark/contract';
import { describe, expect, it } from 'vitest';

/**
 * The reference server's route list (fixtures/reference-routes.json, taken from its OpenAPI specs and app.py)
 * against the contract's route table (packages/contract/src/routes, which route-table.test.ts holds to what the
 * server registers): a route of the reference that the table lacks fails here, unless it is one of the gaps named
 * below, which must then really be missing.
 */

type ReferenceRoute = [method: string, path: string, source: string];

/** Routes of the reference not served yet (issue 23 names them); remove a line when its route arrives. */
const KNOWN_GAPS: string[] = [
  // The reference's separate sign-in of its admin interface; Waymark's admin panel uses the one sign-in.
  'POST /app/admin/login',
];

/** `GET /v1/project/{}/{}`: parameter names differ between the two servers and do not matter on the wire. */
const key = (method: string, route: string) => `${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '{}')}`;
/** A table path in the reference's notation: `/v1/project/:namespace/:name` → `/v1/project/{namespace}/{name}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const reference = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', 'reference-routes.json'), 'utf8')) as {
    routes: ReferenceRoute[];
  }
).routes;

/** Each method and path of the table, keyed as the reference's. */
const table = new Set(
  Object.values(apiRoutes).flatMap((routes) =>
    Object.values(routes as Record<string, Route>).flatMap((route) =>
      (typeof route.method === 'string' ? [route.method] : [...route.method]).map((method) =>
        key(method, openApiPath(route.path)),
      ),
    ),
  ),
);

describe('the reference route list', () => {
  it('is the whole list (77 routes of six specs and app.py)', () => {
    expect(reference).toHaveLength(77);
    expect(new Set(reference.map(([, , source]) => source)).size).toBe(7);
  });

  it('is in the route table, route by route, but for the named gaps', () => {
    const missing = reference
      .map(([method, route]) => key(method, route))
      .filter((route) => !table.has(route) && !KNOWN_GAPS.includes(route));
    expect(missing, 'reference routes the table lacks').toEqual([]);
  });

  it('names no gap that is in the table after all', () => {
    expect(KNOWN_GAPS.filter((route) => table.has(route))).toEqual([]);
  });
});
