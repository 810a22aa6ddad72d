import type { BodySchema, ParamsSchema, QuerySchema, Route } from '@waymark/contract';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance (or route scope) validating and serialising with zod. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Fastify's schema of a route of the table: its request's and reply's types follow from it. */
export type SchemaOf<R extends Route> = {
  params: ParamsSchema<R>;
  querystring: QuerySchema<R>;
  body: BodySchema<R>;
  response: R['responses'];
};

type RouteOptionsOf<R extends Route> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** The handler of `route`: its request and reply typed from the route's schemas. */
export type RouteHandlerOf<R extends Route> = RouteOptionsOf<R>['handler'];

/** What a route file adds to a route of the table: its transfer kind (`config`), its own hooks. */
export type RouteExtras<R extends Route> = Omit<RouteOptionsOf<R>, 'method' | 'url' | 'schema' | 'handler'>;

/** Fastify's schema of `route`: only the parts it declares. */
export function fastifySchemaOf(route: Route): FastifySchema {
  return {
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    response: route.responses,
  };
}

/**
 * Registers `route` of the contract's table (packages/contract/src/routes) with its handler: method, path and
 * schema come from the table, so the handler's request and reply are typed from it and no path is written twice.
 */
export function serve<R extends Route>(
  app: ZodApp,
  route: R,
  handler: RouteHandlerOf<R>,
  extras: RouteExtras<R> = {},
): void {
  app.route({
    ...(extras as RouteExtras<Route>),
    method: typeof route.method === 'string' ? route.method : [...route.method],
    url: route.path,
    schema: fastifySchemaOf(route) as SchemaOf<Route>,
    handler: handler as RouteHandlerOf<Route>,
  });
}
