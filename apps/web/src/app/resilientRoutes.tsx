import type { RouteObject } from 'react-router';
import { retryingImport } from '../lib/network/retryingImport.ts';
import { PageErrorView } from './PageErrorView.tsx';
import { getRouteHandle } from './routeHandle.ts';

function withRetryingLazy(route: RouteObject): void {
  const { lazy } = route;
  if (typeof lazy === 'function') {
    route.lazy = () => retryingImport(lazy);
  }
  route.children?.forEach(withRetryingLazy);
}

/**
 * Makes the route tree outlast the network: every lazy page chunk is loaded again when the server was away
 * (`retryingImport`), and an error inside the app frame (the routes with a sidebar) is shown in the frame's content
 * area, keeping the sidebar and header, instead of replacing the whole app. Changes the tree in place.
 */
export function makeRoutesResilient(routes: RouteObject[]): RouteObject[] {
  routes.forEach(withRetryingLazy);
  const visit = (route: RouteObject) => {
    if (getRouteHandle(route)?.sidebar && route.children) {
      route.children = [{ errorElement: <PageErrorView />, children: route.children }];
      return;
    }
    route.children?.forEach(visit);
  };
  routes.forEach(visit);
  return routes;
}
