import type { z } from 'zod';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route of the API: what the server registers (Fastify's schema is built from it) and what the web client
 * calls. `path` is Fastify's (`/v1/project/:namespace/:name`); `responses` maps each documented status to its
 * body schema (`fileStreamResponseSchema` for bytes that are not JSON, `noContentResponseSchema` for none).
 * A route answering to several methods lists them; the web client calls the first.
 */
export type Route = {
  readonly method: HttpMethod | readonly [HttpMethod, ...HttpMethod[]];
  readonly path: `/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: { readonly [status: number]: z.ZodType };
};

/** The routes of one area, by name: `projectRoutes.list`. */
export type RouteTable = { readonly [name: string]: Route };

/** The statuses of a success answer, whose bodies a call returns. */
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206 | 207;

/** The body of a route's success answers (one type per 2xx status it declares). */
export type SuccessBody<R extends Route> = {
  [S in keyof R['responses'] & SuccessStatus]: z.output<R['responses'][S]>;
}[keyof R['responses'] & SuccessStatus];

type Part<R, K extends string> = R extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;
/** The schema of one part of a request (`params`, `query`, `body`), `undefined` when the route has none. */
export type ParamsSchema<R extends Route> = Part<R, 'params'>;
export type QuerySchema<R extends Route> = Part<R, 'query'>;
export type BodySchema<R extends Route> = Part<R, 'body'>;

/** The path of `route` with its `:name` parameters replaced by their values, each URI-encoded. */
export function pathOf(route: Pick<Route, 'path'>, params: object = {}): string {
  return route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value: unknown = (params as Record<string, unknown>)[name];
    if (value === undefined || value === null) throw new Error(`${route.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
