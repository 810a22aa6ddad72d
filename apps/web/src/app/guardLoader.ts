import type { QueryClient } from '@tanstack/react-query';
import {
  type LoaderFunctionArgs,
  matchRoutes,
  redirect,
  type RouteObject,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { configQueryOptions, pingQueryOptions } from '../features/session/hooks/useInstance.ts';
import { sessionQueryOptions } from '../features/session/session.ts';
import { resolveGuard } from './guards.ts';
import { getRouteHandle } from './routeHandle.ts';

/**
 * The address the loader runs for, with its hash: a loader's request never carries the fragment, but
 * on the first load (and a revalidation in place) it is the browser's current address, which does.
 */
function fullPathOf(url: URL): string {
  const { location } = window;
  const isCurrent = url.pathname === location.pathname && url.search === location.search;
  return `${url.pathname}${url.search}${isCurrent ? location.hash : ''}`;
}

/**
 * The root route's loader: waits for the session (the start-up calls run once, then it is cached) and
 * applies the route guards of SPEC §2 to the routes the address matches, redirecting before the page
 * renders. `getRoutes` is the route tree the loader belongs to.
 */
export function createGuardLoader(queryClient: QueryClient, getRoutes: () => RouteObject[]) {
  return async ({ request }: LoaderFunctionArgs) => {
    // The instance calls do not wait for the session: the maintenance flag and the docs address are
    // wanted app-wide as early as possible.
    void queryClient.prefetchQuery(pingQueryOptions);
    void queryClient.prefetchQuery(configQueryOptions);
    const session = await queryClient.ensureQueryData(sessionQueryOptions);
    const url = new URL(request.url);
    const matches = matchRoutes(getRoutes(), url.pathname) ?? [];
    const decision = resolveGuard({
      handles: matches.map((match) => getRouteHandle(match.route)),
      session,
      fullPath: fullPathOf(url),
    });
    return decision.type === 'redirect' ? redirect(decision.to) : null;
  };
}

/**
 * The guards depend on the path and the session only: they run again when the path changes, and when
 * the app asks the router to revalidate after the session was lost (same address), but not for a
 * change of the query alone (paging, a sidebar opening), which would only delay it.
 */
export function shouldRerunGuards({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href;
}
