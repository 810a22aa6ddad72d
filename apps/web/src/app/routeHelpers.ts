import type { Params } from 'react-router';
import type { RouteHandle } from './routeHandle.ts';

/** A route's handle, typed (React Router types it `unknown`). */
export const handle = (value: RouteHandle): RouteHandle => value;

/** A path parameter, empty when absent. */
export const param = (params: Params, key: string): string => params[key] ?? '';
