import {
  apiRoutes,
  type ApiRoutes,
  type BodySchema,
  type ParamsSchema,
  pathOf,
  type QuerySchema,
  type Route,
  type SuccessBody,
} from '@waymark/contract';
import type { AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { http } from './http.ts';

/** One part of a call's input: required when its schema requires something, optional otherwise, absent without one. */
type Part<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : unknown;

/** What a call of `R` takes: its path parameters, query and body, each typed from the route table. */
export type CallInput<R extends Route> = Part<'params', ParamsSchema<R>> &
  Part<'query', QuerySchema<R>> &
  Part<'body', BodySchema<R>>;

/** Axios options of one call (a signal, headers, the retry switch); method, URL, query and body come from the table. */
export type CallOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data'>;

/** A route of the table as a function: its input in, the body of its success answer out. */
export type Call<R extends Route> =
  object extends CallInput<R>
    ? (input?: CallInput<R>, options?: CallOptions) => Promise<SuccessBody<R>>
    : (input: CallInput<R>, options?: CallOptions) => Promise<SuccessBody<R>>;

export type ApiClient = {
  [A in keyof ApiRoutes]: {
    [N in keyof ApiRoutes[A]]: ApiRoutes[A][N] extends Route ? Call<ApiRoutes[A][N]> : never;
  };
};

type AnyInput = { params?: object; query?: unknown; body?: unknown };

/** The first of the route's methods: the one the web app uses where the server answers several. */
export const methodOf = (route: Route) => (typeof route.method === 'string' ? route.method : route.method[0]);

function callOf(route: Route) {
  return async (input: AnyInput = {}, options: CallOptions = {}) => {
    const config: AxiosRequestConfig = {
      ...options,
      method: methodOf(route),
      url: pathOf(route, input.params),
      ...(input.query === undefined ? {} : { params: input.query }),
      ...(input.body === undefined ? {} : { data: input.body }),
    };
    const response = await http.request<unknown>(config);
    return response.data;
  };
}

/**
 * The server's API as typed functions, from the contract's route table: `api.projects.list({ query })`. Each call
 * goes through the app's one axios instance (CSRF token, retries, maintenance and 401 handling: `http.ts`), puts
 * the path parameters in their place URI-encoded, and returns the body of the success answer.
 */
export const api = Object.fromEntries(
  Object.entries(apiRoutes).map(([area, routes]) => [
    area,
    Object.fromEntries(
      Object.entries(routes as Record<string, Route>).map(([name, route]) => [name, callOf(route)]),
    ),
  ]),
) as unknown as ApiClient;
