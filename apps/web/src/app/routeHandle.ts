import type { Params } from 'react-router';
import type { BreadcrumbEntry } from '../features/layout/layoutStore.ts';
import type { RouteName } from '../lib/routeNames.ts';
import { tCommon } from '../i18n/common.ts';

/** Metadata every route may carry in its `handle` (the `meta` of SPEC §2). */
export interface RouteHandle {
  name?: RouteName;
  /** Open to visitors. The deepest route that sets it wins, so a child can open or close a subtree. */
  public?: boolean;
  /** Only for superusers (admin routes). */
  superuser?: boolean;
  /** Signed-in users are sent on (the sign-in page). */
  anonymousOnly?: boolean;
  /** The route shows the sidebar to signed-in users. */
  sidebar?: boolean;
  /** The page of a member whom a workspace requires to turn two-factor sign-in on (the only one they may open). */
  twoFactorSetup?: boolean;
  /** Usable by a user who belongs to no workspace. */
  allowedWithoutWorkspace?: boolean;
  /** Page title shown in the browser tab. */
  title?: string | ((params: Params) => string);
  breadcrumb?: BreadcrumbEntry[] | ((params: Params) => BreadcrumbEntry[]);
}

interface MatchLike {
  handle: unknown;
  params: Params;
}

export function getRouteHandle(match: { handle?: unknown }): RouteHandle | undefined {
  return match.handle && typeof match.handle === 'object' ? (match.handle as RouteHandle) : undefined;
}

/** Route-level `public` flags are inherited; the deepest matched route that sets one decides. */
export function isPublicRoute(handles: (RouteHandle | undefined)[]): boolean {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const flag = handles[index]?.public;
    if (flag !== undefined) return flag;
  }
  return false;
}

/** Breadcrumbs of the matched routes, parents first (SPEC §2). */
export function getRouteBreadcrumbs(matches: MatchLike[]): BreadcrumbEntry[] {
  return matches.flatMap((match) => {
    const breadcrumb = getRouteHandle(match)?.breadcrumb;
    if (!breadcrumb) return [];
    return typeof breadcrumb === 'function' ? breadcrumb(match.params) : breadcrumb;
  });
}

/** "<page> · Waymark" from the deepest route with a title, else the product name. */
export function getDocumentTitle(matches: MatchLike[]): string {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const match = matches[index];
    const title = match ? getRouteHandle(match)?.title : undefined;
    if (title && match) {
      const text = typeof title === 'function' ? title(match.params) : title;
      return `${text} · ${tCommon('productName')}`;
    }
  }
  return tCommon('productName');
}
